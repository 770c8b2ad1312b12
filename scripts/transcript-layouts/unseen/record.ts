/**
 * The unseen evaluation set (issue 36): each document re-typesets one real school's public layout with a made-up student
 * and a made-up record written by hand. This file holds what every layout shares: the record notation, the truth a
 * reader must find, and small printing helpers. The layouts themselves are in layouts-*.ts; where each came from is in
 * each document's `source` (printed to tests/fixtures/transcripts-unseen/SOURCES.md).
 */
import type { Section, TruthCourse } from '../record';

export type Calendar = 'semester' | 'quarter';

/** One course of a made-up record. */
export interface Course {
  subject: string;
  number: string;
  title: string;
  credits: number;
  /** As printed; null when the course is in progress (nothing printed, or the layout's in-progress mark). */
  grade: string | null;
  term: string;
  section: Section;
  /** Where transfer credit came from (a transfer block's heading). */
  from?: string;
  /** Extra printed marks after the grade (repeat flags, general-education tags, …), layout-specific. */
  flags: string[];
  /** Earned credits when they are not the usual (passed: credits; failed, withdrawn, in progress: 0). */
  earned?: number;
}

export interface Term {
  name: string;
  section: Section;
  from?: string;
  courses: Course[];
}

/** What the student sees as a photo or a screenshot of the document (page 1 only). */
export type ImageKind = 'photo' | 'screenshot';

export interface UnseenDocument {
  id: string;
  school: string;
  /** The school's name is printed in full on the page (not only as a logo or web address). */
  schoolPrinted: boolean;
  /** The registrar system and how the document reached the student. */
  system: string;
  calendar: Calendar;
  /** Where the layout was found and what the source showed (SOURCES.md). */
  source: string;
  student: string;
  studentId: string;
  terms: Term[];
  /** Also a photo or screenshot of page 1 (all its rows fit on page 1). */
  images?: { kind: ImageKind; seed: number }[];
  /** Also the same PDF with its fonts' character maps removed, so its text layer is garbage. */
  garbled?: boolean;
  html: (doc: UnseenDocument) => string;
}

const NO_CREDIT = new Set(['F', 'W', 'WD', 'WF', 'WU', 'NC', 'NP', 'I', 'U', 'Z', 'NR', 'FN', 'UW', 'AU', 'E', 'DR', 'EW', 'N', 'X']);
const GRADE_POINTS: Record<string, number> = { 'A+': 4, A: 4, 'A-': 3.7, 'B+': 3.3, B: 3, 'B-': 2.7, 'C+': 2.3, C: 2, 'C-': 1.7, 'D+': 1.3, D: 1, 'D-': 0.7, F: 0 };

/**
 * A record written as text: "term NAME" opens a term of the school's own record; "transfer NAME | FROM" and "test NAME"
 * open transfer and test credit; "progress NAME" opens courses in progress. Each course line is
 * "SUBJECT NUMBER | Title | credits | grade [| flag …]" (grade "-" for none: in progress).
 */
export function record(text: string): Term[] {
  const terms: Term[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('//')) continue;
    const head = /^(term|transfer|test|progress)\s+(.+)$/.exec(line);
    if (head) {
      const [name, from] = head[2]!.split('|').map((s) => s.trim());
      const section: Section = head[1] === 'transfer' ? 'transfer' : head[1] === 'test' ? 'test' : head[1] === 'progress' ? 'in-progress' : 'institution';
      terms.push({ name: name!, section, ...(from ? { from } : {}), courses: [] });
      continue;
    }
    const term = terms[terms.length - 1];
    if (!term) throw new Error(`course before any term: ${line}`);
    const [code, title, credits, grade, ...flags] = line.split('|').map((s) => s.trim());
    const m = /^(\S+(?:\s\S+)*?)\s+(\S+)$/.exec(code!);
    if (!m) throw new Error(`bad course code: ${code}`);
    const earnedFlag = flags.find((f) => f.startsWith('earned='));
    const course: Course = {
      subject: m[1]!,
      number: m[2]!,
      title: title!,
      credits: Number(credits),
      grade: grade === '-' || grade === undefined ? null : grade,
      term: term.name,
      section: term.section,
      ...(term.from ? { from: term.from } : {}),
      flags: flags.filter((f) => !f.startsWith('earned=')),
      ...(earnedFlag ? { earned: Number(earnedFlag.slice(7)) } : {}),
    };
    if (Number.isNaN(course.credits)) throw new Error(`bad credits: ${line}`);
    term.courses.push(course);
  }
  return terms;
}

export const allCourses = (doc: { terms: Term[] }): Course[] => doc.terms.flatMap((t) => t.courses);

export function earnedOf(c: Course): number {
  if (c.earned !== undefined) return c.earned;
  if (c.grade === null || NO_CREDIT.has(c.grade)) return 0;
  if (/^\d+(\.\d+)?$/.test(c.grade) && Number(c.grade) < 0.7) return 0;
  return c.credits;
}

/** Quality points on the 4-point scale (decimal grades count as their value). */
export function pointsOf(c: Course): number {
  if (c.grade === null) return 0;
  if (c.grade in GRADE_POINTS) return GRADE_POINTS[c.grade]! * c.credits;
  if (/^[0-4]\.\d$/.test(c.grade)) return Number(c.grade) * c.credits;
  return 0;
}

export const graded = (c: Course): boolean => c.grade !== null && (c.grade in GRADE_POINTS || /^[0-4]\.\d$/.test(c.grade));
export const sum = (cs: readonly Course[], f: (c: Course) => number): number => cs.reduce((s, c) => s + f(c), 0);
export function gpa(cs: readonly Course[]): number {
  const g = cs.filter(graded);
  const hours = sum(g, (c) => c.credits);
  return hours ? sum(g, pointsOf) / hours : 0;
}
export const fx = (n: number, d: number): string => n.toFixed(d);
export const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const pad = (s: string, n: number): string => (s.length >= n ? s.slice(0, n) : s + ' '.repeat(n - s.length));
export const padLeft = (s: string, n: number): string => (s.length >= n ? s : ' '.repeat(n - s.length) + s);

export function page(css: string, body: string, size = '8.5in 11in', margin = '0.5in'): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>@page { size: ${size}; margin: ${margin}; } body { margin: 0; } ${css}</style></head><body>${body}</body></html>`;
}

/** The truth a reader must find: every course row with its code as the school's catalogue writes it. */
export function truthOf(doc: UnseenDocument): TruthCourse[] {
  return allCourses(doc).map((c) => {
    const inProgress = c.grade === null || c.section === 'in-progress';
    return {
      term: c.section === 'test' ? null : c.term,
      subject: c.subject,
      number: c.number,
      title: c.title,
      credits: c.credits,
      earned: earnedOf(c),
      grade: c.grade === 'IP' ? null : c.grade,
      inProgress,
      transfer: c.section === 'transfer' || c.section === 'test',
      section: c.section === 'institution' && inProgress ? 'in-progress' : c.section,
    };
  });
}
