import type { Queryable } from '../../db/client';
import type { CourseRef, EquivalencyRule, RuleOrigin } from './engine/types';

/**
 * The key the database generates for a course code (courses.code_key, equivalency_rule_sources.code_key), from its
 * parts or from the code as people type it: 'Eco-2013' -> 'eco2013'.
 */
export function databaseCodeKey(...parts: string[]): string {
  return parts.join('').toLowerCase().replace(/[^a-z0-9.]/g, '');
}

/** A stored rule as the queries answer it (ruleJsonSql writes the same fields as JSON). */
export interface StoredRuleRow {
  id: number;
  from_institution_id: number;
  to_institution_id: number;
  transfers: boolean;
  credits_awarded: number | null;
  min_grade: string | null;
  effective_from_term: string | null;
  effective_to_term: string | null;
  origin: RuleOrigin;
  notes: string | null;
  credit_unit: 'quarter' | 'semester' | null;
  sources: Array<{ subject: string; number: string; title: string | null; credits: number | null }>;
  /** `credits_text`: the credits as the file wrote them when a range ('1-3'). */
  targets: Array<{ subject: string; number: string; title: string | null; credits: number | null; credits_text: string | null; is_elective: boolean }>;
}

const RULE_FIELDS = ['id', 'from_institution_id', 'to_institution_id', 'transfers', 'credits_awarded', 'min_grade', 'effective_from_term', 'effective_to_term', 'origin', 'notes', 'credit_unit'];
const sourcesJson = (rule: string) => `(select coalesce(json_agg(json_build_object('subject', s.subject, 'number', s.number, 'title', s.title, 'credits', s.credits) order by s.position), '[]'::json)
     from equivalency_rule_sources s where s.rule_id = ${rule}.id)`;
const targetsJson = (rule: string) => `(select coalesce(json_agg(json_build_object('subject', t.subject, 'number', t.number, 'title', t.title, 'credits', t.credits,
                                                     'credits_text', t.credits_text, 'is_elective', t.is_elective) order by t.position), '[]'::json)
     from equivalency_rule_targets t where t.rule_id = ${rule}.id)`;

/** A rule's columns with its courses as JSON (StoredRuleRow), for every query that reads whole rules. */
export const RULE_COLUMNS = `${RULE_FIELDS.map((field) => `r.${field}`).join(', ')}, ${sourcesJson('r')} as sources, ${targetsJson('r')} as targets`;

/**
 * The rule `alias` (a row of equivalency_rules) as one JSON value of StoredRuleRow's shape, for queries that carry
 * rules inside other rows (the search cards); engineRule turns it into the engine's rule.
 */
export const ruleJsonSql = (alias: string) =>
  `json_build_object(${RULE_FIELDS.map((field) => `'${field}', ${alias}.${field}`).join(', ')}, 'sources', ${sourcesJson(alias)}, 'targets', ${targetsJson(alias)})`;

const toNumberOrNull = (value: unknown) => (value === null || value === undefined || value === '' ? null : Number(value));

export const engineRule = (row: StoredRuleRow): EquivalencyRule => ({
  id: row.id,
  fromInstitutionId: row.from_institution_id,
  toInstitutionId: row.to_institution_id,
  sources: row.sources.map((source) => ({ subject: source.subject, number: source.number, title: source.title, credits: toNumberOrNull(source.credits) })),
  targets: row.targets.map((target) => ({
    subject: target.subject,
    number: target.number,
    title: target.title,
    credits: toNumberOrNull(target.credits),
    isElective: target.is_elective,
  })),
  transfers: row.transfers,
  creditsAwarded: toNumberOrNull(row.credits_awarded),
  minGrade: row.min_grade,
  effectiveFromTerm: row.effective_from_term,
  effectiveToTerm: row.effective_to_term,
  origin: row.origin,
  notes: row.notes,
  creditUnit: row.credit_unit ?? null,
});

/** Every rule from one school to another that mentions any of these courses: one query for a whole transcript. */
export async function loadRulesForCourses(
  db: Queryable,
  input: { fromInstitutionId: number; toInstitutionId: number; codeKeys: string[] },
): Promise<EquivalencyRule[]> {
  if (input.codeKeys.length === 0) return [];
  const rows = await db.query<StoredRuleRow>(
    `select ${RULE_COLUMNS} from equivalency_rules r
      where r.from_institution_id = $1 and r.to_institution_id = $2
        and exists (select 1 from equivalency_rule_sources s where s.rule_id = r.id and s.from_institution_id = $1 and s.code_key = any($3::text[]))`,
    [input.fromInstitutionId, input.toInstitutionId, input.codeKeys],
  );
  return rows.map(engineRule);
}

/** Every rule whose sources include this course at its school, to any destination (the course page). */
export async function loadRulesForCourse(db: Queryable, course: { institutionId: number; codeKey: string }): Promise<EquivalencyRule[]> {
  const rows = await db.query<StoredRuleRow>(
    `select ${RULE_COLUMNS} from equivalency_rules r
      where r.id in (select s.rule_id from equivalency_rule_sources s where s.from_institution_id = $1 and s.code_key = $2)
      order by r.id`,
    [course.institutionId, course.codeKey],
  );
  return rows.map(engineRule);
}

/**
 * Rules that inform suggestions for these codes, one query for a whole transcript. `peers`: into this destination from
 * OTHER schools (what peers decided). `elsewhere`: from this school into OTHER destinations (how the courses transfer
 * elsewhere).
 */
export async function loadSuggestionRules(
  db: Queryable,
  input: { scope: 'peers' | 'elsewhere'; fromInstitutionId: number; toInstitutionId: number; codeKeys: string[]; limit?: number },
): Promise<EquivalencyRule[]> {
  if (input.codeKeys.length === 0) return [];
  const where =
    input.scope === 'peers'
      ? `r.to_institution_id = $2 and r.from_institution_id <> $1
         and r.id in (select s.rule_id from equivalency_rule_sources s where s.code_key = any($3::text[]) limit $4)`
      : `r.from_institution_id = $1 and r.to_institution_id <> $2 and r.transfers
         and r.id in (select s.rule_id from equivalency_rule_sources s where s.from_institution_id = $1 and s.code_key = any($3::text[]) limit $4)`;
  const rows = await db.query<StoredRuleRow>(`select ${RULE_COLUMNS} from equivalency_rules r where ${where}`, [
    input.fromInstitutionId,
    input.toInstitutionId,
    input.codeKeys,
    input.limit ?? 500,
  ]);
  return rows.map(engineRule);
}

/**
 * The destination's courses that could answer these source courses: the same subjects (statewide numbering, labs)
 * plus the closest titles by trigram similarity, for each course's own title and for the titles of what the same
 * courses transfer as at other schools (`elsewhereFrom`: their school's rules into other destinations). One query for
 * the whole transcript.
 */
export async function loadDestinationCandidates(
  db: Queryable,
  input: { toInstitutionId: number; subjects: string[]; titles: string[]; elsewhereFrom?: { fromInstitutionId: number; codeKeys: string[] } },
): Promise<CourseRef[]> {
  const rows = await db.query<{ subject: string; number: string; title: string; credits: number | null; description: string | null }>(
    `with wanted(title) as (
       select unnest($3::text[])
       union
       (select distinct t.title from equivalency_rule_sources s
          join equivalency_rules r on r.id = s.rule_id and r.to_institution_id <> $1 and r.transfers
          join equivalency_rule_targets t on t.rule_id = r.id
         where s.from_institution_id = $4 and s.code_key = any($5::text[]) and t.title is not null and not t.is_elective
         limit 100)
     )
     select distinct on (c.id) c.subject, c.number, c.title, c.credits, left(c.description, 400) as description
       from courses c
      where c.institution_id = $1
        and (upper(c.subject) = any($2::text[])
             or c.id in (select m.id from wanted
                          cross join lateral (select c2.id from courses c2 where c2.institution_id = $1 and c2.title % wanted.title
                                               order by similarity(c2.title, wanted.title) desc limit 8) m))
      limit 3000`,
    [
      input.toInstitutionId,
      input.subjects.map((subject) => subject.toUpperCase()),
      input.titles.filter(Boolean),
      input.elsewhereFrom?.fromInstitutionId ?? 0,
      input.elsewhereFrom?.codeKeys ?? [],
    ],
  );
  return rows.map((row) => ({ subject: row.subject, number: row.number, title: row.title, credits: toNumberOrNull(row.credits), description: row.description }));
}

/**
 * The rule an approved appeal argued for (origin `appeal`, fingerprint `appeal:{id}`): null when the appeal made one
 * before (its link since cleared), whose id findAppealRule gives.
 */
export async function insertAppealRule(
  tx: Queryable,
  rule: {
    appealId: string;
    fromInstitutionId: number;
    toInstitutionId: number;
    source: { subject: string; number: string; title: string };
    target: { subject: string; number: string; title: string | null };
    credits: number | null;
    actorId: string;
  },
): Promise<number | null> {
  const [row] = await tx.query<{ id: number }>(
    `insert into equivalency_rules (from_institution_id, to_institution_id, transfers, credits_awarded, origin, notes, fingerprint, created_by)
     values ($1, $2, true, $3, 'appeal', $4, $5, $6)
     on conflict (fingerprint) do nothing returning id`,
    [rule.fromInstitutionId, rule.toInstitutionId, rule.credits, `Approved appeal ${rule.appealId}`, `appeal:${rule.appealId}`, rule.actorId],
  );
  if (!row) return null;
  await tx.query(`insert into equivalency_rule_sources (rule_id, position, from_institution_id, subject, number, title) values ($1, 0, $2, $3, $4, $5)`, [
    row.id,
    rule.fromInstitutionId,
    rule.source.subject,
    rule.source.number,
    rule.source.title,
  ]);
  await tx.query(`insert into equivalency_rule_targets (rule_id, position, subject, number, title, credits) values ($1, 0, $2, $3, $4, $5)`, [
    row.id,
    rule.target.subject,
    rule.target.number,
    rule.target.title,
    rule.credits,
  ]);
  return row.id;
}

export async function findAppealRule(tx: Queryable, appealId: string): Promise<number | null> {
  const [row] = await tx.query<{ id: number }>(`select id from equivalency_rules where fingerprint = $1`, [`appeal:${appealId}`]);
  return row?.id ?? null;
}
