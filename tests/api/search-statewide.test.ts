import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetails, CourseSearchResponse } from '../../src/shared/schemas/course';
import { createCourse, createInstitution, createRule } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function floridaSchool(name: string, statewide = true) {
  const school = await createInstitution(t.deps.db, { name, state: 'FL' });
  await t.deps.db.query(`update institutions set florida_statewide_numbering = $2 where id = $1`, [school.id, statewide]);
  return school;
}

async function search(params: Record<string, string>) {
  const response = await t.app.request(`/api/courses/search?${new URLSearchParams(params)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as CourseSearchResponse;
}

describe('course search: Florida statewide course numbering', () => {
  it('a course at one participating school transfers fully to another with no rule on file; special topics and other schools do not', async () => {
    const from = await floridaSchool('Statewide State College');
    const to = await floridaSchool('Statewide University');
    const privateSchool = await floridaSchool('Private Florida University', false);
    const macro = await createCourse(t.deps.db, from.id, { subject: 'SWN', number: '2013', title: 'Statewide Macroeconomics' });
    const topics = await createCourse(t.deps.db, from.id, { subject: 'SWN', number: '2930', title: 'Statewide Special Topics' });
    const micro = await createCourse(t.deps.db, from.id, { subject: 'SWN', number: '2023', title: 'Statewide Microeconomics' });
    await createRule(t.deps.db, { from: from.id, to: to.id, sources: [{ subject: 'SWN', number: '2023' }], targets: [{ subject: 'DNT', number: '' }], transfers: false });

    const toParticipant = await search({ q: 'statewide', transferFromSchool: from.name, transferToSchool: to.name, limit: '10' });
    const byNumber = Object.fromEntries(toParticipant.results.map((result) => [result.courseNumber, result]));
    // The destination's catalogue does not list SWN 2013: the card says what is known instead of naming a course.
    expect(byNumber['SWN 2013']).toMatchObject({
      transferStatus: 'fully',
      equivalentAt: null,
      transferNote: `Transfers under Florida's statewide course numbering; ${to.name}'s course is not in Crosswalk's catalogue yet`,
    });
    expect(byNumber['SWN 2930']).toMatchObject({ transferStatus: 'unknown', equivalentAt: null });
    // An explicit rule outranks statewide numbering.
    expect(byNumber['SWN 2023']).toMatchObject({ transferStatus: 'not-transferable' });

    const toPrivate = await search({ q: 'statewide', transferFromSchool: from.name, transferToSchool: privateSchool.name, limit: '10' });
    expect(toPrivate.results.find((result) => result.courseNumber === 'SWN 2013')?.transferStatus).toBe('unknown');
  
    // The course page lists the statewide answer for every other participating school that has no rule of its own.
    const details = async (id: number) => (await (await t.app.request(`/api/courses/${id}`)).json()) as CourseDetails;
    const macroTransfers = (await details(macro.id)).transfers.filter((transfer) => transfer.toSchool.key === to.key || transfer.toSchool.key === privateSchool.key);
    expect(macroTransfers).toEqual([
      expect.objectContaining({
        ruleId: null,
        toSchool: { key: to.key, name: to.name },
        status: 'fully',
        origin: 'statewide-numbering',
        equivalentAt: null,
        transferNote: `Transfers under Florida's statewide course numbering; ${to.name}'s course is not in Crosswalk's catalogue yet`,
      }),
    ]);
    // Once the destination's catalogue lists its own SWN 1013, the course page names it.
    await createCourse(t.deps.db, to.id, { subject: 'SWN', number: '1013', title: 'Macroeconomics at the University' });
    const named = (await details(macro.id)).transfers.find((transfer) => transfer.toSchool.key === to.key);
    expect(named).toMatchObject({ equivalentAt: `${to.name}: SWN 1013 Macroeconomics at the University`, transferNote: null });
    const microTransfers = (await details(micro.id)).transfers.filter((transfer) => transfer.toSchool.key === to.key);
    expect(microTransfers.map((transfer) => [transfer.origin, transfer.status])).toEqual([['csv', 'not-transferable']]);
    // Special topics are an exception to the guarantee: the course page says it is not guaranteed, never that it transfers.
    const topicsStatewide = (await details(topics.id)).transfers.filter((transfer) => transfer.origin === 'statewide-numbering');
    expect(topicsStatewide.length).toBeGreaterThan(0);
    expect(topicsStatewide.every((transfer) => transfer.verdictClass === 'not-guaranteed' && transfer.status === 'unknown' && transfer.equivalentAt === null)).toBe(true);
  });
});
