import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminateTranscriptWorker } from '../../src/server/features/transcripts';
import { runPendingJobs } from '../../src/server/jobs/job-handlers';
import type { DestinationsResponse } from '../../src/shared/schemas/destinations';
import type { CreateTranscriptResponse } from '../../src/shared/schemas/transcripts';
import { createCourse, createInstitution, createRule } from '../support/factories';
import { createTestApp, jsonRequest, signUp, signUpAdmin, TEST_APP_URL, type TestApp } from '../support/test-app';

// t11002.pdf (Florida International University): POS 2042 (S), CHM 1045 (A), ENC 1101 (D), STA 2023 (B+), BSC 2010L,
// and three courses in progress. Eight courses.
const FIU_PDF = readFileSync(resolve(import.meta.dirname, '../fixtures/transcripts/t11002.pdf'));

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
const school: Record<'alpha' | 'beta' | 'gamma' | 'delta' | 'epsilon', { id: number; key: string; name: string }> = {} as never;
let alicesTranscript: string;
let visitors: { id: string; token: string };

async function analyse(cookie?: string): Promise<{ id: string; token: string | null }> {
  const created = (await (
    await t.app.request('/api/transcripts', jsonRequest('POST', { fileName: 'fiu.pdf', fileType: 'application/pdf', size: FIU_PDF.byteLength, toInstitutionId: school.alpha.id }, cookie))
  ).json()) as CreateTranscriptResponse;
  const put = await t.app.request(created.upload.url, { method: 'PUT', headers: { ...created.upload.headers, origin: TEST_APP_URL }, body: new Uint8Array(FIU_PDF) });
  expect(put.status).toBe(200);
  const init = jsonRequest('POST', { toInstitutionId: school.alpha.id }, cookie);
  const token = created.accessToken ?? null;
  const analyze = await t.app.request(`/api/transcripts/${created.id}/analyze`, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), ...(token ? { 'x-transcript-token': token } : {}) },
  });
  expect(analyze.status).toBe(202);
  await runPendingJobs(t.deps);
  return { id: created.id, token };
}

const ask = (id: string, query = '', headers: Record<string, string> = {}) => t.app.request(`/api/transcripts/${id}/destinations${query}`, { headers });
const mine = (answer: DestinationsResponse) => answer.destinations.filter((entry) => Object.values(school).some((own) => own.id === entry.school.id)).map((entry) => entry.school.name);

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t);
  bob = await signUp(t);
  const db = t.deps.db;
  const fiu = await createInstitution(db, { name: 'Florida International University', aliases: ['FIU'] });
  school.alpha = await createInstitution(db, { name: 'Alpha State University', state: 'FL' });
  school.beta = await createInstitution(db, { name: 'Beta College', state: 'GA', control: 'private' });
  school.gamma = await createInstitution(db, { name: 'Gamma Community College', state: 'FL' });
  school.delta = await createInstitution(db, { name: 'Delta University', state: 'FL' });
  school.epsilon = await createInstitution(db, { name: 'Epsilon University', state: 'TX' });
  await db.query(`update institutions set kind = 'community-college' where id = $1`, [school.gamma.id]);
  // Alpha: two specific courses and elective credit (9 credits); Gamma: two courses (6); Beta: elective credit (3), a refusal.
  await createRule(db, { from: fiu.id, to: school.alpha.id, sources: [{ subject: 'POS', number: '2042' }], targets: [{ subject: 'POL', number: '101', title: 'American Politics' }] });
  await createRule(db, { from: fiu.id, to: school.alpha.id, sources: [{ subject: 'CHM', number: '1045' }], targets: [{ subject: 'CHEM', number: '101', title: 'Chemistry I' }] });
  await createRule(db, { from: fiu.id, to: school.alpha.id, sources: [{ subject: 'STA', number: '2023' }], targets: [{ subject: 'STAT', number: 'EL', isElective: true }] });
  await createRule(db, { from: fiu.id, to: school.gamma.id, sources: [{ subject: 'CHM', number: '1045' }], targets: [{ subject: 'CHM', number: '1045', title: 'General Chemistry I' }] });
  await createRule(db, { from: fiu.id, to: school.gamma.id, sources: [{ subject: 'STA', number: '2023' }], targets: [{ subject: 'STA', number: '2023', title: 'Statistics' }] });
  await createRule(db, { from: fiu.id, to: school.beta.id, sources: [{ subject: 'POS', number: '2042' }], targets: [{ subject: 'POL', number: 'EL', isElective: true }] });
  await createRule(db, { from: fiu.id, to: school.beta.id, sources: [{ subject: 'CHM', number: '1045' }], targets: [], transfers: false, creditsAwarded: 0 });
  // Delta has only a catalogue; Epsilon a rule for a course not on this transcript: nothing is decided at either.
  await createCourse(db, school.delta.id, { subject: 'CHM', number: '1045', title: 'General Chemistry I' });
  await createRule(db, { from: fiu.id, to: school.epsilon.id, sources: [{ subject: 'ABC', number: '1234' }], targets: [{ subject: 'ABC', number: '100' }] });

  alicesTranscript = (await analyse(alice.cookie)).id;
  const visitor = await analyse();
  visitors = { id: visitor.id, token: visitor.token! };
}, 120_000);
afterAll(async () => {
  await terminateTranscriptWorker();
  await t?.close();
});

describe('GET /api/transcripts/:id/destinations', () => {
  it('ranks the destinations by the credits that transfer, split by verdict class, and lists apart those where nothing is decided', async () => {
    const response = await ask(alicesTranscript, '', { cookie: alice.cookie });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as DestinationsResponse;
    expect(mine(answer)).toEqual(['Alpha State University', 'Gamma Community College', 'Beta College']);
    const alpha = answer.destinations.find((entry) => entry.school.id === school.alpha.id)!;
    expect(alpha).toMatchObject({ transferCredits: 9, decidedCourses: 3, courses: 8, state: 'FL', control: 'public', level: 'four-year' });
    expect(alpha.byClass['specific-course']).toBe(6);
    expect(alpha.byClass.elective).toBe(3);
    const beta = answer.destinations.find((entry) => entry.school.id === school.beta.id)!;
    expect(beta.byClass['does-not-transfer']).toBe(3);
    expect(beta.transferCredits).toBe(3);
    // never ranked as zero: listed apart
    const apart = answer.notEnoughInformation.map((entry) => entry.school.name);
    expect(apart).toEqual(expect.arrayContaining(['Delta University', 'Epsilon University']));
    expect(answer.destinations.map((entry) => entry.school.name)).not.toContain('Delta University');
  });

  it('filters by state, public or private, two-year or four-year, and the owner’s favorites', async () => {
    const names = async (query: string) => mine((await (await ask(alicesTranscript, query, { cookie: alice.cookie })).json()) as DestinationsResponse);
    expect(await names('?state=fl')).toEqual(['Alpha State University', 'Gamma Community College']);
    expect(await names('?control=private')).toEqual(['Beta College']);
    expect(await names('?level=two-year')).toEqual(['Gamma Community College']);
    expect(await names('?level=four-year&control=public')).toEqual(['Alpha State University']);
    const saved = await t.app.request('/api/student/favorites', jsonRequest('POST', { schools: 'Beta College, Gamma Community College' }, alice.cookie));
    expect(saved.status).toBeLessThan(300);
    expect(await names('?favorites=1')).toEqual(['Gamma Community College', 'Beta College']);
    const apartWithFilter = (await (await ask(alicesTranscript, '?state=TX', { cookie: alice.cookie })).json()) as DestinationsResponse;
    expect(apartWithFilter.notEnoughInformation.map((entry) => entry.school.name)).toContain('Epsilon University');
    expect(apartWithFilter.notEnoughInformation.map((entry) => entry.school.name)).not.toContain('Delta University');
  });

  it('refuses a filter it cannot read, in plain words', async () => {
    const response = await ask(alicesTranscript, '?state=Florida', { cookie: alice.cookie });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toMatch(/two-letter state/);
    const level = await ask(alicesTranscript, '?level=graduate', { cookie: alice.cookie });
    expect(level.status).toBe(400);
  });

  it('answers another student, a signed-out stranger and an admin without two-factor as if the transcript did not exist', async () => {
    expect((await ask(alicesTranscript, '', { cookie: bob.cookie })).status).toBe(404);
    expect((await ask(alicesTranscript)).status).toBe(404);
    const admin = await signUp(t);
    await t.deps.db.query(`update "user" set role = 'admin,student' where id = $1`, [admin.id]);
    expect((await ask(alicesTranscript, '', { cookie: admin.cookie })).status).toBe(404);
    expect((await ask(visitors.id, '', { cookie: alice.cookie })).status).toBe(404);
  });

  it('answers the visitor holding the transcript’s token (no favorites to filter by)', async () => {
    const response = await ask(visitors.id, '', { 'x-transcript-token': visitors.token });
    expect(response.status).toBe(200);
    expect(mine((await response.json()) as DestinationsResponse)).toEqual(['Alpha State University', 'Gamma Community College', 'Beta College']);
    const favorites = await ask(visitors.id, '?favorites=1', { 'x-transcript-token': visitors.token });
    expect(favorites.status).toBe(400);
    expect((await ask(visitors.id, '', { 'x-transcript-token': 'not-the-token' })).status).toBe(404);
  });

  it('answers an admin with two-factor and records the disclosure', async () => {
    const admin = await signUpAdmin(t);
    const response = await ask(alicesTranscript, '', { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const audit = await t.deps.db.query<{ student_id: string }>(
      `select student_id from audit_log where action = 'sensitive_read_transcript' and subject_id = $1 and actor_id = $2`,
      [alicesTranscript, admin.id],
    );
    expect(audit.map((row) => row.student_id)).toEqual([alice.id]);
  });

  it('ranks again when a rule changes (the kept answer belongs to the catalogue version)', async () => {
    const fiu = await t.deps.db.query<{ id: number }>(`select id from institutions where name = 'Florida International University'`);
    for (const code of ['ENC 1101', 'BSC 2010L', 'POS 2042']) {
      const [subject, number] = code.split(' ') as [string, string];
      await createRule(t.deps.db, { from: fiu[0]!.id, to: school.beta.id, sources: [{ subject, number }], targets: [{ subject: 'X', number }], creditsAwarded: 4 });
    }
    const answer = (await (await ask(alicesTranscript, '', { cookie: alice.cookie })).json()) as DestinationsResponse;
    expect(mine(answer)[0]).toBe('Beta College');
  });
});
