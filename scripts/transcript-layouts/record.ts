/**
 * A made-up academic record, independent of how it is printed: terms, transfer and test credit, courses in progress,
 * repeats and withdrawals. Each course carries both its truth (what a reader must find) and its printed forms.
 */
import { DISCIPLINES, pickCourse, TEST_EXAMS, type School } from './catalog';
import type { Rng } from './random';

export type Section = 'institution' | 'transfer' | 'test' | 'in-progress';

/** One course as the truth file records it (the shape of tests/fixtures/transcripts/truth.json, plus `section`). */
export interface TruthCourse {
  term: string | null;
  subject: string;
  number: string;
  title: string;
  credits: number;
  earned: number;
  grade: string | null;
  inProgress: boolean;
  transfer: boolean;
  section: Section;
}

export type SubjectStyle = 'three' | 'four' | 'long' | 'division' | 'school-suffix';
export type GradeScheme = 'letter' | 'letter-plain' | 'half-step' | 'numeric-4' | 'percent' | 'scale-7';
export type CreditSystem = 'semester' | 'quarter' | 'half-units' | 'course-units';

/** How a school names its courses and grades (chosen per document). */
export interface SchoolStyle {
  subjectStyle: SubjectStyle;
  numberDigits: 3 | 4 | 5;
  /** Letters after the number for labs/honours/combined courses ("1045C", "2010L", "51A"). */
  numberSuffixes: boolean;
  gradeScheme: GradeScheme;
  creditSystem: CreditSystem;
  /** Titles printed in capitals and abbreviated, as many registrar systems do. */
  shoutedTitles: boolean;
  /** Section printed after the number: "-01", "-001", " A". */
  sectionStyle: 'none' | 'dash-2' | 'dash-3' | 'letter';
}

export interface PrintedCourse {
  truth: TruthCourse;
  /** Printed subject and number (truth may differ: a section suffix is not part of the number). */
  subject: string;
  number: string;
  section: string;
  title: string;
  /** Grade as printed ("" when none is printed). */
  gradeText: string;
  points: number | null;
  /** Repeat flag: "E" excluded, "I" included, "R" repeated, or "". */
  repeatFlag: string;
  level: string;
}

export interface ExamRow {
  exam: string;
  score: number;
  credits: number;
}

export interface RecordBlock {
  section: Section;
  /** The term, e.g. "Fall 2022"; null for test credit not tied to a term. */
  term: { season: 'Fall' | 'Winter' | 'Spring' | 'Summer'; year: number } | null;
  /** The school a transfer block came from. */
  from: string | null;
  courses: PrintedCourse[];
  /** Test-credit rows with an exam name and no course code (not course rows in the truth). */
  exams: ExamRow[];
}

export interface AcademicRecord {
  style: SchoolStyle;
  blocks: RecordBlock[];
}

const LETTERS: readonly (readonly [string, number])[] = [
  ['A', 10], ['A-', 6], ['B+', 6], ['B', 9], ['B-', 5], ['C+', 4], ['C', 6], ['C-', 2], ['D+', 1], ['D', 2], ['F', 2],
];
const PLAIN: readonly (readonly [string, number])[] = [['A', 10], ['B', 10], ['C', 6], ['D', 2], ['F', 2]];
const HALF: readonly (readonly [string, number])[] = [['A', 10], ['AB', 6], ['B', 9], ['BC', 5], ['C', 6], ['CD', 1], ['D', 2], ['F', 2]];
const SPECIAL: readonly (readonly [string, number])[] = [
  ['W', 5], ['WF', 1], ['I', 1], ['S', 2], ['U', 1], ['P', 3], ['NP', 1], ['CR', 2], ['NC', 1], ['NR', 1], ['Y', 1], ['Q', 1], ['UW', 1], ['AU', 1],
];
const GRADE_POINTS: Record<string, number> = {
  'A+': 4, A: 4, 'A-': 3.7, 'B+': 3.3, B: 3, 'B-': 2.7, 'C+': 2.3, C: 2, 'C-': 1.7, 'D+': 1.3, D: 1, 'D-': 0.7, F: 0,
  AB: 3.5, BC: 2.5, CD: 1.5,
};
const NOT_EARNED = new Set(['F', 'W', 'WF', 'I', 'U', 'NP', 'NC', 'NR', 'Y', 'Q', 'UW', 'AU']);

export function randomSchoolStyle(rng: Rng, overrides: Partial<SchoolStyle> = {}): SchoolStyle {
  return {
    subjectStyle: rng.weighted<SubjectStyle>([['three', 2], ['four', 5], ['long', 1.5], ['division', 0.5], ['school-suffix', 0.5]]),
    numberDigits: rng.weighted<3 | 4 | 5>([[3, 5], [4, 4], [5, 1]]),
    numberSuffixes: rng.chance(0.5),
    gradeScheme: rng.weighted<GradeScheme>([['letter', 8], ['letter-plain', 2], ['half-step', 1], ['numeric-4', 0.7], ['percent', 0.6], ['scale-7', 0.4]]),
    creditSystem: rng.weighted<CreditSystem>([['semester', 8], ['quarter', 2], ['half-units', 0.5], ['course-units', 0.3]]),
    shoutedTitles: rng.chance(0.3),
    sectionStyle: 'none',
    ...overrides,
  };
}

const SPACED_SUBJECTS: Record<string, string> = { ENGR: 'M S & E', CSCI: 'C S', ENGL: 'COMP LIT', STAT: 'ACT SCI', PHYS: 'E C E' };
const DIVISIONS: Record<string, string> = { MATH: 'AS.110', PHYS: 'AS.171', CSCI: 'EN.601', ENGR: 'EN.530', CHEM: 'AS.030', ENGL: 'AS.060', ECON: 'AS.180', BIOL: 'AS.020' };

function subjectFor(rng: Rng, style: SchoolStyle, d: (typeof DISCIPLINES)[number]): string {
  switch (style.subjectStyle) {
    case 'three':
      return d.subjects.three;
    case 'four':
      return d.subjects.four;
    case 'long':
      return SPACED_SUBJECTS[d.subjects.four] && rng.chance(0.25) ? SPACED_SUBJECTS[d.subjects.four]! : d.subjects.long;
    case 'division':
      return DIVISIONS[d.subjects.four] ?? `AS.${100 + (d.subjects.four.charCodeAt(0) % 90)}`;
    case 'school-suffix':
      return `${d.subjects.four}-${rng.chance(0.8) ? 'UA' : 'UB'}`;
  }
}

function numberFor(rng: Rng, style: SchoolStyle, level: number, lab: boolean): string {
  let n: string;
  if (style.subjectStyle === 'division') n = String(level * 100 + rng.int(1, 99)).padStart(3, '0');
  else if (style.numberDigits === 3) n = String(level * 100 + rng.int(1, 99));
  else if (style.numberDigits === 4) n = String(level * 1000 + rng.int(0, 99) * 10 + rng.int(0, 9));
  else n = String(level * 10000 + rng.int(0, 99) * 100);
  if (style.numberSuffixes && style.subjectStyle !== 'division') {
    if (lab) n += rng.pick(['L', 'C']);
    else if (rng.chance(0.12)) n += rng.pick(['H', 'C', 'A']);
  }
  return n;
}

function creditsFor(style: SchoolStyle, base: number, rng: Rng): number {
  switch (style.creditSystem) {
    case 'semester':
      return base;
    case 'quarter':
      return base === 1 ? rng.pick([1, 2]) : base === 2 ? 3 : base === 3 ? rng.pick([4, 5]) : 5;
    case 'half-units':
      return base <= 1 ? 0.25 : 0.5;
    case 'course-units':
      return base <= 1 ? 0.5 : 1;
  }
}

function gradeFor(rng: Rng, style: SchoolStyle): string {
  if (rng.chance(0.12)) return rng.weighted(SPECIAL);
  switch (style.gradeScheme) {
    case 'letter':
      return rng.weighted(LETTERS);
    case 'letter-plain':
      return rng.weighted(PLAIN);
    case 'half-step':
      return rng.weighted(HALF);
    case 'numeric-4':
      return (rng.int(17, 40) / 10).toFixed(1);
    case 'percent':
      return String(rng.int(52, 98));
    case 'scale-7':
      return String(rng.weighted<number>([[7, 2], [6, 4], [5, 4], [4, 2], [3, 1]]));
  }
}

function pointsFor(grade: string, credits: number): number | null {
  const gp = GRADE_POINTS[grade];
  return gp === undefined ? null : Math.round(gp * credits * 1000) / 1000;
}

function earnedFor(grade: string, credits: number, scheme: GradeScheme): number {
  if (NOT_EARNED.has(grade)) return 0;
  if (scheme === 'percent' && /^\d+$/.test(grade) && Number(grade) < 50) return 0;
  return credits;
}

const shout = (title: string): string =>
  title
    .toUpperCase()
    .replace(/INTRODUCTION/g, 'INTRO')
    .replace(/ AND /g, ' & ')
    .replace(/LABORATORY/g, 'LAB')
    .replace(/GEOMETRY/g, 'GEOM')
    .slice(0, 30)
    .trim();

export type Season = 'Fall' | 'Winter' | 'Spring' | 'Summer';

function termSequence(rng: Rng, count: number, quarter: boolean): { season: Season; year: number }[] {
  const seasons: Season[] = quarter ? ['Fall', 'Winter', 'Spring'] : rng.chance(0.3) ? ['Fall', 'Spring', 'Summer'] : ['Fall', 'Spring'];
  let year = rng.int(2018, 2022);
  let i = 0;
  const out: { season: Season; year: number }[] = [];
  for (let k = 0; k < count; k++) {
    const season = seasons[i % seasons.length]!;
    if (season !== 'Fall' && i % seasons.length === 1) year++;
    out.push({ season, year });
    i++;
  }
  return out;
}

const termName = (t: { season: Season; year: number } | null): string | null => (t ? `${t.season} ${t.year}` : null);

export interface RecordOptions {
  terms: number;
  coursesPerTerm: [number, number];
  transferBlocks: number;
  testCredit: 'none' | 'with-codes' | 'exam-only' | 'mixed';
  inProgress: 'none' | 'section' | 'last-term';
  repeats: boolean;
}

/** Builds a made-up record. `home` is the school printing the transcript (transfer blocks come from other schools). */
export function makeRecord(rng: Rng, style: SchoolStyle, opts: RecordOptions, transferSchools: School[]): AcademicRecord {
  const quarter = style.creditSystem === 'quarter';
  const terms = termSequence(rng, opts.terms + (opts.inProgress === 'none' ? 0 : 1), quarter);
  const used = new Set<string>();
  const makeCourse = (section: Section, term: { season: Season; year: number } | null, level: number, gradeOverride?: string | null): PrintedCourse => {
    let pick = pickCourse(rng, level);
    let subject = subjectFor(rng, style, pick.discipline);
    let number = numberFor(rng, style, pick.course.level, pick.course.lab === true);
    for (let tries = 0; used.has(`${subject}|${number}`) && tries < 20; tries++) {
      pick = pickCourse(rng, level);
      subject = subjectFor(rng, style, pick.discipline);
      number = numberFor(rng, style, pick.course.level, pick.course.lab === true);
    }
    used.add(`${subject}|${number}`);
    const credits = creditsFor(style, pick.course.credits, rng);
    const inProgress = section === 'in-progress' || gradeOverride === null;
    let grade: string | null = gradeOverride === undefined ? gradeFor(rng, style) : gradeOverride;
    if (section === 'transfer') grade = rng.weighted<string>([['T', 2], ['TA', 1], ['TB', 1], ['TCR', 1], ['TR', 1], ['A', 1], ['B', 1], ['C', 0.6], ['P', 0.5]]);
    if (section === 'test') grade = rng.weighted<string>([['CR', 3], ['T', 2], ['P', 1], ['TCR', 1]]);
    if (inProgress) grade = null;
    const earned = grade === null ? 0 : section === 'transfer' || section === 'test' ? credits : earnedFor(grade, credits, style.gradeScheme);
    const section2 = style.sectionStyle === 'none' ? '' : style.sectionStyle === 'letter' ? rng.pick(['A', 'B', 'C', '01']) : String(rng.int(1, 12)).padStart(style.sectionStyle === 'dash-2' ? 2 : 3, '0');
    const title = style.shoutedTitles ? shout(pick.course.title) : pick.course.title;
    return {
      truth: {
        term: termName(term),
        subject,
        number,
        title: pick.course.title,
        credits,
        earned,
        grade,
        inProgress,
        transfer: section === 'transfer',
        section: inProgress ? 'in-progress' : section,
      },
      subject,
      number,
      section: section2,
      title,
      gradeText: grade ?? '',
      points: grade === null || section !== 'institution' ? (section === 'institution' ? null : 0) : pointsFor(grade, credits),
      repeatFlag: '',
      level: '',
    };
  };

  const blocks: RecordBlock[] = [];
  for (let b = 0; b < opts.transferBlocks; b++) {
    const from = transferSchools[b % transferSchools.length]!;
    const tTerm = { season: rng.pick<Season>(['Fall', 'Spring', 'Summer']), year: (terms[0]?.year ?? 2020) - rng.int(0, 1) };
    blocks.push({ section: 'transfer', term: tTerm, from: from.name, courses: Array.from({ length: rng.int(2, 4) }, () => makeCourse('transfer', tTerm, 2)), exams: [] });
  }
  if (opts.testCredit !== 'none') {
    const withCodes = opts.testCredit === 'with-codes' || opts.testCredit === 'mixed';
    const examOnly = opts.testCredit === 'exam-only' || opts.testCredit === 'mixed';
    blocks.push({
      section: 'test',
      term: null,
      from: null,
      courses: withCodes ? Array.from({ length: rng.int(1, 3) }, () => makeCourse('test', null, 1)) : [],
      exams: examOnly ? rng.shuffle(TEST_EXAMS).slice(0, rng.int(1, 3)).map((exam) => ({ exam, score: rng.int(3, 5), credits: rng.pick([3, 4, 6, 8]) })) : [],
    });
  }
  const graded = terms.slice(0, opts.terms);
  graded.forEach((term, i) => {
    const n = rng.int(opts.coursesPerTerm[0], opts.coursesPerTerm[1]);
    const inProgressHere = opts.inProgress === 'last-term' && i === graded.length - 1;
    blocks.push({
      section: 'institution',
      term,
      from: null,
      courses: Array.from({ length: n }, () => makeCourse('institution', term, Math.min(4, 1 + Math.floor(i / 2)), inProgressHere ? null : undefined)),
      exams: [],
    });
  });
  if (opts.repeats) addRepeat(rng, style, blocks);
  if (opts.inProgress === 'section') {
    const term = terms[terms.length - 1]!;
    blocks.push({ section: 'in-progress', term, from: null, courses: Array.from({ length: rng.int(2, 4) }, () => makeCourse('in-progress', term, 4)), exams: [] });
  }
  return { style, blocks };
}

/** Retakes a course from an early term in a later one: the first attempt is flagged excluded. */
function addRepeat(rng: Rng, style: SchoolStyle, blocks: RecordBlock[]): void {
  const terms = blocks.filter((b) => b.section === 'institution' && b.courses.every((c) => !c.truth.inProgress));
  if (terms.length < 2) return;
  const first = terms[0]!.courses[0]!;
  const later = terms[terms.length - 1]!;
  const bad = style.gradeScheme === 'percent' ? '45' : style.gradeScheme === 'numeric-4' ? '0.7' : rng.pick(['F', 'D', 'W']);
  first.gradeText = bad;
  first.truth.grade = bad;
  first.truth.earned = bad === 'D' ? first.truth.credits : 0;
  first.points = pointsFor(bad, first.truth.credits);
  first.repeatFlag = 'E';
  const good = style.gradeScheme === 'percent' ? '81' : style.gradeScheme === 'numeric-4' ? '3.2' : 'B';
  const retake: PrintedCourse = {
    ...first,
    truth: { ...first.truth, term: termName(later.term), grade: good, earned: first.truth.credits },
    gradeText: good,
    points: pointsFor(good, first.truth.credits),
    repeatFlag: rng.pick(['I', 'R', '']),
  };
  later.courses.push(retake);
}

export const allTruthCourses = (record: AcademicRecord): TruthCourse[] => record.blocks.flatMap((b) => b.courses.map((c) => c.truth));
