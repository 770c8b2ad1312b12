import { describe, expect, it } from 'vitest';
import { decideTransfers, type EquivalencyRule, type InstitutionInfo, type SourceCourseTaken } from '../../equivalencies';
import { evaluateDegreeProgress, type DecidedTranscriptCourse } from './degree-progress';
import { awardExamCredit, type ExamCreditRule } from './exam-credit';
import { requirement, tree } from './test-requirements';

const school = (id: number, name: string, extra: Partial<InstitutionInfo> = {}): InstitutionInfo => ({
  id,
  key: name.toLowerCase().replace(/\W+/g, '-'),
  name,
  state: 'FL',
  calendar: 'semester',
  floridaStatewideNumbering: true,
  ...extra,
});
const VALENCIA = school(1, 'Valencia College');
const UF = school(2, 'University of Florida');
const OSU = school(3, 'The Ohio State University', { state: 'OH', floridaStatewideNumbering: false });

// Florida's 2015 core as the loader stores it (one course from each area).
const floridaCore = () =>
  tree([
    requirement('COMM', { name: 'Communication', kind: 'gen_ed', options: ['ENC X101'] }),
    requirement('HUM', { name: 'Humanities', kind: 'gen_ed', options: ['ARH X000', 'HUM X020', 'LIT X000', 'PHI X010'] }),
    requirement('MATH', { name: 'Mathematics', kind: 'gen_ed', options: ['MAC X105', 'MAC X311', 'STA X023'] }),
    requirement('NATSCI', { name: 'Natural Sciences', kind: 'gen_ed', options: ['BSC X010', 'CHM X045', 'PHY X048'] }),
    requirement('SOCSCI', { name: 'Social Sciences', kind: 'gen_ed', options: ['AMH X020', 'ECO X013', 'PSY X012'] }),
  ]);

/** Decides with the real equivalency engine (statewide numbering between two Florida public schools), then evaluates. */
function transcript(courses: Array<[string, string, number, string]>, from = VALENCIA, to = UF, rules: EquivalencyRule[] = []): DecidedTranscriptCourse[] {
  const taken: SourceCourseTaken[] = courses.map(([subject, number, credits, grade]) => ({ subject, number, credits, grade, title: `${subject} ${number}` }));
  const decisions = decideTransfers({ from, to, courses: taken, rules });
  return taken.map((course, index) => ({ code: `${course.subject} ${course.number}`, title: course.title ?? '', credits: course.credits ?? 0, grade: course.grade ?? null, decision: decisions[index]! }));
}

const noAttributes = () => new Set<string>();

describe('degree progress', () => {
  it('a Valencia transcript at UF: the statewide general-education areas filled and what remains', () => {
    const courses = transcript([
      ['ENC', '1101', 3, 'A'],
      ['MAC', '2311', 4, 'B'],
      ['PSY', '2012', 3, 'A'],
      ['ECO', '2013', 3, 'B'],
      ['BSC', '2010', 3, 'B'],
      ['BSC', '2010L', 1, 'B'],
      ['ART', '1300C', 3, 'W'],
    ]);
    const report = evaluateDegreeProgress({ schoolName: UF.name, programName: 'Florida General Education Core', roots: floridaCore(), totalCredits: null, courses, exams: [], attributesOf: noAttributes, knownAttributes: new Set() });
    expect(report.requirements.map((requirement) => [requirement.name, requirement.status])).toEqual([
      ['Communication', 'complete'],
      ['Humanities', 'not-started'],
      ['Mathematics', 'complete'],
      ['Natural Sciences', 'complete'],
      ['Social Sciences', 'complete'],
    ]);
    expect(report.requirements[0]).toMatchObject({ courses: ['ENC 1101'], remainingCourses: 0, verified: true });
    expect(report.requirements[1]).toMatchObject({ remainingCourses: 1, optionsText: expect.arrayContaining(['HUM x020']) });
    const byCode = new Map(report.courses.map((course) => [course.code, course]));
    expect(byCode.get('ENC 1101')).toMatchObject({ outcome: 'counts', countsToward: [{ id: 'COMM', name: 'Communication' }], why: 'Counts toward Communication.' });
    // The second social science course has no area left: elective credit, saying which course fills the area.
    const social = [byCode.get('PSY 2012')!, byCode.get('ECO 2013')!];
    expect(social.map((course) => course.outcome).sort()).toEqual(['counts', 'elective']);
    expect(social.find((course) => course.outcome === 'elective')!.why).toMatch(/^Elective credit only: it would fit Social Sciences, but (PSY 2012|ECO 2013) already fills it\.$/);
    // The lab alone is not the statewide course, but taken with its lecture the pair counts.
    expect(byCode.get('BSC 2010')).toMatchObject({ outcome: 'counts' });
    expect(byCode.get('ART 1300C')).toMatchObject({ outcome: 'none', pending: false });
    expect(byCode.get('ART 1300C')!.why).toMatch(/^Does not count: it does not transfer to University of Florida\./);
    expect(report.totals).toMatchObject({ lostCredits: 3, pendingCredits: 0, requirementsTotal: 5, requirementsComplete: 4 });
    expect(report.totals.countingCredits + report.totals.electiveCredits).toBe(17);
  });

  it('a course the school has not decided yet does not count yet, and says so', () => {
    const courses = transcript([['SPC', '1608', 3, 'A']], VALENCIA, OSU);
    const report = evaluateDegreeProgress({ schoolName: OSU.name, programName: 'Accounting', roots: floridaCore(), totalCredits: 120, courses, exams: [], attributesOf: noAttributes, knownAttributes: new Set() });
    expect(report.courses[0]).toMatchObject({ outcome: 'none', pending: true });
    expect(report.courses[0]!.why).toMatch(/^Does not count yet: The Ohio State University has to decide how it transfers first\./);
    expect(report.totals).toMatchObject({ pendingCredits: 3, creditsStillNeeded: 120 });
  });

  it('exam credit fills a requirement; a course the transcript also brings is given once', () => {
    const rules: ExamCreditRule[] = [
      { examType: 'AP', exam: 'Calculus AB', minScore: 3, credits: 5, courses: ['MATH 1151'], notes: null, doubtful: null },
      { examType: 'AP', exam: 'Biology', minScore: 3, credits: 4, courses: ['BIOLOGY 1110'], notes: null, doubtful: null },
      { examType: 'AP', exam: 'Biology', minScore: 4, credits: 4, courses: ['BIOLOGY 1113'], notes: null, doubtful: null },
      { examType: 'IB', exam: 'Film', minScore: 4, credits: 34, courses: ['ENGLISH 2263'], notes: null, doubtful: 'credits look wrong (34)' },
    ];
    const exams = awardExamCredit(
      [
        { examType: 'AP', exam: 'calculus  ab', score: 4 },
        { examType: 'AP', exam: 'Biology', score: 5 },
        { examType: 'AP', exam: 'Chemistry', score: 5 },
        { examType: 'IB', exam: 'Film', score: 5 },
      ],
      rules,
      OSU.name,
    );
    expect(exams[1]!.rule?.courses).toEqual(['BIOLOGY 1113']);
    const roots = tree([
      requirement('CALC', { name: 'Calculus I', options: ['MATH 1151', 'MATH 1161.01'] }),
      requirement('BIO', { name: 'Biology', options: ['BIOLOGY 1113'] }),
      requirement('FILM', { name: 'Film', options: ['ENGLISH 2263'] }),
    ]);
    const courses = transcript([['BIOLOGY', '1113', 4, 'A']], VALENCIA, OSU, [
      { id: 1, fromInstitutionId: VALENCIA.id, toInstitutionId: OSU.id, sources: [{ subject: 'BIOLOGY', number: '1113', title: null, credits: 4 }], targets: [{ subject: 'BIOLOGY', number: '1113', title: 'Biology', credits: 4, isElective: false }], transfers: true, creditsAwarded: 4, minGrade: null, effectiveFromTerm: null, effectiveToTerm: null, origin: 'csv', notes: null },
    ]);
    const report = evaluateDegreeProgress({ schoolName: OSU.name, programName: 'Computer Science', roots, totalCredits: null, courses, exams, attributesOf: noAttributes, knownAttributes: new Set() });
    const exam = (label: string) => report.courses.find((course) => course.code.startsWith(label))!;
    expect(report.requirements[0]).toMatchObject({ status: 'complete', courses: ['AP Calculus AB (score 4)'] });
    expect(exam('AP Calculus')).toMatchObject({ source: 'exam', outcome: 'counts', credits: 5 });
    expect(exam('AP Biology')).toMatchObject({ outcome: 'none' });
    expect(exam('AP Biology').why).toBe('Does not count: BIOLOGY 1113 already gives you BIOLOGY 1113: credit for the same course is given once.');
    expect(exam('AP Chemistry').why).toBe('Does not count: The Ohio State University lists no credit for AP Chemistry.');
    // A doubtful exam rule's credit is never a fact: it "may count", unverified, and so is the requirement.
    expect(exam('IB Film')).toMatchObject({ outcome: 'counts', verified: false });
    expect(exam('IB Film').why).toMatch(/^May count toward Film — not verified: credits look wrong \(34\)\./);
    expect(report.requirements[2]).toMatchObject({ status: 'complete', verified: false });
    expect(report.totals.requirementsComplete).toBe(2);
  });

  it('never shows a doubtful requirement as fact', () => {
    const roots = tree([requirement('G7', { name: 'Social Sciences', options: ['PSY X012'], doubtful: '1 option not in the school course list: GEOG 10001' })]);
    const report = evaluateDegreeProgress({ schoolName: UF.name, programName: 'Biology', roots, totalCredits: null, courses: transcript([['PSY', '2012', 3, 'A']]), exams: [], attributesOf: noAttributes, knownAttributes: new Set() });
    expect(report.requirements[0]).toMatchObject({ status: 'complete', verified: false, doubtful: expect.stringContaining('GEOG 10001') });
    expect(report.courses[0]).toMatchObject({ outcome: 'counts', verified: false });
    expect(report.courses[0]!.why).toMatch(/^May count toward Social Sciences — not verified/);
    expect(report.totals.requirementsComplete).toBe(0);
  });

  it('uses the school\'s course attributes for its general-education codes', () => {
    const roots = tree([requirement('HIST', { name: 'Historical Study', options: ['attr:AH1'] })]);
    const rules: EquivalencyRule[] = [
      { id: 9, fromInstitutionId: VALENCIA.id, toInstitutionId: OSU.id, sources: [{ subject: 'AMH', number: '2020', title: null, credits: 3 }], targets: [{ subject: 'HISTORY', number: '1152', title: 'American History', credits: 3, isElective: false }], transfers: true, creditsAwarded: 3, minGrade: null, effectiveFromTerm: null, effectiveToTerm: null, origin: 'csv', notes: null },
    ];
    const attributesOf = (course: { subject: string; number: string }) => new Set(course.subject === 'HISTORY' && course.number === '1152' ? ['AH1'] : []);
    const report = evaluateDegreeProgress({ schoolName: OSU.name, programName: 'Accounting', roots, totalCredits: 121, courses: transcript([['AMH', '2020', 3, 'B']], VALENCIA, OSU, rules), exams: [], attributesOf, knownAttributes: new Set(['AH1']) });
    expect(report.requirements[0]).toMatchObject({ status: 'complete', courses: ['AMH 2020'] });
    expect(report.courses[0]).toMatchObject({ becomes: 'HISTORY 1152', outcome: 'counts' });
    expect(report.totals).toMatchObject({ countingCredits: 3, creditsStillNeeded: 118 });
  });

  it('an option naming an attribute the school never uses cannot be checked: it says so instead of "not started"', () => {
    const roots = tree([
      requirement('HIST', { name: 'Historical Study', options: ['attr:AH1'] }),
      requirement('SCI', { name: 'Science electives', options: ['attr:NS1', 'BIOLOGY *'] }),
      requirement('TECH', { name: 'Technical Electives', minCredits: 17 }),
    ]);
    const report = evaluateDegreeProgress({ schoolName: OSU.name, programName: 'Pre-Veterinary Medicine', roots, totalCredits: null, courses: [], exams: [], attributesOf: noAttributes, knownAttributes: new Set(['SD1']) });
    expect(report.requirements.map((requirement) => [requirement.status, requirement.cannotCheck])).toEqual([
      ['unchecked', 'Crosswalk does not know which The Ohio State University courses are marked AH1, so this cannot be checked: ask The Ohio State University.'],
      ['not-started', 'Only the other options are checked: Crosswalk does not know which The Ohio State University courses are marked NS1.'],
      ['unchecked', 'Crosswalk has no list of the courses that meet this, so it cannot be checked: ask The Ohio State University.'],
    ]);
  });

  it('a transfer rule\'s general-education code fills an attribute requirement with elective credit, and the course says it is the rule\'s code', () => {
    const MATC = school(4, 'Milwaukee Area Tech. College', { state: 'WI', floridaStatewideNumbering: false });
    const MADISON = school(5, 'University of Wisconsin-Madison', { state: 'WI', floridaStatewideNumbering: false });
    const rule = (id: number, source: string, target: [string, string]): EquivalencyRule => ({
      id, fromInstitutionId: MATC.id, toInstitutionId: MADISON.id, sources: [{ subject: 'HIST', number: source, title: null, credits: 3 }],
      targets: [{ subject: target[0], number: target[1], title: null, credits: 3, isElective: target[1] === 'EL' }],
      transfers: true, creditsAwarded: 3, minGrade: null, effectiveFromTerm: null, effectiveToTerm: null, origin: 'csv', notes: null,
    });
    const courses = transcript([['HIST', '216', 3, 'A'], ['HIST', '205', 3, 'A'], ['HIST', '101', 3, 'A']], MATC, MADISON, [rule(1, '216', ['HISTORY', 'EL']), rule(2, '205', ['HISTORY', 'EL']), rule(3, '101', ['HISTORY', '101'])]);
    // HIST 216's rule says S; HIST 205's says nothing; HISTORY 101 carries S in UW-Madison's own course attributes.
    courses[0]!.ruleAttributes = new Set(['S']);
    courses[2]!.ruleAttributes = new Set(['S']);
    const roots = tree([requirement('SS', { name: 'Social Science', kind: 'gen_ed', options: ['attr:S'], minCredits: 12 })]);
    const attributesOf = (course: { subject: string; number: string }) => new Set(course.number === '101' ? ['S'] : []);
    const report = evaluateDegreeProgress({ schoolName: MADISON.name, programName: 'L&S breadth', roots, totalCredits: null, courses, exams: [], attributesOf, knownAttributes: new Set(['S']) });
    expect(report.requirements[0]).toMatchObject({ status: 'partial', appliedCredits: 6, courses: ['HIST 216', 'HIST 101'] });
    const [byRule, withoutCode, byCatalogue] = report.courses;
    expect(byRule).toMatchObject({ outcome: 'counts', why: 'Counts toward Social Science. It counts by the general-education code S that the transfer rule gives this credit at University of Wisconsin-Madison, not by a designation of a University of Wisconsin-Madison course.' });
    expect(withoutCode).toMatchObject({ outcome: 'elective', countsToward: [] });
    expect(byCatalogue).toMatchObject({ outcome: 'counts', why: 'Counts toward Social Science.' });
  });
});
