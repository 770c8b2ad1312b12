import type { Announcement, PartnerKey, PartnerStatus, PathwayOverview, SchoolOverview } from '../../../shared/schemas/admin';
import { PARTNERS } from '../../../shared/schemas/admin';
import type { Queryable } from '../../db/client';

export async function listAnnouncements(db: Queryable): Promise<Announcement[]> {
  const rows = await db.query<{ id: string; title: string; body: string; published: boolean; author_name: string | null; created_at: Date | string }>(
    `select a.id, a.title, a.body, a.published, u.name as author_name, a.created_at
       from announcements a left join "user" u on u.id = a.author_id
      order by a.created_at desc, a.id limit 200`,
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    body: row.body,
    published: row.published,
    authorName: row.author_name,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

export async function insertAnnouncement(db: Queryable, input: { title: string; body: string; published: boolean; authorId: string }) {
  const [row] = await db.query<{ id: string }>(
    `insert into announcements (title, body, published, author_id) values ($1, $2, $3, $4) returning id`,
    [input.title, input.body, input.published, input.authorId],
  );
  if (!row) throw new Error('announcement insert returned nothing');
  return row.id;
}

export async function deleteAnnouncement(db: Queryable, id: string): Promise<{ title: string } | null> {
  const [row] = await db.query<{ title: string }>(`delete from announcements where id = $1 returning title`, [id]);
  return row ?? null;
}

const PARTNER_NAMES: Record<PartnerKey, string> = { studentu: 'StudentU' };

/** Illustrative figures shown until a partner is connected; nothing here comes from a partner. */
const DEMO_FIGURES = [
  { label: 'Students shared', value: '1,248' },
  { label: 'Transcripts received', value: '312' },
  { label: 'Course matches suggested', value: '4,806' },
];

export async function listPartners(db: Queryable): Promise<PartnerStatus[]> {
  const rows = await db.query<{ partner: string; status: 'connected' | 'disconnected'; connected_at: Date | string | null }>(
    `select partner, status, connected_at from partner_connections`,
  );
  const byKey = new Map(rows.map((row) => [row.partner, row]));
  return PARTNERS.map((partner) => {
    const row = byKey.get(partner);
    const connected = row?.status === 'connected';
    return {
      partner,
      name: PARTNER_NAMES[partner],
      status: connected ? 'connected' : 'disconnected',
      connectedAt: connected && row?.connected_at ? new Date(row.connected_at).toISOString() : null,
      // No partner API exists yet, so even a connected partner has no real figures to show: say so rather than invent them.
      figures: connected ? [] : DEMO_FIGURES,
      figuresAreDemo: !connected,
    };
  });
}

export async function togglePartner(db: Queryable, partner: PartnerKey, actorId: string): Promise<'connected' | 'disconnected'> {
  const [row] = await db.query<{ status: 'connected' | 'disconnected' }>(
    `insert into partner_connections (partner, status, connected_by, connected_at) values ($1, 'connected', $2, now())
     on conflict (partner) do update set
       status = case when partner_connections.status = 'connected' then 'disconnected' else 'connected' end,
       connected_by = excluded.connected_by,
       connected_at = case when partner_connections.status = 'connected' then null else now() end
     returning status`,
    [partner, actorId],
  );
  return row?.status ?? 'disconnected';
}

/** Every school with its catalogue size and how many equivalency rules start or end there. */
export async function listSchoolsOverview(db: Queryable): Promise<SchoolOverview[]> {
  const rows = await db.query<{ id: number; key: string; name: string; state: string | null; kind: string; course_count: number; rules_from: number; rules_to: number }>(
    `select i.id, i.key, i.name, i.state, i.kind,
            (select count(*) from courses c where c.institution_id = i.id)::int as course_count,
            (select count(*) from equivalency_rules r where r.from_institution_id = i.id)::int as rules_from,
            (select count(*) from equivalency_rules r where r.to_institution_id = i.id)::int as rules_to
       from institutions i
      order by rules_to desc, rules_from desc, i.name
      limit 500`,
  );
  return rows.map((row) => ({
    id: row.id,
    key: row.key,
    name: row.name,
    state: row.state ? row.state.trim() : null,
    kind: row.kind,
    courseCount: Number(row.course_count),
    rulesFrom: Number(row.rules_from),
    rulesTo: Number(row.rules_to),
  }));
}

/** The transfer pathways (school to school) with the most equivalency rules. */
export async function listPathways(db: Queryable): Promise<PathwayOverview[]> {
  const rows = await db.query<{ from_id: number; from_name: string; to_id: number; to_name: string; rule_count: number; transferring: number; from_appeals: number }>(
    `select r.from_institution_id as from_id, fi.name as from_name, r.to_institution_id as to_id, ti.name as to_name,
            count(*)::int as rule_count,
            count(*) filter (where r.transfers)::int as transferring,
            count(*) filter (where r.origin = 'appeal')::int as from_appeals
       from equivalency_rules r
       join institutions fi on fi.id = r.from_institution_id
       join institutions ti on ti.id = r.to_institution_id
      group by r.from_institution_id, fi.name, r.to_institution_id, ti.name
      order by rule_count desc, fi.name, ti.name
      limit 50`,
  );
  return rows.map((row) => ({
    fromId: row.from_id,
    fromName: row.from_name,
    toId: row.to_id,
    toName: row.to_name,
    ruleCount: Number(row.rule_count),
    transferringCount: Number(row.transferring),
    appealRuleCount: Number(row.from_appeals),
  }));
}
