/** The admin area's announcements and partner connections. */
import type { Announcement, PartnerKey, PartnerStatus } from '../../../shared/schemas/admin';
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

/** What signed-in people read: the newest published announcements. */
export async function listPublishedAnnouncements(db: Queryable, limit = 20) {
  const rows = await db.query<{ id: string; title: string; body: string; created_at: Date | string }>(
    `select id, title, body, created_at from announcements where published order by created_at desc, id limit $1`,
    [limit],
  );
  return rows.map((row) => ({ id: row.id, title: row.title, body: row.body, createdAt: new Date(row.created_at).toISOString() }));
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
