/**
 * Turns reading-order lines (from PDF text or OCR) into course rows. Layout-agnostic: it tracks terms,
 * transfer and in-progress sections and table headers, and reads each line that starts with a course code.
 */
import { findTerm, matchCourseCode } from './course-code';
import { gradePoints, isWithdrawn, normaliseGrade } from './grades';
import { detectHeader, NUMERIC_ROLES, type HeaderColumn } from './header-columns';
import { makeLine, splitCells } from './layout-lines';
import type { Line, ReadRow, Word } from './types';

export interface ParsedLines {
  rows: ReadRow[];
  institution: string | null;
  candidateLines: number;
  skippedLines: string[];
}

const LEVEL = new Set(['UG', 'GR', 'LD', 'UD', 'U', 'G', 'CE', 'UGRD', 'GRAD', 'UND', 'LOW', 'UPP', 'DEV', 'PR', 'NC']);
const FLAG = new Set(['R', 'E', 'I', '*', '**', '#', '^', '+', '~', 'X', 'RP', 'RPT', 'EX', 'IN', 'NCR']);
const NUM = /^\(?-?\d{1,3}(?:[.,]\d{1,3})?\)?$/;

const TRANSFER_HEADING =
  /\btransfer(red)?\s+(credit|credits|work|course|courses|coursework|hours|institution|summary)\b|\bcredits?\s+accepted\b|\baccepted\s+from\b|\btest\s+credit|\badvanced\s+placement\b|\bcredit\s+by\s+exam|\bap\s+credit|\bdual\s+enrollment\s+credit|\bexternal\s+credit|^transfer\b/i;
const INSTITUTION_HEADING =
  /\binstitution(al)?\s+(credit|coursework|courses)|\bbeginning\s+of\s+.*record\b|\bhome\s+institution\b|\bresident\s+credit\b|\bcredit\s+earned\s+at\b|\bcourse\s*work\s+at\b/i;
const IN_PROGRESS_HEADING = /\b(courses?|work|credits?)\s+in\s+progress\b|\bin[-\s]progress\s+(courses?|work|credits?)\b|\bcurrently\s+enrolled\b|\bcurrent\s+(registration|enrollment|courses)\b|\bregistered\s+courses\b/i;
const TOTALS = /\b(totals?|gpa|cumulative|cum\b|overall|standing|dean'?s|honou?rs\s+list|earned\s+hours|attempted\s+hours|quality\s+points)\b/i;
const INSTITUTION_WORD = /\b(university|college|institute|school|academy|polytechnic|conservatory|seminary)\b/i;
const NOT_INSTITUTION = /\btransfer|\bfrom\b|\battended\b|\bprior\b|\bhigh\s+school\b|program\s*:|\bdegree\b|\bbachelor|\bassociate\b|\bmajor\b|name\s*:|\bcredit\b|\bof\s+(arts|science)\b|\bawarded\b/i;

interface Token {
  kind: 'num' | 'grade';
  text: string;
  value: number;
  x0: number;
  x1: number;
}

const cx = (a: { x0: number; x1: number }) => (a.x0 + a.x1) / 2;
const align = (t: { x0: number; x1: number }, c: { x0: number; x1: number }) =>
  Math.min(Math.abs(cx(t) - cx(c)), Math.abs(t.x1 - c.x1), Math.abs(t.x0 - c.x0));

/** OCR often reads 0 as O and 1 as l inside numbers. */
const fixDigits = (s: string): string => (/^[\dOoIl.,()-]+$/.test(s) && /\d/.test(s) ? s.replace(/[Oo]/g, '0').replace(/[Il]/g, '1') : s);

/**
 * Repairs two common OCR slips in table columns, using the header's x-ranges: a dropped decimal point
 * ("3000" under a credits column is 3.000) and a doubled grade letter ("WwW" under Grade is W).
 */
function repairOcrToken(text: string, w: Word, header: HeaderColumn[] | null): string {
  if (!header) return text;
  const h = Math.max(1, w.y1 - w.y0);
  const near = (c: HeaderColumn | undefined) => c !== undefined && align(w, c) < 2.5 * h;
  if (/^\d{4,5}$/.test(text) && header.some((c) => NUMERIC_ROLES.has(c.role) && near(c))) {
    const decimals = text.endsWith('000') || text.length === 5 ? 3 : 2;
    return `${text.slice(0, text.length - decimals)}.${text.slice(text.length - decimals)}`;
  }
  const doubled = /^([A-Za-z])\1+([+-]?)$/i.exec(text);
  if (doubled && near(header.find((c) => c.role === 'grade'))) return doubled[1]!.toUpperCase() + doubled[2]!;
  return text;
}

const parseNum = (s: string): number => Number(s.replace(/[()]/g, '').replace(',', '.'));

/** Drops the words of a leading term ("Fall 2022", "FA22") and returns the term. */
function stripLeadingTerm(words: Word[]): { term: string | null; rest: Word[] } {
  const text = words.map((w) => w.text).join(' ');
  const t = findTerm(text);
  if (!t || t.index !== 0) return { term: null, rest: words };
  const usedWords = text.slice(0, t.length).trim().split(/\s+/).length;
  return { term: t.term, rest: words.slice(usedWords) };
}

interface RowParse {
  row: Omit<ReadRow, 'term' | 'transferSection' | 'inProgress'> & { term: string | null };
  ok: boolean;
  reason?: string;
}

function parseRowData(words: Word[], subject: string, number: string, header: HeaderColumn[] | null): RowParse {
  let rowTerm: string | null = null;
  const titleParts: string[] = [];
  const tokens: Token[] = [];
  let lastTitleWord: Word | null = null;
  const cells = splitCells(words);
  cells.forEach((cell, ci) => {
    const text = cell.text.trim();
    if (!text || text === '-' || text === '–') return;
    if (/^in[\s-]*progress$|^in[\s-]*prog\.?$|^not\s+graded$/i.test(text)) {
      tokens.push({ kind: 'grade', text: 'IP', value: 0, x0: cell.x0, x1: cell.x1 });
      return;
    }
    const t = findTerm(text);
    if (t && t.index === 0 && t.length >= text.length - 1) {
      rowTerm = t.term;
      return;
    }
    if (ci === 0 && LEVEL.has(text.toUpperCase()) && cells.length > 1) return;
    const ws = cell.words.map((w) => ({ ...w, text: repairOcrToken(fixDigits(w.text), w, header) }));
    const kinds = ws.map((w) => (NUM.test(w.text) ? 'num' : normaliseGrade(w.text) ? 'grade' : FLAG.has(w.text) || LEVEL.has(w.text.toUpperCase()) ? 'flag' : 'text'));
    const isData = kinds.every((k) => k !== 'text');
    if (isData) {
      ws.forEach((w, i) => {
        if (kinds[i] === 'num') tokens.push({ kind: 'num', text: w.text, value: parseNum(w.text), x0: w.x0, x1: w.x1 });
        else if (kinds[i] === 'grade') tokens.push({ kind: 'grade', text: normaliseGrade(w.text)!, value: 0, x0: w.x0, x1: w.x1 });
      });
      return;
    }
    // a text cell; numbers with decimals glued on its end (OCR merging columns) are data
    let end = ws.length;
    while (end > 1 && /^\d{1,3}[.,]\d{1,3}$/.test(ws[end - 1]!.text)) end--;
    // a trailing grade merged into the title by a narrow gap: "Calculus I    A" read as one cell
    const kept = ws.slice(0, end);
    let words2 = kept;
    if (kept.length > 1) {
      const last = kept[kept.length - 1]!;
      const prev = kept[kept.length - 2]!;
      const g = normaliseGrade(last.text);
      const gradeCol = header?.find((c) => c.role === 'grade');
      const titleCol = header?.find((c) => c.role === 'title');
      const gap = last.x0 - prev.x1;
      const h = Math.max(1, last.y1 - last.y0);
      if (g && g !== 'I' && gradeCol && align(last, gradeCol) < align(last, titleCol ?? { x0: -1e9, x1: -1e9 }) && last.x1 >= gradeCol.x0 - 1.5 * h && last.x0 <= gradeCol.x1 + 1.5 * h && gap > 0.3 * h) {
        tokens.push({ kind: 'grade', text: g, value: 0, x0: last.x0, x1: last.x1 });
        words2 = kept.slice(0, -1);
      }
    }
    for (const w of ws.slice(end)) tokens.push({ kind: 'num', text: w.text, value: parseNum(w.text), x0: w.x0, x1: w.x1 });
    let title = words2.map((w) => w.text).join(' ');
    if (titleParts.length === 0) title = title.replace(/^[-–:‘’'"`|_.,]+\s*/, '');
    if (titleParts.length === 0 && ci === 0 && LEVEL.has((words2[0]?.text ?? '').toUpperCase())) title = title.replace(/^\S+\s+/, '');
    if (title) titleParts.push(title);
    lastTitleWord = words2[words2.length - 1] ?? lastTitleWord;
  });
  void lastTitleWord;

  const title = titleParts.join(' ').replace(/\s+/g, ' ').trim();
  const grades = tokens.filter((t) => t.kind === 'grade');
  const nums = tokens.filter((t) => t.kind === 'num' && Number.isFinite(t.value));
  let grade: string | null = null;
  const gradeCol = header?.find((c) => c.role === 'grade');
  if (grades.length === 1) grade = grades[0]!.text;
  else if (grades.length > 1) {
    grade = (gradeCol ? [...grades].sort((a, b) => align(a, gradeCol) - align(b, gradeCol))[0]! : grades.find((g) => g.text !== 'I' && g.text !== 'E') ?? grades[0]!).text;
  }

  let credits: number | null = null;
  let earned: number | null = null;
  let points: number | null = null;
  const numCols = (header ?? []).filter((c) => NUMERIC_ROLES.has(c.role)).sort((a, b) => a.x0 - b.x0);
  if (numCols.length > 0 && nums.length > 0) {
    const assigned = new Map<string, number>();
    if (nums.length === numCols.length) nums.forEach((n, i) => assigned.set(numCols[i]!.role, n.value));
    else
      for (const n of nums) {
        const col = [...numCols].sort((a, b) => align(n, a) - align(n, b))[0]!;
        if (!assigned.has(col.role)) assigned.set(col.role, n.value);
      }
    credits = assigned.get('attempted') ?? assigned.get('credits') ?? null;
    earned = assigned.get('earned') ?? (assigned.has('attempted') ? (assigned.get('credits') ?? null) : null);
    points = assigned.get('points') ?? null;
    if (credits === null) credits = earned ?? assigned.get('gpaHours') ?? null;
  } else if (nums.length > 0) {
    const v = nums.map((n) => n.value);
    const gp = gradePoints(grade);
    if (v.length === 1) credits = v[0]!;
    else if (v.length === 2) {
      const [a, b] = v as [number, number];
      if (gp !== null && a > 0 && Math.abs(b - a * gp) < 0.06 && !(a === b && gp === 1)) [credits, points] = [a, b];
      else if (b <= a) [credits, earned] = [a, b];
      else [credits, points] = [a, b];
    } else if (v.length === 3) [credits, earned, points] = v as [number, number, number];
    else [credits, earned, points] = [v[0]!, v[1]!, v[v.length - 1]!];
  }
  void points;
  if (credits === null || !(credits >= 0 && credits <= 40)) {
    return { row: { subject, number, title, credits: 0, earned, grade, term: rowTerm }, ok: false, reason: 'no credits' };
  }
  return { row: { subject, number, title, credits, earned, grade, term: rowTerm }, ok: true };
}

/** Picks the issuing school out of a header line, or null. */
export function institutionFromLine(line: Line): string | null {
  if (!INSTITUTION_WORD.test(line.text) || NOT_INSTITUTION.test(line.text)) return null;
  const cell = line.cells.find((c) => INSTITUTION_WORD.test(c.text)) ?? line;
  let name = cell.text
    .replace(/\b(unofficial|official)?\s*(academic\s+)?(transcript|record)\b.*$/i, '')
    .replace(/^(office\s+of\s+the\s+registrar|registrar'?s?\s+office)\s*[,:-]?\s*/i, '')
    .replace(/\s*[,|–-]\s*$/, '')
    .trim();
  if (name.length < 5 || name.length > 90 || /\d{3,}/.test(name)) return null;
  if (name.split(/\s+/).length > 10) return null;
  if (name === name.toUpperCase()) name = name.toLowerCase().replace(/\b([a-z])/g, (m) => m.toUpperCase()).replace(/\b(Of|At|The|And|In)\b/g, (m) => m.toLowerCase()).replace(/^./, (m) => m.toUpperCase());
  return name;
}

export function parseCourseLines(lines: Line[]): ParsedLines {
  const rows: ReadRow[] = [];
  const skippedLines: string[] = [];
  let institution: string | null = null;
  let candidateLines = 0;
  let term: string | null = null;
  let transfer = false;
  let transferClosing = false;
  let inProgressSection = false;
  let header: HeaderColumn[] | null = null;
  let seenTable = false;

  for (const line of lines) {
    let words = line.words.filter((w) => w.text.trim() !== '');
    if (words.length === 0) continue;
    // leading row markers: "1.", "*", "#"
    while (words.length > 1 && /^(\d{1,2}[.)]|\*+|#|•|-)$/.test(words[0]!.text)) words = words.slice(1);
    const lead = stripLeadingTerm(words);
    const code = matchCourseCode(lead.rest.map((w) => w.text));
    if (code && !TOTALS.test(lead.rest.slice(0, code.consumed).map((w) => w.text).join(' '))) {
      candidateLines++;
      seenTable = true;
      const parsed = parseRowData(lead.rest.slice(code.consumed), code.subject, code.number, header);
      if (!parsed.ok) {
        skippedLines.push(line.text);
        continue;
      }
      const r = parsed.row;
      let grade = r.grade;
      const rowTransfer = transfer;
      const inProgress = grade === 'IP' || (grade === null && !rowTransfer && (inProgressSection || !(r.earned !== null && r.earned > 0)));
      if (grade === 'IP') grade = 'IP';
      rows.push({
        subject: r.subject,
        number: r.number,
        title: r.title,
        credits: r.credits,
        earned: r.earned,
        grade,
        term: lead.term ?? r.term ?? term,
        inProgress,
        transferSection: rowTransfer,
      });
      continue;
    }

    const cols = detectHeader(makeLine(words));
    if (cols) {
      header = cols;
      seenTable = true;
      continue;
    }
    const text = line.text.replace(/\s+/g, ' ').trim();
    if (!seenTable && institution === null) institution = institutionFromLine(line);

    const isTotals = TOTALS.test(text);
    if (/transfer/i.test(text) && /total/i.test(text)) transferClosing = true;
    if (INSTITUTION_HEADING.test(text)) {
      transfer = false;
      inProgressSection = false;
      transferClosing = false;
    } else if (TRANSFER_HEADING.test(text) && !isTotals) {
      transfer = true;
      inProgressSection = false;
      transferClosing = false;
    } else if (IN_PROGRESS_HEADING.test(text) && !isTotals) {
      inProgressSection = true;
      transfer = false;
    }
    const t = findTerm(text);
    if (t && !isTotals && text.split(' ').length <= 12) {
      term = t.term;
      if (transferClosing && !/transfer|from/i.test(text)) {
        transfer = false;
        transferClosing = false;
      }
    }
    if (/\d/.test(text) && !isTotals && !t) skippedLines.push(line.text);
  }

  // Withdrawn courses are often printed with 0 attempted credits; estimate the course's credit value.
  for (const r of rows) {
    if (!isWithdrawn(r.grade) || r.credits !== 0) continue;
    const same = rows.find((o) => o !== r && o.subject === r.subject && o.number === r.number && o.credits > 0);
    r.credits = same ? same.credits : /L$/.test(r.number) ? 1 : 3;
    r.creditsEstimated = true;
  }
  return { rows, institution, candidateLines, skippedLines: skippedLines.slice(0, 200) };
}

/**
 * Lines from plain monospaced text (one character = 5 units, lines 12 units apart), for tests and for
 * text already laid out with spaces. Two or more spaces separate cells.
 */
export function linesFromText(text: string, page = 1): Line[] {
  return text.split(/\r?\n/).flatMap((raw, i) => {
    const words: Word[] = [];
    const re = /\S+/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(raw))) words.push({ text: m[0], x0: m.index * 5, x1: (m.index + m[0].length) * 5, y0: i * 12, y1: i * 12 + 8, page });
    return words.length ? [makeLine(words)] : [];
  });
}
