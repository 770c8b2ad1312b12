/**
 * Scores course rows read from a transcript against its truth, the way the project scores the reader: rows matched as
 * a multiset on subject|number (whitespace removed, upper case); credits right within 0.01; grades compared with
 * "IP", "In Progress" and empty treated alike; the school found when the reading's school contains the truth's name.
 */
export interface ScoredRow {
  subject: string;
  number: string;
  credits: number;
  grade: string | null;
}

export interface TruthRow {
  subject: string;
  number: string;
  credits: number;
  grade: string | null;
}

export interface DocumentScore {
  tp: number;
  fp: number;
  fn: number;
  creditsRight: number;
  gradesRight: number;
  schoolFound: boolean;
  /** Human-readable differences, for looking at what went wrong. */
  misses: string[];
}

const norm = (s: unknown): string => String(s ?? '').toUpperCase().replace(/\s+/g, '');
const key = (r: { subject: string; number: string }): string => `${norm(r.subject)}|${norm(r.number)}`;
const gradeOf = (g: unknown): string => {
  const s = norm(g);
  return s === '' || s === 'IP' || s === 'INPROGRESS' ? '' : s;
};

export function schoolMatches(found: string | null, school: string): boolean {
  return norm(found).includes(norm(school).replace(/^THE/, ''));
}

export function scoreDocument(truth: readonly TruthRow[], rows: readonly ScoredRow[], school: string, foundSchool: string | null): DocumentScore {
  const want = new Map<string, TruthRow[]>();
  for (const c of truth) want.set(key(c), [...(want.get(key(c)) ?? []), c]);
  const score: DocumentScore = { tp: 0, fp: 0, fn: 0, creditsRight: 0, gradesRight: 0, schoolFound: schoolMatches(foundSchool, school), misses: [] };
  for (const r of rows) {
    const left = want.get(key(r));
    if (!left?.length) {
      score.fp++;
      score.misses.push(`extra ${key(r)} ${r.credits} ${r.grade ?? ''}`);
      continue;
    }
    let i = left.findIndex((c) => gradeOf(r.grade) === gradeOf(c.grade) && Math.abs(Number(r.credits) - c.credits) < 0.01);
    if (i < 0) i = 0;
    const [c] = left.splice(i, 1);
    score.tp++;
    if (Math.abs(Number(r.credits) - c!.credits) < 0.01) score.creditsRight++;
    else score.misses.push(`${key(r)} credits ${r.credits} ≠ ${c!.credits}`);
    if (gradeOf(r.grade) === gradeOf(c!.grade)) score.gradesRight++;
    else score.misses.push(`${key(r)} grade ${r.grade ?? '∅'} ≠ ${c!.grade ?? '∅'}`);
  }
  for (const [k, l] of want) for (const c of l) score.misses.push(`missed ${k} ${c.credits} ${c.grade ?? ''}`);
  score.fn = [...want.values()].reduce((n, l) => n + l.length, 0);
  return score;
}

export interface Totals {
  documents: number;
  failed: number;
  tp: number;
  fp: number;
  fn: number;
  creditsRight: number;
  gradesRight: number;
  schoolDocuments: number;
  schoolFound: number;
  /** Documents whose truth says quarter or semester, and how many the reader called right. */
  calendarDocuments: number;
  calendarRight: number;
  /** Right and sure (the page said so); sure but wrong. */
  calendarSureRight: number;
  calendarSureWrong: number;
  times: number[];
}

export const emptyTotals = (): Totals => ({ documents: 0, failed: 0, tp: 0, fp: 0, fn: 0, creditsRight: 0, gradesRight: 0, schoolDocuments: 0, schoolFound: 0, calendarDocuments: 0, calendarRight: 0, calendarSureRight: 0, calendarSureWrong: 0, times: [] });

export function addScore(t: Totals, s: DocumentScore, schoolPrinted: boolean): void {
  t.documents++;
  t.tp += s.tp;
  t.fp += s.fp;
  t.fn += s.fn;
  t.creditsRight += s.creditsRight;
  t.gradesRight += s.gradesRight;
  if (schoolPrinted) {
    t.schoolDocuments++;
    if (s.schoolFound) t.schoolFound++;
  }
}

export function merge(parts: readonly Totals[]): Totals {
  const t = emptyTotals();
  for (const p of parts) {
    t.documents += p.documents;
    t.failed += p.failed;
    t.tp += p.tp;
    t.fp += p.fp;
    t.fn += p.fn;
    t.creditsRight += p.creditsRight;
    t.gradesRight += p.gradesRight;
    t.schoolDocuments += p.schoolDocuments;
    t.schoolFound += p.schoolFound;
    t.calendarDocuments += p.calendarDocuments;
    t.calendarRight += p.calendarRight;
    t.calendarSureRight += p.calendarSureRight;
    t.calendarSureWrong += p.calendarSureWrong;
    t.times.push(...p.times);
  }
  return t;
}

export function rates(t: Totals): { precision: number; recall: number; f1: number; credits: number; grades: number; school: number } {
  const precision = t.tp / Math.max(1, t.tp + t.fp);
  const recall = t.tp / Math.max(1, t.tp + t.fn);
  return {
    precision,
    recall,
    f1: (2 * precision * recall) / Math.max(1e-9, precision + recall),
    credits: t.creditsRight / Math.max(1, t.tp),
    grades: t.gradesRight / Math.max(1, t.tp),
    school: t.schoolFound / Math.max(1, t.schoolDocuments),
  };
}

export function percentile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]! : NaN;
}
