// The four CSV files an admin loads programs with (and the export writes back): programs, their requirements, the
// attributes a school puts on its courses, and exam credit rules. A file's kind is told by its header. Header names are
// case-insensitive, in any order; an unknown or repeated column is an error at line 1 (usually a typo that would drop
// data). Every value is checked here, each problem named by line and column; nothing here touches the database.
//
// A file replaces what it names: all the requirements of each program it lists, the attributes of each course, the
// score table of each exam at a school. What it does not name is left alone.

import { EXAM_TYPES, PROGRAM_KINDS, REQUIREMENT_KINDS, type ExamType, type ProgramImportKind, type ProgramKind, type RequirementKind } from '../../../shared/schemas/programs';
import { formatCourseCode, splitCourseCode } from '../catalogue';
import { createCsvRowParser, type CsvRow, formatCsvLine, isValidMinimumGrade } from '../equivalencies';
import { formatCoursePattern, parseCoursePattern } from './engine/course-patterns';
import type { ExamCreditRule } from './engine/exam-credit';
import type { RequirementSpec } from './engine/requirement-tree';

export const PROGRAM_CSV_COLUMNS: Record<ProgramImportKind, { required: readonly string[]; optional: readonly string[] }> = {
  programs: {
    required: ['school', 'program_code', 'program_name'],
    optional: ['degree', 'catalog_year', 'total_credits', 'kind', 'entering_from', 'entering_to', 'includes', 'notes', 'data_note', 'source_url'],
  },
  requirements: {
    required: ['school', 'program_code', 'requirement_id', 'name'],
    optional: ['parent_id', 'kind', 'group', 'children_required', 'min_courses', 'min_credits', 'max_credits', 'options', 'min_grade', 'double_count', 'exam_credit', 'notes', 'doubtful'],
  },
  attributes: { required: ['school', 'course_code', 'attributes'], optional: [] },
  'exam-rules': { required: ['school', 'exam_type', 'exam', 'min_score', 'credits'], optional: ['courses', 'notes', 'doubtful'] },
};

/** The school column of a statewide program: Florida's, honoured by every Florida public school. */
export const STATEWIDE_FLORIDA = 'statewide:FL';

export interface ProgramCsvError {
  line: number;
  column?: string;
  message: string;
}

export interface ProgramDraft {
  line: number;
  school: string;
  code: string;
  name: string;
  degree: string | null;
  catalogYear: string | null;
  totalCredits: number | null;
  kind: ProgramKind;
  enteringFrom: string | null;
  enteringTo: string | null;
  includes: string[];
  notes: string | null;
  dataNote: string | null;
  sourceUrl: string | null;
}

export interface RequirementDraft extends RequirementSpec {
  line: number;
  school: string;
  programCode: string;
}

export interface AttributeDraft {
  line: number;
  school: string;
  subject: string;
  number: string;
  attributes: string[];
}

export interface ExamRuleDraft extends ExamCreditRule {
  line: number;
  school: string;
}

export type ProgramCsvContent =
  | { kind: 'programs'; drafts: ProgramDraft[] }
  | { kind: 'requirements'; drafts: RequirementDraft[] }
  | { kind: 'attributes'; drafts: AttributeDraft[] }
  | { kind: 'exam-rules'; drafts: ExamRuleDraft[] };

export type ParsedProgramCsv = { kind: ProgramImportKind | null; content: ProgramCsvContent | null; rows: number; errors: ProgramCsvError[] };

/** " | "-separated lists, as the reference data writes them. */
const splitList = (value: string) =>
  value
    .split('|')
    .map((part) => part.trim())
    .filter(Boolean);
const text = (value: string | undefined) => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

/** Which kind of file a header is, or null when it is none of them. */
export function detectProgramCsvKind(header: string[]): ProgramImportKind | null {
  const names = new Set(header.map((name) => name.trim().toLowerCase()));
  if (names.has('requirement_id')) return 'requirements';
  if (names.has('program_name')) return 'programs';
  if (names.has('exam_type')) return 'exam-rules';
  if (names.has('course_code') && names.has('attributes')) return 'attributes';
  return null;
}

class RowReader {
  constructor(
    private readonly index: Map<string, number>,
    readonly row: CsvRow,
    private readonly errors: ProgramCsvError[],
  ) {}

  get(column: string): string {
    const at = this.index.get(column);
    return at === undefined ? '' : readCell(this.row.fields[at] ?? '');
  }

  fail(column: string, message: string): null {
    this.errors.push({ line: this.row.line, column, message });
    return null;
  }

  required(column: string, max = 300): string | null {
    const value = this.get(column);
    if (!value) return this.fail(column, 'is required');
    if (value.length > max) return this.fail(column, `must be at most ${max} characters`);
    return value;
  }

  optional(column: string, max = 4000): string | null {
    const value = text(this.get(column));
    if (value !== null && value.length > max) return this.fail(column, `must be at most ${max} characters`);
    return value;
  }

  number(column: string, options: { min?: number; integer?: boolean; required?: boolean } = {}): number | null | undefined {
    const value = this.get(column);
    if (!value) return options.required ? (this.fail(column, 'is required'), undefined) : null;
    if (!/^\d+(\.\d+)?$/.test(value)) {
      const rangeHint = !options.integer && /^m(in|ax)_credits$/.test(column) ? ' (write a range such as 2-3 as its least, 2, and say the rest in notes)' : '';
      this.fail(column, `"${value}" is not a number${rangeHint}`);
      return undefined;
    }
    const parsed = Number(value);
    if (options.integer && !Number.isInteger(parsed)) return (this.fail(column, 'must be a whole number'), undefined);
    if (options.min !== undefined && parsed < options.min) return (this.fail(column, `must be at least ${options.min}`), undefined);
    return parsed;
  }

  flag(column: string, fallback: boolean): boolean | undefined {
    const value = this.get(column).toLowerCase();
    if (!value) return fallback;
    if (['yes', 'y', 'true', '1'].includes(value)) return true;
    if (['no', 'n', 'false', '0'].includes(value)) return false;
    this.fail(column, `"${this.get(column)}" is not yes or no`);
    return undefined;
  }

  oneOf<T extends string>(column: string, allowed: readonly T[], fallback: T | null): T | null | undefined {
    const value = this.get(column).toLowerCase();
    if (!value) return fallback;
    const found = allowed.find((candidate) => candidate === value);
    if (found) return found;
    this.fail(column, `"${this.get(column)}" is not one of ${allowed.join(', ')}`);
    return undefined;
  }
}

/** Reads a whole file: its kind (from the header, or the one asked for), its drafts and every problem by line. */
export function parseProgramCsv(csv: string, expected?: ProgramImportKind): ParsedProgramCsv {
  const parser = createCsvRowParser();
  const records = [...parser.push(csv), ...parser.end()];
  const errors: ProgramCsvError[] = [];
  const [header, ...rows] = records;
  if (!header) return { kind: expected ?? null, content: null, rows: 0, errors: [{ line: 1, message: 'The file is empty; the first line must name the columns.' }] };
  const names = header.fields.map((name) => name.trim().toLowerCase());
  const kind = expected ?? detectProgramCsvKind(names);
  if (!kind) {
    return {
      kind: null,
      content: null,
      rows: rows.length,
      errors: [{ line: 1, message: 'The header is not a programs, requirements, attributes or exam rules file: see the expected columns on the page.' }],
    };
  }
  const columns = PROGRAM_CSV_COLUMNS[kind];
  const known = new Set([...columns.required, ...columns.optional]);
  const index = new Map<string, number>();
  names.forEach((name, at) => {
    if (!known.has(name)) errors.push({ line: 1, column: name || `(column ${at + 1})`, message: `unknown column for a ${kind} file` });
    else if (index.has(name)) errors.push({ line: 1, column: name, message: 'the column appears twice' });
    else index.set(name, at);
  });
  for (const name of columns.required) if (!index.has(name)) errors.push({ line: 1, column: name, message: 'required column is missing' });
  if (errors.length > 0) return { kind, content: null, rows: rows.length, errors };

  const readers = rows.map((row) => new RowReader(index, row, errors));
  for (const reader of readers) if (reader.row.error) errors.push({ line: reader.row.line, message: reader.row.error });
  switch (kind) {
    case 'programs':
      return { kind, content: { kind, drafts: readPrograms(readers, errors) }, rows: rows.length, errors };
    case 'requirements':
      return { kind, content: { kind, drafts: readRequirements(readers) }, rows: rows.length, errors };
    case 'attributes':
      return { kind, content: { kind, drafts: readAttributes(readers, errors) }, rows: rows.length, errors };
    case 'exam-rules':
      return { kind, content: { kind, drafts: readExamRules(readers, errors) }, rows: rows.length, errors };
  }
}

const programKey = (school: string, code: string) => `${school.trim().toLowerCase()}|${code.toUpperCase()}`;

function readPrograms(readers: RowReader[], errors: ProgramCsvError[]): ProgramDraft[] {
  const drafts: ProgramDraft[] = [];
  const firstLine = new Map<string, number>();
  for (const reader of readers) {
    const school = reader.required('school');
    const code = reader.required('program_code', 80);
    const name = reader.required('program_name');
    const totalCredits = reader.number('total_credits', { min: 1 });
    const kind = reader.oneOf('kind', PROGRAM_KINDS, 'major');
    const includes = splitList(reader.get('includes')).map((included) => included.toUpperCase());
    const fields = {
      degree: reader.optional('degree', 200),
      catalogYear: reader.optional('catalog_year', 200),
      enteringFrom: reader.optional('entering_from', 40),
      enteringTo: reader.optional('entering_to', 40),
      notes: reader.optional('notes'),
      dataNote: reader.optional('data_note'),
      sourceUrl: reader.optional('source_url', 2000),
    };
    if (school === null || code === null || name === null || totalCredits === undefined || kind === undefined || kind === null) continue;
    const key = programKey(school, code);
    const first = firstLine.get(key);
    if (first !== undefined) {
      errors.push({ line: reader.row.line, column: 'program_code', message: `program ${code.toUpperCase()} of ${school} is already on line ${first}` });
      continue;
    }
    if (includes.includes(code.toUpperCase())) {
      errors.push({ line: reader.row.line, column: 'includes', message: 'a program cannot include itself' });
      continue;
    }
    firstLine.set(key, reader.row.line);
    drafts.push({ line: reader.row.line, school, code: code.toUpperCase(), name, totalCredits, kind, includes, ...fields });
  }
  return drafts;
}

function readRequirements(readers: RowReader[]): RequirementDraft[] {
  const drafts: RequirementDraft[] = [];
  for (const reader of readers) {
    const school = reader.required('school');
    const programCode = reader.required('program_code', 80);
    const code = reader.required('requirement_id', 200);
    const name = reader.required('name', 500);
    const kind = reader.oneOf<RequirementKind>('kind', REQUIREMENT_KINDS, 'major');
    const groupRule = reader.oneOf('group', ['all', 'n-of'] as const, null);
    const childrenRequired = reader.number('children_required', { min: 1, integer: true });
    const minCourses = reader.number('min_courses', { min: 0, integer: true });
    const minCredits = reader.number('min_credits', { min: 0 });
    const maxCredits = reader.number('max_credits', { min: 0 });
    const doubleCount = reader.flag('double_count', false);
    const examCredit = reader.flag('exam_credit', true);
    const options: string[] = [];
    for (const token of splitList(reader.get('options'))) {
      const parsed = parseCoursePattern(token);
      if ('error' in parsed) reader.fail('options', parsed.error);
      else options.push(formatCoursePattern(parsed.pattern));
    }
    const minGrade = reader.optional('min_grade', 3)?.toUpperCase() ?? null;
    const gradeOk = minGrade === null || isValidMinimumGrade(minGrade) || reader.fail('min_grade', `"${minGrade}" is not a letter grade such as C-`) !== null;
    const parentCode = reader.optional('parent_id', 200);
    const notes = reader.optional('notes');
    const doubtful = reader.optional('doubtful', 1000);
    if (groupRule === 'n-of' && childrenRequired === null) reader.fail('children_required', 'say how many of the group are required');
    if (
      school === null ||
      programCode === null ||
      code === null ||
      name === null ||
      kind === undefined ||
      kind === null ||
      groupRule === undefined ||
      [childrenRequired, minCourses, minCredits, maxCredits].includes(undefined) ||
      doubleCount === undefined ||
      examCredit === undefined ||
      !gradeOk
    ) {
      continue;
    }
    drafts.push({
      line: reader.row.line,
      school,
      programCode: programCode.toUpperCase(),
      code,
      parentCode,
      name,
      kind,
      groupRule,
      childrenRequired: childrenRequired ?? null,
      minCourses: minCourses ?? null,
      minCredits: minCredits ?? null,
      maxCredits: maxCredits ?? null,
      options,
      minGrade,
      doubleCount,
      examCredit,
      notes,
      doubtful,
    });
  }
  return drafts;
}

function readAttributes(readers: RowReader[], errors: ProgramCsvError[]): AttributeDraft[] {
  const drafts: AttributeDraft[] = [];
  const firstLine = new Map<string, number>();
  for (const reader of readers) {
    const school = reader.required('school');
    const code = reader.required('course_code', 80);
    const split = code ? splitCourseCode(code) : null;
    if (code && (!split || !split.subject || !split.number)) reader.fail('course_code', `"${code}" is not a course code such as ENGL 110`);
    const attributes = [...new Set(splitList(reader.get('attributes')).map((attribute) => attribute.toUpperCase()))];
    if (attributes.some((attribute) => attribute.length > 60)) reader.fail('attributes', 'an attribute must be at most 60 characters');
    if (school === null || !split || !split.subject || !split.number) continue;
    const key = `${school.toLowerCase()}|${formatCourseCode(split)}`;
    const first = firstLine.get(key);
    if (first !== undefined) {
      errors.push({ line: reader.row.line, column: 'course_code', message: `${formatCourseCode(split)} is already on line ${first}: put all its attributes on one line` });
      continue;
    }
    firstLine.set(key, reader.row.line);
    drafts.push({ line: reader.row.line, school, subject: split.subject, number: split.number, attributes });
  }
  return drafts;
}

function readExamRules(readers: RowReader[], errors: ProgramCsvError[]): ExamRuleDraft[] {
  const drafts: ExamRuleDraft[] = [];
  const firstLine = new Map<string, number>();
  for (const reader of readers) {
    const school = reader.required('school');
    const rawType = reader.get('exam_type').toUpperCase();
    const examType = (EXAM_TYPES as readonly string[]).includes(rawType) ? (rawType as ExamType) : reader.fail('exam_type', `"${reader.get('exam_type')}" is not AP, IB or CLEP`);
    const exam = reader.required('exam', 200)?.replace(/\s+/g, ' ') ?? null;
    const minScore = reader.number('min_score', { required: true, min: 0 });
    const credits = reader.number('credits', { required: true, min: 0 });
    const courses: string[] = [];
    for (const token of splitList(reader.get('courses'))) {
      const split = splitCourseCode(token);
      if (!split || !split.subject || !split.number) reader.fail('courses', `"${token}" is not a course code such as MATH 1151 (elective credit in a subject: MATH EL)`);
      else courses.push(formatCourseCode(split));
    }
    const notes = reader.optional('notes');
    const doubtful = reader.optional('doubtful', 1000);
    if (school === null || examType === null || exam === null || minScore === null || minScore === undefined || credits === null || credits === undefined) continue;
    const key = `${school.toLowerCase()}|${examType}|${exam.toLowerCase()}|${minScore}`;
    const first = firstLine.get(key);
    if (first !== undefined) {
      errors.push({ line: reader.row.line, column: 'min_score', message: `${examType} ${exam} from ${minScore} is already on line ${first}` });
      continue;
    }
    firstLine.set(key, reader.row.line);
    drafts.push({ line: reader.row.line, school, examType, exam, minScore, credits, courses, notes, doubtful });
  }
  return drafts;
}

/**
 * Cells a spreadsheet would run as a formula (=, +, -, @ first) are written with a leading apostrophe, which the
 * import takes off again: an export opened in a spreadsheet runs nothing, and imports back unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const writeCell = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);
function readCell(raw: string): string {
  const value = raw.trim();
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** A CSV of records in a kind's columns (required first, then optional), for the export and the loaders. */
export function formatProgramCsv(kind: ProgramImportKind, records: Array<Record<string, string | number | boolean | null | undefined>>): string {
  const columns = [...PROGRAM_CSV_COLUMNS[kind].required, ...PROGRAM_CSV_COLUMNS[kind].optional];
  const cell = (value: string | number | boolean | null | undefined) => (value === null || value === undefined ? '' : typeof value === 'boolean' ? (value ? 'yes' : 'no') : writeCell(String(value)));
  return [formatCsvLine(columns), ...records.map((record) => formatCsvLine(columns.map((column) => cell(record[column]))))].join('\n') + '\n';
}
