/**
 * Finds table header lines ("Subject Course Level Title Grade Credit Hours Quality Points R") and gives each column a
 * role, whatever the order and wording. A header printed over two lines ("Credit" over "Hours") is read as one.
 * Columns whose numbers must never be taken for credits (level, section, campus, enrolment, "credit toward program",
 * contact hours) get roles of their own.
 */
import type { Line, Word } from './types';

export type ColumnRole =
  | 'course' | 'subject' | 'number' | 'title' | 'grade' | 'attempted' | 'credits' | 'earned' | 'points' | 'gpaHours' | 'level' | 'term'
  | 'repeat' | 'section' | 'campus' | 'mode' | 'dates' | 'enrollment' | 'classAverage' | 'programCredit' | 'ignore';

export interface HeaderColumn {
  role: ColumnRole;
  x0: number;
  x1: number;
  text: string;
}

/** Roles whose numbers can hold a course's credits. */
export const CREDIT_ROLES: ReadonlySet<ColumnRole> = new Set(['attempted', 'credits', 'earned', 'gpaHours']);
export const NUMERIC_ROLES: ReadonlySet<ColumnRole> = new Set(['attempted', 'credits', 'earned', 'points', 'gpaHours']);
/** Columns holding numbers or short codes that are not credits. */
export const OTHER_DATA_ROLES: ReadonlySet<ColumnRole> = new Set(['level', 'section', 'campus', 'mode', 'dates', 'enrollment', 'classAverage', 'programCredit', 'ignore', 'repeat', 'term']);

const PHRASES: [string, ColumnRole][] = [
  // points
  ['quality points', 'points'], ['grade points', 'points'], ['quality pts', 'points'], ['qual pts', 'points'], ['grd pts', 'points'],
  ['grade pts', 'points'], ['honor points', 'points'], ['qpts', 'points'], ['qp', 'points'], ['points', 'points'], ['pts', 'points'],
  ['qual points', 'points'], ['gpts', 'points'], ['grade point', 'points'],
  // GPA hours
  ['gpa hours', 'gpaHours'], ['gpa hrs', 'gpaHours'], ['quality hours', 'gpaHours'], ['qhrs', 'gpaHours'], ['gpa units', 'gpaHours'],
  ['qual hrs', 'gpaHours'], ['gpa cr', 'gpaHours'], ['qh', 'gpaHours'],
  // earned
  ['units earned', 'earned'], ['credits earned', 'earned'], ['earned hours', 'earned'], ['earn', 'earned'], ['earned credits', 'earned'], ['earned units', 'earned'],
  ['hours earned', 'earned'], ['earned hrs', 'earned'], ['earned cr', 'earned'], ['earned', 'earned'], ['ehrs', 'earned'], ['ern', 'earned'],
  ['cmpl cred', 'earned'], ['cmpl', 'earned'], ['completed', 'earned'], ['units completed', 'earned'], ['credits completed', 'earned'],
  ['cmpl crs', 'earned'], ['comp cred', 'earned'], ['passed', 'earned'], ['hrs earned', 'earned'], ['cr earned', 'earned'],
  // attempted
  ['units attempted', 'attempted'], ['credits attempted', 'attempted'], ['attempted hours', 'attempted'], ['attempt hours', 'attempted'],
  ['hours attempted', 'attempted'], ['attempted credits', 'attempted'], ['attempted units', 'attempted'], ['attempted', 'attempted'],
  ['attempt', 'attempted'], ['att', 'attempted'], ['ahrs', 'attempted'], ['att cred', 'attempted'], ['att crs', 'attempted'],
  ['att hrs', 'attempted'], ['hrs att', 'attempted'], ['cr att', 'attempted'], ['att cr', 'attempted'],
  // credits
  ['credit hours', 'credits'], ['credit hrs', 'credits'], ['cr hrs', 'credits'], ['sem hrs', 'credits'], ['semester hours', 'credits'],
  ['credit units', 'credits'], ['hours', 'credits'], ['hrs', 'credits'], ['credits', 'credits'], ['credit', 'credits'], ['units', 'credits'],
  ['unit', 'credits'], ['cr', 'credits'], ['crs', 'credits'], ['ch', 'credits'], ['cred', 'credits'], ['sh', 'credits'], ['crhr', 'credits'],
  ['qtr hrs', 'credits'], ['quarter hours', 'credits'], ['semester credits', 'credits'], ['cr hr', 'credits'],
  // grade
  ['final grade', 'grade'], ['grade', 'grade'], ['grd', 'grade'], ['mark', 'grade'], ['grades', 'grade'], ['gr', 'grade'], ['final mark', 'grade'],
  // title
  ['course title', 'title'], ['course description', 'title'], ['course name', 'title'], ['title', 'title'], ['description', 'title'],
  ['descr', 'title'], ['name', 'title'], ['descriptive title', 'title'], ['class title', 'title'],
  // course code
  ['course number', 'course'], ['course no', 'course'], ['course id', 'course'], ['course', 'course'], ['course section', 'course'],
  ['course code', 'course'], ['crs no', 'course'], ['catalog', 'course'], ['crse', 'course'], ['class', 'course'], ['course nbr', 'course'],
  ['subject', 'subject'], ['subj', 'subject'], ['dept', 'subject'], ['department', 'subject'], ['prefix', 'subject'],
  ['number', 'number'], ['num', 'number'], ['no', 'number'], ['nbr', 'number'], ['catalog no', 'number'], ['code', 'course'],
  // columns that are not credits
  ['level', 'level'], ['lvl', 'level'], ['course level', 'level'], ['career', 'level'],
  ['term', 'term'], ['semester', 'term'], ['session', 'term'], ['period', 'term'], ['trm', 'term'], ['yr term', 'term'],
  ['r', 'repeat'], ['rpt', 'repeat'], ['repeat', 'repeat'], ['repeated', 'repeat'], ['rep', 'repeat'],
  ['section', 'section'], ['sec', 'section'], ['sect', 'section'],
  ['campus', 'campus'], ['location', 'campus'], ['loc', 'campus'],
  ['mode', 'mode'], ['instructional format', 'mode'], ['format', 'mode'], ['inst mode', 'mode'], ['delivery', 'mode'],
  ['start and end dates', 'dates'], ['dates', 'dates'], ['start date', 'dates'], ['end date', 'dates'],
  ['class enrollment', 'enrollment'], ['enrollment', 'enrollment'], ['enrl', 'enrollment'], ['class size', 'enrollment'],
  ['class average', 'classAverage'], ['median grade', 'classAverage'], ['class avg', 'classAverage'], ['median', 'classAverage'], ['average', 'classAverage'],
  ['crd twd prog', 'programCredit'], ['credit toward program', 'programCredit'], ['twd prog', 'programCredit'], ['toward program', 'programCredit'],
  ['ceu', 'ignore'], ['contact hours', 'ignore'], ['ceu contact hours', 'ignore'], ['grading basis', 'ignore'], ['basis', 'ignore'], ['credit type', 'ignore'], ['type', 'ignore'],
  ['status', 'ignore'], ['instructor', 'ignore'], ['and', 'ignore'],
];
const MAX_PHRASE = 4;
const TABLE = new Map(PHRASES);

const normWord = (w: string): string => w.toLowerCase().replace(/[^a-z]/g, '');

/** Words split out of a glued word ("Level" from "CourseLevel"): each begins a column of its own. */
const GLUED = new WeakSet<Word>();

/** Whether a word could be part of a header. */
export function isHeaderWord(text: string): boolean {
  const n = normWord(text);
  return n !== '' && [...TABLE.keys()].some((k) => k.split(' ').includes(n));
}

/** Greedy phrase matching over a cell's words, longest phrase first. */
function rolesOfWords(words: Word[]): { cols: HeaderColumn[]; known: number; unknown: Word[] } {
  const cols: HeaderColumn[] = [];
  const unknown: Word[] = [];
  let known = 0;
  for (let i = 0; i < words.length; ) {
    let hit = false;
    for (let n = Math.min(MAX_PHRASE, words.length - i); n >= 1; n--) {
      const slice = words.slice(i, i + n);
      const role = TABLE.get(slice.map((w) => normWord(w.text)).join(' '));
      // two header words far apart are two columns, not one phrase; nor are words a PDF glued together
      const tight = slice.every((w, k) => k === 0 || (w.x0 - slice[k - 1]!.x1 < 0.9 * Math.max(1, w.y1 - w.y0) && !GLUED.has(w)));
      if (role && tight) {
        cols.push({ role, x0: Math.min(...slice.map((w) => w.x0)), x1: Math.max(...slice.map((w) => w.x1)), text: slice.map((w) => w.text).join(' ') });
        known += n;
        i += n;
        hit = true;
        break;
      }
    }
    if (!hit) unknown.push(words[i++]!);
  }
  return { cols, known, unknown };
}

/**
 * Words of a header printed over two lines stacked into one line: each word of the lower line is joined to the word of
 * the upper line above it ("Credit" + "Hours" → "Credit Hours"); lower words under no upper word stand alone.
 */
export function stackHeaderLines(upperWords: Word[], lowerWords: Word[]): Word[] {
  const upper = wordsOfStacked(upperWords);
  const lower = wordsOfStacked(lowerWords);
  const copy = (w: Word): Word => {
    const c = { ...w };
    if (GLUED.has(w)) GLUED.add(c);
    return c;
  };
  const out: Word[] = upper.map(copy);
  for (const w of lower) {
    const above = out.find((u) => Math.min(u.x1, w.x1) - Math.max(u.x0, w.x0) > 0.3 * Math.min(u.x1 - u.x0, w.x1 - w.x0));
    if (above) {
      above.text = `${above.text} ${w.text}`;
      above.x0 = Math.min(above.x0, w.x0);
      above.x1 = Math.max(above.x1, w.x1);
    } else out.push(copy(w));
  }
  return out.sort((a, b) => a.x0 - b.x0);
}

/**
 * Header words as matchable words: a stacked word "Credit Hours" is split back into words sharing its box, and words
 * glued by a PDF's text layer ("CourseLevel", "GradeCredits") are split where each part is a header word.
 */
function wordsOfStacked(words: Word[]): Word[] {
  return words.flatMap((w) => {
    const parts = w.text.split(' ');
    if (parts.length > 1) return parts.map((text) => ({ ...w, text }));
    if (isHeaderWord(w.text)) return [w];
    const glued = w.text.split(/(?<=[a-z])(?=[A-Z])/);
    if (glued.length < 2 || !glued.every(isHeaderWord)) return [w];
    const width = (w.x1 - w.x0) / w.text.length;
    let at = w.x0;
    return glued.map((text, i) => {
      const part = { ...w, text, x0: at, x1: at + width * text.length };
      at = part.x1;
      if (i > 0) GLUED.add(part);
      return part;
    });
  });
}

/** The columns of a header line, or null when the line is not a table header. */
export function detectHeader(line: Line | { words: Word[]; text: string }): HeaderColumn[] | null {
  if (/\d/.test(line.text)) return null;
  const words = wordsOfStacked(line.words);
  if (words.length < 2 || words.length > 28) return null;
  const { cols, known, unknown } = rolesOfWords(words);
  const roles = new Set(cols.map((c) => c.role));
  const numeric = [...roles].some((r) => NUMERIC_ROLES.has(r));
  const descriptive = roles.has('course') || roles.has('subject') || roles.has('title') || roles.has('grade');
  if (!numeric || !descriptive || cols.length < 2) return null;
  if (known / Math.max(1, words.length - extraColumns(cols, unknown).length) < 0.6) return null;
  // "Name" alone is a weak title hint; a line like "Name Student ID" is not a header
  if (cols.length === 2 && cols.some((c) => c.role === 'repeat' || c.role === 'ignore')) return null;
  // a stacked word matched as one phrase keeps one column
  const merged: HeaderColumn[] = [];
  for (const c of [...cols, ...extraColumns(cols, unknown)].sort((a, b) => a.x0 - b.x0)) {
    const prev = merged[merged.length - 1];
    if (prev && prev.x0 === c.x0 && prev.x1 === c.x1) {
      prev.text = `${prev.text} ${c.text}`;
      continue;
    }
    merged.push({ ...c });
  }
  return resolveCourseColumns(secondGradeIsPoints(splitGradePoints(merged, words)));
}

/**
 * Header words no phrase knows, printed after the last grade, credit or points column ("Attr", "RP", "GB", "Sym"): the
 * columns of flags and attributes some schools print after the grade. Each becomes a column of its own, so its values
 * are kept apart from the grade instead of being taken for it.
 */
function extraColumns(cols: HeaderColumn[], unknown: Word[]): HeaderColumn[] {
  const lastValue = Math.max(...cols.filter((c) => NUMERIC_ROLES.has(c.role) || c.role === 'grade').map((c) => c.x1));
  return unknown
    .filter((w) => w.x0 > lastValue && /^[A-Za-z]{1,12}\.?$/.test(w.text) && !GLUED.has(w))
    .map((w) => ({ role: 'ignore' as const, x0: w.x0, x1: w.x1, text: w.text }));
}

/**
 * "Grade Grade" over "… Points" whose lower line was lost (OCR) or not joined: of two grade columns side by side in a
 * table with no points column, the second is the grade points.
 */
function secondGradeIsPoints(cols: HeaderColumn[]): HeaderColumn[] {
  if (cols.some((c) => c.role === 'points')) return cols;
  const at = cols.findIndex((c, i) => i > 0 && c.role === 'grade' && cols[i - 1]!.role === 'grade');
  return at < 0 ? cols : cols.map((c, i) => (i === at ? { ...c, role: 'points' } : c));
}

/**
 * "Grade Points" read as one phrase in a tight header where "Grade" and "Points" are two columns: a table with no grade
 * column of its own gets them back as two (a transcript's table nearly always has a grade column).
 */
function splitGradePoints(cols: HeaderColumn[], words: Word[]): HeaderColumn[] {
  if (cols.some((c) => c.role === 'grade')) return cols;
  const at = cols.findIndex((c) => c.role === 'points' && /^(grade|grd)\s+(points|pts)$/i.test(c.text));
  if (at < 0) return cols;
  const c = cols[at]!;
  const inside = words.filter((w) => w.x0 >= c.x0 - 0.5 && w.x1 <= c.x1 + 0.5);
  if (inside.length !== 2) return cols;
  const [g, p] = inside as [Word, Word];
  return [...cols.slice(0, at), { role: 'grade', x0: g.x0, x1: g.x1, text: g.text }, { role: 'points', x0: p.x0, x1: p.x1, text: p.text }, ...cols.slice(at + 1)];
}

/** "Subject Course": with a subject column, "Course" is the number. */
function resolveCourseColumns(cols: HeaderColumn[]): HeaderColumn[] {
  const subject = cols.findIndex((c) => c.role === 'subject');
  if (subject < 0) return cols;
  return cols.map((c, i) => (c.role === 'course' && i === subject + 1 ? { ...c, role: 'number' } : c));
}

/** Whether the line is the lower half of a two-line header (only header words, no digits, short). */
export function isHeaderContinuation(line: Line): boolean {
  if (line.words.length === 0 || line.words.length > 12 || /\d/.test(line.text)) return false;
  const headerWords = line.words.filter((w) => isHeaderWord(w.text)).length;
  // OCR garbles a word now and then ("Attempte€ompleted" for "Attempted Completed"): most words are enough there
  return headerWords === line.words.length || (line.words.every((w) => w.conf !== undefined) && headerWords >= 1 && headerWords >= 0.5 * line.words.length);
}
