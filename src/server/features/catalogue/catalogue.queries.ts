/**
 * The catalogue's SQL: what each school's catalogue lists. The catalogue import's writes (courses upserted by (school,
 * subject, number), a batch per statement) and the titles a catalogue gives; the catalogue version; cross-listed codes
 * (migration 0082); a course's details and its offerings.
 */
import type { Queryable } from '../../db/client';

export interface CatalogueCourse {
  institutionId: number;
  subject: string;
  number: string;
  title: string;
  credits: number | null;
  creditsText: string | null;
  description: string | null;
}

/**
 * Inserts new courses and updates changed ones; returns how many of each (the rest were unchanged). With
 * `keepExisting` a course a catalogue listed is left as it is (derived reference data must not overwrite a school's own
 * catalogue); one only a rule named is listed. The courses must not name one (school, subject, number) twice: one statement may not write a row twice.
 */
export async function upsertCatalogueCourses(
  tx: Queryable,
  courses: CatalogueCourse[],
  { keepExisting = false }: { keepExisting?: boolean } = {},
): Promise<{ inserted: number; updated: number }> {
  // Derived data never overwrites a course a catalogue listed; a course known only because a rule named it (0065) is
  // listed by it, so it becomes a catalogue course (it was "not in the catalogue" on search cards).
  const onConflict = keepExisting
    ? `do update set
       title = excluded.title, credits = coalesce(excluded.credits, courses.credits), credits_text = coalesce(excluded.credits_text, courses.credits_text),
       description = coalesce(excluded.description, courses.description), known_from = 'catalogue', updated_at = now()
     where courses.known_from = 'rule'`
    : `do update set
       title = excluded.title, credits = excluded.credits, credits_text = excluded.credits_text,
       description = excluded.description, known_from = 'catalogue', updated_at = now()
     where (courses.title, courses.credits, courses.credits_text, courses.description, courses.known_from)
           is distinct from (excluded.title, excluded.credits, excluded.credits_text, excluded.description, 'catalogue')`;
  const written = await tx.query<{ inserted: boolean }>(
    `insert into courses (institution_id, subject, number, title, credits, credits_text, description)
     select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::numeric[], $6::text[], $7::text[])
     on conflict (institution_id, subject, number) ${onConflict}
     returning (xmax = 0) as inserted`,
    [
      courses.map((course) => course.institutionId),
      courses.map((course) => course.subject),
      courses.map((course) => course.number),
      courses.map((course) => course.title),
      courses.map((course) => course.credits),
      courses.map((course) => course.creditsText),
      courses.map((course) => course.description),
    ],
  );
  const inserted = written.filter((row) => row.inserted).length;
  return { inserted, updated: written.length - inserted };
}

/**
 * The title each school's catalogue gives each course, in the input's order (null where it lists none): what a rules
 * file that names courses by code only is titled with (decision 152). A course only a rule named (0065) is no
 * catalogue's, and its title is only what a rule gave it.
 */
export async function catalogueTitles(db: Queryable, courses: Array<{ institutionId: number; codeKey: string }>): Promise<Array<string | null>> {
  if (courses.length === 0) return [];
  const rows = await db.query<{ place: number; title: string }>(
    `select p.place, min(c.title) as title
       from unnest($1::int[], $2::text[]) with ordinality as p(institution_id, code_key, place)
       join courses c on c.institution_id = p.institution_id and c.code_key = p.code_key and c.known_from = 'catalogue'
      group by p.place`,
    [courses.map((course) => course.institutionId), courses.map((course) => course.codeKey)],
  );
  const titles = courses.map((): string | null => null);
  for (const row of rows) titles[Number(row.place) - 1] = row.title;
  return titles;
}

/**
 * From and where of a course's other codes (`x`) when it is cross-listed (migration 0082), for the course `course`
 * (an alias of courses): the card, the course page and a report row's cross-listing all read it so.
 */
const otherCodesOf = (course: string) => `course_listings l
       join course_listings sibling on sibling.listing_id = l.listing_id
       join courses x on x.id = sibling.course_id
      where l.course_id = ${course}.id and x.id <> ${course}.id`;

/**
 * A subquery of the code keys of a course's other codes (its cross-listings), for the course `course` (an alias of
 * courses): for SQL elsewhere that follows a cross-listing (the evaluation queue's check after a catalogue change).
 */
export const otherCodeKeysSql = (course: string) => `select x.code_key from ${otherCodesOf(course)}`;

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
// What the engine compares: a school's courses as its catalogue lists them
// ---------------------------------------------------------------------------

/** A course as a school's catalogue lists it, for the engine to compare (descriptions shortened to 400 characters). */
export interface ListedCourse {
  subject: string;
  number: string;
  title: string;
  credits: number | null;
  description: string | null;
}

/** Every course of a school's catalogue (descriptions shortened: they are compared, not shown). */
export async function loadSchoolCourses(db: Queryable, institutionId: number): Promise<ListedCourse[]> {
  const rows = await db.query<{ subject: string; number: string; title: string; credits: number | null; description: string | null }>(
    `select subject, number, title, credits, left(description, 400) as description from courses where institution_id = $1 order by id`,
    [institutionId],
  );
  return rows.map((row) => ({ subject: row.subject, number: row.number, title: row.title, credits: row.credits, description: row.description }));
}

/** loadSourceCatalogEntries for several (sending school, course) at once, in the input's order. */
export async function loadSourceCatalogEntriesForPairs(db: Queryable, pairs: Array<{ fromInstitutionId: number; codeKey: string }>): Promise<ListedCourse[][]> {
  if (pairs.length === 0) return [];
  const rows = await db.query<{ place: number; subject: string; number: string; title: string; credits: number | null; description: string | null }>(
    `select p.place, c.subject, c.number, c.title, c.credits, left(c.description, 400) as description
       from unnest($1::int[], $2::text[]) with ordinality as p(from_id, code_key, place)
       join courses c on c.institution_id = p.from_id and c.code_key = p.code_key`,
    [pairs.map((pair) => pair.fromInstitutionId), pairs.map((pair) => pair.codeKey)],
  );
  const answer = pairs.map((): ListedCourse[] => []);
  for (const row of rows) answer[Number(row.place) - 1]!.push({ subject: row.subject, number: row.number, title: row.title, credits: row.credits, description: row.description });
  return answer;
}

/** The sending school's own catalogue entries for these courses (their descriptions and credits). */
export async function loadSourceCatalogEntries(db: Queryable, input: { fromInstitutionId: number; codeKeys: string[] }): Promise<ListedCourse[]> {
  if (input.codeKeys.length === 0) return [];
  const rows = await db.query<{ subject: string; number: string; title: string; credits: number | null; description: string | null }>(
    `select subject, number, title, credits, left(description, 400) as description from courses where institution_id = $1 and code_key = any($2::text[])`,
    [input.fromInstitutionId, input.codeKeys],
  );
  return rows.map((row) => ({ subject: row.subject, number: row.number, title: row.title, credits: row.credits, description: row.description }));
}

/**
 * Several destinations' catalogue courses in these subjects, by school: what statewide numbering looks a course up in
 * (decide-transfers.ts), for many destinations at once. One query.
 */
export async function loadCataloguesInSubjects(db: Queryable, input: { institutionIds: number[]; subjects: string[] }): Promise<Map<number, ListedCourse[]>> {
  const bySchool = new Map<number, ListedCourse[]>();
  if (input.institutionIds.length === 0 || input.subjects.length === 0) return bySchool;
  const rows = await db.query<{ institution_id: number; subject: string; number: string; title: string; credits: number | null; description: string | null }>(
    `select c.institution_id, c.subject, c.number, c.title, c.credits, left(c.description, 400) as description
       from courses c where c.institution_id = any($1::int[]) and upper(c.subject) = any($2::text[])`,
    [input.institutionIds, input.subjects.map((subject) => subject.toUpperCase())],
  );
  for (const row of rows) {
    const course: ListedCourse = { subject: row.subject, number: row.number, title: row.title, credits: row.credits, description: row.description };
    bySchool.set(row.institution_id, [...(bySchool.get(row.institution_id) ?? []), course]);
  }
  return bySchool;
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
