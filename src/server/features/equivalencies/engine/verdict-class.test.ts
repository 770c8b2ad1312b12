import { describe, expect, it } from 'vitest';
import { VERDICT_CLASSES, VERDICT_CLASS_INFO, statusOfVerdictClass, transfersFully, verdictClassRank } from '../../../../shared/schemas/verdict-class';
import { classifyRule, classifyTarget, isCollegePrepTitle, readStatedClass } from './verdict-class';

const target = (subject: string, number: string, title: string | null = null) => ({ subject, number, title, credits: null, isElective: false });
const classOf = (subject: string, number: string, title: string | null = null) => classifyTarget(target(subject, number, title));

describe('what a rule target gives (classifyTarget)', () => {
  it('a named course is a specific course, whatever its number: UNO PSYC 1000 is General Psychology', () => {
    expect(classOf('ECON', '101', 'Principles of Macroeconomics').verdictClass).toBe('specific-course');
    expect(classOf('ENGL', '1157', 'English Composition 1').verdictClass).toBe('specific-course');
    expect(classOf('PSYC', '1000', 'General Psychology').verdictClass).toBe('specific-course');
    expect(classOf('MUS', '1000', 'Music Appreciation').verdictClass).toBe('specific-course');
    expect(classOf('SOCSCI', '(809) 198', 'Intro to Psychology').verdictClass).toBe('specific-course');
  });

  it("Wisconsin's EL, GEN EL, CONF and ACT are elective credit; NDC gives no credit, DNT does not transfer", () => {
    expect(classOf('ECON', 'EL', 'Economics Elective')).toEqual({ verdictClass: 'elective', subject: 'ECON', level: null, area: null });
    expect(classOf('GEN', 'EL', 'General Elective')).toEqual({ verdictClass: 'elective', subject: null, level: null, area: null });
    expect(classOf('GEN', 'CONF', 'General Confer').verdictClass).toBe('elective');
    expect(classOf('KINS', 'ACT', 'Kinesiology Activity')).toMatchObject({ verdictClass: 'elective', subject: 'KINS' });
    expect(classOf('NDC', '', 'No Degree Credit').verdictClass).toBe('no-credit');
    expect(classOf('DNT', '', 'Does Not Transfer').verdictClass).toBe('does-not-transfer');
  });

  it("UNO's NE (no direct equivalent) is elective credit at that level; its GHUM 1000 is general-education credit", () => {
    expect(classOf('ENGL', '2000NE', 'No equivalent')).toEqual({ verdictClass: 'elective', subject: 'ENGL', level: '2000', area: null });
    expect(classOf('FA', '1000NE', 'No equivalent')).toEqual({ verdictClass: 'elective', subject: 'FA', level: '1000', area: null });
    expect(classOf('GHUM', '1000', 'General Humanities Elective')).toEqual({ verdictClass: 'general-education', subject: null, level: '1000', area: 'Humanities' });
    // By the title alone, where the subject is no area code.
    expect(classOf('HUM', '1000', 'General Humanities Elective')).toMatchObject({ verdictClass: 'general-education', area: 'Humanities' });
    expect(classOf('HIST', '1000', 'History Elective')).toMatchObject({ verdictClass: 'elective', subject: 'HIST', level: '1000' });
  });

  it('a level in place of a number is elective credit ("ACCT 2***", "HIST 3XXX"); Louisiana area codes are general education', () => {
    expect(classOf('ACCT', '2***')).toMatchObject({ verdictClass: 'elective', subject: 'ACCT', level: '2000' });
    expect(classOf('HIST', '3XXX')).toMatchObject({ verdictClass: 'elective', level: '3000' });
    expect(classOf('GNAT', 'EL', 'General credit GNAT (3 hours)')).toMatchObject({ verdictClass: 'general-education', area: 'Natural sciences' });
    expect(classOf('CLAN', 'EL', 'General credit CLAN (3 hours)')).toMatchObject({ verdictClass: 'general-education', area: 'CLAN' });
  });
});

describe('what a rule gives (classifyRule)', () => {
  const rule = (targets: ReturnType<typeof target>[], extra: { transfers?: boolean; notes?: string | null; statedClass?: 'elective' | 'general-education' | 'no-credit' | null } = {}) =>
    classifyRule({ targets, transfers: extra.transfers ?? true, notes: extra.notes ?? null, statedClass: extra.statedClass ?? null });

  it('a class the source states wins over what the targets look like', () => {
    expect(rule([target('ENGL', '1157')], { statedClass: 'elective' }).verdictClass).toBe('elective');
    expect(rule([target('GHUM', 'EL')], { statedClass: 'general-education' }).verdictClass).toBe('general-education');
  });

  it('a course with elective credit beside it is the course; only credit is elective or general education', () => {
    expect(rule([target('MATH', '221'), target('MATH', 'EL')]).verdictClass).toBe('specific-course');
    expect(rule([target('GHUM', '1000', 'General Humanities Elective'), target('ENGL', 'EL')]).verdictClass).toBe('general-education');
    expect(rule([target('ENGL', 'EL')]).verdictClass).toBe('elective');
  });

  it('refusals: NDC is no credit, DNT or a rule that does not transfer is does-not-transfer; notes can say it', () => {
    expect(rule([target('NDC', '')]).verdictClass).toBe('no-credit');
    expect(rule([target('DNT', '')]).verdictClass).toBe('does-not-transfer');
    expect(rule([], { transfers: false }).verdictClass).toBe('does-not-transfer');
    expect(rule([target('GEN', 'EL')], { notes: 'Counts as credit but does not count toward a degree' }).verdictClass).toBe('not-degree-credit');
    expect(rule([target('MATH', 'EL')], { notes: 'remedial' }).verdictClass).toBe('no-credit');
    // A named course's notes do not turn it into something else.
    expect(rule([target('PSYC', '250')], { notes: 'gen ed SS; developmental psychology' }).verdictClass).toBe('specific-course');
  });
});

describe('the words a table states its kind of transfer in (equivalency_type)', () => {
  it('reads the registrar tables\u2019 words and the class names; refuses anything else', () => {
    expect(readStatedClass('Direct')).toBe('specific-course');
    expect(readStatedClass('General Education')).toBe('general-education');
    expect(readStatedClass('elective')).toBe('elective');
    expect(readStatedClass('No credit')).toBe('no-credit');
    expect(readStatedClass('does not transfer')).toBe('does-not-transfer');
    expect(readStatedClass('not-degree-credit')).toBe('not-degree-credit');
    expect(readStatedClass('maybe')).toBeNull();
  });
});

describe('college-preparatory titles', () => {
  it('developmental and remedial courses, but not developmental psychology or biology', () => {
    expect(isCollegePrepTitle('Developmental Mathematics I')).toBe(true);
    expect(isCollegePrepTitle('DEVELOPMENTAL WRITING II')).toBe(true);
    expect(isCollegePrepTitle('College Prep Reading')).toBe(true);
    expect(isCollegePrepTitle('Developmental Psychology')).toBe(false);
    expect(isCollegePrepTitle('DEVELOPMENTAL BIOLOGY')).toBe(false);
  });
});

describe('the classes as the API contract', () => {
  it('rank a specific course first, then general education and elective credit, and refusals last', () => {
    expect(VERDICT_CLASSES.map(verdictClassRank)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(verdictClassRank('specific-course')).toBeLessThan(verdictClassRank('elective'));
    expect(verdictClassRank('elective')).toBeLessThan(verdictClassRank('does-not-transfer'));
  });

  it('only a specific course transfers fully; each class has its own badge and the spec keeps its three statuses', () => {
    expect(VERDICT_CLASSES.filter(transfersFully)).toEqual(['specific-course']);
    expect(new Set(VERDICT_CLASSES.map((verdictClass) => VERDICT_CLASS_INFO[verdictClass].label)).size).toBe(VERDICT_CLASSES.length);
    expect(VERDICT_CLASS_INFO['specific-course'].reportLabel).toBe('Direct Transfer');
    expect(VERDICT_CLASS_INFO['needs-review'].reportLabel).toBe('Needs Review');
    expect(VERDICT_CLASS_INFO['does-not-transfer'].reportLabel).toBe('No Transfer');
    expect(VERDICT_CLASSES.map(statusOfVerdictClass)).toEqual(['DIRECT', 'DIRECT', 'DIRECT', 'NEEDS_EVAL', 'NEEDS_EVAL', 'NO_TRANSFER', 'NO_TRANSFER', 'NO_TRANSFER']);
  });
});
