/** Detects table header lines ("Course  Title  Grade  Credit Hours  Quality Points") and the x-range of each column. */
import type { Line } from './types';

export type ColumnRole = 'course' | 'title' | 'grade' | 'attempted' | 'credits' | 'earned' | 'points' | 'gpaHours' | 'level' | 'term' | 'repeat';

export interface HeaderColumn {
  role: ColumnRole;
  x0: number;
  x1: number;
}

export const NUMERIC_ROLES: ReadonlySet<ColumnRole> = new Set(['attempted', 'credits', 'earned', 'points', 'gpaHours']);

const PHRASES: [string, ColumnRole][] = [
  ['quality points', 'points'], ['grade points', 'points'], ['quality pts', 'points'], ['qual pts', 'points'], ['grd pts', 'points'],
  ['honor points', 'points'], ['qpts', 'points'], ['qp', 'points'], ['points', 'points'], ['pts', 'points'], ['qual points', 'points'],
  ['gpa hours', 'gpaHours'], ['gpa hrs', 'gpaHours'], ['quality hours', 'gpaHours'], ['qhrs', 'gpaHours'], ['gpa units', 'gpaHours'],
  ['units earned', 'earned'], ['credits earned', 'earned'], ['earned hours', 'earned'], ['earned credits', 'earned'], ['earned units', 'earned'],
  ['hours earned', 'earned'], ['earned hrs', 'earned'], ['earned cr', 'earned'], ['earned', 'earned'], ['ehrs', 'earned'], ['ern', 'earned'],
  ['units attempted', 'attempted'], ['credits attempted', 'attempted'], ['attempted hours', 'attempted'], ['attempt hours', 'attempted'],
  ['hours attempted', 'attempted'], ['attempted credits', 'attempted'], ['attempted units', 'attempted'], ['attempted', 'attempted'],
  ['attempt', 'attempted'], ['att', 'attempted'], ['ahrs', 'attempted'],
  ['credit hours', 'credits'], ['credit hrs', 'credits'], ['cr hrs', 'credits'], ['sem hrs', 'credits'], ['semester hours', 'credits'],
  ['credit units', 'credits'], ['hours', 'credits'], ['hrs', 'credits'], ['credits', 'credits'], ['credit', 'credits'], ['units', 'credits'],
  ['unit', 'credits'], ['cr', 'credits'], ['crs', 'credits'], ['ch', 'credits'], ['cred', 'credits'],
  ['final grade', 'grade'], ['grade', 'grade'], ['grd', 'grade'], ['mark', 'grade'], ['grades', 'grade'],
  ['course title', 'title'], ['course description', 'title'], ['course name', 'title'], ['title', 'title'], ['description', 'title'],
  ['descr', 'title'], ['name', 'title'],
  ['course number', 'course'], ['course no', 'course'], ['course id', 'course'], ['course', 'course'], ['subject', 'course'],
  ['subj', 'course'], ['number', 'course'], ['num', 'course'], ['crse', 'course'], ['catalog', 'course'], ['no', 'course'], ['dept', 'course'],
  ['level', 'level'], ['lvl', 'level'], ['term', 'term'], ['semester', 'term'], ['session', 'term'], ['r', 'repeat'], ['rpt', 'repeat'],
  ['repeat', 'repeat'],
];
const MAX_PHRASE = 2;
const TABLE = new Map(PHRASES);

/** The columns of a header line, or null when the line is not a table header. */
export function detectHeader(line: Line): HeaderColumn[] | null {
  if (/\d/.test(line.text)) return null;
  const words = line.words;
  if (words.length < 2 || words.length > 20) return null;
  const cols: HeaderColumn[] = [];
  let known = 0;
  for (let i = 0; i < words.length; ) {
    let hit = false;
    for (let n = Math.min(MAX_PHRASE, words.length - i); n >= 1; n--) {
      const slice = words.slice(i, i + n);
      const key = slice.map((w) => w.text.toLowerCase().replace(/[^a-z]/g, '')).join(' ');
      const role = TABLE.get(key);
      // two header words far apart are two columns, not one phrase
      const tight = slice.every((w, k) => k === 0 || w.x0 - slice[k - 1]!.x1 < 1.2 * Math.max(1, w.y1 - w.y0));
      if (role && tight) {
        cols.push({ role, x0: slice[0]!.x0, x1: slice[n - 1]!.x1 });
        known += n;
        i += n;
        hit = true;
        break;
      }
    }
    if (!hit) i++;
  }
  const roles = new Set(cols.map((c) => c.role));
  const numeric = [...roles].some((r) => NUMERIC_ROLES.has(r));
  const descriptive = roles.has('course') || roles.has('title') || roles.has('grade');
  if (!numeric || !descriptive || roles.size < 2) return null;
  if (known / words.length < 0.6) return null;
  // "Name" alone is a weak title hint; a line like "Name Student ID" is not a header
  if (cols.length === 2 && cols.some((c) => c.role === 'repeat')) return null;
  return cols;
}
