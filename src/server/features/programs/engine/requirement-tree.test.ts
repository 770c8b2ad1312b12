import { describe, expect, it } from 'vitest';
import { awardExamCredit } from './exam-credit';
import { buildRequirementTree, checkRequirementRows } from './requirement-tree';
import { requirement } from './test-requirements';

describe('requirement rows', () => {
  it('builds the tree in row order', () => {
    const roots = buildRequirementTree([
      requirement('W', { groupRule: 'all' }),
      requirement('W.1', { parentCode: 'W', options: ['attr:WR1'] }),
      requirement('M', { options: ['MATH 1151'] }),
      requirement('W.2', { parentCode: 'W', options: ['attr:WR2'] }),
    ]);
    expect(roots.map((root) => root.id)).toEqual(['W', 'M']);
    expect(roots[0]!.children.map((child) => child.id)).toEqual(['W.1', 'W.2']);
    expect(roots[0]!.children[0]!.patterns).toEqual([{ kind: 'attribute', code: 'WR1' }]);
  });

  it('names each problem with its row and column', () => {
    const problems = checkRequirementRows([
      requirement('A', { groupRule: 'n-of', childrenRequired: 3 }),
      requirement('A.1', { parentCode: 'A', options: ['2182H'] }),
      requirement('A.1', { parentCode: 'B' }),
      requirement('C', { parentCode: 'D', minGrade: 'Q' }),
      requirement('D', { parentCode: 'C', options: ['X *'], minCredits: 6, maxCredits: 3 }),
      requirement('E', { groupRule: 'all' }),
    ]);
    const said = problems.map((problem) => `${problem.index}:${problem.column}:${problem.message}`);
    expect(said).toEqual(
      expect.arrayContaining([
        '2:requirement_id:requirement A.1 appears twice in this program (first on row 2)',
        '2:parent_id:no requirement B in this program',
        '3:parent_id:the parents of C go round in a circle',
        '0:children_required:3 required but the group has only 1',
        expect.stringMatching(/^1:options:"2182H" is not a course code/),
        '3:min_grade:"Q" is not a letter grade such as C-',
        '4:max_credits:at most 3 credits is less than the 6 required',
        '5:group:"all" needs requirements that name E as their parent',
        '3:group:C has requirements under it: set group to "all" or "n-of"',
      ]),
    );
  });
});

describe('exam credit', () => {
  it('takes the rule with the highest minimum the score reaches, and says why a score earns nothing', () => {
    const rules = [
      { examType: 'AP' as const, exam: 'Chemistry', minScore: 3, credits: 5, courses: ['CHEM 1110'], notes: null, doubtful: null },
      { examType: 'AP' as const, exam: 'Chemistry', minScore: 4, credits: 5, courses: ['CHEM 1210'], notes: null, doubtful: null },
    ];
    const [four, two, ib] = awardExamCredit(
      [
        { examType: 'AP', exam: 'chemistry', score: 4 },
        { examType: 'AP', exam: 'Chemistry', score: 2 },
        { examType: 'IB', exam: 'Chemistry', score: 6 },
      ],
      rules,
      'Ohio State',
    );
    expect(four).toMatchObject({ label: 'AP Chemistry (score 4)', rule: { courses: ['CHEM 1210'] } });
    expect(two).toMatchObject({ rule: null, reason: 'Ohio State gives credit for AP Chemistry from a score of 3; yours is 2.' });
    expect(ib).toMatchObject({ rule: null, reason: 'Ohio State lists no credit for IB Chemistry.' });
  });
});
