import { describe, expect, it } from 'vitest';
import { candidateConfidences, elsewhereTargetsOf, rankSuggestionCandidates, suggestEquivalents, SUGGESTION_MODEL } from './suggest-equivalents';
import { linkedVotes, ruleNeighbourhoodOf } from './suggestion-graph';
import type { CourseRef, EquivalencyRule } from './types';

const course = (subject: string, number: string, title: string, credits: number | null = 3, description: string | null = null): CourseRef => ({ subject, number, title, credits, description });

let id = 1;
const peer = (from: number, source: CourseRef, target: CourseRef): EquivalencyRule => ({
  id: id++, fromInstitutionId: from, toInstitutionId: 50,
  sources: [{ subject: source.subject, number: source.number, title: source.title ?? null, credits: source.credits ?? null }],
  targets: [{ subject: target.subject, number: target.number, title: target.title ?? null, credits: target.credits ?? null, isElective: target.number === 'EL' }],
  transfers: true, creditsAwarded: null, minGrade: null, effectiveFromTerm: null, effectiveToTerm: null, origin: 'csv', notes: null,
});

const catalog = [
  course('PSYCH', '202', 'Introduction to Psychology'),
  course('PSYCH', '225', 'Research Methods'),
  course('SOC', '101', 'Introduction to Sociology'),
  course('POLI SCI', '104', 'Introduction to American Government and Politics'),
  course('ECON', '102', 'Principles of Macroeconomics', 3, 'National income, inflation, unemployment and monetary policy.'),
  course('ECON', '101', 'Principles of Microeconomics', 3, 'Supply and demand, markets, firms and consumer choice.'),
  course('MATH', '221', 'Calculus and Analytic Geometry 1', 5),
  course('MATH', '222', 'Calculus and Analytic Geometry 2', 4),
];

describe('suggestEquivalents', () => {
  it('ranks by title when there is nothing else to go on', () => {
    const [first] = suggestEquivalents({ source: course('PSY', '1010', 'Intro to Psych'), candidates: catalog });
    expect(first).toMatchObject({ subject: 'PSYCH', number: '202' });
    expect(first!.score).toBeGreaterThan(0);
    expect(first!.score).toBeLessThanOrEqual(1);
    expect(first!.why.join(' ')).toContain('title');
  });

  it('uses descriptions to tell macro from micro', () => {
    const source = course('ECO', '2013', 'Principles of Economics', 3, 'Inflation, unemployment, national income and fiscal and monetary policy.');
    expect(suggestEquivalents({ source, candidates: catalog })[0]?.number).toBe('102');
  });

  it('keeps the sequence: Calculus II goes to the second course', () => {
    expect(suggestEquivalents({ source: course('MATH', '2312', 'Calculus II', 4), candidates: catalog })[0]?.number).toBe('222');
  });

  it('lets other colleges’ rules for the same statewide number outrank the title', () => {
    const source = { ...course('SOCSCI', '(809) 198', 'Intro to Psychology'), institutionId: 1 };
    const peers = [
      peer(2, course('SOCSCI', '(809) 198', 'Intro Psych'), course('PSYCH', '225', 'Research Methods')),
      peer(3, course('BEHAVSCI', '(809) 198', 'Psychology Intro'), course('PSYCH', '225', 'Research Methods')),
    ];
    const [first] = suggestEquivalents({ source, candidates: catalog, peerRules: peers });
    expect(first?.number).toBe('225');
    expect(first?.why[0]).toContain('2 other schools');
    expect(first?.why[0]).toContain('(809) 198');
  });

  it('ignores the sending school’s own rules as peer evidence', () => {
    const source = { ...course('SOCSCI', '(809) 198', 'Intro to Psychology'), institutionId: 1 };
    const own = [peer(1, course('SOCSCI', '(809) 198', 'Intro Psych'), course('PSYCH', '225', 'Research Methods'))];
    expect(suggestEquivalents({ source, candidates: catalog, peerRules: own })[0]?.number).toBe('202');
  });

  it('learns where a subject goes from peer rules', () => {
    const peers = [
      peer(2, course('GOVT', '110', 'State Politics'), course('POLI SCI', '104', 'x')),
      peer(3, course('GOVT', '120', 'Public Policy'), course('POLI SCI', '104', 'x')),
    ];
    const [first] = suggestEquivalents({ source: course('GOVT', '101', 'American National Government'), candidates: catalog, peerRules: peers });
    expect(first?.subject).toBe('POLI SCI');
    expect(first?.why.join(' ')).toMatch(/usually transfer here as POLI SCI|other school/);
  });

  it('returns at most `limit` candidates; elective credit may be one, marked as elective, "no credit" never', () => {
    const withPlaceholders = [...catalog, course('PSYCH', 'EL', 'Psychology Elective'), course('NDC', '', 'No Degree Credit')];
    const results = suggestEquivalents({ source: course('PSY', '101', 'Psychology Elective'), candidates: withPlaceholders, limit: 2 });
    expect(results.length).toBeLessThanOrEqual(2);
    expect(results.every((r) => r.subject !== 'NDC')).toBe(true);
    const elective = results.find((r) => r.number === 'EL');
    if (elective) expect(elective.why).toContain('elective credit in PSYCH');
  });

  it('returns nothing when nothing is alike', () => {
    expect(suggestEquivalents({ source: course('WELD', '(442) 100', 'Oxy-Fuel Cutting', null), candidates: catalog })).toEqual([]);
  });

  it('never suggests a course for sharing only a subject, a level or a credit count (a small catalogue’s one course)', () => {
    const miami = [course('ECO', '211', 'Principles of Macroeconomics', 3), course('HIS', '131', 'America Before 1877', 3)];
    for (const row of [course('ENC', '1102', 'Freshman Composition II', 3), course('MAC', '2312', 'Calculus with Analytic Geometry II', 3), course('ECO', '2999', 'Independent Study', 3)]) {
      expect(suggestEquivalents({ source: row, candidates: miami })).toEqual([]);
    }
  });

  it('gives confidences that are probabilities, best first, with the evidence a registrar needs', () => {
    const source = { ...course('SOCSCI', '(809) 198', 'Intro to Psychology', 3), institutionId: 1 };
    const peers = [2, 3, 4].map((school) => peer(school, course('BEHSCI', '(809) 198', 'Psychology'), course('PSYCH', '202', 'Introduction to Psychology')));
    const results = suggestEquivalents({ source, candidates: catalog, peerRules: peers });
    const total = results.reduce((sum, candidate) => sum + candidate.confidence, 0);
    expect(total).toBeLessThanOrEqual(1.0001);
    expect(results.map((candidate) => candidate.confidence)).toEqual([...results.map((candidate) => candidate.confidence)].sort((a, b) => b - a));
    expect(results[0]).toMatchObject({ subject: 'PSYCH', number: '202', evidence: { statewideNumber: null, peerSchools: 3, sameCode: false, credits: { yours: 3, candidate: 3 } } });
    expect(results[0]!.evidence.titleSimilarity).toBeGreaterThan(0.9);
    expect(results[0]!.score).toBe(results[0]!.confidence);
  });

  it('is more confident with more agreeing evidence', () => {
    const source = { ...course('PSY', '110', 'General Psychology', 3), institutionId: 1 };
    const titleOnly = suggestEquivalents({ source, candidates: catalog })[0]!;
    const peers = [2, 3, 4].map((school) => peer(school, course('PSY', '110', 'Gen Psychology'), course('PSYCH', '202', 'Introduction to Psychology')));
    const withPeers = suggestEquivalents({ source, candidates: catalog, peerRules: peers })[0]!;
    expect(titleOnly.number).toBe('202');
    expect(withPeers.number).toBe('202');
    expect(withPeers.confidence).toBeGreaterThan(titleOnly.confidence);
  });

  it('lifts the destination course that transfers back to the student’s school as this course', () => {
    const source = course('SOC', '201', 'Social Problems', 3);
    const rules = [{ ...peer(50, course('SOC', '101', 'Introduction to Sociology'), source), toInstitutionId: 1 }];
    const links = linkedVotes({ graph: ruleNeighbourhoodOf(rules), fromInstitutionId: 1, toInstitutionId: 50, course: source });
    const [first] = suggestEquivalents({ source: { ...source, institutionId: 1 }, candidates: catalog, links });
    expect(first).toMatchObject({ subject: 'SOC', number: '101', evidence: { linkedCourses: 1 } });
    expect(first!.why.join(' ')).toContain('transfers to your school as this very course');
  });

  it('reads the sending school’s other courses: a like-titled course’s rule points at its destination', () => {
    const source = { ...course('MUS APP', '340', 'Saxophone Lessons - Upper Division', 2), institutionId: 1 };
    const lessons = [course('MUSC', '126', 'Private Instrumental Instruction', 2), course('MUSC', '168', 'Woodwind Techniques', 2)];
    const pairRules = [{ ...peer(1, course('MUS APP', '140', 'Saxophone Lessons - Lower Division'), lessons[0]!) }];
    const [first] = suggestEquivalents({ source, candidates: lessons, pairRules });
    expect(first?.number).toBe('126');
    expect(first?.why[0]).toBe('your school\'s "Saxophone Lessons - Lower Division" transfers here as it');
  });
});

describe('candidateConfidences', () => {
  it('leaves room for "none of these": one weak candidate is not a sure one', () => {
    const [confidence] = candidateConfidences([{ score: 0 }]);
    expect(confidence).toBeLessThan(0.5);
    expect(candidateConfidences([{ score: SUGGESTION_MODEL.none + 5 }])[0]).toBeGreaterThan(0.99);
  });
});

describe('rankSuggestionCandidates', () => {
  it('uses descriptions, weighing words the catalogue shares less', () => {
    const source = course('ACG', '2021', 'ACC Decisions', 3, 'Accounting concepts and analysis essential to determining the income and financial position of a business enterprise.');
    const candidates = [
      course('ACG', '2021', 'Introduction to Financial Accounting', 4, 'Conceptual introduction to financial accounting: income measurement and financial statements of a business.'),
      course('ACG', '2071', 'Introduction to Managerial Accounting', 4, 'Use of accounting information by managers for planning, control and decision making.'),
    ];
    const [first] = rankSuggestionCandidates({ source: { ...source, number: '9999' }, candidates });
    expect(first?.course.number).toBe('2021');
    expect(first?.features.description).toBeGreaterThan(0);
  });
});

describe('elsewhereTargetsOf', () => {
  it('lists each specific course a course transfers as elsewhere once, the most frequent first', () => {
    const source = course('SOC', '201', 'Psychology of Groups');
    const rules = [
      peer(1, source, course('PSY', '110', 'Human Behavior')),
      peer(1, source, course('PSYC', '230', 'Social Psychology')),
      peer(1, source, course('PSYC', '230', 'Social Psychology')),
      peer(1, source, course('PSYC', 'EL', 'Psychology elective')),
      { ...peer(1, source, course('PSYC', '999', 'Never')), transfers: false },
      { ...peer(1, source, course('PSYC', '888', 'Lecture and lab')), sources: [...peer(1, source, course('X', '1', 'x')).sources, { subject: 'SOC', number: '201L', title: null, credits: 1 }] },
    ];
    expect(elsewhereTargetsOf(rules).map(({ course: target }) => `${target.subject} ${target.number}`)).toEqual(['PSYC 230', 'PSY 110']);
  });

  it('lifts a destination course titled like what the course transfers as elsewhere', () => {
    const source = course('SOC', '201', 'Psychology of Groups');
    const candidates = [course('PSYCH', '150', 'Research Methods'), course('PSYCH', '320', 'Human Behavior and Society')];
    const elsewhereTargets = elsewhereTargetsOf([peer(1, source, course('PSY', '110', 'Human Behavior and Society'))]);
    const [first] = suggestEquivalents({ source, candidates, elsewhereTargets });
    expect(first).toMatchObject({ number: '320' });
    expect(first!.why[0]).toBe('it transfers to other schools as "Human Behavior and Society"');
  });
});
