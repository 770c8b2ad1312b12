/**
 * Louisiana's statewide common course matrix (reference-data/louisiana/common-course-matrix.csv.gz) as equivalency
 * rules between its 27 public schools, in the rules import's CSV columns, and the schools' courses it names.
 *
 * Each row is one Louisiana Common Course Number (LCCN, "CENL 1013 English Composition I"; its last digit is the
 * credit hours) and each column one school's equivalent: a course ("ENGL 1157"), two taken together ("BIOL 1011 &
 * 1021", "BIOL 1202 + 1209"), alternatives ("ACCT 2102 or 2103"), elective credit in a subject ("ACCT 2***",
 * "ACCT ***"), generic general-education credit ("GHUM 3", "GNAT or CBIO 3"), or none ("***", or empty). Two schools
 * whose cells name the same common course exchange it, so every ordered pair of schools gets a rule for it:
 * - from a school whose cell names courses (each alternative its own rule; courses taken together one rule),
 * - to whatever the other school's cell gives: its course or courses, elective credit ("ACCT EL", the import's
 *   elective code, titled with the level), or the generic credit under its code ("GHUM EL", titled "General credit");
 *   each rule states what the cell gives (the import's equivalency_type: specific-course, elective or
 *   general-education), so the engine's verdict class is the matrix's own word (docs/equivalency-engine.md).
 * What the import cannot express, and is therefore left out: alternatives on the receiving side (the school decides
 * which course it gives; the rule names the first and its notes name the others), a receiving cell of "none" or empty
 * (no rule: the matrix says the school has no equivalent, not that the course does not transfer), generic or elective
 * credit as a *source* (no course to start from), and cells the PDF conversion broke beyond repair ("CHEM 265L&2 66L").
 */
import { codeKey } from '../features/catalogue';
import { createCsvRowParser } from '../features/equivalencies/engine/csv-row-parser';

/** A school's course, or credit in place of one. */
export type MatrixCourse =
  | { kind: 'course'; subject: string; number: string }
  | { kind: 'elective'; subject: string; level: string | null }
  | { kind: 'generic'; code: string; hours: string | null };

/** One way a school meets a common course: these courses taken together. */
export type MatrixAlternative = MatrixCourse[];

export interface MatrixSchool {
  code: string;
  name: string;
}

export interface LouisianaMatrix {
  schools: MatrixSchool[];
  courses: Array<{ lccn: string; title: string; hours: number | null; cells: Array<MatrixAlternative[] | null> }>;
  /** Cells the reader could not read (after repairing broken spacing), for the load's summary. */
  unreadableCells: number;
}

/** The rules import's columns, in the order the rows below give them. */
export const LOUISIANA_RULE_COLUMNS = ['source_university', 'source_code', 'source_name', 'target_university', 'target_code', 'target_name', 'credits', 'group', 'notes', 'equivalency_type'] as const;
export const LOUISIANA_COURSE_COLUMNS = ['institution', 'subject', 'number', 'title', 'credits', 'description'] as const;

const COURSE = /^([A-Z]{2,5}) ?(\d{3,4}[A-Z]{0,2})$/;
const NUMBER_ONLY = /^(\d{3,4}[A-Z]{0,2})$/;
const ELECTIVE = /^([A-Z]{2,5}) ?(\d?)\*{2,4}$/;
const GENERIC = /^([A-Z]{4})(?: ?\(?(\d(?:-\d)?)\)?)?$/;

/**
 * The matrix came from a PDF, and some cells lost a space or gained one ("ACCT1 250", "BIOL10 40", "CHEM1 010L",
 * "ECON 275 B", "BUSP** *"): the digits of a subject followed by more digits are joined back when they make a 3- or
 * 4-digit number, a lone letter after a number is its suffix again, and split asterisks are joined. Case, "and" for
 * "&", a credit note in brackets ("CHEM 232 (2 cr.)") and dashes for none ("MATH ---") are made what the rest of the
 * matrix writes. A slash between whole course numbers is "or" ("ENGL 101/110": Delgado's ENGL 110 is its intensive
 * Composition I, as the Degree Link pilot's own rules confirm; "CJUS 211/SLGY 211": a cross-listed course). The row of
 * College Algebra (CMAT 1213) writes its hours between subject and number in every cell ("MATH 3 1213", "SMAT 3 121S"):
 * the digit is dropped; "&/or" is "or"; "(G)" after a number (a course graduates may take too) is dropped. Anything else odd (abbreviated lists such as "BIOS 104/5/6") is left for
 * readCell to refuse.
 */
export function tidyCell(raw: string): string {
  return raw
    .trim()
    .replace(/\s+/g, ' ')
    .toUpperCase()
    .replace(/ OR /g, ' or ')
    .replace(/\s*\(\d+ ?CR\.?( HRS)?\)$/, '')
    .replace(/(\d{3,4}[A-Z]?)\(G\)/g, '$1')
    .replace(/ AND /g, ' & ')
    .replace(/(\*)\s+(?=\*)/g, '$1')
    .replace(/-{3}/g, '***')
    .replace(/\b([A-Z]{2,5})(\d{1,3}) (\d{1,3}[A-Z]{0,2})\b/g, (whole, subject: string, head: string, tail: string) => {
      const digits = `${head}${tail}`.replace(/[A-Z]+$/, '');
      return digits.length === 3 || digits.length === 4 ? `${subject} ${head}${tail}` : whole;
    })
    .replace(/\b(\d{3,4}) ([A-Z])$/, '$1$2')
    .replace(/\b([A-Z]{2,5}) \d (?=\d{3,4}[A-Z]?\b)/g, '$1 ')
    .replace(/ &\/or /gi, ' or ')
    .replace(/(\d{3,4}[A-Z]?) ?\/ ?(?=(?:[A-Z]{2,5} )?\d{3,4}[A-Z]?\b)/g, '$1 or ');
}

/**
 * One cell: its alternatives, each a list of courses taken together; [] for none ("***"); null when unreadable.
 * A number alone borrows the subject before it ("ACCT 2102 or 2103"); trailing hours apply to every generic
 * alternative before them ("GHUM or GSOC 3").
 */
export function readCell(raw: string): MatrixAlternative[] | null {
  const cell = tidyCell(raw);
  if (!cell || /^\*+$/.test(cell)) return [];
  const alternatives: MatrixAlternative[] = [];
  let subject: string | null = null;
  for (const text of cell.split(/ or /i)) {
    const alternative: MatrixAlternative = [];
    for (const partText of text.split(/\s*[&+]\s*/)) {
      const part = partText.trim();
      if (/^\*+$/.test(part)) continue;
      const course = COURSE.exec(part);
      const number = NUMBER_ONLY.exec(part);
      const elective = ELECTIVE.exec(part);
      const generic = GENERIC.exec(part);
      if (course) {
        subject = course[1]!;
        alternative.push({ kind: 'course', subject, number: course[2]! });
      } else if (number && subject) alternative.push({ kind: 'course', subject, number: number[1]! });
      else if (elective) {
        subject = elective[1]!;
        alternative.push({ kind: 'elective', subject, level: elective[2] || null });
      } else if (generic) alternative.push({ kind: 'generic', code: generic[1]!, hours: generic[2] ?? null });
      else return null;
    }
    if (alternative.length > 0) alternatives.push(alternative);
  }
  // "GNAT or CBIO 3": the hours written once, after the last alternative.
  const lastGeneric = alternatives.at(-1)?.at(-1);
  if (lastGeneric?.kind === 'generic' && lastGeneric.hours) {
    for (const alternative of alternatives) {
      for (const course of alternative) if (course.kind === 'generic' && !course.hours) course.hours = lastGeneric.hours;
    }
  }
  return alternatives;
}

/** Reads the matrix (wide) and the school names (from the long form's institution_name column). */
export function readLouisianaMatrix(matrixCsv: string, pairsCsv: string): LouisianaMatrix {
  const rowsOf = (text: string) => {
    const parser = createCsvRowParser();
    return [...parser.push(text), ...parser.end()].map((row) => row.fields);
  };
  const [header = [], ...records] = rowsOf(matrixCsv);
  const [pairsHeader = [], ...pairs] = rowsOf(pairsCsv);
  const codeColumn = pairsHeader.indexOf('institution_code');
  const nameColumn = pairsHeader.indexOf('institution_name');
  const names = new Map(pairs.map((fields) => [fields[codeColumn] ?? '', fields[nameColumn] ?? '']));
  const schools = header.slice(2).map((code) => ({ code, name: names.get(code) || code }));
  let unreadableCells = 0;
  const courses = records.map((fields) => {
    // "CARB 1013 (3 Hr)": the code, then the hours it stands for when the matrix lists both.
    const lccn = (fields[0] ?? '').replace(/\s*\(.*\)\s*$/, '').trim();
    const hoursDigit = /(\d)$/.exec(lccn)?.[1];
    const cells = schools.map((_, index) => {
      const cell = readCell(fields[index + 2] ?? '');
      if (cell === null) unreadableCells += 1;
      return cell;
    });
    return { lccn, title: (fields[1] ?? '').trim(), hours: hoursDigit ? Number(hoursDigit) : null, cells };
  });
  return { schools, courses, unreadableCells };
}

const codeOf = (course: MatrixCourse): string =>
  course.kind === 'course' ? `${course.subject} ${course.number}` : course.kind === 'elective' ? `${course.subject} EL` : `${course.code} EL`;

/** What a cell's course gives, in the words the rules import takes (its equivalency_type column). */
const CLASS_OF_KIND = { course: 'specific-course', elective: 'elective', generic: 'general-education' } as const satisfies Record<MatrixCourse['kind'], string>;

/**
 * A receiving cell's course as the rule's target: its code, title and the class the matrix states for it. The rule
 * gives the class of its alternative: a named course when any course of it is one.
 */
export function matrixTarget(course: MatrixCourse, commonTitle: string): { code: string; title: string; statedClass: (typeof CLASS_OF_KIND)[MatrixCourse['kind']] } {
  return { code: codeOf(course), title: titleOf(course, commonTitle), statedClass: CLASS_OF_KIND[course.kind] };
}

/**
 * The class a receiving alternative gives (courses taken together): courses, a specific course, also with an hour of
 * generic credit beside them ("BIOL 123 & GNAT 1": the lecture, and the lab as science credit); a course with elective
 * credit beside it ("BIOS 101L & BIOL ***") is only part of the common course, which the matrix counts with
 * electives; credit alone, its own kind.
 */
export function matrixAlternativeClass(alternative: MatrixAlternative): (typeof CLASS_OF_KIND)[MatrixCourse['kind']] {
  if (!alternative.some((course) => course.kind === 'course')) return CLASS_OF_KIND[alternative[0]!.kind];
  return alternative.some((course) => course.kind === 'elective') ? 'elective' : 'specific-course';
}

function titleOf(course: MatrixCourse, commonTitle: string): string {
  if (course.kind === 'course') return commonTitle;
  if (course.kind === 'elective') return `Elective credit in ${course.subject}${course.level ? ` (${course.level}000 level)` : ''}`;
  return `General credit ${course.code}${course.hours ? ` (${course.hours} hours)` : ''}`;
}

/** A target's credits: the common course's hours when it is the only target; generic credit carries its own. */
function creditsOf(course: MatrixCourse, targets: number, hours: number | null): string {
  if (course.kind === 'generic' && course.hours) return course.hours;
  return targets === 1 && hours !== null ? String(hours) : '';
}

/**
 * The rules the matrix gives, as rows of the rules import (LOUISIANA_RULE_COLUMNS; one rule's rows share a group), in
 * a stable order so a second load finds every rule unchanged. A rule two common courses would both give is written once.
 */
export function* louisianaRuleRows(matrix: LouisianaMatrix): Generator<string[]> {
  const written = new Set<string>();
  const keys = (items: MatrixAlternative) => [...new Set(items.map((item) => codeKey(codeOf(item))))].sort().join('+');
  for (const course of matrix.courses) {
    const notePrefix = `Louisiana common course ${course.lccn}${course.title ? ` (${course.title})` : ''}`;
    for (const [fromIndex, from] of matrix.schools.entries()) {
      const sources = (course.cells[fromIndex] ?? []).filter((alternative) => alternative.every((item) => item.kind === 'course'));
      if (sources.length === 0) continue;
      for (const [toIndex, to] of matrix.schools.entries()) {
        const [targets, ...others] = course.cells[toIndex] ?? [];
        if (toIndex === fromIndex || !targets) continue;
        const note = others.length > 0 ? `${notePrefix}; ${to.name} lists ${[targets, ...others].map((alternative) => alternative.map(codeOf).join(' & ')).join(' or ')}` : notePrefix;
        for (const [place, source] of sources.entries()) {
          const identity = `${from.code}|${keys(source)}|${to.code}|${keys(targets)}`;
          if (written.has(identity)) continue;
          written.add(identity);
          const group = source.length > 1 || targets.length > 1 ? `${course.lccn} ${place + 1}` : '';
          const statedClass = matrixAlternativeClass(targets);
          for (let row = 0; row < Math.max(source.length, targets.length); row++) {
            const sourceCourse = source[Math.min(row, source.length - 1)]!;
            const target = matrixTarget(targets[Math.min(row, targets.length - 1)]!, course.title);
            yield [from.name, codeOf(sourceCourse), course.title, to.name, target.code, target.title, creditsOf(targets[Math.min(row, targets.length - 1)]!, targets.length, course.hours), group, note, statedClass];
          }
        }
      }
    }
  }
}

/**
 * The schools' courses the matrix names on their own (LOUISIANA_COURSE_COLUMNS), titled with the common course's
 * title and its hours: so a student finds "ENGL 101" at Delgado in search. A course the matrix names for two common
 * courses keeps the first. Courses named only together with another ("BIOL 1011 & 1021") are not given a title.
 */
export function* louisianaCourseRows(matrix: LouisianaMatrix): Generator<string[]> {
  const written = new Set<string>();
  for (const course of matrix.courses) {
    for (const [index, school] of matrix.schools.entries()) {
      for (const alternative of course.cells[index] ?? []) {
        const [only] = alternative;
        if (alternative.length !== 1 || only?.kind !== 'course') continue;
        const identity = `${school.code}|${codeKey(only)}`;
        if (written.has(identity)) continue;
        written.add(identity);
        yield [school.name, only.subject, only.number, course.title || course.lccn, course.hours === null ? '' : String(course.hours), ''];
      }
    }
  }
}
