/**
 * Course search SQL: one path for PGlite and PostgreSQL 15. Matching is
 *   exact or prefix course code (`code_key`, btree) or full-text (`search_vector @@ websearch_to_tsquery`, GIN);
 *   only when that finds nothing, trigram similarity (`title <% text`, `code_key % code`, pg_trgm GIN) catches typos.
 * Ranking: with a format or term, courses with such a section before those whose schedule is unknown; then exact code,
 * then courses with a transferring rule to the target school, then full-text rank, then trigram similarity, then
 * courses with scheduled offerings. A cross-listed course (migration 0082) is one
 * result: its best-placed code stands for the others, which its card names, and it is counted once.
 */
import type { Queryable } from '../../db/client';
import { ruleJsonSql, type StoredRuleRow } from '../equivalencies';
import { institutionJsonSql, type InstitutionInfoRow } from '../institutions';

export interface TextCondition {
  /** Free text for full-text search and trigram similarity. */
  text: string;
  /** The text squeezed to a course code key ('eco2013') when it looks like a course code. */
  codeKey: string | null;
  /**
   * Other spellings of the code's subject, as code-key prefixes: 'ECON 201' is 'eco201%' at a school that numbers
   * economics ECO (the subject keyword map, spec section 5). Empty when the letters name no subject.
   */
  codeKeyAlternatives: string[];
}

export interface ClassNameCondition {
  text: string | null;
  codeKey: string | null;
  /** Digits only ('2013'): matches course numbers that start with it. */
  numberPrefix: string | null;
  /** As TextCondition.codeKeyAlternatives. */
  codeKeyAlternatives: string[];
}

export interface CourseSearchSpec {
  text: TextCondition | null;
  className: ClassNameCondition | null;
  homeId: number | null;
  targetId: number | null;
  /** The target school's own courses are not transfer candidates. */
  excludeInstitutionId: number | null;
  institutionControl: 'public' | 'private' | null;
  state: string | null;
  /**
   * A delivery format or term: first the courses with an offering of that kind, then those with no schedule on file at
   * all ("schedule unknown": known from a catalogue, a rule or statewide numbering), never shown as matching; a course
   * whose known sections are all of another kind is left out.
   */
  deliveryFormat: string | null;
  term: string | null;
  /** 'lower': levels 0–2 (100/200-level, 1000/2000 in Florida); 'upper': 3 and above (the `level` column, 0065). */
  level: 'lower' | 'upper' | null;
  subject: { codePrefixes: string[]; titleWords: string[] } | null;
  /** Specific course codes, each optionally at one school (institution id null = any school). */
  courseCodes: Array<{ institutionId: number | null; codeKey: string }> | null;
  limit: number;
  offset: number;
}

export interface CourseSearchRow {
  id: number;
  total: number;
  /** The course's school as the engine needs it. */
  school: InstitutionInfoRow;
  subject: string;
  number: string;
  title: string;
  credits: number | null;
  credits_text: string | null;
  school_key: string;
  school_name: string;
  state: string | null;
  control: 'public' | 'private';
  school_statewide_numbering: boolean;
  term: string | null;
  delivery_format: string | null;
  professor: string | null;
  professor_rating: number | null;
  tuition_cents: number | null;
  registration_url: string | null;
  professor_rating_url: string | null;
  is_available: boolean | null;
  is_sample: boolean | null;
  offering_count: number;
  /** 'catalogue', or 'rule' when only an equivalency rule names the course (migration 0065). */
  known_from: 'catalogue' | 'rule';
  /**
   * With a target school: its courses under the same subject and last three digits (Florida's statewide numbering), so
   * a statewide answer names the destination's own course, or says it is not in the catalogue.
   */
  destination_courses: Array<{ subject: string; number: string; title: string; credits: number | null }> | null;
  /** The course's other codes when it is cross-listed (migration 0082): 'HIST 333', 'WOMS 342'. Null when it is not. */
  also_listed_as: string[] | null;
  /**
   * The rules the card's verdict is decided from (search.service.ts, by the engine): every rule of the course to the
   * target school when one is chosen; with none, up to 8 to any school, those that transfer first (so a course that
   * transfers somewhere is not hidden behind eight that do not), then the newest.
   */
  rules: Array<{ rule: StoredRuleRow; to: InstitutionInfoRow }> | null;
}

/**
 * From and where of a course's other codes (`x`) when it is cross-listed (migration 0082), for the course `course`
 * (an alias of courses): the card, the course page and a report row's cross-listing all read it so.
 */
const otherCodesOf = (course: string) => `course_listings l
       join course_listings sibling on sibling.listing_id = l.listing_id
       join courses x on x.id = sibling.course_id
      where l.course_id = ${course}.id and x.id <> ${course}.id`;

/** Collects positional parameters while SQL is assembled. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast = ''): string {
    this.values.push(value);
    return `$${this.values.length}${cast}`;
  }
}

export async function searchCourseRows(db: Queryable, spec: CourseSearchSpec): Promise<CourseSearchRow[]> {
  const p = new Params();
  const filters: string[] = [];
  if (spec.homeId !== null) filters.push(`c.institution_id = ${p.add(spec.homeId, '::int')}`);
  if (spec.excludeInstitutionId !== null) filters.push(`c.institution_id <> ${p.add(spec.excludeInstitutionId, '::int')}`);
  if (spec.institutionControl || spec.state) {
    const where: string[] = [];
    if (spec.institutionControl) where.push(`control = ${p.add(spec.institutionControl)}`);
    if (spec.state) where.push(`state = ${p.add(spec.state)}`);
    filters.push(`c.institution_id in (select id from institutions where ${where.join(' and ')})`);
  }
  const offeringWhere: string[] = [];
  if (spec.deliveryFormat) offeringWhere.push(`o.delivery_format = ${p.add(spec.deliveryFormat)}`);
  if (spec.term) offeringWhere.push(`o.term = ${p.add(spec.term)}`);
  const scheduleMatches = offeringWhere.length > 0 ? `exists (select 1 from offerings o where o.course_id = c.id and ${offeringWhere.join(' and ')})` : 'true';
  if (offeringWhere.length > 0) filters.push(`(${scheduleMatches} or not exists (select 1 from offerings o where o.course_id = c.id))`);
  if (spec.level === 'lower') filters.push('c.level <= 2');
  if (spec.level === 'upper') filters.push('c.level >= 3');
  if (spec.subject) {
    const alternatives = [
      ...spec.subject.codePrefixes.map((prefix) => `lower(c.subject) like ${p.add(`${prefix}%`)}`),
      ...spec.subject.titleWords.map((word) => `c.title ilike ${p.add(`%${word}%`)}`),
    ];
    filters.push(`(${alternatives.join(' or ')})`);
  }
  if (spec.courseCodes) {
    const keys = p.add(
      spec.courseCodes.map((code) => code.codeKey),
      '::text[]',
    );
    const ids = p.add(
      spec.courseCodes.map((code) => code.institutionId),
      '::int[]',
    );
    filters.push(
      `c.code_key = any(${keys}) and exists (select 1 from unnest(${ids}, ${keys}) as wanted(institution_id, code_key)
        where wanted.code_key = c.code_key and (wanted.institution_id is null or wanted.institution_id = c.institution_id))`,
    );
  }
  if (spec.className) {
    const { text, codeKey, numberPrefix, codeKeyAlternatives } = spec.className;
    if (codeKey) filters.push(`c.code_key like any(${p.add([`${codeKey}%`, ...codeKeyAlternatives], '::text[]')})`);
    else if (numberPrefix) filters.push(`c.number like ${p.add(`${numberPrefix}%`)}`);
    else if (text) {
      const value = p.add(text);
      filters.push(`(c.search_vector @@ websearch_to_tsquery('english', ${value}) or ${value} <% c.title)`);
    }
  }

  const text = spec.text;
  const textParam = text ? p.add(text.text) : null;
  const codeParam = text?.codeKey ? p.add(text.codeKey) : null;
  const codePrefixParam = text?.codeKey ? p.add([`${text.codeKey}%`, ...text.codeKeyAlternatives], '::text[]') : null;
  const tsQuery = textParam ? `websearch_to_tsquery('english', ${textParam})` : null;

  const toTarget =
    spec.targetId !== null
      ? `(c.institution_id, c.code_key) in (
           select s.from_institution_id, s.code_key from equivalency_rules r
             join equivalency_rule_sources s on s.rule_id = r.id
            where r.to_institution_id = ${p.add(spec.targetId, '::int')} and r.transfers)`
      : 'false';
  // `score` is the full-text rank for words, or the trigram word similarity in the typo fallback; for a course
  // code it is 0 (offerings, rules and shorter titles order the code matches).
  const scores = (score: string) => `
      c.id,
      ${scheduleMatches} as schedule_match,
      ${codeParam ? `c.code_key = ${codeParam}` : 'false'} as exact,
      ${toTarget} as to_target,
      (${score})::float4 as score,
      exists (select 1 from offerings o where o.course_id = c.id) as has_offering,
      length(c.title) as title_length,
      coalesce((select l.listing_id from course_listings l where l.course_id = c.id), c.id) as listing`;
  const where = (extra: string | null) => {
    const all = extra ? [...filters, extra] : filters;
    return all.length > 0 ? `where ${all.join(' and ')}` : '';
  };

  let matched: string;
  if (text && textParam && tsQuery) {
    const strict = [
      ...(codeParam ? [`c.code_key = ${codeParam}`, `c.code_key like any(${codePrefixParam})`] : []),
      `c.search_vector @@ ${tsQuery}`,
    ].join(' or ');
    const strictScore = codeParam ? '0' : `ts_rank(c.search_vector, ${tsQuery})`;
    // Only when codes and full-text find nothing: trigram similarity of the title catches typos ('macroeconomcs').
    const fuzzy = codeParam
      ? ''
      : `,
      fuzzy as (select ${scores(`word_similarity(${textParam}, c.title)`)} from courses c
                 ${where(`${textParam} <% c.title`)} and not exists (select 1 from strict))`;
    matched = `
      strict as materialized (select ${scores(strictScore)} from courses c ${where(`(${strict})`)})${fuzzy},
      matched as (select * from strict${codeParam ? '' : ' union all select * from fuzzy'})`;
  } else {
    matched = `matched as (select ${scores('0')} from courses c ${where(null)})`;
  }
  // With a format or term, the courses whose schedule is unknown come after every course that matches.
  const order = 'schedule_match desc, exact desc, to_target desc, score desc, has_offering desc, title_length, id';

  const limit = p.add(spec.limit, '::int');
  const offset = p.add(spec.offset, '::int');
  // A cross-listed course (migration 0082) is one result, counted once: its best-placed code stands for the others.
  const sql = `
    with ${matched},
    folded as (select * from (select m.*, row_number() over (partition by m.listing order by ${order}) as nth from matched m) ranked where nth = 1),
    page as (select * from folded order by ${order} limit ${limit} offset ${offset})
    ${cardsSql(p, spec, offeringWhere, '(select count(*) from folded)::int')}
     order by ${order.replace(/(\w+)/g, (word) => (word === 'desc' ? word : `p.${word}`))}`;
  return db.query<CourseSearchRow>(sql, p.values);
}

/**
 * The cards of a page the in-process index ranked (search-index.ts): the same card columns, for these course ids in
 * this order, with the total the index counted.
 */
export async function searchCourseRowsByIds(db: Queryable, spec: CourseSearchSpec, ids: number[], total: number): Promise<CourseSearchRow[]> {
  if (ids.length === 0) return [];
  const p = new Params();
  const offeringWhere: string[] = [];
  if (spec.deliveryFormat) offeringWhere.push(`o.delivery_format = ${p.add(spec.deliveryFormat)}`);
  if (spec.term) offeringWhere.push(`o.term = ${p.add(spec.term)}`);
  const sql = `
    with page as (select id, ord from unnest(${p.add(ids, '::int[]')}) with ordinality as u(id, ord))
    ${cardsSql(p, spec, offeringWhere, p.add(total, '::int'))}
     order by p.ord`;
  return db.query<CourseSearchRow>(sql, p.values);
}

/** The select of a page's cards, from a `page` CTE of course ids: each course, its first offering, its rules. */
function cardsSql(p: Params, spec: CourseSearchSpec, offeringWhere: string[], total: string): string {
  const targetFilter = spec.targetId !== null ? `and r.to_institution_id = ${p.add(spec.targetId, '::int')}` : '';
  const offeringFilter = offeringWhere.length > 0 ? `and ${offeringWhere.join(' and ')}` : '';
  const destinationCourses =
    spec.targetId !== null
      ? `(select json_agg(json_build_object('subject', d.subject, 'number', d.number, 'title', d.title, 'credits', d.credits))
            from courses d
           where d.institution_id = ${p.add(spec.targetId, '::int')}
             and d.code_key >= lower(c.subject) and d.code_key < lower(c.subject) || '~' and lower(d.subject) = lower(c.subject)
             and substring(d.number from '^[0-9]([0-9]{3})') = substring(c.number from '^[0-9]([0-9]{3})'))`
      : 'null';

  return `
    select p.id, ${total} as total, ${institutionJsonSql('i')} as school, c.subject, c.number, c.title, c.credits, c.credits_text,
           i.key as school_key, i.name as school_name, i.state, i.control, i.florida_statewide_numbering as school_statewide_numbering,
           o.term, o.delivery_format, o.professor, o.professor_rating, o.tuition_cents,
           o.registration_url, o.professor_rating_url, o.is_available, o.is_sample,
           (select count(*) from offerings oc where oc.course_id = c.id)::int as offering_count,
           c.known_from, ${destinationCourses} as destination_courses,
           (select json_agg(x.subject || ' ' || x.number order by x.subject, x.number) from ${otherCodesOf('c')}) as also_listed_as,
           cards.rules
      from page p
      join courses c on c.id = p.id
      join institutions i on i.id = c.institution_id
      left join lateral (
        select * from offerings o where o.course_id = c.id ${offeringFilter}
         order by o.is_available desc, o.id limit 1
      ) o on true
      left join lateral (
        select json_agg(json_build_object('rule', rule.json, 'to', ${institutionJsonSql('ti')}) order by rule.transfers desc, rule.id desc) as rules
          from (
            select r.id, r.transfers, r.to_institution_id, ${ruleJsonSql('r')} as json
              from equivalency_rule_sources s
              join equivalency_rules r on r.id = s.rule_id
             where s.from_institution_id = c.institution_id and s.code_key = c.code_key
                   and r.to_institution_id <> c.institution_id ${targetFilter}
             order by r.transfers desc, r.id desc
             limit ${spec.targetId !== null ? 'all' : '8'}
          ) rule
          join institutions ti on ti.id = rule.to_institution_id
      ) cards on true`;
}

/**
 * The catalogue's version: a sequence every write to the tables search reads moves on (statement triggers, migration
 * 0003). Cached search answers are keyed by it, so any instance sees an import or a new school at once.
 */
export async function readCatalogueVersion(db: Queryable): Promise<string> {
  const [row] = await db.query<{ version: string }>(
    `select last_value::text || case when is_called then '+' else '' end as version from search_catalogue_version`,
  );
  return row?.version ?? '0';
}

/** How many courses match, for a page past the end (the page query's window count has no row to ride on). */
export async function countCourses(db: Queryable, spec: CourseSearchSpec): Promise<number> {
  const rows = await searchCourseRows(db, { ...spec, offset: 0, limit: 1 });
  return Number(rows[0]?.total ?? 0);
}

/**
 * The other codes of cross-listed courses (migration 0082) at one school, for these code keys: each asked code with
 * every code it is also listed as. Codes listed once are not in the answer.
 */
export async function findCrossListedCodes(
  db: Queryable,
  institutionId: number,
  codeKeys: string[],
): Promise<Array<{ code_key: string; subject: string; number: string; title: string; credits: number | null }>> {
  if (codeKeys.length === 0) return [];
  return db.query(
    `select c.code_key, x.subject, x.number, x.title, x.credits::float8 as credits
       from courses c, lateral (select x.* from ${otherCodesOf('c')}) x
      where c.institution_id = $1 and c.code_key = any($2::text[])
      order by c.code_key, x.subject, x.number`,
    [institutionId, codeKeys],
  );
}

// ---------------------------------------------------------------------------
// Course details
// ---------------------------------------------------------------------------

export interface CourseRow {
  id: number;
  subject: string;
  number: string;
  title: string;
  credits: number | null;
  credits_text: string | null;
  description: string | null;
  code_key: string;
  institution_id: number;
  school_key: string;
  school_name: string;
  state: string | null;
  control: 'public' | 'private';
  website: string | null;
  florida_statewide_numbering: boolean;
  /** The course's other codes when it is cross-listed (migration 0082), by code. Null when it is not. */
  also_listed_as: Array<{ id: number; subject: string; number: string }> | null;
}

export async function findCourse(db: Queryable, id: number): Promise<CourseRow | null> {
  const rows = await db.query<CourseRow>(
    `select c.id, c.subject, c.number, c.title, c.credits, c.credits_text, c.description, c.code_key, c.institution_id,
            i.key as school_key, i.name as school_name, i.state, i.control, i.website, i.florida_statewide_numbering,
            (select json_agg(json_build_object('id', x.id, 'subject', x.subject, 'number', x.number) order by x.subject, x.number)
               from ${otherCodesOf('c')}) as also_listed_as
       from courses c join institutions i on i.id = c.institution_id
      where c.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export interface OfferingRow {
  id: number;
  term: string;
  delivery_format: string;
  professor: string | null;
  professor_rating: number | null;
  tuition_cents: number | null;
  registration_url: string | null;
  professor_rating_url: string | null;
  is_available: boolean;
  is_sample: boolean;
}

export async function listOfferings(db: Queryable, courseId: number): Promise<OfferingRow[]> {
  return db.query<OfferingRow>(
    `select id, term, delivery_format, professor, professor_rating, tuition_cents, registration_url, professor_rating_url,
            is_available, is_sample
       from offerings where course_id = $1 order by is_available desc, id`,
    [courseId],
  );
}
