/** Small HTML builders the unseen layouts share: a table of columns, fixed-width text, grade-code helpers. */
import { earnedOf, esc, fx, page, pointsOf, type Course } from './record';

export interface Column {
  head: string;
  cell: (c: Course) => string;
  align?: 'l' | 'r' | 'c';
  /** CSS width ("8%", "60px"). */
  width?: string;
}

/** A header row and one row per course, as table rows (no <table> around them). */
export function rows(cols: readonly Column[], courses: readonly Course[], cls = ''): string {
  const align = (c: Column) => (c.align === 'r' ? ' style="text-align:right"' : c.align === 'c' ? ' style="text-align:center"' : '');
  const head = `<tr class="${cls}head">${cols.map((c) => `<th${align(c)}${c.width ? ` width="${c.width}"` : ''}>${esc(c.head)}</th>`).join('')}</tr>`;
  const body = courses.map((course) => `<tr>${cols.map((c) => `<td${align(c)}>${c.cell(course)}</td>`).join('')}</tr>`).join('\n');
  return `${head}\n${body}`;
}

/** Only the body rows. */
export function bodyRows(cols: readonly Column[], courses: readonly Course[]): string {
  const align = (c: Column) => (c.align === 'r' ? ' style="text-align:right"' : c.align === 'c' ? ' style="text-align:center"' : '');
  return courses.map((course) => `<tr>${cols.map((c) => `<td${align(c)}>${c.cell(course)}</td>`).join('')}</tr>`).join('\n');
}

/** Fixed-width text, escaped, in a <pre>. */
export const pre = (lines: readonly string[], cls = ''): string => `<pre class="${cls}">${lines.map(esc).join('\n')}</pre>`;

export const upper = (s: string): string => s.toUpperCase();
/** A title as mainframe systems abbreviate it: capitals, at most n characters. */
export const shout = (s: string, n = 30): string => s.toUpperCase().slice(0, n);

/** A page of fixed-width text (mainframe and home-grown prints) in a monospaced font. */
export const fixedWidthPage = (lines: readonly string[], font: 'Liberation Mono' | 'DejaVu Sans Mono', size: number): string =>
  page(`body { font-family: '${font}', monospace; font-size: ${size}pt; } pre { margin: 0; }`, pre(lines));

/** PeopleSoft's course table: Course, Description, Attempted, Earned, Grade, Points (code joined by `gap`). */
export const peopleSoftColumns = (gap = ' ', creditDecimals = 3): Column[] => [
  { head: 'Course', cell: (c) => `${c.subject}${gap}${c.number}` },
  { head: 'Description', cell: (c) => esc(c.title) },
  { head: 'Attempted', cell: (c) => fx(c.credits, creditDecimals), align: 'r' },
  { head: 'Earned', cell: (c) => fx(earnedOf(c), creditDecimals), align: 'r' },
  { head: 'Grade', cell: (c) => c.grade ?? '', align: 'c' },
  { head: 'Points', cell: (c) => fx(pointsOf(c), 3), align: 'r' },
];
