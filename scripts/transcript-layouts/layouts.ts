/**
 * Registrar layout families and what varies inside each (see docs/transcript-reader.md). A family sampler turns a
 * random generator into one concrete layout: its columns and their header words, code and term formats, sections,
 * fonts, one or two columns per page, page furniture, and where the school's name is printed.
 */
import type { RecordOptions, SchoolStyle } from './record';
import { randomSchoolStyle } from './record';
import type { Rng } from './random';

export const FAMILIES = ['banner', 'peoplesoft', 'colleague', 'workday', 'jenzabar', 'powercampus', 'fixed-width', 'browser-print'] as const;
export type Family = (typeof FAMILIES)[number];

export type ColumnRole =
  | 'subject' | 'number' | 'code' | 'code-title' | 'title' | 'level' | 'campus' | 'section' | 'attempted' | 'earned' | 'grade'
  | 'points' | 'gpa-hours' | 'repeat' | 'term' | 'mode' | 'program-credit' | 'class-average' | 'enrollment' | 'dates';

export interface Column {
  role: ColumnRole;
  /** Header words; "\n" breaks the header cell over two lines. */
  header: string;
  /** Width in characters of the body font. */
  width: number;
  align: 'left' | 'right' | 'center';
}

export type CodeJoin = 'space' | 'dash' | 'none' | 'dash-section' | 'space-section';
export type TermFormat =
  | 'season-year' | 'year-season' | 'season-semester-year' | 'year-season-term' | 'upper' | 'academic-year' | 'workday'
  | 'colleague-long' | 'colleague-slash' | 'colleague-short' | 'jenzabar' | 'jenzabar-year';

export interface LayoutSpec {
  family: Family;
  variant: string;
  style: SchoolStyle;
  record: RecordOptions;
  font: string;
  fontSizePt: number;
  /** Text laid out with spaces in a monospaced font instead of HTML tables. */
  fixedWidth: boolean;
  columns: Column[];
  /** Columns of transfer and in-progress tables (Banner prints fewer there). */
  transferColumns: Column[] | null;
  inProgressColumns: Column[] | null;
  codeJoin: CodeJoin;
  termFormat: TermFormat;
  /** How a term is shown: a heading above its table, a column, or both. */
  termHeading: (term: string) => string;
  /** Repeat the table header under every term heading (else once per page/table). */
  headerPerTerm: boolean;
  /** No header row at all (home-grown prints). */
  headerless: boolean;
  headings: {
    institution: string | null;
    /** Printed once before all transfer blocks. */
    transferSection: string | null;
    /** Printed above each sending school's block. */
    transfer: (from: string, term: string) => string[];
    test: string;
    inProgress: string | null;
    end: string | null;
  };
  totals: 'banner' | 'peoplesoft' | 'simple' | 'none';
  creditDecimals: number;
  pointsDecimals: number;
  inProgressMark: string;
  twoColumn: boolean;
  letterSpacingPx: number;
  wrapTitles: boolean;
  schoolPlacement: 'header' | 'logo' | 'web-only' | 'footer';
  headerEveryPage: boolean;
  watermark: boolean;
  borders: boolean;
  /** Lines that are not courses and must never be read as rows or as the school ("Summary of College Credits"). */
  distractors: boolean;
  legend: boolean;
}

const FONTS = ["'Liberation Sans', Arial, sans-serif", "'Liberation Serif', 'Times New Roman', serif", "'DejaVu Sans', sans-serif", "'DejaVu Serif', serif", "'Liberation Sans Narrow', sans-serif"];
const MONO = ["'Liberation Mono', 'Courier New', monospace", "'DejaVu Sans Mono', monospace"];

const col = (role: ColumnRole, header: string, width: number, align: Column['align'] = 'left'): Column => ({ role, header, width, align });

function recordOptions(rng: Rng, overrides: Partial<RecordOptions> = {}): RecordOptions {
  return {
    terms: rng.int(2, 5),
    coursesPerTerm: [3, 6],
    transferBlocks: rng.chance(0.45) ? rng.int(1, 2) : 0,
    testCredit: rng.weighted<RecordOptions['testCredit']>([['none', 5], ['with-codes', 2], ['exam-only', 1], ['mixed', 1]]),
    inProgress: rng.weighted<RecordOptions['inProgress']>([['none', 3], ['section', 3], ['last-term', 3]]),
    repeats: rng.chance(0.3),
    ...overrides,
  };
}

const schoolPlacement = (rng: Rng): LayoutSpec['schoolPlacement'] =>
  rng.weighted<LayoutSpec['schoolPlacement']>([['header', 14], ['logo', 3], ['web-only', 1.5], ['footer', 1.5]]);

const creditWord = (rng: Rng, system: SchoolStyle['creditSystem']): string =>
  system === 'quarter' || system === 'half-units' ? rng.pick(['Units', 'Units', 'Credits', 'Hours']) : rng.pick(['Credit Hours', 'Credits', 'Hours', 'Cr Hrs', 'Sem Hrs', 'Units', 'QHrs']);

function base(rng: Rng, family: Family, variant: string, style: SchoolStyle): Omit<LayoutSpec, 'columns' | 'codeJoin' | 'termFormat' | 'termHeading' | 'headings' | 'totals'> {
  return {
    family,
    variant,
    style,
    record: recordOptions(rng),
    font: rng.pick(FONTS),
    fontSizePt: rng.pick([8, 8.5, 9, 9.5, 10, 10.5]),
    fixedWidth: false,
    transferColumns: null,
    inProgressColumns: null,
    headerPerTerm: true,
    headerless: false,
    creditDecimals: rng.pick([1, 2, 3]),
    pointsDecimals: rng.pick([2, 3]),
    inProgressMark: '',
    twoColumn: false,
    letterSpacingPx: 0,
    wrapTitles: false,
    schoolPlacement: schoolPlacement(rng),
    headerEveryPage: rng.chance(0.6),
    watermark: rng.chance(0.25),
    borders: rng.chance(0.3),
    distractors: rng.chance(0.6),
    legend: rng.chance(0.4),
  };
}

function banner(rng: Rng): LayoutSpec {
  const style = randomSchoolStyle(rng, { gradeScheme: rng.weighted([['letter', 6], ['letter-plain', 1], ['half-step', 1]]), sectionStyle: 'none' });
  const b = base(rng, 'banner', 'banner-9', style);
  const level = rng.chance(0.7);
  const campus = rng.chance(0.3);
  const cw = creditWord(rng, style.creditSystem);
  const points = rng.pick(['Quality Points', 'Quality\nPoints', 'QPts', 'Grade Points']);
  const columns = [
    col('subject', 'Subject', 8), col('number', 'Course', 7),
    ...(campus ? [col('campus', 'Campus', rng.pick([6, 14]))] : []),
    ...(level ? [col('level', 'Level', 6)] : []),
    col('title', 'Title', rng.int(26, 36)), col('grade', 'Grade', 6, rng.pick(['left', 'center'])),
    col('attempted', cw.replace(' ', '\n'), 8, 'right'), col('points', points, 9, 'right'),
    ...(rng.chance(0.6) ? [col('repeat', 'R', 3, 'center')] : []),
    ...(rng.chance(0.2) ? [col('dates', 'Start and End Dates', 22)] : []),
  ];
  const inProgressColumns = columns.filter((c) => !['grade', 'points', 'repeat'].includes(c.role));
  const transferColumns = columns.filter((c) => !['campus', 'level', 'dates'].includes(c.role));
  const fmt = rng.pick<TermFormat>(['season-year', 'season-semester-year', 'season-year']);
  const prefix = rng.pick(['Term: ', 'Term : ', 'Period: ', '']);
  return {
    ...b,
    columns,
    transferColumns,
    inProgressColumns,
    codeJoin: 'space',
    termFormat: fmt,
    termHeading: (t) => `${prefix}${t}`,
    wrapTitles: rng.chance(0.4),
    twoColumn: false,
    headings: {
      institution: rng.pick(['INSTITUTION CREDIT', 'Institution Credit']),
      transferSection: 'TRANSFER CREDIT ACCEPTED BY INSTITUTION',
      transfer: (from, term) => [`${term}: ${from}`],
      test: 'Advanced Placement Examinations',
      inProgress: rng.pick(['COURSES IN PROGRESS', 'COURSE(S) IN PROGRESS']),
      end: rng.pick(['TRANSCRIPT TOTALS (UNDERGRADUATE)', null]),
    },
    totals: 'banner',
    inProgressMark: '',
  };
}

function peoplesoft(rng: Rng): LayoutSpec {
  const style = randomSchoolStyle(rng, {
    subjectStyle: rng.weighted([['four', 4], ['long', 3], ['three', 1]]),
    gradeScheme: rng.weighted([['letter', 6], ['percent', 1.5], ['letter-plain', 1]]),
  });
  const b = base(rng, 'peoplesoft', 'campus-solutions', style);
  const units = style.creditSystem === 'quarter' || style.creditSystem === 'half-units';
  const variants: Column[][] = [
    [col('code', 'Course', 12), col('title', 'Description', 30), col('attempted', 'Attempted', 9, 'right'), col('earned', 'Earned', 8, 'right'), col('grade', 'Grade', 6, 'center'), col('points', 'Points', 8, 'right')],
    [col('code', 'Course', 12), col('title', 'Description', 30), col('attempted', units ? 'Units' : 'Credits', 7, 'right'), col('grade', 'Grade', 6, 'center'), col('points', 'Points', 8, 'right')],
    [col('code', 'Course', 12), col('title', 'Description', 28), col('repeat', 'Repeated', 9), col('attempted', 'Units\nAttempted', 9, 'right'), col('earned', 'Units\nCompleted', 9, 'right'), col('grade', 'Grade', 6, 'center'), col('points', 'Grade\nPoints', 7, 'right'), col('class-average', 'Class\nAverage', 7, 'center'), col('enrollment', 'Class\nEnrollment', 9, 'right')],
    [col('code', 'Course', 12), col('title', 'Title', 28), col('grade', 'Grd', 5), col('attempted', 'Att', 6, 'right'), col('earned', 'Ern', 6, 'right'), col('points', 'QPts', 7, 'right')],
    [col('code', 'Course', 12), col('title', 'Description', 30), col('attempted', 'Attempted', 9, 'right'), col('earned', 'Earned', 8, 'right'), col('grade', 'Grade', 6, 'center')],
  ];
  const columns = rng.pick(variants);
  const fmt = rng.pick<TermFormat>(['year-season', 'year-season-term', 'season-year']);
  const twoColumn = rng.chance(0.4);
  return {
    ...b,
    record: twoColumn ? { ...b.record, terms: rng.int(5, 8) } : b.record,
    fontSizePt: twoColumn ? rng.pick([7, 7.5, 8]) : b.fontSizePt,
    columns: twoColumn ? columns.filter((c) => !['class-average', 'enrollment', 'repeat'].includes(c.role)).map((c) => (c.role === 'title' ? { ...c, width: 20 } : c)) : columns,
    transferColumns: [col('code', 'Course', 12), col('title', 'Description', 26), col('attempted', units ? 'Units' : 'Earned', 7, 'right'), col('grade', 'Grade', 6, 'center')],
    codeJoin: 'space',
    termFormat: fmt,
    termHeading: (t) => t,
    twoColumn,
    headings: {
      institution: 'Beginning of Undergraduate Record',
      transferSection: 'Transfer Credits',
      transfer: (from) => [`Transfer Credit from ${from}`, 'Applied Toward Undergraduate Program'],
      test: 'Test Credits Applied Toward Undergraduate Program',
      inProgress: null,
      end: rng.pick(['End of Undergraduate Record', 'Undergraduate Career Totals']),
    },
    totals: 'peoplesoft',
  };
}

function colleague(rng: Rng): LayoutSpec {
  const style = randomSchoolStyle(rng, { subjectStyle: rng.weighted([['three', 2], ['four', 3]]), sectionStyle: rng.pick(['dash-2', 'dash-2', 'dash-3']), numberSuffixes: true });
  const b = base(rng, 'colleague', 'colleague', style);
  const fmt = rng.pick<TermFormat>(['colleague-long', 'colleague-slash', 'colleague-short']);
  const columns = rng.shuffle([col('grade', 'Grade', 6, 'center'), col('attempted', rng.pick(['Att Cred', 'Cred', 'Att Crs']), 8, 'right'), col('earned', rng.pick(['Cmpl Cred', 'Cmpl', 'Earned']), 9, 'right'), col('points', rng.pick(['Grade Pts', 'Grd Pts', 'Pts']), 9, 'right')]);
  const termFirst = rng.chance(0.4);
  return {
    ...b,
    columns: [
      ...(termFirst ? [col('term', 'Term', 8)] : []),
      col('code', 'Course', 13), col('title', rng.pick(['Title', 'Course Title', 'Description']), 30),
      ...(termFirst ? [] : [col('term', 'Term', 8)]),
      ...columns,
    ],
    codeJoin: 'dash-section',
    termFormat: fmt,
    termHeading: (t) => t,
    headerPerTerm: false,
    headings: { institution: rng.pick([null, 'Institutional Coursework']), transferSection: null, transfer: () => ['Transfer Work'], test: 'Credit by Examination', inProgress: null, end: null },
    totals: 'simple',
    inProgressMark: rng.pick(['*', '', 'IP']),
  };
}

function workday(rng: Rng): LayoutSpec {
  const style = randomSchoolStyle(rng, { sectionStyle: rng.chance(0.3) ? 'dash-2' : 'none' });
  const b = base(rng, 'workday', 'workday', style);
  const unitCols = [
    col('attempted', rng.pick(['Units Attempted', 'Attempted', 'Credits Attempted']), 10, 'right'),
    col('earned', rng.pick(['Units Earned', 'Earned', 'Credits Earned']), 9, 'right'),
    col('points', rng.pick(['Grade Points', 'Points']), 9, 'right'),
  ];
  const grade = col('grade', 'Grade', 8, 'left');
  const columns = rng.chance(0.5) ? [grade, ...unitCols] : [...unitCols.slice(0, 2), grade, ...unitCols.slice(2)];
  const prefixed = rng.chance(0.5);
  return {
    ...b,
    columns: [col('code-title', rng.pick(['Course', 'Course Section', 'Course']), 44), ...(rng.chance(0.2) ? [col('mode', 'Instructional Format', 10)] : []), ...columns],
    codeJoin: style.sectionStyle === 'none' ? 'space' : 'space-section',
    termFormat: 'workday',
    termHeading: (t) => (prefixed ? `Academic Period: ${t}` : t),
    headings: { institution: null, transferSection: 'Transfer Credit', transfer: (from) => [from], test: 'Test Credit', inProgress: null, end: null },
    totals: 'simple',
    inProgressMark: rng.pick(['In Progress', '', 'In Progress']),
  };
}

function jenzabar(rng: Rng): LayoutSpec {
  const style = randomSchoolStyle(rng, { subjectStyle: rng.weighted([['three', 2], ['four', 3]]), sectionStyle: rng.chance(0.5) ? 'letter' : 'none' });
  const b = base(rng, 'jenzabar', 'jenzabar', style);
  const termColumn = rng.chance(0.4);
  return {
    ...b,
    columns: [
      ...(termColumn ? [col('term', 'Term', 9)] : []),
      col('code', rng.pick(['Course', 'Course No', 'Crs']), 12), col('title', rng.pick(['Title', 'Course Title']), 30),
      col('grade', rng.pick(['Grd', 'Grade']), 5), col('attempted', rng.pick(['Cred', 'Credits', 'Hrs']), 6, 'right'),
      ...(rng.chance(0.6) ? [col('earned', rng.pick(['Earned', 'Ern']), 6, 'right')] : []),
      col('points', rng.pick(['QP', 'Qual Pts', 'Pts']), 7, 'right'),
    ],
    codeJoin: rng.pick<CodeJoin>(['space', 'none', style.sectionStyle === 'letter' ? 'space-section' : 'space']),
    termFormat: rng.pick<TermFormat>(['jenzabar', 'jenzabar-year']),
    termHeading: (t) => t,
    headerPerTerm: !termColumn,
    headings: { institution: null, transferSection: null, transfer: (from) => [`Transfer Credit - ${from}`], test: 'Advanced Placement Credit', inProgress: 'Current Registration', end: null },
    totals: 'simple',
  };
}

function powercampus(rng: Rng): LayoutSpec {
  const style = randomSchoolStyle(rng, { subjectStyle: rng.weighted([['three', 1], ['four', 3]]) });
  const b = base(rng, 'powercampus', 'powercampus', style);
  const order = rng.shuffle([col('attempted', rng.pick(['Credits', 'Credit']), 7, 'right'), col('grade', 'Grade', 6, 'center'), col('points', rng.pick(['Quality Points', 'Qual Pts']), 8, 'right')]);
  return {
    ...b,
    columns: [col('code', rng.pick(['Course ID', 'Course']), 11), col('title', rng.pick(['Course Name', 'Title']), 30), col('section', 'Section', 7, 'center'), ...(rng.chance(0.5) ? [col('program-credit', 'Crd Twd Prog', 8, 'right')] : []), ...order],
    codeJoin: rng.pick<CodeJoin>(['space', 'none']),
    termFormat: rng.pick<TermFormat>(['year-season', 'season-year', 'upper']),
    termHeading: (t) => t.toUpperCase().replace(' ', '/'),
    headings: { institution: rng.pick(['Coursework', 'Institutional Coursework']), transferSection: 'Transfer Coursework', transfer: (from) => [from], test: 'Test Scores and Credit', inProgress: 'Current Enrollment', end: 'Summary of College Credits' },
    totals: 'simple',
  };
}

function fixedWidth(rng: Rng): LayoutSpec {
  const style = randomSchoolStyle(rng, {
    subjectStyle: rng.weighted([['four', 4], ['three', 2], ['division', 1]]),
    gradeScheme: rng.weighted([['letter', 5], ['numeric-4', 1.5], ['letter-plain', 1]]),
    shoutedTitles: rng.chance(0.6),
  });
  const b = base(rng, 'fixed-width', 'home-grown', style);
  const titleFirst = rng.chance(0.2);
  const credit = col('attempted', rng.pick(['CR', 'HRS', 'UNITS', 'CRED']), 6, 'right');
  const grade = col('grade', rng.pick(['GRD', 'GRADE', 'GR']), 6, 'center');
  const columns = titleFirst
    ? [col('title', 'TITLE', 30), col('code', 'COURSE', 11), credit, grade]
    : [col('code', rng.pick(['COURSE', 'CRS NO', 'COURSE ID']), 11), col('title', rng.pick(['TITLE', 'DESCRIPTION', 'COURSE TITLE']), 30), ...(rng.chance(0.5) ? [grade, credit] : [credit, grade]), ...(rng.chance(0.5) ? [col('points', rng.pick(['QPTS', 'PTS', 'GRD PTS']), 7, 'right')] : [])];
  const twoColumn = rng.chance(0.25);
  return {
    ...b,
    font: rng.pick(MONO),
    fontSizePt: twoColumn ? rng.pick([6.5, 7]) : rng.pick([8, 8.5, 9, 9.5]),
    fixedWidth: true,
    record: twoColumn ? { ...b.record, terms: rng.int(4, 7) } : b.record,
    columns: twoColumn ? columns.map((c) => (c.role === 'title' ? { ...c, width: 20 } : c)).filter((c) => c.role !== 'points') : columns,
    codeJoin: style.subjectStyle === 'division' ? 'none' : rng.pick<CodeJoin>(['space', 'space', 'none', 'dash']),
    termFormat: rng.pick<TermFormat>(['upper', 'season-year', 'academic-year']),
    termHeading: (t) => t,
    headerPerTerm: rng.chance(0.5),
    headerless: rng.chance(0.35),
    headings: { institution: null, transferSection: null, transfer: (from) => [`TRANSFER CREDIT FROM ${from.toUpperCase()}`], test: 'CREDIT BY EXAMINATION', inProgress: 'CURRENTLY ENROLLED', end: rng.pick(['Summary of College Credits', '*** END OF TRANSCRIPT ***']) },
    totals: rng.pick(['simple', 'none']),
    twoColumn,
    borders: false,
  };
}

function browserPrint(rng: Rng): LayoutSpec {
  const spec = banner(rng);
  const fontSizePt = rng.pick([9, 9.5, 10]);
  return {
    ...spec,
    family: 'browser-print',
    variant: 'self-service-web-page',
    fontSizePt,
    // about 0.2 em between letters: pdf.js then reads "E x p o s i t o r y"
    letterSpacingPx: Math.round(fontSizePt * 1.333 * rng.range(0.13, 0.17) * 10) / 10,
    wrapTitles: true,
    borders: true,
    headerEveryPage: false,
    watermark: false,
  };
}

const SAMPLERS: Record<Family, (rng: Rng) => LayoutSpec> = {
  banner,
  peoplesoft,
  colleague,
  workday,
  jenzabar,
  powercampus,
  'fixed-width': fixedWidth,
  'browser-print': browserPrint,
};

export function sampleLayout(rng: Rng, family: Family): LayoutSpec {
  return SAMPLERS[family](rng);
}
