/**
 * Loaders for the program data the repository carries (reference-data/programs/NAME, each with its SOURCE.txt): each
 * turns one folder into the admin import's CSV files and loads them through importProgramData, the same code path an
 * admin's upload takes, in one transaction. Every choice made here (what a source's "all_slots" means, which rows are
 * doubtful) is written next to the code that makes it, and follows the folder's SOURCE.txt:
 * - rows the source flags (quality_flags), and what a source says it could not check, become `doubtful`: never shown
 *   to a student as fact;
 * - nothing is filled in: a credit amount the source leaves blank stays blank (the requirement then cannot be checked
 *   in credits and says so), a range such as "2-3" is stored as its least and the rest kept in notes.
 */
import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { ProgramImportResult } from '../../../../shared/schemas/programs';
import type { Database } from '../../../db/client';
import { splitCourseCode } from '../../catalogue';
import { createCsvRowParser, importEquivalencyCsv } from '../../equivalencies';
import { parseCoursePattern } from '../engine/course-patterns';
import { formatProgramCsv, STATEWIDE_FLORIDA } from '../program-csv';
import { importProgramData, type ProgramCsvFile } from '../programs-import.service';

/** The sets in reference-data/programs, by folder name. */
export const PROGRAMS_SETS = [
  'florida-general-education-core',
  'ohio-state-buckiplan',
  'wisconsin-gen-ed',
  'university-of-delaware-breadth',
  'william-and-mary-coll',
  'louisiana-degreelink-dcc-uno',
] as const;
export type ProgramsSetName = (typeof PROGRAMS_SETS)[number];

/** Where a set's folder is in a checkout of the repository. */
export const programsSetFolder = (name: ProgramsSetName, repositoryRoot = process.cwd()) => resolve(repositoryRoot, 'reference-data', 'programs', name);

type CsvRecord = Record<string, string>;
type Row = Record<string, string | number | boolean | null | undefined>;

/** A gzip-compressed CSV of the folder as records by header name. */
function readRecords(folder: string, file: string): CsvRecord[] {
  const text = gunzipSync(readFileSync(join(folder, file))).toString('utf8');
  const parser = createCsvRowParser();
  const [header, ...rows] = [...parser.push(text), ...parser.end()];
  if (!header) return [];
  return rows.map((row) => Object.fromEntries(header.fields.map((name, index) => [name.trim(), (row.fields[index] ?? '').trim()])));
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split('|')
    .map((part) => part.trim())
    .filter(Boolean);
const joinNotes = (...parts: Array<string | null | undefined>) => parts.filter((part) => part && part.trim()).join(' ') || null;
const joinDoubts = (...parts: Array<string | null | undefined>) => parts.filter((part) => part && part.trim()).join('; ') || null;

/** "6" -> 6; "2-3" and "3 (BA) / 6 (BS)" -> the least, with the words kept for the notes. */
function readCredits(value: string | undefined): { credits: number | null; note: string | null } {
  const text = (value ?? '').trim();
  if (!text) return { credits: null, note: null };
  if (/^\d+(\.\d+)?$/.test(text)) return { credits: Number(text), note: null };
  const numbers = [...text.matchAll(/\d+(\.\d+)?/g)].map((match) => Number(match[0]));
  return numbers.length > 0 ? { credits: Math.min(...numbers), note: `Credits as the source gives them: ${text}.` } : { credits: null, note: `Credits as the source gives them: ${text}.` };
}

/** Options the import reads; tokens it cannot read are named so the row is marked doubtful, never silently dropped. */
function cleanOptions(tokens: string[], rename: (token: string) => string | null = (token) => token): { options: string[]; dropped: string[] } {
  const options: string[] = [];
  const dropped: string[] = [];
  for (const token of tokens) {
    const renamed = rename(token);
    if (renamed !== null && 'pattern' in parseCoursePattern(renamed)) options.push(renamed);
    else dropped.push(token);
  }
  return { options, dropped };
}
const droppedDoubt = (dropped: string[]) => (dropped.length > 0 ? `the source lists options that are not course codes: ${dropped.join(', ')}` : null);

/** Source prefixes for "any course carrying attribute X" become the import's attr:X. */
const attributeToken = (token: string) => {
  const match = /^(OSU-GE|UWM-GE|UWM-BREADTH|UD-ATTR|WM-ATTR):(.+)$/.exec(token);
  return match ? `attr:${match[2]}` : token;
};

/**
 * One attributes row per course: a course listed twice gets the union of its lists, and rows whose code has no course
 * number (William & Mary's "NO CODE" placeholders) are left out.
 */
function attributeRows(school: string, rows: Array<{ code: string; attributes: string }>): Row[] {
  const byCode = new Map<string, Set<string>>();
  for (const row of rows) {
    const split = splitCourseCode(row.code);
    if (!split || !/\d/.test(split.number)) continue;
    const code = `${split.subject} ${split.number}`;
    const set = byCode.get(code) ?? new Set<string>();
    for (const attribute of list(row.attributes)) set.add(attribute);
    byCode.set(code, set);
  }
  return [...byCode].map(([code, attributes]) => ({ school, course_code: code, attributes: [...attributes].join(' | ') }));
}

interface SetFiles {
  files: ProgramCsvFile[];
  /** Equivalency rules the set carries (the Louisiana pilot): loaded first, through the rules import. */
  rules?: string;
  /** What the loader left out, and why. */
  skipped: string[];
}

function floridaCore(folder: string): SetFiles {
  const programs = readRecords(folder, 'program.csv.gz').map((row): Row => {
    const is2024 = row.program_code!.endsWith('2024');
    return {
      school: STATEWIDE_FLORIDA,
      program_code: row.program_code,
      program_name: row.program_name,
      degree: row.degree,
      catalog_year: row.catalog_year,
      kind: 'general-education',
      entering_from: is2024 ? 'Fall 2024' : 'Fall 2015',
      entering_to: is2024 ? null : 'Summer 2024',
      notes: row.notes,
      data_note:
        'The statewide core is five courses (about 15 credits) of Florida\'s 36-credit general education; each school sets the rest, which is not here. A course for which a core course is an immediate prerequisite also completes its area; that is not checked here.',
      source_url: row.source_url,
    };
  });
  const requirements = readRecords(folder, 'requirements.csv.gz').map((row): Row => {
    // SOURCE.txt: the 2024-25 lists of the areas that changed were assembled from FSU's and EFSC's notes, not the rule.
    const changed2024 = row.program_code!.endsWith('2024') && /MATH|NATSCI|SOCSCI/.test(row.requirement_id!);
    return {
      school: STATEWIDE_FLORIDA,
      program_code: row.program_code,
      requirement_id: row.requirement_id,
      name: row.requirement_name,
      kind: row.kind,
      min_courses: row.courses_required,
      min_credits: row.min_credits,
      options: row.course_options,
      notes: row.notes,
      doubtful: changed2024 ? 'the 2024-25 list of this area was assembled from FSU\'s list of changes, not read in the rule itself (Florida rule 6A-14.0303)' : null,
    };
  });
  return {
    files: [
      { name: 'program.csv', kind: 'programs', text: formatProgramCsv('programs', programs) },
      { name: 'requirements.csv', kind: 'requirements', text: formatProgramCsv('requirements', requirements) },
    ],
    skipped: [],
  };
}

const OSU = 'The Ohio State University';
const OSU_KINDS: Record<string, string> = { university: 'general-education', college_gen_ed: 'general-education', major: 'major', minor: 'minor', pre_professional: 'pre-professional' };

/** The planner's short subject names in its exam table ("BIO 1113" is BIOLOGY 1113 in Ohio State's catalogue). */
const OSU_SUBJECTS: Record<string, string> = { BIO: 'BIOLOGY', HIST: 'HISTORY', COMSTD: 'COMPSTD' };

function ohioState(folder: string, repositoryRoot: string): SetFiles {
  // Names and degrees keep the words a student reads; the source's asides about the planner's files go to the notes.
  const aside = /\s*\(([^()]*(?:as wired|file |per the cited|named in|reuses|not wired)[^()]*)\)/;
  const programs = readRecords(folder, 'program.csv.gz').map((row): Row => ({
    school: OSU,
    program_code: row.program_code,
    program_name: row.program_name!.replace(aside, '').trim(),
    degree: row.degree!.replace(aside, '').trim() || null,
    notes: joinNotes(aside.exec(row.program_name!)?.[1], aside.exec(row.degree!)?.[1]),
    catalog_year: row.catalog_year,
    kind: OSU_KINDS[row.program_type!] ?? 'other',
    includes: row.also_requires,
    data_note: 'From a student course planner (buckiplan, 2022), not from Ohio State\'s own catalogue: check with an Ohio State advisor before relying on it.',
    source_url: row.source_url,
  }));
  const records = readRecords(folder, 'requirements.csv.gz');
  const children = new Map<string, number>();
  for (const row of records) if (row.parent_requirement_id) children.set(row.parent_requirement_id, (children.get(row.parent_requirement_id) ?? 0) + 1);
  const requirements = records.map((row): Row => {
    const notes = row.notes ?? '';
    const hasChildren = children.has(row.requirement_id!);
    const { options, dropped } = cleanOptions(list(row.course_options), attributeToken);
    let group: string | null = null;
    let childrenRequired: number | null = null;
    if (row.options_type === 'choose_one_option') {
      group = 'n-of';
      childrenRequired = 1;
    } else if (hasChildren && /complete at least (\d+) of the slots/.test(notes)) {
      group = 'n-of';
      childrenRequired = Number(/complete at least (\d+) of the slots/.exec(notes)![1]);
    } else if (hasChildren) group = 'all';
    // What the planner itself says it does not check (course-number rules, "custom" rows) is not claimed either.
    const unchecked = notes.match(/app warning: [^;]*|catalog number rule on [^;]*/g)?.join('; ') ?? null;
    return {
      school: OSU,
      program_code: row.program_code,
      requirement_id: row.requirement_id,
      parent_id: row.parent_requirement_id,
      name: row.requirement_name,
      kind: row.kind,
      group,
      children_required: childrenRequired,
      min_courses: row.fulfilled_by === 'courses' ? row.courses_required : null,
      min_credits: row.fulfilled_by === 'credits' ? row.min_credits : null,
      options: options.join(' | '),
      double_count: /may double-count/.test(notes),
      notes: joinNotes(row.description),
      doubtful: joinDoubts(row.quality_flags, droppedDoubt(dropped), unchecked ? `the planner does not check all of this requirement (${unchecked})` : null),
    };
  });
  // Exam credit: codes checked against Ohio State's own course list in reference-data/catalogs.
  const catalogue = new Set(
    readRecords(resolve(repositoryRoot, 'reference-data', 'catalogs', 'ohio-state-university'), 'courses.csv.gz').map((row) => `${row.subject} ${row.number}`),
  );
  const examRules = readRecords(folder, 'exam_credit.csv.gz').map((row): Row => {
    const doubts: string[] = [];
    const courses: string[] = [];
    for (const token of list(row.osu_course_equivalents)) {
      const split = splitCourseCode(token);
      if (!split) continue;
      const subject = OSU_SUBJECTS[split.subject] ?? split.subject;
      if (!/\d/.test(split.number)) {
        // "HIST special", "COMSTD SPL": credit in the subject without a course.
        courses.push(`${subject} EL`);
        continue;
      }
      const code = `${subject} ${split.number}`;
      courses.push(code);
      if (!catalogue.has(code) && ![...catalogue].some((known) => known.startsWith(`${code}.`))) doubts.push(`${code} is not in Ohio State's course list`);
    }
    const credits = Number(row.credits);
    if (credits > 20) doubts.push(`${credits} credits for one exam looks wrong in the source`);
    return {
      school: OSU,
      exam_type: row.exam_type,
      exam: row.exam,
      min_score: row.min_score,
      credits: row.credits,
      courses: credits > 0 ? courses.join(' | ') : '',
      notes: joinNotes(row.majors_excluded ? `Not for: ${row.majors_excluded}.` : null, credits === 0 ? row.osu_course_equivalents : null),
      doubtful: joinDoubts(...doubts),
    };
  });
  return {
    files: [
      { name: 'program.csv', kind: 'programs', text: formatProgramCsv('programs', programs) },
      { name: 'requirements.csv', kind: 'requirements', text: formatProgramCsv('requirements', requirements) },
      { name: 'exam_credit.csv', kind: 'exam-rules', text: formatProgramCsv('exam-rules', examRules) },
    ],
    skipped: ['Ohio State course GE attributes: the source has none (SOURCE.txt), so GE requirements by attribute cannot be checked'],
  };
}

const MADISON = 'University of Wisconsin-Madison';

function wisconsin(folder: string): SetFiles {
  const programs = readRecords(folder, 'program.csv.gz')
    .filter((row) => row.program_type !== 'transfer_agreement')
    .map((row): Row => ({
      school: MADISON,
      program_code: row.program_code,
      program_name: row.program_name,
      degree: row.degree,
      catalog_year: row.catalog_year,
      kind: 'general-education',
      notes: row.total_credits ? `Credits in all: ${row.total_credits}.` : null,
      data_note: 'Course designations come from the codes on UW System transfer rules (about 2019); a course\'s designation can change.',
      source_url: row.source_url,
    }));
  // "Literature (within Humanities)" and the biological/physical parts "within Natural Science" are parts of those
  // areas: their courses count toward the area too, so they sit under it.
  const within: Record<string, string> = { 'UWM-LS:LIT': 'UWM-LS:HUM', 'UWM-LS:BIO': 'UWM-LS:NS', 'UWM-LS:PHYS': 'UWM-LS:NS' };
  const records = readRecords(folder, 'requirements.csv.gz').filter((row) => row.program_code !== 'UW-UCTA');
  const parents = new Set(Object.values(within));
  const requirements = records.map((row): Row => {
    const { credits, note } = readCredits(row.min_credits);
    const { options, dropped } = cleanOptions(list(row.course_options), attributeToken);
    const noAmount = options.length > 0 && credits === null && !row.courses_required;
    return {
      school: MADISON,
      program_code: row.program_code,
      requirement_id: row.requirement_id,
      parent_id: within[row.requirement_id!] ?? null,
      name: row.requirement_name,
      kind: row.kind,
      group: parents.has(row.requirement_id!) ? 'all' : null,
      min_courses: row.courses_required,
      min_credits: credits,
      options: options.join(' | '),
      notes: joinNotes(row.notes, note),
      doubtful: joinDoubts(droppedDoubt(dropped), noAmount ? 'the source gives no credit amount for this area, so how much of it is done cannot be checked' : null),
    };
  });
  const attributes = attributeRows(MADISON, readRecords(folder, 'uw_madison_course_attributes_from_tis.csv.gz').map((row) => ({ code: row.course_code!, attributes: row.attribute_codes! })));
  return {
    files: [
      { name: 'program.csv', kind: 'programs', text: formatProgramCsv('programs', programs) },
      { name: 'requirements.csv', kind: 'requirements', text: formatProgramCsv('requirements', requirements) },
      { name: 'uw_madison_course_attributes_from_tis.csv', kind: 'attributes', text: formatProgramCsv('attributes', attributes) },
    ],
    skipped: [
      'UW-UCTA: a transfer agreement (a list of sending courses), not a program of requirements',
      'transfer_rule_gen_ed_codes.csv: the rules import reads the same codes from each rule\'s notes in reference-data/equivalencies/wisconsin-transfer-rules.csv, so this list derived from them is not loaded',
    ],
  };
}

/**
 * A school's general education by per-course attributes (Delaware's breadth, William & Mary's COLL curriculum): the
 * programs, their requirements with the attribute tokens turned into the import's, and the course attribute list.
 */
function generalEducationByAttributes(
  folder: string,
  school: string,
  choices: {
    dataNote: string;
    totalCredits?: number;
    /** An option this source cannot resolve is dropped (null) and the row is doubtful with this reason. */
    unresolvable?: { token: RegExp; doubt: string };
    examCredit: (row: CsvRecord) => boolean;
  },
): SetFiles {
  const programs = readRecords(folder, 'program.csv.gz').map((row): Row => ({
    school,
    program_code: row.program_code,
    program_name: row.program_name,
    degree: row.degree,
    catalog_year: row.catalog_year,
    total_credits: choices.totalCredits ?? null,
    kind: 'general-education',
    data_note: choices.dataNote,
    source_url: row.source_url,
  }));
  const requirements = readRecords(folder, 'requirements.csv.gz').map((row): Row => {
    const { credits, note } = readCredits(row.min_credits);
    const unresolvable = choices.unresolvable;
    const { options, dropped } = cleanOptions(list(row.course_options), (token) => (unresolvable?.token.test(token) ? null : attributeToken(token)));
    const unresolved = unresolvable && dropped.some((token) => unresolvable.token.test(token));
    return {
      school,
      program_code: row.program_code,
      requirement_id: row.requirement_id,
      parent_id: row.parent_requirement_id,
      name: row.requirement_name,
      kind: row.kind,
      group: row.options_type === 'all_slots' ? 'all' : null,
      min_courses: row.courses_required,
      min_credits: credits,
      options: options.join(' | '),
      // Both sources say the minimum grade in words ("minimum grade C-", "at least C-").
      min_grade: /C-/.test(row.notes ?? '') ? 'C-' : null,
      exam_credit: choices.examCredit(row),
      notes: joinNotes(row.notes, note),
      doubtful: unresolved ? unresolvable.doubt : droppedDoubt(dropped),
    };
  });
  const attributes = attributeRows(school, readRecords(folder, 'course_attributes.csv.gz').map((row) => ({ code: `${row.subject} ${row.number}`, attributes: row.attribute_codes! })));
  return {
    files: [
      { name: 'program.csv', kind: 'programs', text: formatProgramCsv('programs', programs) },
      { name: 'requirements.csv', kind: 'requirements', text: formatProgramCsv('requirements', requirements) },
      { name: 'course_attributes.csv', kind: 'attributes', text: formatProgramCsv('attributes', attributes) },
    ],
    skipped: [],
  };
}

const delaware = (folder: string) =>
  generalEducationByAttributes(folder, 'University of Delaware', {
    dataNote: 'Requirement pages are undated or from 2014-15; course designations are the 2021-22 catalogue\'s.',
    examCredit: (row) => !/AP English does not give/.test(row.notes ?? ''),
  });

const williamAndMary = (folder: string) =>
  generalEducationByAttributes(folder, 'William & Mary', {
    dataNote: 'Course attributes were read from the 2025 catalogue\'s descriptions; the catalogue does not say which courses are COLL 200.',
    totalCredits: 120,
    // "WM-ATTR:ALV (COLL 200)": the catalogue never marks COLL 200 courses (SOURCE.txt), so no course can match it.
    unresolvable: { token: /\(COLL 200\)/, doubt: 'the catalogue does not say which courses are COLL 200, so this cannot be checked' },
    // SOURCE.txt: AP/IB credit cannot substitute for COLL courses (it can count for domain electives and proficiencies).
    examCredit: (row) => !/^COLL \d/.test(row.requirement_name ?? ''),
  });

function louisiana(folder: string): SetFiles {
  // SOURCE.txt: a student project's pilot data, "verify against the UNO and Delgado catalogues before showing it to
  // students": every requirement is doubtful, whatever else its row says.
  const PILOT = 'pilot data from a University of New Orleans student project (25 Sept 2025), not checked against the UNO or Delgado catalogue';
  const programs = readRecords(folder, 'program.csv.gz').map((row): Row => ({
    school: row.institution,
    program_code: row.program_code,
    program_name: row.program_name,
    degree: row.degree,
    catalog_year: row.catalog_year,
    kind: 'degree',
    data_note: `Pilot data: ${PILOT}.`,
    source_url: row.source_url,
  }));
  const requirements = readRecords(folder, 'requirements.csv.gz').map((row): Row => {
    const constraint = (name: string) => new RegExp(`${name}=([^;]+)`).exec(row.notes ?? '')?.[1]?.trim() ?? null;
    const { options, dropped } = cleanOptions(list(row.course_options));
    const max = constraint('max_credits');
    const contradicts = max !== null && row.min_credits !== '' && Number(max) < Number(row.min_credits);
    return {
      school: row.institution,
      program_code: row.program_code,
      requirement_id: row.requirement_id,
      name: row.requirement_name,
      kind: row.kind,
      min_courses: row.courses_required,
      min_credits: row.min_credits,
      max_credits: contradicts ? null : max,
      options: options.join(' | '),
      notes: row.notes,
      doubtful: joinDoubts(PILOT, row.quality_flags, droppedDoubt(dropped), contradicts ? `the source asks for at least ${row.min_credits} credits and at most ${max}` : null),
    };
  });
  return {
    // The source lists seven rules twice, line for line: each is loaded once.
    rules: [...new Set(gunzipSync(readFileSync(join(folder, 'dcc_to_uno_equivalencies.csv.gz'))).toString('utf8').split(/\r?\n/))].join('\n'),
    files: [
      { name: 'program.csv', kind: 'programs', text: formatProgramCsv('programs', programs) },
      { name: 'requirements.csv', kind: 'requirements', text: formatProgramCsv('requirements', requirements) },
    ],
    skipped: [],
  };
}

const CONVERTERS: Record<ProgramsSetName, (folder: string, repositoryRoot: string) => SetFiles> = {
  'florida-general-education-core': floridaCore,
  'ohio-state-buckiplan': ohioState,
  'wisconsin-gen-ed': wisconsin,
  'university-of-delaware-breadth': delaware,
  'william-and-mary-coll': williamAndMary,
  'louisiana-degreelink-dcc-uno': louisiana,
};

export interface ProgramsSetLoad {
  set: ProgramsSetName;
  result: ProgramImportResult;
  /** Equivalency rules loaded with the set (the Louisiana pilot's DCC -> UNO rules). */
  rules: { inserted: number; updated: number; unchanged: number } | null;
  skipped: string[];
}

/**
 * Loads one reference-data/programs folder (its name is the folder's). The schools it names must be known (the
 * Louisiana set's rules import adds Delgado and UNO first); a failed import changes nothing and its errors are thrown.
 */
export async function loadProgramsSet(db: Database, folder: string, options: { repositoryRoot?: string } = {}): Promise<ProgramsSetLoad> {
  const name = basename(folder) as ProgramsSetName;
  const convert = CONVERTERS[name];
  if (!convert) throw new Error(`${folder} is not a programs set; the sets are ${PROGRAMS_SETS.join(', ')}`);
  const repositoryRoot = options.repositoryRoot ?? resolve(folder, '..', '..', '..');
  const { files, rules, skipped } = convert(folder, repositoryRoot);
  const actor = { id: null, email: `data load: ${name}` };
  let loadedRules: ProgramsSetLoad['rules'] = null;
  if (rules) {
    const imported = await importEquivalencyCsv({ db, input: rules, actor });
    if (imported.errorCount > 0) throw new Error(`${name}: the rules did not load: ${imported.errors.slice(0, 3).map((error) => `line ${error.line} ${error.message}`).join('; ')}`);
    loadedRules = { inserted: imported.inserted, updated: imported.updated, unchanged: imported.unchanged };
  }
  const result = await importProgramData({ db, files, actor });
  if (!result.saved) throw new Error(`${name}: ${result.errorCount} errors, nothing loaded: ${result.errors.slice(0, 5).map((error) => `line ${error.line} ${error.column ?? ''} ${error.message}`).join('; ')}`);
  return { set: name, result, rules: loadedRules, skipped };
}
