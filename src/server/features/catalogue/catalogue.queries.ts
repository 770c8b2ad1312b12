/** SQL of the catalogue import: courses upserted by (school, subject, number), a batch per statement. */
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
