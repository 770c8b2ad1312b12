/**
 * Quarter or semester credits, from what the page says: term names ("Fall Quarter 2022", "FALL QTR 2024", "2023 Fall
 * Semester"), unit words ("quarter units", "semester hours", "QTR ATTEMPTED", "SEM HRS"), and the order of terms (a
 * Winter term of several courses between a Fall and a Spring is a quarter school's). The answer is sure only when the
 * page says so; Fall and Spring terms alone are only likely a semester school's (the caller then asks the school's
 * directory entry, or the student).
 */
import { findTerm } from './terms';
import type { Line, ReadRow } from './types';

export type CreditCalendar = 'quarter' | 'semester';

export interface CalendarReading {
  /** The likelier calendar, or null when the page gives no sign. */
  value: CreditCalendar | null;
  /** The page says so in words, or by a Winter term between Fall and Spring. */
  sure: boolean;
  /** What on the page says so ("Fall Quarter 2022", "semester hours"), for the report to show. */
  evidence: string | null;
}

const QUARTER_TERM = /\b(fall|autumn|winter|spring|summer)\s+(quarter|qtr\.?)\b|\b(fall|autumn|winter|spring|summer)\s+(19|20)\d{2}\s+(quarter|qtr)\b|\b(quarter|qtr\.?)\s+(19|20)\d{2}\b|\b(19|20)\d{2}\s+(fall|autumn|winter|spring|summer)\s+(quarter|qtr\.?)/i;
const QUARTER_UNITS = /\bquarter\s+(units?|credits?|hours?|hrs|gpa|credit\s+hours)\b|\bqtr\.?\s+(attempted|earned|hrs|hours|gpa|credits?|units|cr|totals)\b|\bquarter\s+(totals|units\s+earned)\b/i;
const SEMESTER_TERM = /\b(fall|autumn|winter|spring|summer)\s+semester\b|\bsemester\s+(19|20)\d{2}\b|\b(19|20)\d{2}\s+(fall|spring|summer)\s+semester\b|\bsemester\s+(i{1,2}|1|2)\b/i;
const SEMESTER_UNITS = /\bsemester\s+(units?|credits?|hours?|hrs|gpa|credit\s+hours|totals)\b|\bsem\.?\s+(hrs|hours|credits?|gpa)\b|^\s*semester\s*:/i;
/** A short winter session between semesters, not a quarter. */
const WINTER_SESSION = /\b(inter-?session|session|j-?term|mini|wintermester)\b/i;

/** The calendar a transcript's page shows. `rows` are the course rows read from `lines` (their terms). */
export function detectCalendar(lines: readonly Line[], rows: readonly ReadRow[]): CalendarReading {
  let quarter = 0;
  let semester = 0;
  let quarterEvidence: string | null = null;
  let semesterEvidence: string | null = null;
  const seen = (text: string, re: RegExp) => re.exec(text)?.[0]?.trim() ?? null;
  for (const line of lines) {
    const text = line.text.replace(/\s+/g, ' ');
    const q = seen(text, QUARTER_TERM) ?? seen(text, QUARTER_UNITS);
    const s = seen(text, SEMESTER_TERM) ?? seen(text, SEMESTER_UNITS);
    // a legend that names both ("quarter hours are two-thirds of a semester hour") says nothing
    if (q && s) continue;
    if (q) {
      quarter += 2;
      quarterEvidence ??= q;
    }
    if (s) {
      semester += 2;
      semesterEvidence ??= s;
    }
  }
  // the order of terms: a Winter term of two or more courses (not a winter session) with Fall and Spring terms
  const winterSession = lines.some((l) => findTerm(l.text)?.term.startsWith('Winter') && WINTER_SESSION.test(l.text));
  const own = rows.filter((r) => r.section === 'institution' || r.section === 'in-progress');
  const byTerm = new Map<string, number>();
  for (const r of own) if (r.term) byTerm.set(r.term, (byTerm.get(r.term) ?? 0) + 1);
  const seasons = new Set([...byTerm.keys()].map((t) => t.split(' ')[0]));
  // rows read under no term heading: the terms the page names anywhere
  if (seasons.size === 0) for (const l of lines) seasons.add(findTerm(l.text)?.term.split(' ')[0]);
  const winter = [...byTerm.entries()].find(([t, n]) => t.startsWith('Winter') && n >= 2);
  if (winter && !winterSession && seasons.has('Fall') && seasons.has('Spring')) {
    quarter += 2;
    quarterEvidence ??= `a ${winter[0]} term between Fall and Spring`;
  }
  if (quarter > 0 && quarter >= 3 * semester) return { value: 'quarter', sure: quarter >= 2 && semester === 0, evidence: quarterEvidence };
  if (semester > 0 && semester >= 3 * quarter) return { value: 'semester', sure: semester >= 2 && quarter === 0, evidence: semesterEvidence };
  if (quarter > 0 || semester > 0) return { value: quarter >= semester ? 'quarter' : 'semester', sure: false, evidence: null };
  // Fall and Spring terms and no Winter term of a quarter's load: most likely a semester school, but the page does not say
  if (seasons.has('Fall') && seasons.has('Spring') && (!winter || winterSession)) return { value: 'semester', sure: false, evidence: null };
  return { value: null, sure: false, evidence: null };
}
