import { describe, expect, it } from 'vitest';
import { splitCourseCode } from '../../catalogue';
import { creditsAtDestination } from './credit-conversion';
import { NO_RULE_REASON, decideByCourseAlone, decideFromUnknownSchool, decideTransfers, statewideTargetOutsideCatalogue, type DecideTransfersInput } from './decide-transfers';
import { STUDENT_CONFIDENCE_THRESHOLD } from './student-suggestions';
import type { EquivalencyRule, InstitutionInfo, RuleCourse, RuleTarget, SourceCourseTaken, SuggestedCandidate } from './types';

const school = (id: number, name: string, extra: Partial<InstitutionInfo> = {}): InstitutionInfo => ({
  id, key: name.toLowerCase().replace(/\W+/g, '-'), name, state: null, calendar: 'semester', floridaStatewideNumbering: false, ...extra,
});
const MDC = school(1, 'Miami Dade College', { state: 'FL', floridaStatewideNumbering: true });
const FSU = school(2, 'Florida State University', { state: 'FL', floridaStatewideNumbering: true });
const OSHKOSH = school(3, 'UW-Oshkosh', { state: 'WI' });
const MADISON = school(4, 'UW-Madison', { state: 'WI' });
const QUARTER_SCHOOL = school(5, 'Foothill College', { state: 'CA', calendar: 'quarter' });

const src = (code: string, credits: number | null = 3, title: string | null = null): RuleCourse => {
  const split = splitCourseCode(code);
  return { subject: split?.subject ?? '', number: split?.number ?? '', title, credits };
};
const tgt = (code: string, title: string | null = null, credits: number | null = 3, isElective = false): RuleTarget => ({ ...src(code, credits, title), isElective });

let nextId = 100;
const rule = (sources: RuleCourse[], targets: RuleTarget[], extra: Partial<EquivalencyRule> = {}): EquivalencyRule => ({
  id: nextId++, fromInstitutionId: OSHKOSH.id, toInstitutionId: MADISON.id, sources, targets, transfers: true, creditsAwarded: null,
  minGrade: null, effectiveFromTerm: null, effectiveToTerm: null, origin: 'csv', notes: null, ...extra,
});
const suggestion = (subject: string, number: string, confidence: number): SuggestedCandidate => ({
  subject,
  number,
  title: `${subject} ${number}`,
  score: confidence,
  confidence,
  why: ['title'],
  evidence: { statewideNumber: null, sameCode: false, peerSchools: 0, linkedCourses: 0, transfersElsewhereAs: null, titleSimilarity: 1, descriptionSimilarity: null, credits: { yours: 3, candidate: 3 }, level: { yours: 1, candidate: 1 } },
});

const taken = (subject: string, number: string, extra: Partial<SourceCourseTaken> = {}): SourceCourseTaken => ({ subject, number, credits: 3, ...extra });

const decide = (input: Partial<DecideTransfersInput> & Pick<DecideTransfersInput, 'courses'>) =>
  decideTransfers({ from: OSHKOSH, to: MADISON, rules: [], ...input });

describe('explicit rules', () => {
  it('one-to-one: matches codes however they are spelled and formats transfersTo', () => {
    const r = rule([src('ECON 101')], [tgt('ECON 102', 'Principles of Macroeconomics')]);
    for (const spelling of ['econ101', 'Econ-101', 'ECON 101']) {
      const [decision] = decide({ rules: [r], courses: [{ subject: '', number: spelling, credits: 3 }] });
      expect(decision?.status).toBe('DIRECT');
    }
    const [decision] = decide({ rules: [r], courses: [taken('econ', '101', { grade: 'B' })] });
    expect(decision).toMatchObject({ status: 'DIRECT', creditsAwarded: 3, transfersTo: 'UW-Madison: ECON 102 Principles of Macroeconomics', evidence: { ruleId: r.id, origin: 'csv' } });
  });

  it('two rows that become the same course earn its credit once: the later one is left to the school, saying why', () => {
    const regular = rule([src('ECO 2013')], [tgt('ECO 2013', 'Macroeconomics')]);
    const honors = rule([src('ECO 2013H')], [tgt('ECO 2013', 'Macroeconomics')]);
    const elective = rule([src('ART 1000')], [tgt('ART EL', 'Art elective', 3, true)]);
    const elective2 = rule([src('ART 1100')], [tgt('ART EL', 'Art elective', 3, true)]);
    const decisions = decide({
      rules: [regular, honors, elective, elective2],
      courses: [taken('ECO', '2013', { grade: 'A' }), taken('ECO', '2013H', { grade: 'C' }), taken('ART', '1000'), taken('ART', '1100')],
    });
    expect(decisions[0]).toMatchObject({ status: 'DIRECT', creditsAwarded: 3 });
    expect(decisions[1]).toMatchObject({
      status: 'NEEDS_EVAL',
      creditsAwarded: 0,
      transfersTo: 'UW-Madison: ECO 2013 Macroeconomics',
      reason: 'ECO 2013H would also become ECO 2013 at UW-Madison, like ECO 2013: credit for the same course is usually given once, so UW-Madison decides on this one.',
    });
    // Elective credit is not one course: both keep it.
    expect(decisions.slice(2).map((decision) => decision.status)).toEqual(['DIRECT', 'DIRECT']);
  });

  it('ignores rules between other schools', () => {
    const r = rule([src('ECON 101')], [tgt('ECON 102')], { toInstitutionId: 99 });
    expect(decide({ rules: [r], courses: [taken('ECON', '101')] })[0]?.status).toBe('NEEDS_EVAL');
  });

  it('many-to-one: lecture + lab together, credits counted once', () => {
    const r = rule([src('BIO 105', 3), src('BIO 105L', 1)], [tgt('ZOOLOGY 101', 'Animal Biology', 4)]);
    const decisions = decide({ rules: [r], courses: [taken('BIO', '105L', { credits: 1 }), taken('HIST', '101'), taken('BIO', '105', { credits: 3 })] });
    expect(decisions).toHaveLength(3);
    expect(decisions[0]).toMatchObject({ status: 'DIRECT', creditsAwarded: 4, combined: { rowIndexes: [0, 2], primaryRowIndex: 0, creditsCountedHere: true } });
    expect(decisions[2]).toMatchObject({ status: 'DIRECT', creditsAwarded: 0, combined: { creditsCountedHere: false } });
    expect(decisions[0]?.source).toHaveLength(2);
    expect(decisions[1]?.status).toBe('NEEDS_EVAL');
  });

  it('many-to-one: a lone half is not decided by the rule', () => {
    const r = rule([src('BIO 105'), src('BIO 105L')], [tgt('ZOOLOGY 101')]);
    const [decision] = decide({ rules: [r], courses: [taken('BIO', '105')] });
    expect(decision?.status).toBe('NEEDS_EVAL');
    expect(decision?.reason).toContain('only when taken together with BIO 105L');
  });

  it('prefers the many-to-one rule over a one-to-one rule when both halves are present', () => {
    const single = rule([src('BIO 105')], [tgt('BIOLOGY EL', null, 3, true)]);
    const pair = rule([src('BIO 105'), src('BIO 105L', 1)], [tgt('ZOOLOGY 101', null, 4)]);
    const decisions = decide({ rules: [single, pair], courses: [taken('BIO', '105'), taken('BIO', '105L', { credits: 1 })] });
    expect(decisions[0]?.evidence.ruleId).toBe(pair.id);
    expect(decide({ rules: [single, pair], courses: [taken('BIO', '105')] })[0]?.evidence.ruleId).toBe(single.id);
  });

  it('one-to-many: a 4-credit course becomes a course plus elective credit', () => {
    const r = rule([src('CHEM 105', 4)], [tgt('CHEM 103', 'General Chemistry I', 3), tgt('CHEM EL', 'Chemistry Elective', 1, true)]);
    const [decision] = decide({ rules: [r], courses: [taken('CHEM', '105', { credits: 4 })] });
    expect(decision).toMatchObject({ status: 'DIRECT', creditsAwarded: 4 });
    expect(decision?.targets.map((t) => t.isElective)).toEqual([false, true]);
    expect(decision?.transfersTo).toBe('UW-Madison: CHEM 103 General Chemistry I + CHEM EL Chemistry Elective');
  });

  it('uses the rule’s credits when it names them', () => {
    const r = rule([src('MATH 104', 5)], [tgt('MATH 112')], { creditsAwarded: 3 });
    expect(decide({ rules: [r], courses: [taken('MATH', '104', { credits: 5 })] })[0]?.creditsAwarded).toBe(3);
  });

  it('prefers an appeal or admin rule over an imported one', () => {
    const imported = rule([src('ART 101')], [tgt('ART EL', null, 3, true)], { origin: 'csv' });
    const appeal = rule([src('ART 101')], [tgt('ART 102')], { origin: 'appeal' });
    expect(decide({ rules: [imported, appeal], courses: [taken('ART', '101')] })[0]?.evidence.ruleId).toBe(appeal.id);
  });
});

describe('minimum grades', () => {
  const r = rule([src('ENG 101')], [tgt('ENGL 100')], { minGrade: 'C' });
  it('refuses a grade below the minimum, naming both', () => {
    const [decision] = decide({ rules: [r], courses: [taken('ENG', '101', { grade: 'C-' })] });
    expect(decision?.status).toBe('NO_TRANSFER');
    expect(decision?.reason).toContain('C-');
    expect(decision?.reason).toContain('at least a C');
    expect(decision?.creditsAwarded).toBe(0);
  });
  it('accepts the minimum itself and a pass', () => {
    expect(decide({ rules: [r], courses: [taken('ENG', '101', { grade: 'C' })] })[0]?.status).toBe('DIRECT');
    expect(decide({ rules: [r], courses: [taken('ENG', '101', { grade: 'P' })] })[0]?.status).toBe('DIRECT');
    expect(decide({ rules: [r], courses: [taken('ENG', '101', { grade: 'T' })] })[0]?.status).toBe('DIRECT');
  });
  it('asks for review when a pass must meet a B', () => {
    const strict = rule([src('ENG 102')], [tgt('ENGL 200')], { minGrade: 'B' });
    expect(decide({ rules: [strict], courses: [taken('ENG', '102', { grade: 'S' })] })[0]?.status).toBe('NEEDS_EVAL');
  });
  it('never transfers W, I or F, with or without a rule', () => {
    for (const grade of ['W', 'I', 'F', 'NC', 'U']) {
      expect(decide({ rules: [r], courses: [taken('ENG', '101', { grade })] })[0]?.status).toBe('NO_TRANSFER');
      expect(decide({ courses: [taken('XYZ', '999', { grade })] })[0]?.status).toBe('NO_TRANSFER');
    }
  });
  it('decides by the grade alone, for a school whose courses are unknown, exactly as for a course with no rule', () => {
    for (const grade of ['W', 'I', 'F', 'NC', 'U']) {
      expect(decideByCourseAlone(taken('XYZ', '999', { grade }))).toEqual(decide({ courses: [taken('XYZ', '999', { grade })] })[0]);
    }
    for (const grade of ['A', 'C-', 'S', 'IP', null]) expect(decideByCourseAlone(taken('XYZ', '999', { grade }))).toBeNull();
  });
  it('from a school we do not know, still counts the credits in the destination\'s units when the transcript\'s calendar is known (decision 130)', () => {
    const passed = decideFromUnknownSchool(taken('ACCT&', '201', { credits: 5, grade: 'A' }), 'we do not know this school', { from: 'quarter', to: 'semester' });
    expect(passed).toMatchObject({ status: 'NEEDS_EVAL', reason: 'we do not know this school' });
    expect(passed.evidence.creditConversion).toMatchObject({ originalCredits: 5, from: 'quarter', to: 'semester', convertedCredits: 3.33 });
    expect(creditsAtDestination(5, passed.evidence)).toBe(3.33);
    // a refused row says its converted credits too; the same calendar, or none known, converts nothing
    expect(decideFromUnknownSchool(taken('ACCT&', '201', { credits: 5, grade: 'W' }), 'x', { from: 'quarter', to: 'semester' }).evidence.creditConversion?.convertedCredits).toBe(3.33);
    expect(decideFromUnknownSchool(taken('ACCT&', '201', { credits: 5, grade: 'A' }), 'x', { from: 'semester', to: 'semester' }).evidence.creditConversion).toBeNull();
    expect(decideFromUnknownSchool(taken('ACCT&', '201', { credits: 5, grade: 'A' }), 'x').evidence.creditConversion).toBeNull();
  });
  it('waits for in-progress work', () => {
    const [decision] = decide({ rules: [r], courses: [taken('ENG', '101', { grade: 'IP' })] });
    expect(decision?.status).toBe('NEEDS_EVAL');
    expect(decision?.reason).toContain('still in progress');
  });
  it('checks every course a many-to-one rule consumes', () => {
    const pair = rule([src('PHY 201'), src('PHY 202')], [tgt('PHYSICS 207', null, 5)], { minGrade: 'C' });
    const decisions = decide({ rules: [pair], courses: [taken('PHY', '201', { grade: 'A' }), taken('PHY', '202', { grade: 'D' })] });
    expect(decisions.map((d) => d.status)).toEqual(['NO_TRANSFER', 'NO_TRANSFER']);
  });
});

describe('effective terms', () => {
  const old = rule([src('CS 120')], [tgt('COMP SCI 200')], { effectiveFromTerm: 'Fall 2015', effectiveToTerm: 'Spring 2019' });
  it('applies a rule inside its range, bounds included, in any spelling', () => {
    expect(decide({ rules: [old], courses: [taken('CS', '120', { term: 'FA15' })] })[0]?.status).toBe('DIRECT');
    expect(decide({ rules: [old], courses: [taken('CS', '120', { term: '2019SP' })] })[0]?.status).toBe('DIRECT');
  });
  it('refuses when the only rule is out of range, naming the range', () => {
    const [decision] = decide({ rules: [old], courses: [taken('CS', '120', { term: 'fall-2020' })] });
    expect(decision?.status).toBe('NO_TRANSFER');
    expect(decision?.reason).toContain('from Fall 2015 to Spring 2019');
    expect(decision?.evidence.ruleId).toBe(old.id);
    expect(decide({ rules: [old], courses: [taken('CS', '120', { term: 'Summer 2015' })] })[0]?.status).toBe('NO_TRANSFER');
  });
  it('picks the rule whose range holds the term', () => {
    const current = rule([src('CS 120')], [tgt('COMP SCI 300')], { effectiveFromTerm: 'Summer 2019' });
    const [decision] = decide({ rules: [old, current], courses: [taken('CS', '120', { term: 'Fall 2020' })] });
    expect(decision?.evidence.ruleId).toBe(current.id);
    expect(decide({ rules: [old, current], courses: [taken('CS', '120', { term: 'Fall 2016' })] })[0]?.evidence.ruleId).toBe(old.id);
  });
  it('applies a rule when the course has no term', () => {
    expect(decide({ rules: [old], courses: [taken('CS', '120')] })[0]?.status).toBe('DIRECT');
  });
});

describe('credit conversion', () => {
  it('converts quarter credits to semester credits and shows it', () => {
    const r = rule([src('MATH 1A', 5)], [tgt('MATH 221', null, 5)], { fromInstitutionId: QUARTER_SCHOOL.id });
    const [decision] = decideTransfers({ from: QUARTER_SCHOOL, to: MADISON, rules: [r], courses: [taken('MATH', '1A', { credits: 5 })] });
    expect(decision?.creditsAwarded).toBe(3.33);
    expect(decision?.evidence.creditConversion).toEqual({ from: 'quarter', to: 'semester', factor: 2 / 3, originalCredits: 5, convertedCredits: 3.33 });
  });
  it('converts semester credits to quarter credits', () => {
    const r = rule([src('MATH 221', 3)], [tgt('MATH 1A')], { fromInstitutionId: MADISON.id, toInstitutionId: QUARTER_SCHOOL.id });
    const [decision] = decideTransfers({ from: MADISON, to: QUARTER_SCHOOL, rules: [r], courses: [taken('MATH', '221', { credits: 3 })] });
    expect(decision?.creditsAwarded).toBe(4.5);
  });
  it('gives every row from a school on the other calendar its credits in destination units, whatever the decision', () => {
    const refused = rule([src('ART 2', 4)], [], { fromInstitutionId: QUARTER_SCHOOL.id, transfers: false, creditsAwarded: 0 });
    const byRuleCredits = rule([src('MATH 1A', 5)], [tgt('MATH 221', null, 5)], { fromInstitutionId: QUARTER_SCHOOL.id, creditsAwarded: 4 });
    const decisions = decideTransfers({
      from: QUARTER_SCHOOL,
      to: MADISON,
      rules: [refused, byRuleCredits],
      courses: [taken('ART', '2', { credits: 4 }), taken('HIST', '17A', { credits: 4 }), taken('MATH', '1A', { credits: 5 })],
    });
    expect(decisions.map((decision) => decision.status)).toEqual(['NO_TRANSFER', 'NEEDS_EVAL', 'DIRECT']);
    expect(decisions.map((decision) => decision.evidence.creditConversion?.convertedCredits)).toEqual([2.67, 2.67, 3.33]);
    // The rule's award is in destination units already: it is not converted again.
    expect(decisions[2]?.creditsAwarded).toBe(4);
    expect(creditsAtDestination(4, decisions[1]!.evidence)).toBe(2.67);
    expect(creditsAtDestination(4, { creditConversion: null })).toBe(4);
  });
  it('converts credits a rule states in quarter units for a semester school, and names the units; semester units at a semester school stay', () => {
    const quarter = rule([src('ENGL 1A', null)], [tgt('ENGL 100')], { creditsAwarded: 5, creditUnit: 'quarter' });
    const [decision] = decide({ rules: [quarter], courses: [taken('ENGL', '1A', { credits: null })] });
    expect(decision).toMatchObject({ status: 'DIRECT', creditsAwarded: 3.33, evidence: { creditConversion: { from: 'quarter', to: 'semester', originalCredits: 5, convertedCredits: 3.33 } } });
    expect(decision?.reason).toContain('The rule awards 5 quarter units: 3.33 semester credits.');
    const semester = rule([src('ENGL 1B', null)], [tgt('ENGL 101')], { creditsAwarded: 3, creditUnit: 'semester' });
    expect(decide({ rules: [semester], courses: [taken('ENGL', '1B', { credits: null })] })[0]).toMatchObject({ creditsAwarded: 3, evidence: { creditConversion: null } });
  });
  it("counts a row's own credits, not a rule's award converted from its table's units, in totals at the same calendar", () => {
    const quarter = rule([src('ENGL 1A', null)], [tgt('ENGL 100')], { creditsAwarded: 5, creditUnit: 'quarter' });
    const [decision] = decide({ rules: [quarter], courses: [taken('ENGL', '1A', { credits: 3 })] });
    expect(decision?.creditsAwarded).toBe(3.33);
    expect(creditsAtDestination(3, decision!.evidence)).toBe(3);
  });
  it('does not convert between schools on the same calendar', () => {
    const r = rule([src('MATH 104', 4)], [tgt('MATH 112')]);
    expect(decide({ rules: [r], courses: [taken('MATH', '104', { credits: 4 })] })[0]?.evidence.creditConversion).toBeNull();
  });
});

describe('Florida statewide course numbering', () => {
  const floridaCatalog = [
    { subject: 'ECO', number: '2013', title: 'Principles of Macroeconomics', credits: 3 },
    { subject: 'ACG', number: '2011', title: 'Principles of Accounting II', credits: 3 },
    { subject: 'BSC', number: '2010C', title: 'Biological Science I', credits: 4 },
    { subject: 'CHM', number: '2045', title: 'General Chemistry 1', credits: 3 },
    { subject: 'CHM', number: '2045L', title: 'General Chemistry 1 Laboratory', credits: 1 },
  ];
  const fl = (courses: SourceCourseTaken[], extra: Partial<DecideTransfersInput> = {}) =>
    decideTransfers({ from: MDC, to: FSU, rules: [], courses, destinationCatalog: floridaCatalog, ...extra });

  it('the same prefix and number is guaranteed', () => {
    const [decision] = fl([taken('eco', '2013', { grade: 'B' })]);
    expect(decision).toMatchObject({ status: 'DIRECT', transfersTo: 'Florida State University: ECO 2013 Principles of Macroeconomics', evidence: { origin: 'statewide-numbering', ruleId: null } });
  });
  it('ignores the level digit: ACG 1011 is ACG 2011', () => {
    const [decision] = fl([taken('ACG', '1011')]);
    expect(decision?.status).toBe('DIRECT');
    expect(decision?.targets[0]).toMatchObject({ subject: 'ACG', number: '2011' });
  });
  it('does not match different last digits or prefixes', () => {
    expect(fl([taken('ECO', '2023')])[0]?.targets[0]?.number).toBe('2023');
    expect(fl([taken('ECO', '2023')], { destinationCatalog: [] })[0]?.status).toBe('DIRECT');
    expect(fl([taken('ECON', '2013')])[0]?.status).toBe('NEEDS_EVAL');
  });
  it('lecture + L lab equal the combined C course, counted once', () => {
    const decisions = fl([taken('BSC', '2010', { credits: 3 }), taken('BSC', '2010L', { credits: 1 })]);
    expect(decisions.map((d) => d.status)).toEqual(['DIRECT', 'DIRECT']);
    expect(decisions[0]?.targets.map((t) => t.number)).toEqual(['2010C']);
    expect(decisions[0]?.creditsAwarded).toBe(4);
    expect(decisions[1]?.creditsAwarded).toBe(0);
  });
  it('a lecture alone is not the combined course', () => {
    const [decision] = fl([taken('BSC', '2010')]);
    expect(decision?.status).toBe('NEEDS_EVAL');
    expect(decision?.reason).toContain('BSC 2010C');
  });
  it('a combined C course equals the lecture + lab', () => {
    const [decision] = fl([taken('CHM', '2045C', { credits: 4 })]);
    expect(decision?.status).toBe('DIRECT');
    expect(decision?.targets.map((t) => t.number)).toEqual(['2045', '2045L']);
    expect(decision?.creditsAwarded).toBe(4);
  });
  it('honors H matches the plain course', () => {
    expect(fl([taken('ECO', '2013H')])[0]?.targets[0]?.number).toBe('2013');
  });
  it('is still DIRECT when the catalogue lacks the course, named by its code only (the sending title is not the destination’s)', () => {
    const [decision] = fl([taken('PSY', '2012', { title: 'General Psychology' })]);
    expect(decision).toMatchObject({ status: 'DIRECT', transfersTo: 'Florida State University: PSY 2012', targets: [{ subject: 'PSY', number: '2012', title: null }] });
    expect(statewideTargetOutsideCatalogue(decision!)).toBe(true);
  });
  it('does not guarantee the 900–999 series or graduate courses: not guaranteed, never a full transfer', () => {
    expect(fl([taken('ACG', '2930')])[0]).toMatchObject({ status: 'NEEDS_EVAL', verdictClass: 'not-guaranteed', creditsAwarded: 0 });
    expect(fl([taken('ACG', '5005')])[0]).toMatchObject({ status: 'NEEDS_EVAL', verdictClass: 'not-guaranteed' });
    expect(fl([taken('ACG', '5005')])[0]?.reason).toContain('graduate course');
  });
  it('gives no credit for a college-preparatory course (numbers below 1000): MAT 0018, ENC 0025', () => {
    for (const [prefix, number] of [['MAT', '0018'], ['MAT', '0029'], ['ENC', '0025']] as const) {
      const [decision] = fl([taken(prefix, number, { title: 'Developmental Mathematics I' })], { destinationCatalog: [{ subject: prefix, number, title: 'Dev Math', credits: 3 }] });
      expect(decision).toMatchObject({ status: 'NO_TRANSFER', verdictClass: 'no-credit', creditsAwarded: 0, targets: [], transfersTo: null });
      expect(decision?.reason).toContain('below 1000');
    }
  });
  it('a guaranteed course is a specific course', () => {
    expect(fl([taken('ECO', '2013')])[0]?.verdictClass).toBe('specific-course');
  });
  it('only applies when both schools take part', () => {
    const [decision] = decideTransfers({ from: MDC, to: { ...FSU, floridaStatewideNumbering: false }, rules: [], courses: [taken('ECO', '2013')] });
    expect(decision?.status).toBe('NEEDS_EVAL');
  });
  it('gives way to an explicit rule', () => {
    const r = rule([src('ECO 2013')], [tgt('ECO 2000', 'Intro Economics')], { fromInstitutionId: MDC.id, toInstitutionId: FSU.id, origin: 'admin' });
    expect(fl([taken('ECO', '2013')], { rules: [r] })[0]?.targets[0]?.number).toBe('2000');
  });
  it('still applies the grade policy', () => {
    expect(fl([taken('ECO', '2013', { grade: 'F' })])[0]?.status).toBe('NO_TRANSFER');
  });
});

describe('Wisconsin targets', () => {
  it('EL is elective credit and transfers', () => {
    const r = rule([src('ECON 204')], [tgt('ECON EL', 'Economics Elective', 3)]);
    const [decision] = decide({ rules: [r], courses: [taken('ECON', '204')] });
    expect(decision?.status).toBe('DIRECT');
    expect(decision?.verdictClass).toBe('elective');
    expect(decision?.targets[0]?.isElective).toBe(true);
    expect(decision?.reason).toContain('elective credit');
  });
  it('EL is recognised even when the loader did not flag it', () => {
    const r = rule([src('ECON 204')], [tgt('ECON EL', null, 3, false)]);
    expect(decide({ rules: [r], courses: [taken('ECON', '204')] })[0]?.targets[0]?.isElective).toBe(true);
  });
  it('NDC and DNT do not transfer, with a reason', () => {
    const ndc = rule([src('SOCSCI (809) 100')], [tgt('NDC', 'No Degree Credit')]);
    const dnt = rule([src('MATH 90')], [tgt('DNT', 'Does Not Transfer')]);
    const decisions = decide({ rules: [ndc, dnt], courses: [{ subject: 'SOCSCI', number: '(809) 100' }, taken('MATH', '90')] });
    expect(decisions.map((d) => d.status)).toEqual(['NO_TRANSFER', 'NO_TRANSFER']);
    expect(decisions.map((d) => d.verdictClass)).toEqual(['no-credit', 'does-not-transfer']);
    expect(decisions[0]?.reason).toContain('no degree credit');
    expect(decisions[1]?.reason).toContain('does not accept');
    expect(decisions[0]?.targets).toEqual([]);
  });
  it("a rule's notes are the student's conditions (decision 152): said with the verdict, footnote references and codes left out", () => {
    const withLab = rule([src('BIOL 101')], [tgt('BIOL 1001', 'General Biology')], { notes: 'Must be taken with BIOL 101L; footnote 5' });
    const coded = rule([src('HIST 101')], [tgt('HIST 1001', 'World History')], { notes: 'gen ed HU; footnote 22' });
    const [biology, history] = decide({ rules: [withLab, coded], courses: [taken('BIOL', '101'), taken('HIST', '101')] });
    expect(biology?.reason).toMatch(/ Condition: Must be taken with BIOL 101L$/);
    expect(history?.reason).not.toMatch(/Condition|footnote/);
  });

  it('transfers: false refuses', () => {
    const r = rule([src('ART 100')], [], { transfers: false });
    expect(decide({ rules: [r], courses: [taken('ART', '100')] })[0]?.status).toBe('NO_TRANSFER');
  });
});

describe('verdict classes: what the student gets, from what the rule says', () => {
  it("UNO's ENGL 2000NE is elective credit at the 2000 level, its GHUM 1000 general-education credit, ENGL 1157 the course", () => {
    const rules = [
      rule([src('ENGL 231')], [tgt('ENGL 2000NE', 'No equivalent')], { notes: 'direct; NE = no direct equivalent; elective credit at that level' }),
      rule([src('ENGL 232')], [tgt('GHUM 1000', 'General Humanities Elective')], { notes: 'direct' }),
      rule([src('ENGL 101')], [tgt('ENGL 1157', 'English Composition 1')], { notes: 'direct' }),
    ];
    const decisions = decide({ rules, courses: [taken('ENGL', '231'), taken('ENGL', '232'), taken('ENGL', '101')] });
    expect(decisions.map((d) => [d.status, d.verdictClass, d.creditsAwarded])).toEqual([
      ['DIRECT', 'elective', 3],
      ['DIRECT', 'general-education', 3],
      ['DIRECT', 'specific-course', 3],
    ]);
    expect(decisions[0]?.reason).toContain('elective credit in ENGL at the 2000 level');
    expect(decisions[1]?.reason).toContain('general-education credit (Humanities)');
    expect(decisions.map((d) => d.targets.map((target) => target.isElective))).toEqual([[true], [true], [false]]);
  });

  it('a class the source states decides, before the targets are looked at; a stated refusal does not transfer', () => {
    const stated = rule([src('ART 100')], [tgt('ART 1010', 'Art Appreciation')], { statedClass: 'general-education' });
    const refused = rule([src('MATH 90')], [tgt('MATH 0990', 'Intermediate Algebra')], { statedClass: 'no-credit' });
    const [art, math] = decide({ rules: [stated, refused], courses: [taken('ART', '100'), taken('MATH', '90')] });
    expect(art).toMatchObject({ status: 'DIRECT', verdictClass: 'general-education' });
    expect(math).toMatchObject({ status: 'NO_TRANSFER', verdictClass: 'no-credit', creditsAwarded: 0 });
  });

  it('a grade that earns nothing does not transfer; one in progress needs review, whatever the rule gives', () => {
    const r = rule([src('ENGL 231')], [tgt('ENGL 2000NE', 'No equivalent')]);
    expect(decide({ rules: [r], courses: [taken('ENGL', '231', { grade: 'W' })] })[0]?.verdictClass).toBe('does-not-transfer');
    expect(decide({ rules: [r], courses: [taken('ENGL', '231', { grade: 'IP' })] })[0]?.verdictClass).toBe('needs-review');
  });

  it('a developmental course with no rule earns no credit; developmental psychology and a graduate course on it are reviewed', () => {
    const [dev, psych, graduate] = decide({
      courses: [
        taken('MATH', '093', { title: 'Developmental Mathematics' }),
        taken('PSYC', '225', { title: 'Developmental Psychology' }),
        taken('RED', '5147', { title: 'Developmental Reading' }),
      ],
    });
    expect(dev).toMatchObject({ status: 'NO_TRANSFER', verdictClass: 'no-credit' });
    expect(psych).toMatchObject({ status: 'NEEDS_EVAL', verdictClass: 'needs-review' });
    expect(graduate).toMatchObject({ status: 'NEEDS_EVAL', verdictClass: 'needs-review' });
    // From a school Crosswalk does not know, the same.
    expect(decideByCourseAlone(taken('MATH', '093', { title: 'Developmental Mathematics' }))?.verdictClass).toBe('no-credit');
  });

  it('every decision carries the status of its class', () => {
    const decisions = decide({
      rules: [rule([src('ECON 101')], [tgt('ECON 102')]), rule([src('ART 100')], [tgt('DNT', '')])],
      courses: [taken('ECON', '101'), taken('ART', '100'), taken('HIST', '150'), taken('BIO', '100', { grade: 'F' })],
    });
    expect(decisions.map((d) => [d.status, d.verdictClass])).toEqual([
      ['DIRECT', 'specific-course'],
      ['NO_TRANSFER', 'does-not-transfer'],
      ['NEEDS_EVAL', 'needs-review'],
      ['NO_TRANSFER', 'does-not-transfer'],
    ]);
  });
});

describe('no rule', () => {
  it('needs evaluation, kindly, without candidates', () => {
    const [decision] = decide({ courses: [taken('HIST', '150')] });
    expect(decision).toMatchObject({ status: 'NEEDS_EVAL', reason: NO_RULE_REASON, targets: [], creditsAwarded: 0, transfersTo: null });
    expect(decision?.candidates).toBeUndefined();
  });
  it('shows at most three suggestions and never turns them into DIRECT', () => {
    const suggest = () => [1, 2, 3, 4].map((n) => suggestion('HISTORY', `10${n}`, 0.99));
    const [decision] = decide({ courses: [taken('HIST', '150')], suggest });
    expect(decision?.status).toBe('NEEDS_EVAL');
    expect(decision?.candidates).toHaveLength(3);
    expect(decision?.evidence.origin).toBe('suggestion');
    expect(decision?.reason).toMatch(/listed as a suggestion, not a decision/);
  });
  it('keeps suggestions below the measured confidence from the student', () => {
    const [decision] = decide({ courses: [taken('HIST', '150')], suggest: () => [suggestion('HISTORY', '101', STUDENT_CONFIDENCE_THRESHOLD - 0.01)] });
    expect(decision).toMatchObject({ status: 'NEEDS_EVAL', reason: NO_RULE_REASON, evidence: { origin: null } });
    expect(decision?.candidates).toBeUndefined();
  });
  it('never offers one destination course for unrelated rows: only on the row it fits best', () => {
    const confidences: Record<string, number> = { ENC: 0.8, MAC: 0.95 };
    const [composition, calculus] = decide({
      courses: [taken('ENC', '1102', { title: 'Freshman Composition II' }), taken('MAC', '2312', { title: 'Calculus II' })],
      suggest: (course) => [suggestion('ECO', '211', confidences[course.subject]!)],
    });
    expect(composition?.candidates).toBeUndefined();
    expect(calculus?.candidates?.map((candidate) => candidate.number)).toEqual(['211']);
  });
});
