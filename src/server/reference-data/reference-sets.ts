/**
 * The registry of reference-data sets: every set the repository carries (reference-data/, see its README), by the
 * name `npm run data:load -- NAME…` and `npm run data:list` use, with what it holds and how it is loaded. The demo
 * (`npm start` with SEED_DEMO) loads every set. The catalogue, inventory and rules sets are written through the
 * equivalencies feature's imports (set-loaders.ts), the program sets through the programs feature's (program-sets.ts).
 */
import { csvRecords } from './csv-pieces';
import { FLORIDA_COURSE_COLUMNS, FLORIDA_PUBLIC_SCHOOLS, floridaCourseRows } from './florida-inventory';
import { LOUISIANA_COURSE_COLUMNS, LOUISIANA_RULE_COLUMNS, louisianaCourseRows, louisianaRuleRows, readLouisianaMatrix } from './louisiana-matrix';
import { PROGRAM_SETS } from './program-sets';
import { DELAWARE, louisianaSchool, OHIO_STATE, UW_MADISON, WILLIAM_AND_MARY } from './reference-schools';
import { IPEDS_DIRECTORY_FILE, IPEDS_DIRECTORY_ROWS, readSchoolDirectory } from './school-directory';
import { loadSchoolDirectory } from '../features/institutions';
import { emptyOutcome, ensureSchools, importCourseRows, importRuleRows, type ReferenceSetContext, type ReferenceSetOutcome, type SchoolFacts } from './set-loaders';
import { letOthersRun } from '../jobs/let-others-run';

export interface ReferenceSet {
  /** What `npm run data:load -- NAME` takes. */
  name: string;
  /** What it is, in a sentence. */
  title: string;
  /** What it is in a few words, for the one line the demo prints ("Louisiana's common course matrix"). */
  brief: string;
  /** Its files under reference-data/ (their digest tells a loaded set from one whose files changed). */
  files: string[];
  /** How many rows its source holds, and of what. */
  rows: number;
  unit: string;
  /** Writes the set through the product's own imports; idempotent. */
  load: (context: ReferenceSetContext) => Promise<ReferenceSetOutcome>;
}

/** A school's catalogue (institution, subject, number, title, credits, description) through the catalogue import. */
function catalogueSet(name: string, title: string, folder: string, rows: number, school: SchoolFacts): ReferenceSet {
  const file = `catalogs/${folder}/courses.csv.gz`;
  return {
    name,
    title,
    brief: `${school.name} catalogue`,
    files: [file],
    rows,
    unit: 'courses',
    async load(context) {
      const outcome = emptyOutcome();
      await ensureSchools(context, outcome, [school]);
      // A course the file lists twice is one course, the later row winning (as the catalogue import itself takes it),
      // settled here so that pieces committed apart count each course once.
      const records = csvRecords(context.files.file(file).text());
      const header = (await records.next()).value ?? [];
      const keyColumns = ['institution', 'subject', 'number'].map((column) => header.indexOf(column));
      const courses = new Map<string, string[]>();
      for await (const record of records) courses.set(keyColumns.map((column) => (record[column] ?? '').trim()).join('|'), record);
      // Reference data adds what is missing and never changes a course already on file (a school's own upload, the demo's
      // sample courses): replacing a catalogue is the admin upload's or `npm run import`'s job.
      await importCourseRows(context, outcome, { header, rows: courses.values(), total: courses.size, keepExisting: true });
      if (courses.size < rows) outcome.notes.push(`${(rows - courses.size).toLocaleString('en-US')} rows repeat a course listed earlier; the later one is kept`);
      return outcome;
    },
  };
}

const WISCONSIN_RULES = 'equivalencies/wisconsin-transfer-rules.csv.gz';

/** A rules file in the import's own columns, its schools first made known with the state they are in. */
function rulesFileSet(name: string, title: string, brief: string, file: string, rows: number, schoolFacts: (name: string) => SchoolFacts): ReferenceSet {
  return {
    name,
    title,
    brief,
    files: [file],
    rows,
    unit: 'rules',
    async load(context) {
      const outcome = emptyOutcome();
      // The schools the file names, so they are created with their state (the import alone would leave it empty).
      const names = new Set<string>();
      let columns: number[] = [];
      for await (const record of csvRecords(context.files.file(file).text())) {
        if (columns.length === 0) columns = ['source_university', 'target_university'].map((column) => record.indexOf(column)).filter((index) => index >= 0);
        else for (const column of columns) if (record[column]) names.add(record[column]!);
      }
      await ensureSchools(context, outcome, [...names].sort().map(schoolFacts));
      const records = csvRecords(context.files.file(file).text());
      const header = (await records.next()).value ?? [];
      await importRuleRows(context, outcome, { header, rows: { [Symbol.asyncIterator]: () => records }, total: rows });
      return outcome;
    },
  };
}

const wisconsinSchool = (name: string): SchoolFacts => ({
  name,
  state: 'WI',
  control: 'public',
  kind: /tech/i.test(name) ? 'technical-college' : 'university',
});

const LOUISIANA_MATRIX = 'louisiana/common-course-matrix.csv.gz';
const LOUISIANA_PAIRS = 'louisiana/common-course-pairs.csv.gz';

function readMatrix(context: ReferenceSetContext) {
  return readLouisianaMatrix(context.files.file(LOUISIANA_MATRIX).wholeText(), context.files.file(LOUISIANA_PAIRS).wholeText());
}

const louisianaMatrixSet: ReferenceSet = {
  name: 'louisiana-common-course-matrix',
  title: "Louisiana's common course matrix as rules between its 27 public schools",
  brief: "Louisiana's common course matrix",
  files: [LOUISIANA_MATRIX, LOUISIANA_PAIRS],
  rows: 302,
  unit: 'common courses',
  async load(context) {
    const outcome = emptyOutcome();
    const matrix = readMatrix(context);
    await ensureSchools(context, outcome, matrix.schools.map(louisianaSchool));
    // Counted first for the progress figure, letting requests run between slices (115,000 rows take a second or more).
    let ruleRows = 0;
    for (const _row of louisianaRuleRows(matrix)) if (++ruleRows % 5000 === 0) await letOthersRun();
    const courseRows = [...louisianaCourseRows(matrix)];
    const total = courseRows.length + ruleRows;
    await importCourseRows(context, outcome, { header: LOUISIANA_COURSE_COLUMNS, rows: courseRows, total, keepExisting: true });
    if (outcome.errorCount === 0) await importRuleRows(context, outcome, { header: LOUISIANA_RULE_COLUMNS, rows: louisianaRuleRows(matrix), total, offset: courseRows.length });
    if (matrix.unreadableCells > 0) outcome.notes.push(`${matrix.unreadableCells} cells the PDF conversion left unreadable (such as "BIOS 104/5/ 6/7/8/9", "ENGL 2005/ 2007/20 08") give no rule`);
    outcome.notes.push('a receiving school listing alternatives ("X or Y") gets a rule to the first, its notes naming the others; "none" and empty cells give no rule');
    return outcome;
  },
};

const FLORIDA_INVENTORY = 'florida/statewide-course-inventory.csv.gz';

const floridaInventorySet: ReferenceSet = {
  name: 'florida-statewide-inventory',
  title: "Florida's statewide course inventory: the public colleges and universities and their statewide-numbered courses",
  brief: "Florida's statewide course inventory",
  files: [FLORIDA_INVENTORY],
  rows: 16_650,
  unit: 'statewide course numbers',
  async load(context) {
    const outcome = emptyOutcome();
    const keys = await ensureSchools(
      context,
      outcome,
      FLORIDA_PUBLIC_SCHOOLS.map((school) => ({
        name: school.name,
        alsoKnownAs: school.alsoKnownAs,
        state: 'FL',
        control: 'public',
        kind: school.kind,
        floridaStatewideNumbering: true,
        aliases: [school.code, ...school.alsoKnownAs],
      })),
    );
    const rows = [...floridaCourseRows(context.files.file(FLORIDA_INVENTORY).wholeText(), (school) => keys.get(school.name) ?? school.name)];
    // Added only where the school has no such course yet: a school's own catalogue is never overwritten by the inventory.
    await importCourseRows(context, outcome, { header: FLORIDA_COURSE_COLUMNS, rows, total: rows.length, keepExisting: true });
    outcome.notes.push('private and technical-college participants (listed by a code only) are not loaded; UF and FIU courses come from their catalogues');
    return outcome;
  },
};

/**
 * Every US school, by the names students use (the federal IPEDS directory, school-directory.ts): loaded first, so the
 * sets after it find their schools in it (by name, in their state) instead of making their own.
 */
const institutionsSet: ReferenceSet = {
  name: 'institutions',
  title: 'Every US college and university in the federal IPEDS directory (2020), with the names students use',
  brief: 'the national school directory',
  files: [IPEDS_DIRECTORY_FILE],
  rows: IPEDS_DIRECTORY_ROWS,
  unit: 'schools',
  async load(context) {
    const outcome = emptyOutcome();
    const schools = readSchoolDirectory(context.files.file(IPEDS_DIRECTORY_FILE).wholeText());
    const loaded = await loadSchoolDirectory({
      db: context.db,
      schools,
      actor: context.actor,
      schoolsPerTransaction: context.rowsPerTransaction ? 500 : undefined,
      betweenTransactions: async () => {
        context.signal?.throwIfAborted();
        await letOthersRun();
        await context.betweenTransactions?.();
      },
      progress: (done, total) => context.progress(Math.round((done / total) * IPEDS_DIRECTORY_ROWS), IPEDS_DIRECTORY_ROWS),
    });
    outcome.written.schools = { inserted: loaded.inserted, updated: loaded.matched, unchanged: loaded.unchanged };
    outcome.notes.push(`${(IPEDS_DIRECTORY_ROWS - schools.length).toLocaleString('en-US')} rows are system offices or closed institutions of unknown sector, not schools: not loaded`);
    if (loaded.unmatched.length > 0) {
      const shown = loaded.unmatched.slice(0, 10).join(', ');
      outcome.notes.push(`${loaded.unmatched.length} schools on file are in no directory row (${shown}${loaded.unmatched.length > 10 ? ', …' : ''}): kept as they are`);
    }
    return outcome;
  },
};

const florida = (name: string, aliases: string[]): SchoolFacts => ({ name, state: 'FL', control: 'public', kind: 'university', floridaStatewideNumbering: true, aliases });

export const REFERENCE_SETS: readonly ReferenceSet[] = [
  institutionsSet,
  catalogueSet('catalog-ufl', 'University of Florida course catalogue', 'university-of-florida', 5_675, florida('University of Florida', ['UF'])),
  catalogueSet('catalog-fiu', 'Florida International University course catalogue', 'florida-international-university', 4_242, florida('Florida International University', ['FIU'])),
  catalogueSet('catalog-usf-sample', 'University of South Florida engineering sample (and 4 Hillsborough courses)', 'university-of-south-florida-sample', 120, florida('University of South Florida', ['USF'])),
  catalogueSet('catalog-udel', 'University of Delaware course catalogue (2021-22)', 'university-of-delaware', 7_436, DELAWARE),
  catalogueSet('catalog-uw-madison', 'University of Wisconsin-Madison course catalogue', 'university-of-wisconsin-madison', 10_977, UW_MADISON),
  catalogueSet('catalog-william-and-mary', 'William & Mary course catalogue (2025)', 'william-and-mary', 2_570, WILLIAM_AND_MARY),
  catalogueSet('catalog-ohio-state', 'The Ohio State University course list (titles only)', 'ohio-state-university', 9_681, OHIO_STATE),
  floridaInventorySet,
  louisianaMatrixSet,
  rulesFileSet('wisconsin-transfer-rules', "The University of Wisconsin System's transfer rules (TIS, about 2019)", 'the Wisconsin transfer rules', WISCONSIN_RULES, 125_503, wisconsinSchool),
  ...PROGRAM_SETS,
];

export class UnknownReferenceSetError extends Error {}

/** The sets named (in registry order), or every set for `all`; an unknown name throws, naming the known ones. */
export function pickReferenceSets(names: readonly string[]): ReferenceSet[] {
  if (names.includes('all')) return [...REFERENCE_SETS];
  const unknown = names.filter((name) => !REFERENCE_SETS.some((set) => set.name === name));
  if (unknown.length > 0) {
    throw new UnknownReferenceSetError(`No reference set named ${unknown.map((name) => `"${name}"`).join(', ')}. Known sets: ${REFERENCE_SETS.map((set) => set.name).join(', ')} (or all).`);
  }
  return REFERENCE_SETS.filter((set) => names.includes(set.name));
}

