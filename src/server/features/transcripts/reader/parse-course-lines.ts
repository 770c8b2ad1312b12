/**
 * Turns reading-order lines (from PDF text or OCR) into course rows. It reads tables, not lines: a header row gives each
 * column a role whatever its order and wording, and a row's words are read by the column they sit under. Rows with no
 * header above them are read by the shapes of their values (which number is credits, which quality points, which a
 * numeric grade), decided once for all rows of the same shape. It keeps the term and the section (institution,
 * transfer, test credit, in progress) each row sits in, and a confidence for each row.
 */
import { findCourseCode, matchCourseCode } from './course-code';
import { hasUnreadableSuffix, stripFusedTags } from './course-tags';
import { earnsNoCredit } from '../../../../shared/grades/grade-policy';
import { gradePoints, isNumericGrade, isWithdrawn, normaliseGrade } from './grades';
import { CREDIT_ROLES, detectHeader, isHeaderContinuation, stackHeaderLines, type ColumnRole, type HeaderColumn } from './header-columns';
import { findInstitution } from './institution';
import { makeLine, withoutLeadingMarks } from './layout-lines';
import { isTotalsText, sectionOfHeading } from './sections';
import { findTerm } from './terms';
import type { Line, ReadRow, RowSection, Word } from './types';

export interface ParsedLines {
  rows: ReadRow[];
  institution: string | null;
  institutionWebAddress: string | null;
  candidateLines: number;
  skippedLines: string[];
}

const LEVEL = new Set(['UG', 'GR', 'LD', 'UD', 'U', 'G', 'CE', 'UGRD', 'GRAD', 'UND', 'LOW', 'UPP', 'DEV', 'PR', 'NC', 'UN', 'LL', 'UL']);
const FLAG = new Set(['R', 'E', 'I', '*', '**', '#', '^', '+', '~', 'X', 'RP', 'RPT', 'EX', 'IN', 'NCR', 'EXCL', 'INCL', 'REPEATED', 'EXCLUDED', 'INCLUDED', 'A', 'M', 'L']);
/** A number: credits, points, a numeric grade; also OCR's numbers that lost their point ("3000"), repaired later. */
const NUM = /^\(?-?\d{1,3}(?:[.,]\d{1,3})?\)?$|^\d{4,6}$/;
const DATES = /^\d{1,2}\/\d{1,2}\/\d{2,4}(?:\s*-\s*\d{1,2}\/\d{1,2}\/\d{2,4})?$|^\d{1,2}\/\d{1,2}\/\d{2,4}-$/;
/** Usual credit values; others lower a row's confidence. */
const USUAL_CREDITS = new Set([0, 0.25, 0.5, 0.75, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 6, 7, 8, 9, 10, 12, 15]);

type Kind = 'num' | 'grade' | 'ip' | 'flag' | 'level' | 'term' | 'dates' | 'text';

interface Tok {
  text: string;
  kind: Kind;
  value: number;
  x0: number;
  x1: number;
  word: Word;
}

/** OCR often reads 0 as O and 1 as l inside numbers. */
const fixDigits = (s: string): string => (/^[\dOoIl.,()-]+$/.test(s) && /\d/.test(s) ? s.replace(/[Oo]/g, '0').replace(/[Il]/g, '1') : s);

/**
 * A grade as OCR misreads it in a grade column: doubled letters ("WwW", "Cc"), lower case ("uw"), and a plus read as
 * "t" ("Ct"). Null when no repair gives a grade.
 */
export function repairOcrGrade(raw: string): string | null {
  // "8+" and "8-" are B+ and B- (a bare "8" could be a number: repairDigitGrades decides it by the document)
  if (/^8[+\-~—–]$/.test(raw)) return normaliseGrade(`B${raw.slice(1)}`);
  if (raw.length > 4 || !/^[A-Za-z+\-~—–*]+$/.test(raw)) return null;
  const candidates = [
    raw.toUpperCase(),
    raw.toUpperCase().replace(/^([A-Z])\1+/, '$1'),
    raw.replace(/^([A-Da-d])[tf]$/, '$1+').toUpperCase(),
    raw.replace(/[~—–]$/, '-').toUpperCase(),
  ];
  for (const c of candidates) {
    const g = normaliseGrade(c);
    if (g) return g;
  }
  return null;
}

function classify(word: Word): Tok {
  const text = fixDigits(word.text);
  const base = { text, value: 0, x0: word.x0, x1: word.x1, word };
  if (NUM.test(text)) return { ...base, kind: 'num', value: Number(text.replace(/[()]/g, '').replace(',', '.')) };
  if (DATES.test(text)) return { ...base, kind: 'dates' };
  const g = normaliseGrade(text);
  if (g === 'IP') return { ...base, kind: 'ip', text: 'IP' };
  if (g) return { ...base, kind: 'grade', text: g };
  if (LEVEL.has(text.toUpperCase())) return { ...base, kind: 'level' };
  if (FLAG.has(text.toUpperCase())) return { ...base, kind: 'flag' };
  // OCR: a misread grade that cannot be an English word ("WwW", "Cc", "uw", "Ct")
  if (word.conf !== undefined && text.length >= 2 && !/^[A-Z][a-z]+$/.test(text) || (word.conf !== undefined && /^[A-D][tf]$/.test(text))) {
    const repaired = repairOcrGrade(text);
    if (repaired) return { ...base, kind: repaired === 'IP' ? 'ip' : 'grade', text: repaired };
  }
  return { ...base, kind: 'text' };
}

const isDataKind = (k: Kind) => k !== 'text';
const cx = (a: { x0: number; x1: number }) => (a.x0 + a.x1) / 2;
const wordHeight = (w: Word) => Math.max(1, w.y1 - w.y0);

/** Joins "In Progress" / "Not Graded" into one in-progress word. */
function joinProgressWords(words: Word[]): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const next = words[i + 1];
    if (next && /^(in|not)$/i.test(w.text) && /^(progress|prog\.?|graded)$/i.test(next.text)) {
      out.push({ ...w, text: 'IP', x1: next.x1 });
      i++;
    } else out.push(w);
  }
  return out;
}

interface RowDraft {
  lineIndex: number;
  subject: string;
  number: string;
  titleWords: Word[];
  /** Data words after the code that are not title, by column role when a header is known. */
  toks: Tok[];
  roles: (ColumnRole | null)[];
  header: HeaderColumn[] | null;
  rowTerm: string | null;
  /** The credits column prints "R" (a repeated attempt whose credit is not counted): credits come from the other attempt. */
  creditsRepeated?: boolean;
  term: string | null;
  section: RowSection;
  credits: number | null;
  earned: number | null;
  points: number | null;
  grade: string | null;
  fromHeader: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// columns

const isValueRole = (role: ColumnRole | null | undefined): boolean => role !== null && role !== undefined && (CREDIT_ROLES.has(role) || role === 'points' || role === 'grade');

const TEXT_ROLES: ReadonlySet<ColumnRole> = new Set(['title', 'course', 'subject', 'campus', 'mode', 'dates']);

/** How badly a word of this kind fits a column of this role (a number under "Campus", a title word under "Credits"). */
function misfit(kind: Kind, role: ColumnRole): number {
  if (kind === 'num') return role === 'title' ? 0.3 : TEXT_ROLES.has(role) ? 0.8 : 0;
  if (kind === 'text') return CREDIT_ROLES.has(role) || role === 'points' || role === 'grade' ? 0.8 : 0;
  if (kind === 'grade' || kind === 'ip') return CREDIT_ROLES.has(role) || role === 'points' ? 0.5 : 0;
  return 0;
}

/**
 * The header column a word sits under: the one it overlaps most (as a share of its width), else the nearest by edges;
 * the distance between centres breaks ties, and a word that does not fit a column's kind is pushed away from it.
 */
function nearestColumn(t: { x0: number; x1: number; kind: Kind; h: number }, header: HeaderColumn[], spans: { x0: number; x1: number }[]): { index: number; score: number } {
  let best = -1;
  let bestScore = Infinity;
  const width = Math.max(1, t.x1 - t.x0);
  header.forEach((c, i) => {
    const s = spans[i]!;
    const overlap = Math.min(t.x1, s.x1) - Math.max(t.x0, s.x0);
    const distance = overlap > 0 ? -Math.min(1, overlap / width) : Math.min(Math.abs(t.x0 - s.x1), Math.abs(t.x1 - s.x0)) / t.h;
    const score = distance + (0.1 * Math.abs(cx(t) - cx(c))) / t.h + misfit(t.kind, c.role);
    if (score < bestScore) [best, bestScore] = [i, score];
  });
  return { index: best, score: bestScore };
}

/**
 * Spans of header columns for assigning words: a title (or a course column holding "CODE - Title") reaches to the next
 * column; other columns keep their header words' extent.
 */
function columnSpans(header: HeaderColumn[]): { x0: number; x1: number }[] {
  return header.map((c, i) => {
    const next = header[i + 1];
    if ((c.role === 'title' || c.role === 'course') && next) return { x0: c.x0, x1: Math.max(c.x1, next.x0 - 2) };
    return { x0: c.x0, x1: c.x1 };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// one line

interface LineRead {
  draft: Omit<RowDraft, 'lineIndex' | 'term' | 'section' | 'credits' | 'earned' | 'points' | 'grade' | 'fromHeader'>;
}

/**
 * OCR reads a subject in capitals as mixed or lower case now and then ("Cs 5010", "cs 5200"): a short OCR word of
 * letters under the subject or course column, followed by a course number, is the subject in capitals.
 */
function isMiscasedSubject(words: Word[], header: HeaderColumn[]): boolean {
  const [first, second] = words;
  if (!first || !second || first.conf === undefined || !/^[A-Za-z]{2,4}$/.test(first.text) || /^[A-Z]+$/.test(first.text)) return false;
  if (!/^\d{3,5}[A-Z]?$/.test(second.text)) return false;
  const h = wordHeight(first);
  return header.some((c) => (c.role === 'subject' || c.role === 'course') && first.x1 > c.x0 - h && first.x0 < c.x1 + h);
}

/** How many of a row's first words sit under a term column printed before the course column. */
function wordsBeforeCodeUnderTerm(words: Word[], header: HeaderColumn[]): number {
  const term = header.find((c) => c.role === 'term');
  const code = header.find((c) => c.role === 'course' || c.role === 'subject');
  if (!term || !code || term.x0 >= code.x0) return 0;
  let n = 0;
  while (n < words.length - 1 && cx(words[n]!) < code.x0 && words[n]!.x1 <= code.x0 + 0.5 * (code.x1 - code.x0)) n++;
  return n < words.length ? n : 0;
}

function stripLeadingTerm(words: Word[]): { term: string | null; rest: Word[] } {
  const text = words.map((w) => w.text).join(' ');
  const t = findTerm(text);
  if (!t || t.index !== 0) return { term: null, rest: words };
  const used = text.slice(0, t.length).trim().split(/\s+/).length;
  return { term: t.term, rest: words.slice(used) };
}

/** Digits OCR reads for the capitals of a subject: "B10" is BIO, "5PAN" is SPAN. */
const DIGIT_AS_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '5': 'S', '8': 'B' };

/**
 * A subject as OCR misreads it, before its course number: capitals read as digits ("B10 101" → BIO 101) or a letter in
 * lower case in a fused code ("CsC221" → CSC221). Only OCR words in capitals that a course number follows (or that
 * hold one) are changed; a word of a title ("Physics 1") is not.
 */
function repairOcrSubjects(words: readonly Word[], texts: string[]): string[] {
  return texts.map((text, i) => {
    const w = words[i]!;
    if (w.conf === undefined) return text;
    const next = texts[i + 1] ?? '';
    const capitals = (t: string) => (t.match(/[A-Z]/g) ?? []).length >= (t.match(/[a-z]/g) ?? []).length;
    // a fused code with a lower-case letter: "CsC221"
    const fused = /^([A-Za-z]{2,5})(\d{2,5}[A-Za-z]?)$/.exec(text);
    if (fused && /[a-z]/.test(fused[1]!) && capitals(fused[1]!)) return text.toUpperCase();
    // a subject with digits for letters, then its number: "B10 101"
    if (/^\d{2,5}[A-Z]{0,2}$/.test(next) && /^[A-Z0158]{2,5}$/.test(text) && /[A-Z]/.test(text) && /[0158]/.test(text) && !/^\d/.test(text)) return text.replace(/[0158]/g, (d) => DIGIT_AS_LETTER[d]!);
    return text;
  });
}

/**
 * Which words may begin a course code printed after a title in capitals: under a header whose title column comes
 * before its course column, the first word inside the course column; else a word that begins a table cell.
 */
function codeMayStart(line: Line, words: Word[], header: HeaderColumn[] | null): boolean[] {
  // "COURSE TITLE   COURSE   UNITS": the code column is the one after the title column
  const title = header?.find((c) => c.role === 'title');
  const codeColumn = title ? header!.find((c) => (c.role === 'course' || c.role === 'subject') && c.x0 > title.x0) : undefined;
  if (codeColumn) {
    return words.map((w, i) => {
      const h = wordHeight(w);
      const inside = (x: Word) => x.x0 >= codeColumn.x0 - 1.5 * h;
      return inside(w) && (i === 0 || !inside(words[i - 1]!));
    });
  }
  const cellStartsAt = new Set(line.cells.map((c) => c.x0));
  return words.map((w) => cellStartsAt.has(w.x0));
}

/** Reads the code, title and data words of a course line, or null when the line is not a course row. */
/**
 * Splits a number glued to a grade ("3.00A" in tight columns, "30D" from OCR) into two words, each with its share of
 * the box.
 */
function splitGluedGrades(words: Word[]): Word[] {
  return words.flatMap((w) => {
    const m = /^(\d{1,3}(?:[.,]\d{1,3})?)([A-DF][+-]?|[PSWU]|CR|NC|NP|TCR)$/.exec(w.text);
    if (!m || (!w.text.includes('.') && w.conf === undefined)) return [w];
    const cut = w.x0 + ((w.x1 - w.x0) * m[1]!.length) / w.text.length;
    return [{ ...w, text: m[1]!, x1: cut }, { ...w, text: m[2]!, x0: cut }];
  });
}

/** A course number run into its title by a narrow column ("183CFirst-Year", "11900CGeneral") split in two. */
function splitNumberFromTitle(words: Word[]): Word[] {
  return words.flatMap((w) => {
    const m = /^(\d{2,5}[A-Z]{0,2})([A-Z][a-z][\w'’&:,.()/-]*)$/.exec(w.text);
    if (!m) return [w];
    const cut = w.x0 + ((w.x1 - w.x0) * m[1]!.length) / w.text.length;
    return [{ ...w, text: m[1]!, x1: cut }, { ...w, text: m[2]!, x0: cut }];
  });
}

function readLine(line: Line, header: HeaderColumn[] | null): LineRead | null {
  let words = withoutLeadingMarks(splitNumberFromTitle(joinProgressWords(line.words.filter((w) => w.text.trim() !== ''))));
  const lead = stripLeadingTerm(words);
  words = lead.rest;
  // a term column before the code holds what no term name reads ("202210", "2022/1"): not part of the code or title
  const beforeCode = header ? wordsBeforeCodeUnderTerm(words, header) : 0;
  if (beforeCode) {
    lead.term ??= findTerm(words.slice(0, beforeCode).map((w) => w.text).join(' '))?.term ?? null;
    words = words.slice(beforeCode);
  }
  const texts = repairOcrSubjects(words, words.map((w) => fixDigits(w.text)));
  if (header && isMiscasedSubject(words, header)) texts[0] = texts[0]!.toUpperCase();
  const code = findCourseCode(texts, 10, codeMayStart(line, words, header));
  if (!code) return null;
  if (isTotalsText(texts.slice(code.start, code.start + code.consumed).join(' '))) return null;
  const before = words.slice(0, code.start);
  const after = splitGluedGrades(words.slice(code.start + code.consumed));
  const codeEnd = words[code.start + code.consumed - 1]!.x1;
  const titleWords: Word[] = [...before];
  const toks: Tok[] = [];
  const roles: (ColumnRole | null)[] = [];
  let rowTerm = lead.term;
  let creditsRepeated = false;

  if (header) {
    const spans = columnSpans(header);
    const scores: number[] = [];
    const termWords: string[] = [];
    for (const w of after) {
      let tok = classify(w);
      let near = nearestColumn({ x0: w.x0, x1: w.x1, kind: tok.kind, h: wordHeight(w) }, header, spans);
      // OCR: a word that looks like text ("Cc", "Bt") but sits under the grade column is the grade it repairs to
      const asGrade = tok.kind === 'text' && w.conf !== undefined ? repairOcrGrade(tok.text) : null;
      if (asGrade) {
        const gradeNear = nearestColumn({ x0: w.x0, x1: w.x1, kind: 'grade', h: wordHeight(w) }, header, spans);
        if (header[gradeNear.index]!.role === 'grade') [tok, near] = [{ ...tok, kind: asGrade === 'IP' ? 'ip' : 'grade', text: asGrade }, gradeNear];
      }
      const col = header[near.index]!;
      if (col.role === 'title' || (col.role === 'course' && (tok.kind === 'text' || w.x0 > codeEnd + 3 * wordHeight(w)))) {
        if (tok.kind === 'ip' && !header.some((c) => c.role === 'grade')) {
          toks.push(tok);
          roles.push('grade');
          scores.push(near.score);
        } else titleWords.push(w);
        continue;
      }
      if (col.role === 'term') termWords.push(w.text);
      toks.push(tok);
      roles.push(col.role);
      scores.push(near.score);
    }
    // two values under one column: the better aligned keeps it; a number just after the title is the title's end
    roles.forEach((role, i) => {
      if (role === null || !(CREDIT_ROLES.has(role) || role === 'points' || role === 'grade')) return;
      const rival = roles.findIndex((r, j) => j !== i && r === role && scores[j]! < scores[i]!);
      if (rival < 0) return;
      const lastTitle = titleWords[titleWords.length - 1];
      const t = toks[i]!;
      if (lastTitle && t.x0 - lastTitle.x1 < wordHeight(t.word)) titleWords.push(t.word);
      roles[i] = null;
    });
    // a term column's value can be two words ("FA 2022")
    if (termWords.length && !rowTerm) rowTerm = findTerm(termWords.join(' '))?.term ?? null;
    // "R" among the numeric columns (right-aligned, it may sit nearer the points header) where the credits should be
    creditsRepeated = toks.some((t, k) => t.text.toUpperCase() === 'R' && (CREDIT_ROLES.has(roles[k]!) || roles[k] === 'points')) && !toks.some((t, k) => t.kind === 'num' && CREDIT_ROLES.has(roles[k]!));
  } else {
    // no header: the title is the text after the code (and any before it); data are the trailing data-like words
    let classified = after.map(classify);
    // flag and attribute columns after the grade or points ("4.00 A+ DP NI", "11.10 FSAW", "FSAR, FSMA") are extras
    let flags = 0;
    while (flags < 3 && classified.length - flags > 1 && /^[A-Z]{1,4},?$/.test(classified[classified.length - 1 - flags]!.text) && classified[classified.length - 1 - flags]!.kind !== 'grade' && classified[classified.length - 1 - flags]!.kind !== 'ip') flags++;
    const beforeFlags = classified[classified.length - 1 - flags];
    if (flags && beforeFlags && (beforeFlags.kind === 'num' || beforeFlags.kind === 'grade' || beforeFlags.kind === 'ip') && classified.some((t) => t.kind === 'num')) classified = classified.slice(0, classified.length - flags);
    let start = 0;
    // level, campus or section marks between the code and the title ("UG", "S", "01")
    while (start < classified.length - 1 && (classified[start]!.kind === 'level' || /^(\d{2,3}|[A-Z])$/.test(classified[start]!.text)) && classified[start + 1]!.kind === 'text') start++;
    // a term printed between the title and the data ("Calculus I   2022 Fall   B+   1.00"): a term column, not title
    const termAt = termBetweenTitleAndData(after, classified, start);
    if (termAt) {
      rowTerm ??= termAt.term;
      titleWords.push(...after.slice(start, termAt.index));
      for (const t of classified.slice(termAt.index + termAt.words)) {
        toks.push(t);
        roles.push(null);
      }
      return { draft: { subject: code.subject, number: code.number, titleWords, toks, roles, header, rowTerm } };
    }
    let end = classified.length;
    while (end > start && isDataKind(classified[end - 1]!.kind)) end--;
    // a title ending in a number or letter ("Calculus I", "Physics 1") keeps it when it sits as close to the title as
    // the title's words sit to each other (a monospaced print spaces words wider than a proportional font)
    const titleGaps = after.slice(start + 1, end).map((w, k) => w.x0 - after[start + k]!.x1);
    const widestTitleGap = titleGaps.length ? Math.max(...titleGaps) : 0;
    while (end < classified.length && end > start) {
      const prev = after[end - 1]!;
      const w = after[end]!;
      const gap = w.x0 - prev.x1;
      if (classified[end - 1]!.kind === 'text' && gap < Math.max(0.8 * wordHeight(w), 1.3 * widestTitleGap) && (classified[end]!.kind === 'grade' || classified[end]!.kind === 'flag' || /^\d{1,2}$/.test(w.text)) && classified[end + 1] !== undefined) end++;
      else break;
    }
    titleWords.push(...after.slice(start, end));
    for (const t of classified.slice(end)) {
      if (t.kind === 'text') continue;
      toks.push(t);
      roles.push(null);
    }
  }
  return { draft: { subject: code.subject, number: code.number, titleWords, toks, roles, header, rowTerm, ...(creditsRepeated ? { creditsRepeated } : {}) } };
}

/**
 * A term name after the title and before the row's data, all of which are data (numbers, a grade): where it starts,
 * how many words it has, and the term. Null when there is none.
 */
function termBetweenTitleAndData(words: Word[], classified: Tok[], start: number): { index: number; words: number; term: string } | null {
  for (let k = start + 1; k < words.length - 1; k++) {
    const t = findTerm(words.slice(k, k + 3).map((w) => w.text).join(' '));
    if (!t || t.index !== 0) continue;
    const used = words.slice(k, k + 3).map((w) => w.text).join(' ').slice(0, t.length).trim().split(/\s+/).length;
    const data = classified.slice(k + used);
    if (data.length > 0 && data.every((d) => isDataKind(d.kind)) && data.some((d) => d.kind === 'num')) return { index: k, words: used, term: t.term };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// values of a row

interface Values {
  credits: number | null;
  earned: number | null;
  points: number | null;
  grade: string | null;
}

function valuesFromHeader(d: RowDraft): Values {
  const byRole = new Map<ColumnRole, Tok>();
  const gradeToks: Tok[] = [];
  d.toks.forEach((t, i) => {
    const role = d.roles[i];
    if (!role) return;
    if (t.kind === 'grade' || t.kind === 'ip') gradeToks.push(t);
    if (!byRole.has(role)) byRole.set(role, t);
  });
  const num = (role: ColumnRole): number | null => {
    const t = byRole.get(role);
    return t && t.kind === 'num' ? t.value : null;
  };
  let grade: string | null = null;
  const g = byRole.get('grade');
  if (g) grade = g.kind === 'num' ? g.text : g.kind === 'grade' || g.kind === 'ip' ? g.text : null;
  if (!grade) {
    // a grade word that landed under a neighbouring column
    const stray = gradeToks.find((t) => CREDIT_ROLES.has(d.roles[d.toks.indexOf(t)]!) || d.roles[d.toks.indexOf(t)] === 'points');
    if (stray) grade = stray.text;
  }
  const attempted = num('attempted');
  const credits = num('credits');
  const earned = num('earned');
  const gpaHours = num('gpaHours');
  return {
    credits: attempted ?? credits ?? earned ?? gpaHours,
    earned: earned ?? (attempted !== null ? credits : null),
    points: num('points'),
    grade,
  };
}

type Role = 'c' | 'e' | 'p' | 'g' | 'h' | 'x';

/** Signatures tried for rows with k numbers and no header, in order of preference. */
const SIGNATURES: Record<number, Role[][]> = {
  1: [['c']],
  2: [['c', 'p'], ['c', 'e'], ['c', 'g'], ['x', 'c'], ['c', 'h']],
  3: [['c', 'e', 'p'], ['c', 'h', 'p'], ['c', 'p', 'h'], ['c', 'e', 'g'], ['c', 'g', 'p'], ['x', 'c', 'p'], ['c', 'p', 'x'], ['x', 'c', 'e']],
  4: [['c', 'e', 'h', 'p'], ['c', 'e', 'p', 'h'], ['x', 'c', 'e', 'p'], ['c', 'e', 'p', 'x'], ['c', 'h', 'p', 'x']],
};

function signatureFor(k: number): Role[][] {
  if (SIGNATURES[k]) return SIGNATURES[k]!;
  // five or more numbers: attempted, earned, …, points
  return [['c', 'e', ...Array<Role>(Math.max(0, k - 3)).fill('x'), 'p']];
}

const near = (a: number, b: number) => Math.abs(a - b) < 0.051;

/** How well a row's numbers fit a signature (higher is better). */
function fitScore(sig: Role[], nums: Tok[], letter: string | null): number {
  let score = 0;
  const at = (r: Role) => sig.indexOf(r);
  const c = nums[at('c')];
  if (!c) return -Infinity;
  if (c.value < 0 || c.value > 30) return -Infinity;
  score += USUAL_CREDITS.has(c.value) ? 1 : -0.5;
  if (/^0\d$/.test(c.text)) score -= 2;
  const gp = gradePoints(letter);
  for (const [i, role] of sig.entries()) {
    const t = nums[i]!;
    const v = t.value;
    if (role === 'e') score += near(v, c.value) || near(v, 0) ? 1 : -2;
    if (role === 'h') score += near(v, c.value) || near(v, 0) ? 0.5 : -2;
    if (role === 'p') {
      if (gp !== null) score += near(v, c.value * gp) || Math.abs(v - c.value * gp) < 0.02 * c.value * 4 ? 2.5 : -2;
      else score += near(v, 0) ? 0.3 : -0.5;
    }
    if (role === 'g') score += letter ? -3 : isNumericGrade(t.text) && !near(v, c.value) ? 1.2 : -2;
    if (role === 'x') score += /^0\d$/.test(t.text) || (Number.isInteger(v) && !t.text.includes('.')) ? 0.8 : -1.5;
  }
  return score;
}

function gradeOf(toks: Tok[]): string | null {
  const lastNum = toks.map((t) => t.kind).lastIndexOf('num');
  const grades = toks.filter((t, i) => (t.kind === 'grade' || t.kind === 'ip') && !(i > lastNum && toks.slice(0, i).some((u) => u.kind === 'grade') && /^[EIR]$/.test(t.text)));
  return grades[0]?.text ?? null;
}

function valuesWithoutHeader(d: RowDraft, sig: Role[] | null): Values {
  const nums = d.toks.filter((t) => t.kind === 'num');
  let grade = gradeOf(d.toks);
  if (!sig || nums.length === 0) return { credits: null, earned: null, points: null, grade };
  const pick = (r: Role) => (sig.indexOf(r) >= 0 ? (nums[sig.indexOf(r)]?.value ?? null) : null);
  if (sig.includes('g') && !grade) grade = nums[sig.indexOf('g')]?.text ?? null;
  return { credits: pick('c'), earned: pick('e'), points: pick('p'), grade };
}

/** Chooses one signature for all header-less rows with the same count of numbers. */
function chooseSignatures(drafts: RowDraft[]): Map<number, Role[]> {
  const byCount = new Map<number, RowDraft[]>();
  for (const d of drafts) {
    const k = d.toks.filter((t) => t.kind === 'num').length;
    if (k > 0) byCount.set(k, [...(byCount.get(k) ?? []), d]);
  }
  const chosen = new Map<number, Role[]>();
  for (const [k, rows] of byCount) {
    let best: Role[] | null = null;
    let bestScore = -Infinity;
    for (const sig of signatureFor(k)) {
      let total = 0;
      for (const d of rows) {
        const s = fitScore(sig, d.toks.filter((t) => t.kind === 'num'), gradeOf(d.toks.filter((t) => t.kind !== 'num')));
        total += Number.isFinite(s) ? s : -5;
      }
      if (total > bestScore) [best, bestScore] = [sig, total];
    }
    if (best) chosen.set(k, best);
  }
  return chosen;
}

// ---------------------------------------------------------------------------------------------------------------
// confidence

function rowConfidence(d: RowDraft, title: string): number {
  let c = d.fromHeader ? 0.9 : 0.75;
  const credits = d.credits ?? 0;
  if (!USUAL_CREDITS.has(credits)) c -= 0.2;
  const gp = gradePoints(d.grade);
  if (d.points !== null && gp !== null && credits > 0) c += near(d.points, credits * gp) ? 0.08 : -0.25;
  if (d.earned !== null && !near(d.earned, credits) && !near(d.earned, 0)) c -= 0.1;
  if (d.grade === null && d.section === 'institution') c -= 0.15;
  if (!title) c -= 0.1;
  const confs = [...d.titleWords, ...d.toks.map((t) => t.word)].map((w) => w.conf).filter((x): x is number => x !== undefined);
  if (confs.length) c *= Math.min(1, (confs.reduce((a, b) => a + b, 0) / confs.length + 10) / 90);
  return Math.max(0, Math.min(1, Math.round(c * 100) / 100));
}

// ---------------------------------------------------------------------------------------------------------------
// the document

/**
 * OCR adds a digit to a number now and then ("4.06" for "4.0" followed by a speck): an OCR number that is not a usual
 * credit value, printed with more decimals than its column's other numbers, is cut back when that gives a usual one.
 */
function repairExtraDecimals(drafts: RowDraft[]): void {
  const decimalsOf = (t: Tok) => /\.(\d+)$/.exec(t.text)?.[1]?.length ?? 0;
  const column = (d: RowDraft, i: number) => (d.header ? (d.roles[i] ?? 'none') : 'any');
  const counts = new Map<string, Map<number, number>>();
  for (const d of drafts)
    d.toks.forEach((t, i) => {
      if (t.kind !== 'num' || t.word.conf === undefined) return;
      const byDecimals = counts.get(column(d, i)) ?? new Map<number, number>();
      byDecimals.set(decimalsOf(t), (byDecimals.get(decimalsOf(t)) ?? 0) + 1);
      counts.set(column(d, i), byDecimals);
    });
  for (const d of drafts)
    d.toks.forEach((t, i) => {
      if (t.kind !== 'num' || t.word.conf === undefined || USUAL_CREDITS.has(t.value)) return;
      const usual = [...(counts.get(column(d, i)) ?? new Map<number, number>()).entries()].sort((a, b) => b[1] - a[1])[0];
      if (!usual || usual[1] < 2 || decimalsOf(t) !== usual[0] + 1 || usual[0] === 0) return;
      const text = t.text.slice(0, -1);
      if (USUAL_CREDITS.has(Number(text))) d.toks[i] = { ...t, text, value: Number(text) };
    });
}

/** Tops of the numeric grade scales (grade points, 1–5, 1–7, 1–10, percentages). */
const GRADE_SCALES = [4.3, 5, 7, 10, 100];

/**
 * OCR drops decimal points ("3.0" read as "30", "4.000" as "4000"). An OCR number with no point, in a credits or points
 * column whose other values are printed with d decimals, gets its point back; without a header, only a number too large
 * to be credits is repaired.
 */
function repairDroppedDecimals(drafts: RowDraft[]): void {
  // decimals printed in each column (by role; header-less numbers count under "any")
  const decimals = new Map<string, Map<number, number>>();
  // the largest value printed with a point in each column (a numeric grade column's scale)
  const largest = new Map<string, number>();
  const column = (d: RowDraft, i: number) => (d.header ? (d.roles[i] ?? 'none') : 'any');
  for (const d of drafts)
    d.toks.forEach((t, i) => {
      const m = /\.(\d+)$/.exec(t.text);
      if (t.kind !== 'num' || !m || t.word.conf === undefined) return;
      const counts = decimals.get(column(d, i)) ?? new Map<number, number>();
      counts.set(m[1]!.length, (counts.get(m[1]!.length) ?? 0) + 1);
      decimals.set(column(d, i), counts);
      largest.set(column(d, i), Math.max(largest.get(column(d, i)) ?? 0, t.value));
    });
  const mostCommon = (key: string) => [...(decimals.get(key) ?? new Map<number, number>()).entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  for (const draft of drafts)
    draft.toks.forEach((t, i) => {
      if (t.kind !== 'num' || t.word.conf === undefined || !/^\d{2,6}$/.test(t.text)) return;
      const role = draft.roles[i];
      const d = mostCommon(column(draft, i));
      // a numeric grade column printed with a point ("2.6"): a value beyond its scale lost its point ("29")
      if (draft.header && role === 'grade') {
        const scale = GRADE_SCALES.find((top) => top >= (largest.get('grade') ?? 0)) ?? 0;
        if (d === undefined || t.text.length <= d || t.value <= scale) return;
        const text = `${t.text.slice(0, t.text.length - d)}.${t.text.slice(t.text.length - d)}`;
        if (Number(text) <= scale) draft.toks[i] = { ...t, text, value: Number(text) };
        return;
      }
      const numeric = role !== null && role !== undefined && (CREDIT_ROLES.has(role) || role === 'points');
      if (draft.header && !numeric) return;
      let text: string | null = null;
      if (d !== undefined && t.text.length > d && (draft.header || t.value > 12)) text = `${t.text.slice(0, t.text.length - d)}.${t.text.slice(t.text.length - d)}`;
      // no value in the column kept its point: a credit value too large to be one lost it after its first digit
      else if (d === undefined && t.value > 12 && role !== 'points') text = `${t.text[0]}.${t.text.slice(1)}`;
      if (text) draft.toks[i] = { ...t, text, value: Number(text) };
    });
}

/**
 * OCR reads a grade B as the digit 8 now and then ("5.0   8   15.0"): in a document whose other grades are letters, an
 * OCR'd "8", "8+" or "8-" where the grade is read is the B it looks like.
 */
function repairDigitGrades(drafts: readonly RowDraft[], values: Values[]): void {
  const grades = values.map((v) => v.grade).filter((g): g is string => g !== null && g !== 'IP');
  const letters = grades.filter((g) => /^[A-F][+-]?$/.test(g)).length;
  if (letters < 2 || letters < 0.6 * grades.length) return;
  values.forEach((v, i) => {
    const ocr = [...drafts[i]!.toks.map((t) => t.word), ...drafts[i]!.titleWords].some((w) => w.conf !== undefined);
    if (ocr && v.grade && /^8[+-]?$/.test(v.grade)) v.grade = `B${v.grade.slice(1)}`;
  });
}

/**
 * Course units counted in hundreds (a course is 100 units, a half course 50): every credit value the document prints
 * is a multiple of 25, and several are over 30. Such values are kept as printed instead of being refused as too large.
 */
function countsHundredUnits(values: readonly Values[]): boolean {
  const credits = values.map((v) => v.credits).filter((c): c is number => c !== null);
  const large = credits.filter((c) => c > 30);
  return large.length >= 2 && credits.every((c) => c === 0 || (c % 25 === 0 && c <= 200));
}

/** Whether a row read under a header has a number under a credits column (without one it gives no row). */
function hasCreditNumber(draft: LineRead['draft']): boolean {
  return draft.creditsRepeated === true || draft.toks.some((t, k) => t.kind === 'num' && CREDIT_ROLES.has(draft.roles[k]!));
}

/** A header detected on line i, joined with a second header line above or below it. */
function headerAt(lines: Line[], i: number, used: Set<number>): HeaderColumn[] | null {
  const line = lines[i]!;
  const alone = detectHeader(line);
  const below = lines[i + 1];
  const above = lines[i - 1];
  const close = (a: Line, b: Line) => a.page === b.page && Math.abs(a.y - b.y) < 2.2 * Math.max(a.height, b.height);
  const stacked = (upper: Line, lower: Line) => {
    const words = stackHeaderLines(upper.words, lower.words);
    return detectHeader({ words, text: words.map((w) => w.text).join(' ') });
  };
  // the lower half of a two-line header: only header words, not a header of its own
  if (alone && below && close(line, below) && isHeaderContinuation(below) && !detectHeader(below)) {
    const both = stacked(line, below);
    if (both) {
      used.add(i + 1);
      return both;
    }
  }
  if (!alone && above && close(above, line) && isHeaderContinuation(above) && isHeaderContinuation(line) && !used.has(i - 1)) return stacked(above, line);
  return alone;
}

export function parseCourseLines(printedLines: Line[]): ParsedLines {
  const lines = joinStackedRecords(printedLines);
  const skippedLines: string[] = [];
  const drafts: RowDraft[] = [];
  let candidateLines = 0;
  let term: string | null = null;
  let section: RowSection = 'institution';
  let header: HeaderColumn[] | null = null;
  let firstTableIndex = -1;
  let rowsInSection = 0;
  const headerLines = new Set<number>();
  const recentHeaders: HeaderColumn[][] = [];

  for (let i = 0; i < lines.length; i++) {
    if (headerLines.has(i)) continue;
    const line = lines[i]!;
    if (line.words.length === 0) continue;
    let read = readLine(line, headerFor(line, header, recentHeaders));
    // a header that does not fit the row (title words under number columns: a wider table after a page break)
    if (read?.draft.header && read.draft.toks.some((t, k) => t.kind === 'text' && isValueRole(read!.draft.roles[k]))) read = readLine(line, null);
    // or whose credit columns catch none of the row's numbers (a header garbled by OCR left an earlier one in force):
    // such a row would be lost, so it is read by its shape
    else if (read?.draft.header && !hasCreditNumber(read.draft)) {
      const byShape = readLine(line, null);
      if (byShape?.draft.toks.some((t) => t.kind === 'num')) read = byShape;
    }
    if (read) {
      candidateLines++;
      if (firstTableIndex < 0) firstTableIndex = i;
      drafts.push({ ...read.draft, lineIndex: i, term, section, credits: null, earned: null, points: null, grade: null, fromHeader: read.draft.header !== null });
      rowsInSection++;
      continue;
    }
    const cols = headerAt(lines, i, headerLines);
    if (cols) {
      header = cols;
      recentHeaders.unshift(cols);
      recentHeaders.length = Math.min(recentHeaders.length, 16);
      if (firstTableIndex < 0) firstTableIndex = i;
      continue;
    }
    const text = line.text.replace(/\s+/g, ' ').trim();
    const last = drafts[drafts.length - 1];
    if (last && last.lineIndex === i - 1 && isTitleContinuation(line, lines[i - 1]!, last)) {
      last.titleWords.push(...line.words);
      last.lineIndex = i;
      continue;
    }
    const opened = sectionOfHeading(text);
    if (opened) {
      section = opened;
      rowsInSection = 0;
    }
    const t = findTerm(text);
    if (t && !isTotalsText(text) && text.split(' ').length <= 12) {
      term = t.term;
      // a bare term heading after transfer or test rows starts the school's own terms
      if ((section === 'transfer' || section === 'test') && rowsInSection > 0 && isBareTerm(text) && !opened) {
        section = 'institution';
        rowsInSection = 0;
      }
    }
    if (/\d/.test(text) && !isTotalsText(text) && !t) skippedLines.push(line.text);
  }

  // tags fused to course numbers ("SLS 1106GE", "BSC1010LGENS") are told from suffixes by the whole document
  stripFusedTags(drafts).forEach((number, i) => (drafts[i]!.number = number));
  const courseDrafts = drafts.filter((d) => !hasUnreadableSuffix(d.number));
  repairDroppedDecimals(courseDrafts);
  repairExtraDecimals(courseDrafts);
  // header-less rows: one reading of the numbers for all rows of the same shape
  const signatures = chooseSignatures(courseDrafts.filter((d) => !d.header));
  const rows: ReadRow[] = [];
  const repeatedAttempts = new Set<ReadRow>();
  const values = courseDrafts.map((d) => (d.header ? valuesFromHeader(d) : valuesWithoutHeader(d, signatures.get(d.toks.filter((t) => t.kind === 'num').length) ?? null)));
  const maxCredits = countsHundredUnits(values) ? 200 : 30;
  repairDigitGrades(courseDrafts, values);
  for (const [k, d] of courseDrafts.entries()) {
    const v = values[k]!;
    // credits printed as "R": not counted here; the course's value is estimated below from its other attempt
    if (d.creditsRepeated && v.credits === null) Object.assign(v, { credits: 0, earned: 0 });
    if (v.credits === null || !(v.credits >= 0 && v.credits <= maxCredits)) {
      skippedLines.push(lines[d.lineIndex]!.text);
      continue;
    }
    Object.assign(d, v);
    // OCR reads a title's roman numerals as a bar or a lower-case l ("Composition |", "Calculus Il")
    const ocrTitle = d.titleWords.some((w) => w.conf !== undefined);
    const title = d.titleWords
      .map((w) => (ocrTitle ? w.text.replace(/^\|$/, 'I').replace(/^(?:Il|lI|ll)$/, 'II').replace(/^(?:Ill|IIl|lll)$/, 'III') : w.text))
      .join(' ')
      .replace(/^[-–:‘’'"`|_.,]+\s*/, '')
      .replace(/\s+-\s*$/, '')
      .replace(/^-\s+/, '')
      .replace(/\s+/g, ' ')
      .trim();
    const transfer = d.section === 'transfer' || d.section === 'test';
    const grade = d.grade;
    const inProgress = grade === 'IP' || (grade === null && !transfer && (d.section === 'in-progress' || !(d.earned !== null && d.earned > 0)));
    const rowSection: RowSection = inProgress && d.section === 'institution' ? 'in-progress' : d.section;
    const row: ReadRow = {
      subject: d.subject,
      number: d.number,
      title: title.replace(/^-\s*/, ''),
      credits: d.credits!,
      earned: d.earned,
      grade,
      term: d.rowTerm ?? d.term,
      inProgress,
      transferSection: transfer,
      section: rowSection,
      confidence: 0,
    };
    row.confidence = rowConfidence({ ...d, section: rowSection }, row.title);
    if (d.creditsRepeated) repeatedAttempts.add(row);
    rows.push(row);
  }

  // Withdrawn courses are often printed with 0 attempted credits, and a repeated attempt's credits as "R"; estimate the
  // course's credit value.
  for (const r of rows) {
    if (!(isWithdrawn(r.grade) || repeatedAttempts.has(r)) || r.credits !== 0) continue;
    const same = rows.find((o) => o !== r && o.subject === r.subject && o.number === r.number && o.credits > 0);
    r.credits = same ? same.credits : /L$/.test(r.number) ? 1 : 3;
    r.creditsEstimated = true;
  }
  // attempted vs earned: a passed course earned what it attempted (which grades earn nothing: the one grade policy)
  for (const r of rows) if (r.earned === null && r.grade !== null && !r.inProgress && !earnsNoCredit(r.grade)) r.earned = r.credits;

  const school = findInstitution(lines, firstTableIndex < 0 ? lines.length : firstTableIndex);
  return { rows, institution: school.name, institutionWebAddress: school.webAddress, candidateLines, skippedLines: skippedLines.slice(0, 200) };
}

/** "3.00 Units", "4 credits", "3 hrs": a credit value with its label, as cards and stacked records print it. */
const LABELLED_CREDITS = /(?:^|\s)(\d{1,3}(?:\.\d{1,2})?)\s*(?:units?|credits?|cr\.?|credit\s+hours|hours|hrs\.?)(?=\s|$)/i;
/** "Grade A", "Grade: B+", "Grade —" (none yet). */
const LABELLED_GRADE = /\bgrade:?\s+(\S+)/i;

/**
 * A course printed as a card or a stacked record (a phone page): its code on one line, its title on the next, then its
 * term, credits and grade with their labels ("2023 Spring   3.00 Units   Grade A"). The lines are joined into one row
 * line, term first, then code, title, credits and grade, each a cell of its own, so the row is read like any other.
 * Lines of an ordinary table (values on the code's own line) are left as they are.
 */
export function joinStackedRecords(lines: readonly Line[]): Line[] {
  const out: Line[] = [];
  const close = (a: Line, b: Line) => a.page === b.page && b.y - a.y > 0 && b.y - a.y < 2.6 * Math.max(a.height, b.height, 1);
  for (let i = 0; i < lines.length; i++) {
    const head = lines[i]!;
    const codeWords = withoutLeadingMarks(head.words);
    const code = matchCourseCode(codeWords.map((w) => w.text));
    const rest = codeWords.slice(code?.consumed ?? 0);
    if (!code || rest.some((w) => /\d/.test(w.text))) {
      out.push(head);
      continue;
    }
    // the title (optional) and the details line
    const next = lines[i + 1];
    const after = lines[i + 2];
    const isDetails = (l: Line | undefined) => !!l && LABELLED_CREDITS.test(l.text) && !matchCourseCode(withoutLeadingMarks(l.words).map((w) => w.text));
    const titleLine = next && close(head, next) && !isDetails(next) && !findTerm(next.text) && !matchCourseCode(next.words.map((w) => w.text)) ? next : null;
    const details = titleLine ? (after && close(titleLine, after) && isDetails(after) ? after : null) : next && close(head, next) && isDetails(next) ? next : null;
    if (!details) {
      out.push(head);
      continue;
    }
    const credits = LABELLED_CREDITS.exec(details.text)![1]!;
    const gradeWord = LABELLED_GRADE.exec(details.text)?.[1];
    const grade = gradeWord ? normaliseGrade(gradeWord) : null;
    const term = findTerm(details.text);
    const h = Math.max(1, head.height);
    let x = 0;
    const place = (texts: string[]): Word[] =>
      texts.map((text, k) => {
        const w: Word = { ...head.words[0]!, text, x0: x + (k ? 0.3 * h : 0), x1: 0 };
        w.x1 = w.x0 + 0.55 * h * text.length;
        x = w.x1;
        return w;
      });
    const cell = (texts: string[]) => {
      const words = place(texts);
      x += 2.5 * h;
      return words;
    };
    const words = [
      ...(term ? cell(details.text.slice(term.index, term.index + term.length).split(/\s+/)) : []),
      ...cell(codeWords.slice(0, code.consumed).map((w) => w.text)),
      ...(rest.length || titleLine ? cell([...rest, ...(titleLine?.words ?? [])].map((w) => w.text)) : []),
      ...cell([credits]),
      ...(grade ? cell([grade]) : []),
    ];
    out.push({ ...makeLine(words), y: head.y });
    i = lines.indexOf(details);
  }
  return out;
}

/**
 * The header a course line is read under: the current one when the line starts under its first column; else (a row in
 * the other column of a two-column page, or after a page break) the latest header that lines up with it; else none.
 */
function headerFor(line: Line, current: HeaderColumn[] | null, recent: HeaderColumn[][]): HeaderColumn[] | null {
  const start = withoutLeadingMarks(line.words)[0]?.x0;
  if (start === undefined || !current) return current;
  const h = Math.max(1, line.height);
  const linesUp = (cols: HeaderColumn[]) => Math.abs(cols[0]!.x0 - start) < 4 * h || (start >= cols[0]!.x0 - 4 * h && start < (cols[1]?.x0 ?? Infinity));
  if (linesUp(current)) return current;
  return recent.find(linesUp) ?? null;
}

/** A line that is only a term ("Term: Fall 2022", "2022 Fall Semester (08/29/2022-12/16/2022)"), with no school named. */
function isBareTerm(text: string): boolean {
  const t = findTerm(text);
  if (!t) return false;
  const rest = `${text.slice(0, t.index)} ${text.slice(t.index + t.length)}`
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\b(term|period|academic|semester|quarter|session)\b/gi, ' ')
    .replace(/[:\d/.-]/g, ' ')
    .trim();
  return rest === '';
}

/** A line under a course row that carries on its title (a wrapped title cell). */
function isTitleContinuation(line: Line, prev: Line, row: RowDraft): boolean {
  if (line.page !== prev.page || line.y - prev.y > 1.9 * Math.max(line.height, prev.height, 1)) return false;
  if (row.titleWords.length === 0) return false;
  if (line.words.some((w) => /\d/.test(w.text))) return false;
  const text = line.text.trim();
  if (sectionOfHeading(text) || findTerm(text) || isTotalsText(text) || detectHeader(line)) return false;
  const titleX0 = Math.min(...row.titleWords.map((w) => w.x0));
  const titleX1 = Math.max(...row.titleWords.map((w) => w.x1));
  const x0 = line.words[0]!.x0;
  const h = Math.max(1, line.height);
  if (Math.abs(x0 - titleX0) > 1.5 * h) return false;
  return line.words[line.words.length - 1]!.x1 <= titleX1 + 20 * h;
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
