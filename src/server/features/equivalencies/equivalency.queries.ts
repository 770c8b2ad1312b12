import type { Queryable } from '../../db/client';
import { codeKeySql } from '../catalogue';
import type { CourseRef, EquivalencyRule, RuleOrigin } from './engine/types';
import type { RuleClass } from './engine/verdict-class';

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
  /** What the rule gives when its source said (migration 0110); null: the engine infers it. */
  stated_class: RuleClass | null;
  /** Who approved the rule and on which day, as its table said (migration 0152). */
  approved_by?: string | null;
  approved_on?: string | null;
  sources: Array<{ subject: string; number: string; title: string | null; credits: number | null }>;
  /** `credits_text`: the credits as the file wrote them when a range ('1-3'). */
  targets: Array<{ subject: string; number: string; title: string | null; credits: number | null; credits_text: string | null; is_elective: boolean }>;
}

const RULE_FIELDS = ['id', 'from_institution_id', 'to_institution_id', 'transfers', 'credits_awarded', 'min_grade', 'effective_from_term', 'effective_to_term', 'origin', 'notes', 'credit_unit', 'stated_class', 'approved_by', 'approved_on'];
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
  statedClass: row.stated_class ?? null,
  approvedBy: row.approved_by ?? null,
  approvedOn: row.approved_on ?? null,
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

/** Every rule from one school to any of several others that mentions any of these courses, by destination: one query. */
export async function loadRulesForCoursesAt(
  db: Queryable,
  input: { fromInstitutionId: number; toInstitutionIds: number[]; codeKeys: string[] },
): Promise<Map<number, EquivalencyRule[]>> {
  const byDestination = new Map<number, EquivalencyRule[]>();
  if (input.codeKeys.length === 0 || input.toInstitutionIds.length === 0) return byDestination;
  const rows = await db.query<StoredRuleRow>(
    `select ${RULE_COLUMNS} from equivalency_rules r
      where r.from_institution_id = $1 and r.to_institution_id = any($2::int[])
        and exists (select 1 from equivalency_rule_sources s where s.rule_id = r.id and s.from_institution_id = $1 and s.code_key = any($3::text[]))`,
    [input.fromInstitutionId, input.toInstitutionIds, input.codeKeys],
  );
  for (const rule of rows.map(engineRule)) byDestination.set(rule.toInstitutionId, [...(byDestination.get(rule.toInstitutionId) ?? []), rule]);
  return byDestination;
}

/** loadRulesForCourses for several (sending school, destination, course) at once: each one's rules, in the input's order. */
export async function loadRulesForPairs(db: Queryable, pairs: Array<{ fromInstitutionId: number; toInstitutionId: number; codeKey: string }>): Promise<EquivalencyRule[][]> {
  if (pairs.length === 0) return [];
  const rows = await db.query<StoredRuleRow & { place: number }>(
    `select p.place, ${RULE_COLUMNS}
       from unnest($1::int[], $2::int[], $3::text[]) with ordinality as p(from_id, to_id, code_key, place)
       join equivalency_rules r on r.from_institution_id = p.from_id and r.to_institution_id = p.to_id
      where exists (select 1 from equivalency_rule_sources s where s.rule_id = r.id and s.from_institution_id = p.from_id and s.code_key = p.code_key)`,
    [pairs.map((pair) => pair.fromInstitutionId), pairs.map((pair) => pair.toInstitutionId), pairs.map((pair) => pair.codeKey)],
  );
  const answer = pairs.map((): EquivalencyRule[] => []);
  for (const row of rows) answer[Number(row.place) - 1]!.push(engineRule(row));
  return answer;
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
 * The rules suggestions for these courses draw on, in one statement for a whole transcript (suggestion-graph.ts and
 * suggest-equivalents.ts say how each is used):
 *   - other schools' rules into the destination for the same codes or subjects (peers);
 *   - the sending school's own rules into the destination for these subjects (its other courses);
 *   - the sending school's rules for these courses into other schools, and what those schools' courses transfer to
 *     the destination as (two steps), or what the destination's courses become there (the same course elsewhere);
 *   - rules into the sending school that name these courses, and what their courses transfer to the destination as.
 */
export async function loadSuggestionEvidence(
  db: Queryable,
  input: { fromInstitutionId: number; toInstitutionId: number; codeKeys: string[]; subjects: string[]; limit?: number },
): Promise<EquivalencyRule[]> {
  if (input.codeKeys.length === 0) return [];
  const rows = await db.query<StoredRuleRow>(
    `with own_out as (
       select r.id, r.to_institution_id as school, t.subject, t.number
         from equivalency_rule_sources s
         join equivalency_rules r on r.id = s.rule_id and r.transfers and r.to_institution_id <> $2
         join equivalency_rule_targets t on t.rule_id = r.id and not t.is_elective
        where s.from_institution_id = $1 and s.code_key = any($3::text[])
        limit $5
     ), own_in as (
       -- Driven by the rules into the sending school (an index), then each rule's courses by its key: "offset 0" and
       -- "limit" keep the planner from turning these lookups into scans of every rule's courses.
       select r.id, r.from_institution_id as school, s.code_key
         from equivalency_rules r
        cross join lateral (select t.subject, t.number from equivalency_rule_targets t where t.rule_id = r.id offset 0) t
        cross join lateral (select s.code_key from equivalency_rule_sources s where s.rule_id = r.id offset 0) s
        where r.to_institution_id = $1 and r.transfers and ${codeKeySql('t.subject', 't.number')} = any($3::text[])
        limit $5
     ), linked as (
       select s.rule_id as id from own_out o
        cross join lateral (select s.rule_id from equivalency_rule_sources s
                             where s.from_institution_id = o.school and s.code_key = ${codeKeySql('o.subject', 'o.number')} offset 0) s
         join equivalency_rules r on r.id = s.rule_id and r.to_institution_id = $2
       union
       select s.rule_id from own_in i
        cross join lateral (select s.rule_id from equivalency_rule_sources s
                             where s.from_institution_id = i.school and s.code_key = i.code_key offset 0) s
         join equivalency_rules r on r.id = s.rule_id and r.to_institution_id = $2
       union
       select r.id from own_out o
         join equivalency_rules r on r.from_institution_id = $2 and r.to_institution_id = o.school and r.transfers
         join equivalency_rule_targets t on t.rule_id = r.id and t.subject = o.subject and t.number = o.number
     ), into_destination as (
       select r.id from equivalency_rules r
        cross join lateral (select 1 from equivalency_rule_sources s
                             where s.rule_id = r.id and (s.code_key = any($3::text[]) or upper(s.subject) = any($4::text[])) limit 1) hit
        where r.to_institution_id = $2 and r.transfers
        limit $5
     )
     select ${RULE_COLUMNS} from equivalency_rules r
      where r.id = any(array(select id from own_out union select id from own_in union select id from linked union select id from into_destination))`,
    [input.fromInstitutionId, input.toInstitutionId, input.codeKeys, input.subjects.map((subject) => subject.toUpperCase()), input.limit ?? 3000],
  );
  return rows.map(engineRule);
}

/**
 * How many rules into a school name each of its courses (the most named are generic credit), with a title; elective
 * credit in a subject ("MAT EL") too, marked, as what a registrar may approve when no course matches.
 */
export async function countRuleTargets(db: Queryable, toInstitutionId: number): Promise<Array<CourseRef & { rules: number; isElective: boolean }>> {
  const rows = await db.query<{ subject: string; number: string; title: string | null; rules: number; is_elective: boolean }>(
    `select t.subject, t.number, min(t.title) as title, count(*)::int as rules, bool_or(t.is_elective) as is_elective
       from equivalency_rules r join equivalency_rule_targets t on t.rule_id = r.id
      where r.to_institution_id = $1 and r.transfers
      group by t.subject, t.number`,
    [toInstitutionId],
  );
  return rows.map((row) => ({ subject: row.subject, number: row.number, title: row.title, rules: Number(row.rules), isElective: row.is_elective }));
}

/**
 * What tells whether a school's courses, and the courses rules into it name, are as a cached pool saw them: per school,
 * how many there are, the newest id and the latest change (every writer of courses and rules sets `updated_at`).
 */
export async function loadDestinationStamps(db: Queryable, institutionIds: number[]): Promise<Map<number, { courses: string; rules: string }>> {
  if (institutionIds.length === 0) return new Map();
  const rows = await db.query<{ id: number; courses: string; rules: string }>(
    `select i.id,
            (select count(*) || ':' || coalesce(max(c.id), 0) || ':' || coalesce(max(c.updated_at)::text, '') from courses c where c.institution_id = i.id) as courses,
            (select count(*) || ':' || coalesce(max(r.id), 0) || ':' || coalesce(max(r.updated_at)::text, '') from equivalency_rules r where r.to_institution_id = i.id and r.transfers) as rules
       from unnest($1::int[]) as i(id)`,
    [institutionIds],
  );
  return new Map(rows.map((row) => [row.id, { courses: row.courses, rules: row.rules }]));
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

/**
 * The courses at these schools that share a course's subject and last three digits (Florida's statewide numbering:
 * the schools' own spelling of the same statewide course), by school, for the course page's statewide answers.
 */
export async function loadStatewideTwins(
  db: Queryable,
  course: { subject: string; number: string },
  institutionIds: number[],
): Promise<Map<number, CourseRef[]>> {
  const twins = new Map<number, CourseRef[]>();
  if (institutionIds.length === 0) return twins;
  const rows = await db.query<{ institution_id: number; subject: string; number: string; title: string; credits: number | null }>(
    `select institution_id, subject, number, title, credits from courses
      where institution_id = any($1::int[]) and lower(subject) = lower($2)
        and substring(number from '^[0-9]([0-9]{3})') = substring($3 from '^[0-9]([0-9]{3})')`,
    [institutionIds, course.subject, course.number],
  );
  for (const row of rows) {
    const list = twins.get(row.institution_id) ?? [];
    list.push({ subject: row.subject, number: row.number, title: row.title, credits: toNumberOrNull(row.credits) });
    twins.set(row.institution_id, list);
  }
  return twins;
}

/** The general-education codes each of these rules states (rules that state none are left out). */
export async function findRuleGeneralEducationCodes(db: Queryable, ruleIds: number[]): Promise<Map<number, string[]>> {
  if (ruleIds.length === 0) return new Map();
  const rows = await db.query<{ id: number; gen_ed_codes: string[] }>(
    `select id, gen_ed_codes from equivalency_rules where id = any($1::int[]) and gen_ed_codes is not null`,
    [ruleIds],
  );
  return new Map(rows.map((row) => [row.id, row.gen_ed_codes]));
}

/** Every general-education code the rules into a school state. */
export async function listGeneralEducationCodesInto(db: Queryable, toInstitutionId: number): Promise<string[]> {
  const rows = await db.query<{ code: string }>(
    `select distinct unnest(gen_ed_codes) as code from equivalency_rules where to_institution_id = $1 and gen_ed_codes is not null`,
    [toInstitutionId],
  );
  return rows.map((row) => row.code);
}

/**
 * The schools a transcript from `fromInstitutionId` could be decided at, and how: rules from its school, Florida's
 * statewide course numbering (both schools in it), or only the school's catalogue (which decides nothing alone: its
 * courses are suggestions, never a verdict). The ranking of "Where your credits count" starts here (decision 180).
 */
export async function listDecidableDestinations(
  db: Queryable,
  fromInstitutionId: number,
): Promise<Array<{ institutionId: number; hasRules: boolean; statewideNumbering: boolean }>> {
  const rows = await db.query<{ id: number; has_rules: boolean; statewide: boolean }>(
    `select i.id,
            exists (select 1 from equivalency_rules r where r.from_institution_id = $1 and r.to_institution_id = i.id) as has_rules,
            (i.florida_statewide_numbering and f.florida_statewide_numbering) as statewide
       from institutions i cross join (select florida_statewide_numbering from institutions where id = $1) f
      where i.id <> $1
        and (exists (select 1 from equivalency_rules r where r.from_institution_id = $1 and r.to_institution_id = i.id)
             or (i.florida_statewide_numbering and f.florida_statewide_numbering)
             or exists (select 1 from courses c where c.institution_id = i.id))
      order by i.id`,
    [fromInstitutionId],
  );
  return rows.map((row) => ({ institutionId: row.id, hasRules: row.has_rules, statewideNumbering: row.statewide }));
}

/**
 * SQL that is true when a rule or Florida's statewide course numbering may decide a course between two schools now
 * (the SQL expressions name the sending school's id, the destination's id and the course's code key): a rule from the
 * sending school names the course into the destination, or both schools take part in statewide numbering and the code
 * has a statewide number's shape. A superset of what the engine decides (a rule may be out of its terms or need another
 * course; a 900-level number is not guaranteed): it finds stored answers the catalogue may have changed since, for the
 * engine to decide again; it never decides anything itself.
 */
export function mayBeDecidedByRuleOrStatewideSql(fromId: string, toId: string, codeKey: string): string {
  return `(exists (select 1 from equivalency_rule_sources s join equivalency_rules r on r.id = s.rule_id and r.to_institution_id = ${toId}
                    where s.from_institution_id = ${fromId} and s.code_key = ${codeKey})
           or (${codeKey} ~ '^[a-z]{3}[0-9]{4}[a-z]*$'
               and exists (select 1 from institutions fi join institutions ti on ti.id = ${toId} and ti.florida_statewide_numbering
                            where fi.id = ${fromId} and fi.florida_statewide_numbering)))`;
}

/** Removes a rule a registrar wrote (origin admin) and nothing else: a queue decision taken back within its minute. */
export async function deleteRegistrarRule(tx: Queryable, ruleId: number): Promise<boolean> {
  const rows = await tx.query<{ id: number }>(`delete from equivalency_rules where id = $1 and origin = 'admin' returning id`, [ruleId]);
  return rows.length > 0;
}
