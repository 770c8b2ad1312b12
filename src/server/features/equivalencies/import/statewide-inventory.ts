/**
 * Florida's statewide course inventory (reference-data/florida/statewide-course-inventory.csv.gz, public SCNS data,
 * see its SOURCE note) as courses: a course the inventory lists at a school that takes part in statewide numbering is a
 * course at that school (`known_from = 'statewide'`, migration 0066), so search finds it with the engine's verdict
 * although the school's catalogue is not on Crosswalk. Courses already known under the same code are kept as they are.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Queryable } from '../../../db/client';
import { findInstitutionIdsByAlias, listStatewideNumberingInstitutions, normalizeSchoolName } from '../../institutions';
import { createCsvRowParser } from '../engine/csv-row-parser';
import { databaseCodeKey } from '../equivalency.queries';

export interface StatewideInventoryCourse {
  subject: string;
  number: string;
  title: string;
  /** The inventory's school codes ('UCF', 'MDC', 'VC'). */
  schools: string[];
}

/** Reads the inventory's rows (course_id, title, num_inst, institutions): 'ECO2013' is ECO 2013. */
export function parseStatewideInventory(csv: string): StatewideInventoryCourse[] {
  const parser = createCsvRowParser();
  const [header, ...rows] = [...parser.push(csv), ...parser.end()].map((row) => row.fields);
  const column = (name: string) => header?.findIndex((field) => field.trim().toLowerCase() === name) ?? -1;
  const [idColumn, titleColumn, schoolsColumn] = [column('course_id'), column('title'), column('institutions')];
  if (idColumn < 0 || titleColumn < 0 || schoolsColumn < 0) throw new Error('The statewide inventory needs course_id, title and institutions columns.');
  const courses: StatewideInventoryCourse[] = [];
  for (const row of rows) {
    const code = /^([A-Z]{3})\s*(\d{4}[A-Z]?)$/.exec((row[idColumn] ?? '').trim().toUpperCase());
    const title = (row[titleColumn] ?? '').trim();
    if (!code || !title) continue;
    const schools = (row[schoolsColumn] ?? '').split(';').map((school) => school.trim()).filter(Boolean);
    // The inventory merged ABC 1234 and ABC 1234C into the C form (its SOURCE note), so the C says nothing about a
    // school's own numbering: the lecture form is kept, and a school's 'C' course on file is found as the same course.
    courses.push({ subject: code[1]!, number: code[2]!.replace(/C$/, ''), title: readableTitle(title), schools });
  }
  return courses;
}

const ROWS_PER_STATEMENT = 500;

const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

/** The inventory writes titles in capitals: 'PRINCIPLES OF MACROECONOMICS' reads 'Principles of Macroeconomics'. */
export function readableTitle(title: string): string {
  if (title !== title.toUpperCase()) return title;
  return title
    .toLowerCase()
    .split(/(\s+)/)
    .map((word, index) => {
      if (/^(i{1,3}|iv|vi{0,3}|ix|x)$/.test(word)) return word.toUpperCase();
      if (index > 0 && SMALL_WORDS.has(word)) return word;
      return word.replace(/^[a-z]/, (letter) => letter.toUpperCase());
    })
    .join('');
}

/**
 * Adds the inventory's courses at the statewide-numbering schools its codes name (through the schools' aliases). The
 * inventory merges ABC 1234 and ABC 1234C into the C form, so a school with either code already has the course.
 * Returns how many courses were added.
 */
export async function addStatewideInventoryCourses(db: Queryable, courses: StatewideInventoryCourse[]): Promise<number> {
  const codes = [...new Set(courses.flatMap((course) => course.schools))];
  const byAlias = await findInstitutionIdsByAlias(
    db,
    codes.map((code) => normalizeSchoolName(code)),
  );
  const statewide = new Set((await listStatewideNumberingInstitutions(db, -1)).map((school) => school.id));
  const schoolOf = new Map<string, number>();
  for (const code of codes) {
    const id = byAlias.get(normalizeSchoolName(code));
    if (id !== undefined && statewide.has(id)) schoolOf.set(code, id);
  }
  // The code keys these schools have (with and without a trailing C), read once: a lookup per row in the insert
  // costs more with every course already there (measured: 0.7 s, then 2 s, a 500-row statement on a fresh database).
  const held = await db.query<{ key: string }>(
    `select institution_id || ':' || regexp_replace(code_key, 'c$', '') as key from courses where institution_id = any($1::int[])`,
    [[...new Set(schoolOf.values())]],
  );
  const known = new Set(held.map((row) => row.key));
  const rows = courses.flatMap((course) =>
    course.schools.flatMap((code) => {
      const institutionId = schoolOf.get(code);
      const key = `${institutionId}:${databaseCodeKey(course.subject, course.number).replace(/c$/, '')}`;
      return institutionId === undefined || known.has(key) ? [] : [{ institutionId, ...course }];
    }),
  );
  let added = 0;
  // Statements of a few hundred rows: on the embedded database each holds the one connection while the server answers.
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const batch = rows.slice(start, start + ROWS_PER_STATEMENT);
    const inserted = await db.query(
      `insert into courses (institution_id, subject, number, title, known_from)
       select v.institution_id, v.subject, v.number, v.title, 'statewide'
         from unnest($1::int[], $2::text[], $3::text[], $4::text[]) as v(institution_id, subject, number, title)
       on conflict (institution_id, subject, number) do nothing
       returning id`,
      [batch.map((row) => row.institutionId), batch.map((row) => row.subject), batch.map((row) => row.number), batch.map((row) => row.title)],
    );
    added += inserted.length;
    // The embedded database answers on this thread and its statements resolve as microtasks: without a turn of the
    // event loop between them, requests (and the server's own start) would wait for the whole load.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return added;
}

/** The inventory file (gzip-compressed CSV) into courses. */
export async function importStatewideInventoryFile(db: Queryable, file: string): Promise<number> {
  return addStatewideInventoryCourses(db, parseStatewideInventory(gunzipSync(readFileSync(file)).toString('utf8')));
}
