// Issue 38, part 4: rule health finds seeded conflicts, rules naming courses the catalogues no longer list, rules past
// their end or without a start, and the pairs students wait on that no rule covers; each list counts, exports as CSV
// and has a one-click fix, audited, after which reports that relied on the rule are decided again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rankEvaluationQueue } from '../../src/server/features/evaluation-queue';
import { checkRuleHealth, scheduleNightlyRuleHealthCheck } from '../../src/server/features/rule-health';
import { runPendingJobs } from '../../src/server/jobs/job-handlers';
import type { RuleHealthFindingsPage, RuleHealthFixResult, RuleHealthKind, RuleHealthSummary } from '../../src/shared/schemas/rule-health';
import { createCourse, createInstitution, createRule } from '../support/factories';
import { createTestApp, jsonRequest, signUp, signUpAdmin, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;
let college: { id: number; name: string };
let university: { id: number; name: string };
const rules: Record<string, number> = {};

async function get<T>(path: string, cookie = admin.cookie): Promise<T> {
  const response = await t.app.request(path, { headers: { cookie } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}
const summary = () => get<RuleHealthSummary>('/api/admin/rule-health');
const findings = (kind: RuleHealthKind) => get<RuleHealthFindingsPage>(`/api/admin/rule-health/findings?kind=${kind}`);
const fix = (findingId: number, action: string) => t.app.request('/api/admin/rule-health/fixes', jsonRequest('POST', { findingId, action }, admin.cookie));

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t);
  college = await createInstitution(t.deps.db, { name: 'Lakeside Community College' });
  university = await createInstitution(t.deps.db, { name: 'Hilltop State University' });
  // Both schools publish catalogues.
  for (const [school, courses] of [
    [college, [['ENG', '101', 'Composition I'], ['MAT', '150', 'College Algebra'], ['HIS', '201', 'World History']]],
    [university, [['ENGL', '1010', 'Writing I'], ['ENGL', '1020', 'Writing II'], ['MATH', '1100', 'Algebra'], ['HIST', '2010', 'World History']]],
  ] as const) {
    for (const [subject, number, title] of courses) await createCourse(t.deps.db, school.id, { subject, number, title });
  }
  const rule = async (name: string, input: Omit<Parameters<typeof createRule>[1], 'from' | 'to'>) => {
    rules[name] = (await createRule(t.deps.db, { from: college.id, to: university.id, effectiveFromTerm: 'Fall 2020', ...input })).id;
  };
  // A conflict: ENG 101 to two different courses, both imported, both in effect now.
  await rule('eng-a', { sources: [{ subject: 'ENG', number: '101' }], targets: [{ subject: 'ENGL', number: '1010' }] });
  await rule('eng-b', { sources: [{ subject: 'ENG', number: '101' }], targets: [{ subject: 'ENGL', number: '1020' }] });
  // Not a conflict: the same course, one rule after the other.
  await rule('his-old', { sources: [{ subject: 'HIS', number: '201' }], targets: [{ subject: 'HIST', number: '1999' }], effectiveFromTerm: 'Fall 2010', effectiveToTerm: 'Spring 2015' });
  await rule('his-new', { sources: [{ subject: 'HIS', number: '201' }], targets: [{ subject: 'HIST', number: '2010' }], effectiveFromTerm: 'Fall 2015' });
  // A target the university's catalogue no longer lists; a source the college's no longer lists; no start date.
  await rule('missing-target', { sources: [{ subject: 'MAT', number: '150' }], targets: [{ subject: 'MATH', number: '1050' }] });
  await rule('missing-source', { sources: [{ subject: 'BIO', number: '105' }], targets: [{ subject: 'MATH', number: '1100' }] });
  await rule('no-start', { sources: [{ subject: 'MAT', number: '150' }], targets: [{ subject: 'MATH', number: '1100' }], effectiveFromTerm: null, origin: 'admin' });
  // A student's report relied on the rule that will be removed.
  const student = await signUp(t, { name: 'Relying Student' });
  const [transcript] = await t.deps.db.query<{ id: string }>(
    `insert into transcripts (user_id, file_name, status, detected_institution_id, to_institution_id, analyzed_at) values ($1, 't.pdf', 'done', $2, $3, now()) returning id`,
    [student.id, college.id, university.id],
  );
  await t.deps.db.query(
    `insert into transcript_rows (transcript_id, position, subject, number, title, credits, grade, term, status, rule_id, transfers_to, credits_awarded, reason)
     values ($1, 0, 'ENG', '101', 'Composition I', 3, 'A', 'Fall 2024', 'DIRECT', $2, 'ENGL 1020 Writing II', 3, 'A rule says so.'),
            ($1, 1, 'PSY', '101', 'General Psychology', 3, 'B', 'Fall 2024', 'NEEDS_EVAL', null, null, null, 'No rule decides this course yet.')`,
    [transcript!.id, rules['eng-b']],
  );
  await rankEvaluationQueue(t.deps.db);
  await checkRuleHealth(t.deps.db);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('rule health', () => {
  it('counts each list; the hub reads the same summary', async () => {
    const { counts, checkedAt, checking } = await summary();
    expect(checkedAt).not.toBeNull();
    expect(checking).toBe(false);
    expect(counts).toMatchObject({ conflict: 1, 'missing-target': 2, 'missing-source': 1, expired: 1, 'no-start': 1, asked: 1 });
  });

  it('a check run again replaces the last one whole (written beside it, then swapped): the same counts, no finding id reused', async () => {
    const before = (await findings('missing-target')).findings.map((finding) => finding.id);
    await checkRuleHealth(t.deps.db);
    const { counts } = await summary();
    expect(counts).toMatchObject({ conflict: 1, 'missing-target': 2, 'missing-source': 1, expired: 1, 'no-start': 1, asked: 1 });
    const after = (await findings('missing-target')).findings.map((finding) => finding.id);
    expect(after).toHaveLength(2);
    expect(after.filter((id) => before.includes(id))).toEqual([]);
    const [waiting] = await t.deps.db.query<{ count: number }>(`select count(*)::int as count from rule_health_findings_next`);
    expect(waiting?.count).toBe(0);
  });

  it('lists the conflicting rules together, and not rules that follow one another in time', async () => {
    const page = await findings('conflict');
    expect(page.findings.map((finding) => finding.ruleId).sort()).toEqual([rules['eng-a'], rules['eng-b']].sort());
    expect(page.findings[0]).toMatchObject({ fromInstitution: college.name, toInstitution: university.name, source: 'ENG 101', origin: 'csv', fixes: [{ action: 'keep' }] });
    expect(new Set(page.findings.map((finding) => finding.group)).size).toBe(1);
  });

  it('lists rules whose target or source no catalogue lists, the expired rule, the rule without a start, and the pair students ask about', async () => {
    const missingTargets = (await findings('missing-target')).findings;
    expect(missingTargets.map((finding) => finding.ruleId).sort()).toEqual([rules['his-old'], rules['missing-target']].sort());
    expect(missingTargets.find((finding) => finding.ruleId === rules['missing-target'])?.detail).toBe("MATH 1050 is not in the receiving school's catalogue");
    expect((await findings('missing-source')).findings).toMatchObject([{ ruleId: rules['missing-source'], detail: "BIO 105 is not in the sending school's catalogue" }]);
    expect((await findings('expired')).findings).toMatchObject([{ ruleId: rules['his-old'], detail: 'Ended Spring 2015', fixes: [{ action: 'delete' }] }]);
    expect((await findings('no-start')).findings).toMatchObject([{ ruleId: rules['no-start'], fixes: [{ action: 'start', label: expect.stringMatching(/^Start it from (Spring|Summer|Fall) \d{4}$/) }] }]);
    expect((await findings('asked')).findings).toMatchObject([{ students: 1, source: 'PSY 101 General Psychology', pairKey: `${college.id}:${university.id}:psy101`, fixes: [] }]);
  });

  it('exports a list as CSV', async () => {
    const response = await t.app.request('/api/admin/rule-health/export?kind=missing-target', { headers: { cookie: admin.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="crosswalk-rule-health-target-no-longer-offered-/);
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines[0]).toBe('list,sending_school,source,receiving_school,target,origin,terms,problem,students,rule_id');
    expect(lines).toHaveLength(3);
    expect(lines.some((line) => line.includes("MATH 1050 is not in the receiving school's catalogue") && line.endsWith(String(rules['missing-target'])))).toBe(true);
  });

  it('keeps one rule of a conflict in one click: the others are removed, audited, and the report that relied on them is decided again', async () => {
    const [keep] = (await findings('conflict')).findings.filter((finding) => finding.ruleId === rules['eng-a']);
    const response = await fix(keep!.id, 'keep');
    expect(response.status).toBe(200);
    expect((await response.json()) as RuleHealthFixResult).toEqual({ rules: 1, reports: 1 });
    expect(await t.deps.db.query(`select id from equivalency_rules where id = $1`, [rules['eng-b']])).toHaveLength(0);
    expect((await findings('conflict')).findings).toHaveLength(0);
    expect((await summary()).counts.conflict).toBe(0);
    const audit = await t.deps.db.query<{ subject_id: string; actor_id: string }>(`select subject_id, actor_id from audit_log where action = 'equivalency_rule_changed'`);
    expect(audit).toEqual([{ subject_id: String(rules['eng-b']), actor_id: admin.id }]);
    await runPendingJobs(t.deps);
    const [row] = await t.deps.db.query<{ status: string; transfers_to: string }>(`select status, transfers_to from transcript_rows where subject = 'ENG'`);
    expect(row).toMatchObject({ status: 'DIRECT', transfers_to: expect.stringContaining('ENGL 1010') });
  });

  it('ends a rule whose target is gone, gives a rule its start, deletes an expired one; a fix that does not fit its list is a plain 400', async () => {
    const [missing] = (await findings('missing-target')).findings.filter((finding) => finding.ruleId === rules['missing-target']);
    const wrong = await fix(missing!.id, 'keep');
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: string }).error).toMatch(/fixed with end or delete/);
    expect((await fix(missing!.id, 'end')).status).toBe(200);
    const [ended] = await t.deps.db.query<{ effective_to_term: string }>(`select effective_to_term from equivalency_rules where id = $1`, [rules['missing-target']]);
    expect(ended?.effective_to_term).toMatch(/^(Spring|Summer|Fall) \d{4}$/);

    const [noStart] = (await findings('no-start')).findings;
    expect((await fix(noStart!.id, 'start')).status).toBe(200);
    const [started] = await t.deps.db.query<{ effective_from_term: string }>(`select effective_from_term from equivalency_rules where id = $1`, [rules['no-start']]);
    expect(started?.effective_from_term).toMatch(/^(Spring|Summer|Fall) \d{4}$/);

    const [expired] = (await findings('expired')).findings;
    expect((await fix(expired!.id, 'delete')).status).toBe(200);
    expect(await t.deps.db.query(`select id from equivalency_rules where id = $1`, [rules['his-old']])).toHaveLength(0);
    // Fixed findings are gone, and fixing one again says so.
    expect((await fix(expired!.id, 'delete')).status).toBe(404);
    const { counts } = await summary();
    expect(counts).toMatchObject({ 'no-start': 0, expired: 0, 'missing-target': 0 });
  });

  it('is for admins only; a nightly check waits in the jobs table for 03:00 UTC', async () => {
    const student = await signUp(t, { name: 'Curious Student' });
    expect((await t.app.request('/api/admin/rule-health', { headers: { cookie: student.cookie } })).status).toBe(403);
    expect((await t.app.request('/api/admin/rule-health')).status).toBe(401);
    expect((await t.app.request('/api/admin/rule-health/findings?kind=nonsense', { headers: { cookie: admin.cookie } })).status).toBe(400);

    await scheduleNightlyRuleHealthCheck(t.deps.db, new Date('2026-11-28T14:00:00Z'));
    const [job] = await t.deps.db.query<{ wait: number }>(`select extract(epoch from run_after - now())::int as wait from jobs where kind = 'rule-health.check' and status = 'queued'`);
    expect(job?.wait).toBeGreaterThan(12 * 3600 - 120);
    // One is enough: asking again adds none, and "Check now" waits for it too.
    await scheduleNightlyRuleHealthCheck(t.deps.db);
    expect(await t.deps.db.query(`select 1 from jobs where kind = 'rule-health.check' and status = 'queued'`)).toHaveLength(1);
    expect((await summary()).checking).toBe(true);
  });
});
