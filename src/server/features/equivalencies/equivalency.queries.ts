import type { Queryable } from '../../db/client';
import type { CourseRef, EquivalencyRule, InstitutionInfo, RuleOrigin } from './engine/types';

/** The key the database generates for a course code (courses.code_key, equivalency_rule_sources.code_key). */
export function databaseCodeKey(subject: string, number: string): string {
  return `${subject}${number}`.toLowerCase().replace(/[^a-z0-9.]/g, '');
}

interface InstitutionRow {
  id: number;
  key: string;
  name: string;
  state: string | null;
  calendar: 'semester' | 'quarter';
  florida_statewide_numbering: boolean;
}

const presentInstitution = (row: InstitutionRow): InstitutionInfo => ({
  id: row.id,
  key: row.key,
  name: row.name,
  state: row.state?.trim() ?? null,
  calendar: row.calendar,
  floridaStatewideNumbering: row.florida_statewide_numbering,
});

export async function loadInstitutions(db: Queryable, ids: number[]): Promise<Map<number, InstitutionInfo>> {
  const rows = await db.query<InstitutionRow>(
    `select id, key, name, state, calendar, florida_statewide_numbering from institutions where id = any($1::int[])`,
    [ids],
  );
  return new Map(rows.map((row) => [row.id, presentInstitution(row)]));
}

/** Finds a school by its key, its name or any alias ('UW-Madison', 'University of Wisconsin-Madison', 'fsu'). */
export async function findInstitution(db: Queryable, nameOrKey: string): Promise<InstitutionInfo | null> {
  const normalized = nameOrKey.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]/g, '');
  const [row] = await db.query<InstitutionRow>(
    `select i.id, i.key, i.name, i.state, i.calendar, i.florida_statewide_numbering
       from institutions i
      where i.key = $1
         or i.id = (select institution_id from institution_aliases where alias_normalized = $2)
         or lower(regexp_replace(replace(i.name, '&', 'and'), '[^A-Za-z0-9]', '', 'g')) = $2
      limit 1`,
    [nameOrKey.trim().toLowerCase(), normalized],
  );
  return row ? presentInstitution(row) : null;
}

interface RuleRow {
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
  sources: Array<{ subject: string; number: string; title: string | null; credits: number | null }>;
  targets: Array<{ subject: string; number: string; title: string | null; credits: number | null; is_elective: boolean }>;
}

const RULE_COLUMNS = `r.id, r.from_institution_id, r.to_institution_id, r.transfers, r.credits_awarded, r.min_grade,
  r.effective_from_term, r.effective_to_term, r.origin, r.notes,
  (select coalesce(json_agg(json_build_object('subject', s.subject, 'number', s.number, 'title', s.title, 'credits', s.credits) order by s.position), '[]'::json)
     from equivalency_rule_sources s where s.rule_id = r.id) as sources,
  (select coalesce(json_agg(json_build_object('subject', t.subject, 'number', t.number, 'title', t.title, 'credits', t.credits, 'is_elective', t.is_elective) order by t.position), '[]'::json)
     from equivalency_rule_targets t where t.rule_id = r.id) as targets`;

const toNumberOrNull = (value: unknown) => (value === null || value === undefined || value === '' ? null : Number(value));

export const presentRule = (row: RuleRow): EquivalencyRule => ({
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
});

/** Every rule from one school to another that mentions any of these courses: one query for a whole transcript. */
export async function loadRulesForCourses(
  db: Queryable,
  input: { fromInstitutionId: number; toInstitutionId: number; codeKeys: string[] },
): Promise<EquivalencyRule[]> {
  if (input.codeKeys.length === 0) return [];
  const rows = await db.query<RuleRow>(
    `select ${RULE_COLUMNS} from equivalency_rules r
      where r.from_institution_id = $1 and r.to_institution_id = $2
        and exists (select 1 from equivalency_rule_sources s where s.rule_id = r.id and s.from_institution_id = $1 and s.code_key = any($3::text[]))`,
    [input.fromInstitutionId, input.toInstitutionId, input.codeKeys],
  );
  return rows.map(presentRule);
}

const CODE_KEY = (subject: string, number: string) => `lower(regexp_replace(${subject} || ${number}, '[^A-Za-z0-9.]', '', 'g'))`;

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
  const rows = await db.query<RuleRow>(
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
        where r.to_institution_id = $1 and r.transfers and ${CODE_KEY('t.subject', 't.number')} = any($3::text[])
        limit $5
     ), linked as (
       select s.rule_id as id from own_out o
        cross join lateral (select s.rule_id from equivalency_rule_sources s
                             where s.from_institution_id = o.school and s.code_key = ${CODE_KEY('o.subject', 'o.number')} offset 0) s
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
  return rows.map(presentRule);
}

/** How many rules into a school name each of its courses (the most named are generic credit), with a title. */
export async function countRuleTargets(db: Queryable, toInstitutionId: number): Promise<Array<CourseRef & { rules: number }>> {
  const rows = await db.query<{ subject: string; number: string; title: string | null; rules: number }>(
    `select t.subject, t.number, min(t.title) as title, count(*)::int as rules
       from equivalency_rules r join equivalency_rule_targets t on t.rule_id = r.id
      where r.to_institution_id = $1 and r.transfers and not t.is_elective
      group by t.subject, t.number`,
    [toInstitutionId],
  );
  return rows.map((row) => ({ subject: row.subject, number: row.number, title: row.title, rules: Number(row.rules) }));
}

/**
 * The destination's courses that could answer these source courses: the same subjects (statewide numbering, labs)
 * plus the closest titles by trigram similarity, for each course's own title and for the titles of what the same
 * courses transfer as at other schools (`sending`: their school's rules into other destinations), and the sending
 * school's own catalogue entries for those courses (`source`: descriptions to compare). One query for the whole transcript.
 */
export async function loadDestinationCandidates(
  db: Queryable,
  input: { toInstitutionId: number; subjects: string[]; titles: string[]; sending?: { fromInstitutionId: number; codeKeys: string[] } },
): Promise<{ destination: CourseRef[]; source: CourseRef[] }> {
  const rows = await db.query<{ institution_id: number; subject: string; number: string; title: string; credits: number | null; description: string | null }>(
    `with wanted(title) as (
       select unnest($3::text[])
       union
       (select distinct t.title from equivalency_rule_sources s
          join equivalency_rules r on r.id = s.rule_id and r.to_institution_id <> $1 and r.transfers
          join equivalency_rule_targets t on t.rule_id = r.id
         where s.from_institution_id = $4 and s.code_key = any($5::text[]) and t.title is not null and not t.is_elective
         limit 100)
     )
     select distinct on (c.id) c.institution_id, c.subject, c.number, c.title, c.credits, left(c.description, 400) as description
       from courses c
      where (c.institution_id = $1
             and (upper(c.subject) = any($2::text[])
                  or c.id in (select m.id from wanted
                               cross join lateral (select c2.id from courses c2 where c2.institution_id = $1 and c2.title % wanted.title
                                                    order by similarity(c2.title, wanted.title) desc limit 8) m)))
         or (c.institution_id = $4 and c.code_key = any($5::text[]))
      limit 3000`,
    [
      input.toInstitutionId,
      input.subjects.map((subject) => subject.toUpperCase()),
      input.titles.filter(Boolean),
      input.sending?.fromInstitutionId ?? 0,
      input.sending?.codeKeys ?? [],
    ],
  );
  const present = (row: (typeof rows)[number]): CourseRef => ({ subject: row.subject, number: row.number, title: row.title, credits: toNumberOrNull(row.credits), description: row.description });
  return {
    destination: rows.filter((row) => row.institution_id === input.toInstitutionId).map(present),
    source: rows.filter((row) => row.institution_id !== input.toInstitutionId).map(present),
  };
}
