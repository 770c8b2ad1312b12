/**
 * Search cards and the transcript report give the same verdict for the same course and destination, because both go
 * through the engine and its one rule-picker (docs/decisions/010-one-rule-picker.md). Checked over a sample of the
 * real Wisconsin transfer rules (reference-data/), plus rules of more authority added beside some of them (a
 * registrar's rule, a newer published one), where picking the rule differently would show.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseSearchResponse, TransferStatus } from '../../src/shared/schemas/course';
import { currentTerm, decideForCourses, formatTerm, importEquivalencyCsv } from '../../src/server/features/equivalencies';
import { createRule } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

const RULES_FILE = 'reference-data/equivalencies/wisconsin-transfer-rules.csv.gz';
const SAMPLED_COURSES = 30;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Every row of the real file for every k-th source course (sorted, so the sample is the same on every run). */
function sampleRules(): string {
  const [header, ...rows] = gunzipSync(readFileSync(RULES_FILE)).toString('utf8').trim().split('\n');
  const bySource = new Map<string, string[]>();
  for (const row of rows) {
    const source = row.split(',').slice(0, 2).join(',');
    bySource.set(source, [...(bySource.get(source) ?? []), row]);
  }
  const sources = [...bySource.keys()].sort();
  const step = Math.floor(sources.length / SAMPLED_COURSES);
  const sampled = sources.filter((_, index) => index % step === 0).slice(0, SAMPLED_COURSES);
  return [header, ...sampled.flatMap((source) => bySource.get(source)!)].join('\n');
}

const statusOf = (decision: { status: string; targets: Array<{ isElective: boolean }> }): TransferStatus =>
  decision.status === 'NO_TRANSFER'
    ? 'not-transferable'
    : decision.status === 'DIRECT'
      ? decision.targets.length > 0 && decision.targets.every((target) => target.isElective)
        ? 'elective'
        : 'fully'
      : 'unknown';

describe('search cards and the transcript report agree', () => {
  it('on the verdict and the course it becomes, for every sampled course and destination', async () => {
    const { db } = t.deps;
    const imported = await importEquivalencyCsv({ db, input: sampleRules(), actor: { id: null, email: 'test' } });
    expect(imported.errorCount).toBe(0);
    const pairs = await db.query<{ from_id: number; from_name: string; to_id: number; to_name: string; subject: string; number: string }>(
      `select distinct r.from_institution_id as from_id, fi.name as from_name, r.to_institution_id as to_id, ti.name as to_name, s.subject, s.number
         from equivalency_rules r join equivalency_rule_sources s on s.rule_id = r.id
         join institutions fi on fi.id = r.from_institution_id join institutions ti on ti.id = r.to_institution_id
        order by fi.name, s.subject, s.number, ti.name`,
    );
    expect(pairs.length).toBeGreaterThan(100);

    const courses = new Map<string, { id: number }>();
    for (const [index, pair] of pairs.entries()) {
      const key = `${pair.from_id}|${pair.subject}|${pair.number}`;
      // The rules' source courses are courses already (migration 0065: a course a rule names is one search finds).
      if (!courses.has(key)) {
        const [course] = await db.query<{ id: number }>(`select id from courses where institution_id = $1 and subject = $2 and number = $3`, [
          pair.from_id,
          pair.subject,
          pair.number,
        ]);
        expect(course, key).toBeDefined();
        courses.set(key, course!);
      }
      // Beside every fifth pair, a rule with more authority than the published one: the registrar's, or a newer one.
      if (index % 5 === 0) {
        await createRule(db, {
          from: pair.from_id,
          to: pair.to_id,
          sources: [{ subject: pair.subject, number: pair.number }],
          targets: [{ subject: 'AUTH', number: String(100 + index), title: 'Picked by authority' }],
          origin: index % 10 === 0 ? 'admin' : 'csv',
        });
      }
    }

    const term = formatTerm(currentTerm());
    const disagreements: string[] = [];
    let transferring = 0;
    for (const pair of pairs) {
      const course = courses.get(`${pair.from_id}|${pair.subject}|${pair.number}`)!;
      const query = new URLSearchParams({ transferFromSchool: pair.from_name, transferToSchool: pair.to_name, courseCodes: `${pair.subject} ${pair.number}`, limit: '50' });
      const response = await t.app.request(`/api/courses/search?${query}`);
      const card = ((await response.json()) as CourseSearchResponse).results.find((result) => result.id === course.id);
      const { decisions } = await decideForCourses(db, {
        fromInstitutionId: pair.from_id,
        toInstitutionId: pair.to_id,
        courses: [{ subject: pair.subject, number: pair.number, title: null, term }],
        withSuggestions: false,
      });
      const report = decisions[0]!;
      const reportTargets = report.status === 'DIRECT' ? report.targets.map((target) => `${target.subject} ${target.number}`) : [];
      const cardTargets = card?.equivalentAt ? reportTargets.filter((target) => card.equivalentAt!.includes(target)) : [];
      if (report.status === 'DIRECT') transferring += 1;
      if (!card || card.transferStatus !== statusOf(report) || cardTargets.length !== reportTargets.length) {
        disagreements.push(`${pair.from_name} ${pair.subject} ${pair.number} → ${pair.to_name}: card ${card?.transferStatus} "${card?.equivalentAt}", report ${report.status} ${reportTargets.join(' + ')}`);
      }
    }
    expect(disagreements).toEqual([]);
    // The sample holds both answers, so agreeing is not trivially "nothing transfers".
    expect(transferring).toBeGreaterThan(10);
    expect(transferring).toBeLessThan(pairs.length);
  });
});
