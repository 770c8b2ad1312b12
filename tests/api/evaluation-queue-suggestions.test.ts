// Issue 25, part 1 (speed): each queued pair's best three suggestions are computed once per catalogue version and
// stored (evaluation_pair_suggestions); a page shows exactly what the suggestion owner answers now, and a catalogue
// import makes them be computed again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/server/db/seed/seed-demo';
import { decideForCourses, importCatalogCsv } from '../../src/server/features/equivalencies';
import { rankEvaluationQueue } from '../../src/server/features/evaluation-queue';
import { readCatalogueVersion } from '../../src/server/features/catalogue';
import { terminateTranscriptWorker } from '../../src/server/features/transcripts/reader/read-transcript-in-worker';
import { runPendingJobs } from '../../src/server/jobs/job-handlers';
import type { EvaluationQueuePage, QueuePair } from '../../src/shared/schemas/evaluation-queue';
import { analyseSampleTranscript } from '../support/analysed-transcript';
import { createTestApp, jsonRequest, signUp, signUpAdmin, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUpAdmin>>;

async function queue(page = 1): Promise<EvaluationQueuePage> {
  const response = await t.app.request(`/api/admin/evaluation-queue?page=${page}`, { headers: { cookie: admin.cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as EvaluationQueuePage;
}

/** What the suggestion owner answers for the pair now, asked about it alone. */
async function liveSuggestions(pair: QueuePair) {
  const { suggestions } = await decideForCourses(t.deps.db, {
    fromInstitutionId: pair.fromInstitution.id,
    toInstitutionId: pair.toInstitution.id,
    courses: [{ ...pair.course }],
  });
  return (suggestions[0] ?? []).slice(0, 3).map((suggestion) => ({
    subject: suggestion.subject,
    number: suggestion.number,
    title: suggestion.title,
    confidence: suggestion.confidence,
    why: suggestion.why,
  }));
}
const shown = (pair: QueuePair) =>
  pair.suggestions.map(({ subject, number, title, confidence, why }) => ({ subject, number, title, confidence, why }));

async function storedRows() {
  return t.deps.db.query<{ key: string; catalogue_version: string; suggestions: Array<{ subject: string; number: string }> }>(
    `select from_institution_id || ':' || to_institution_id || ':' || code_key as key, catalogue_version, suggestions from evaluation_pair_suggestions`,
  );
}

const onPostgres = process.env.TEST_DB === 'postgres';

/**
 * On PostgreSQL an answer computed within 10 s of a catalogue version's first sighting is computed once more after
 * them (a writer may not have committed yet): this moves the sighting and every answer's time a minute back, as if a
 * minute had passed.
 */
async function aMinuteLater() {
  await t.deps.db.query(`update app_meta set updated_at = updated_at - interval '1 minute' where key = 'evaluation_suggestions_version'`);
  await t.deps.db.query(`update evaluation_pair_suggestions set computed_at = computed_at - interval '1 minute'`);
}
const markStored = (key: string, suggestions: unknown) =>
  t.deps.db.query(`update evaluation_pair_suggestions set suggestions = $2 where from_institution_id || ':' || to_institution_id || ':' || code_key = $1`, [
    key,
    JSON.stringify(suggestions),
  ]);

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.deps);
  admin = await signUpAdmin(t);
  const student = await signUp(t, { name: 'Queue Student' });
  // A Valencia transcript sent to the University of Miami and to Ohio State, Delaware, De Anza and Miami Dade ones to
  // Miami: the courses no rule decides (and none in progress) wait in the queue, more than one page of them.
  for (const [file, destination] of [['t11000.pdf', 'miami'], ['t11000.pdf', 'ohio-state'], ['t11004.pdf', 'miami'], ['t11005.pdf', 'miami'], ['t11007.pdf', 'miami']] as const) {
    await analyseSampleTranscript(t, student, file, destination);
  }
}, 120_000);
afterAll(async () => {
  await terminateTranscriptWorker();
  await t?.close();
});

describe("the evaluation queue's stored suggestions", () => {
  it('the ranking job stores each pair of the first pages at the current catalogue version; the page shows exactly what the suggestion owner answers now', async () => {
    await rankEvaluationQueue(t.deps.db);
    const page = await queue();
    expect(page.pairs.length).toBeGreaterThan(3);
    expect(page.pairs.some((pair) => pair.suggestions.length > 0)).toBe(true);

    const version = await readCatalogueVersion(t.deps.db);
    const stored = new Map((await storedRows()).map((row) => [row.key, row]));
    for (const pair of page.pairs) {
      expect(stored.get(pair.key)?.catalogue_version).toBe(version);
      expect(shown(pair)).toEqual(await liveSuggestions(pair));
    }
  });

  it('a page reads the stored suggestions and computes none while the catalogue stays the same', async () => {
    await rankEvaluationQueue(t.deps.db);
    await aMinuteLater();
    const [pair] = (await queue()).pairs;
    // Mark one stored answer: the page shows the mark, so it read the table instead of asking the suggestion owner.
    const marked = [{ ...pair!.suggestions[0]!, subject: 'STORED', number: '0000' }];
    await markStored(pair!.key, marked);
    expect((await queue()).pairs[0]?.suggestions).toEqual(marked);
    // Stored at an older catalogue version, the same answer is no longer shown: the pair is asked again.
    await t.deps.db.query(`update evaluation_pair_suggestions set catalogue_version = 'older' where from_institution_id || ':' || to_institution_id || ':' || code_key = $1`, [pair!.key]);
    const again = (await queue()).pairs[0]!;
    expect(shown(again)).toEqual(await liveSuggestions(again));
    expect(again.suggestions[0]?.subject).not.toBe('STORED');
  });

  it.skipIf(!onPostgres)('on PostgreSQL, an answer computed within 10 s of the version first being seen is computed again after them', async () => {
    await t.deps.db.query(`select nextval('search_catalogue_version')`); // what every catalogue write does
    await rankEvaluationQueue(t.deps.db);
    const [pair] = (await queue()).pairs;
    const marked = [{ ...pair!.suggestions[0]!, subject: 'STORED', number: '0001' }];
    await markStored(pair!.key, marked);
    // Within the 10 s: the page asks the suggestion owner instead (the version may belong to a write not yet committed).
    expect((await queue()).pairs[0]?.suggestions).not.toEqual(marked);
    await markStored(pair!.key, marked);
    await aMinuteLater();
    // The page's own answer was computed within the 10 s too: it is computed once more, then trusted.
    expect((await queue()).pairs[0]?.suggestions).not.toEqual(marked);
    await markStored(pair!.key, marked);
    expect((await queue()).pairs[0]?.suggestions).toEqual(marked);
    await t.deps.db.query(`update evaluation_pair_suggestions set catalogue_version = 'older' where from_institution_id || ':' || to_institution_id || ':' || code_key = $1`, [pair!.key]);
  });

  it('a catalogue import moves the version on: the page computes its suggestions again and a new, better course appears', async () => {
    const before = await queue();
    const miamiCodes = new Set(
      (await t.deps.db.query<{ code: string }>(`select c.subject || ' ' || c.number as code from courses c join institutions i on i.id = c.institution_id where i.key = 'miami'`)).map((row) => row.code),
    );
    const code = (course: { subject: string; number: string }) => `${course.subject} ${course.number}`;
    const pair = before.pairs.find((candidate) => candidate.toInstitution.name === 'University of Miami' && !miamiCodes.has(code(candidate.course)))!;
    expect(pair).toBeDefined();
    const versionBefore = await readCatalogueVersion(t.deps.db);
    // Miami adds a course with the same code, title and credits as the waiting one: the course a registrar would pick.
    const newCourse = { subject: pair.course.subject, number: pair.course.number, title: pair.course.title };
    expect(pair.suggestions.map(code)).not.toContain(code(newCourse));
    const imported = await importCatalogCsv({
      db: t.deps.db,
      input: `institution,subject,number,title,credits,description\nUniversity of Miami,${newCourse.subject},${newCourse.number},"${newCourse.title.replace(/"/g, '""')}",${pair.course.credits ?? 3},\n`,
    });
    expect(imported.saved).toBe(true);
    expect(await readCatalogueVersion(t.deps.db)).not.toBe(versionBefore);

    const after = (await queue()).pairs.find((candidate) => candidate.key === pair.key)!;
    expect(after.suggestions.map(code)).toContain(code(newCourse));
    expect(shown(after)).toEqual(await liveSuggestions(after));
    const stored = (await storedRows()).find((row) => row.key === pair.key);
    expect(stored?.catalogue_version).toBe(await readCatalogueVersion(t.deps.db));
  });

  it('pages are ranges of places: no pair on two pages, a page past the end is empty', async () => {
    const first = await queue(1);
    const second = await queue(2);
    const firstKeys = new Set(first.pairs.map((pair) => pair.key));
    expect(second.pairs.filter((pair) => firstKeys.has(pair.key))).toEqual([]);
    expect(first.hasMore).toBe(second.pairs.length > 0);
    const beyond = await queue(500);
    expect(beyond).toMatchObject({ pairs: [], hasMore: false });
  });

  it('a decision still takes its pair off the queue, and the next ranking forgets its stored suggestions', async () => {
    const page = await queue();
    const secondPage = await queue(2);
    const pair = page.pairs.find((candidate) => candidate.suggestions.length > 0)!;
    const suggestion = pair.suggestions[0]!;
    const response = await t.app.request(
      '/api/admin/evaluation-queue/decisions',
      jsonRequest(
        'POST',
        {
          fromInstitutionId: pair.fromInstitution.id,
          toInstitutionId: pair.toInstitution.id,
          subject: pair.course.subject,
          number: pair.course.number,
          action: 'approve',
          target: { subject: suggestion.subject, number: suggestion.number },
        },
        admin.cookie,
      ),
    );
    expect(response.status).toBe(202);
    expect((await queue()).pairs.find((candidate) => candidate.key === pair.key)).toBeUndefined();
    // Its place stays empty until the next ranking: the pairs of the next page do not move up under the registrar.
    expect((await queue(2)).pairs.map((candidate) => candidate.key)).toEqual(secondPage.pairs.map((candidate) => candidate.key));
    expect(secondPage.pairs.length).toBeGreaterThan(0);
    // The decision was taken as offered: the suggestions on offer were the page's.
    expect((await queue()).accepted).toEqual({ decided: 1, acceptedAsOffered: 1 });
    await runPendingJobs(t.deps);
    await rankEvaluationQueue(t.deps.db);
    expect((await storedRows()).find((row) => row.key === pair.key)).toBeUndefined();
    // The rule moved the catalogue version on: what the page shows is computed at the new one.
    const version = await readCatalogueVersion(t.deps.db);
    const firstPage = new Set((await queue()).pairs.map((candidate) => candidate.key));
    const stored = (await storedRows()).filter((row) => firstPage.has(row.key));
    expect(stored).toHaveLength(firstPage.size);
    for (const row of stored) expect(row.catalogue_version).toBe(version);
  });
});
