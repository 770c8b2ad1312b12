import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInAdminInBrowser } from '../support/admin-sign-in';
import { DESKTOP_VIEWPORT, launchBrowser, openPage, PHONE_VIEWPORT } from '../support/browser';
import { makePdf } from '../support/upload-files';
import { chooseSchool } from '../support/school-picker';

/**
 * Issue 10: the student's and the admin's journeys end to end, each at a desktop's and at a phone's width.
 * A transcript is uploaded on the profile and really analysed (the server's job runner reads the PDF), a No Transfer row
 * of its report is appealed with a syllabus, an admin reviews and resolves that appeal, and the student sees the outcome
 * on the appeal page, the hub and in the e-mail outbox. A visitor goes from a smart search to a course page.
 */

const baseUrl = inject('baseUrl');
const FIXTURES = resolve(import.meta.dirname, '../fixtures/transcripts');
const TRANSCRIPT_PDF = join(FIXTURES, 't11000.pdf');
// Set JOURNEY_SCREENSHOTS to a folder to keep a full-page screenshot of every page the journeys pass through.
const shotsDir = process.env.JOURNEY_SCREENSHOTS;

interface TruthCourse {
  subject: string;
  number: string;
  title: string;
  grade: string | null;
}
const truth = (JSON.parse(readFileSync(join(FIXTURES, 'truth.json'), 'utf8')) as Array<{ id: string; school: string; courses: TruthCourse[] }>).find(
  (transcript) => transcript.id === 't11000',
)!;
const codes = truth.courses.map((course) => `${course.subject} ${course.number}`);
// Its F in General Psychology: no credit at Florida State University, so the report offers an appeal on that row.
const failed = truth.courses.find((course) => course.grade === 'F')!;
const failedCode = `${failed.subject} ${failed.number}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  if (shotsDir) mkdirSync(shotsDir, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  // In parts no taller than an image viewer shows at full size.
  const { width, height } = await page.evaluate(() => ({ width: window.innerWidth, height: document.documentElement.scrollHeight }));
  for (let top = 0, part = 1; top < height; top += 1500, part += 1) {
    const clip = { x: 0, y: top, width, height: Math.min(1500, height - top) };
    await page.screenshot({ path: join(shotsDir, `${name}-${part}.png`), fullPage: true, clip });
  }
}

async function expectNoHorizontalScroll(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, where).toBeLessThanOrEqual(0);
}

// A PDF that opens: syllabi are parsed for their page count when the appeal is submitted.
const SYLLABUS_PDF = makePdf(1);

describe.each([
  { name: 'desktop', viewport: DESKTOP_VIEWPORT, adminIndex: 1 },
  { name: 'phone', viewport: PHONE_VIEWPORT, adminIndex: 2 },
])('journeys at $name width', ({ name, viewport, adminIndex }) => {
  // One student per width, followed through the steps below (each step needs the ones before it).
  const suffix = randomUUID().slice(0, 8);
  const student = { name: `Journey Student ${suffix}`, email: `journey-${name}-${suffix}@example.edu` };
  let page: Page;
  let problems: string[];
  let appealId = '';

  beforeAll(async () => {
    ({ page, problems } = await openPage(browser, baseUrl, viewport));
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('a student uploads a transcript on the profile, analyses it for a favorite school, reads the report, and compares favorites with it', async () => {
    await page.goto('/student/signup');
    await page.getByLabel('Full name').fill(student.name);
    await page.getByLabel('E-mail').fill(student.email);
    await page.getByLabel('Password').fill('a long student password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${baseUrl}/student/profile`);

    const favorites = page.locator('#favorites');
    await favorites.getByLabel('Add favorite universities').fill('Florida State University, University of Central Florida');
    await favorites.getByRole('button', { name: 'Add' }).click();
    await favorites.getByRole('button', { name: 'Remove University of Central Florida' }).waitFor();

    const transcripts = page.locator('#transcripts');
    await transcripts.getByLabel('Upload a transcript').setInputFiles(TRANSCRIPT_PDF);
    const item = transcripts.getByTestId('transcript-item').filter({ hasText: 't11000.pdf' });
    await item.getByText(/66 KB/).waitFor();
    // Opened by its address before it is analysed, the report page says so instead of waiting.
    const transcriptId = (await item.getByRole('link', { name: 'View/Download' }).getAttribute('href'))!.split('/').at(-2)!;
    await page.goto(`/search?transcript=${transcriptId}`);
    await page.getByText('This transcript has not been analysed yet.', { exact: false }).waitFor();
    await page.goBack();
    await chooseSchool(item, 'Target school for t11000.pdf', 'Florida State University', 'Florida State University');
    await shot(page, `${name}-01-profile-uploaded`);
    await expectNoHorizontalScroll(page, 'profile');
    await item.getByRole('button', { name: 'Analyze for…' }).click();

    // The report of this very transcript, once the job runner has read it.
    await page.waitForURL(`${baseUrl}/search?transcript=${transcriptId}`);
    await page.getByRole('heading', { name: 'Your transfer report' }).waitFor({ timeout: 45_000 });
    await page.getByText('t11000.pdf · from Valencia College to Florida State University').waitFor();
    const rows = page.getByRole('list', { name: 'Courses on your transcript' }).getByRole('listitem');
    const rowFor = (code: string) => rows.filter({ has: page.getByText(new RegExp(`^${code} `)) });
    expect(await rows.count()).toBe(codes.length);
    for (const code of codes) expect(await rowFor(code).count(), code).toBe(1);
    await rowFor('ECO 2013').getByText('Direct Transfer').waitFor();
    const failedRow = rowFor(failedCode);
    await failedRow.getByText('No Transfer').waitFor();
    await failedRow.getByText(`${failedCode} can't transfer: a grade of F does not earn credit.`).waitFor();
    await shot(page, `${name}-02-report`);
    await expectNoHorizontalScroll(page, 'report');

    // Compare favorites reads the transcript just analysed.
    await page.goto('/student/profile#compare');
    const compare = page.locator('#compare');
    await chooseSchool(compare, 'First school', 'Florida State University', 'Florida State University');
    await chooseSchool(compare, 'Second school', 'University of Central Florida', 'University of Central Florida');
    await compare.getByText('Based on t11000.pdf from Valencia College.').waitFor();
    for (const school of ['Florida State University', 'University of Central Florida']) {
      const column = compare.getByRole('region', { name: `Compared at ${school}` });
      await column.getByText(/^\d+% of credits accepted$/).waitFor();
      const listed = (await column.getByRole('listitem').allTextContents()).map((text) => text.split(' ').slice(0, 2).join(' '));
      expect(listed.sort(), school).toEqual([...codes].sort());
    }
    await shot(page, `${name}-03-compare`);
    await expectNoHorizontalScroll(page, 'compare');
    expect(problems).toEqual([]);
  }, 120_000);

  it('the student appeals the No Transfer row from the report with a syllabus and lands on the hub', async () => {
    await page.locator('#compare').getByRole('link', { name: 'Full report' }).click();
    await page.getByRole('heading', { name: 'Your transfer report' }).waitFor({ timeout: 45_000 });
    const row = page.getByRole('list', { name: 'Courses on your transcript' }).getByRole('listitem').filter({ hasText: failedCode });
    await row.getByRole('button', { name: 'Request Appeal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit an Appeal' });
    // An F: the dialog is honest about what an appeal can do.
    await dialog.getByText('A grade of F does not earn credit at most schools', { exact: false }).waitFor();
    await dialog.getByLabel('Why should this course transfer?').fill('I retook the final under the new policy; the syllabus matches PSY 2012 at FSU.');
    await shot(page, `${name}-04-appeal-dialog`);
    await dialog.getByRole('link', { name: 'Attach it on the full appeal form' }).click();

    await page.waitForURL(/\/student\/appeal\?/);
    await page.getByRole('heading', { name: 'Submit a credit appeal' }).waitFor();
    expect(await page.getByLabel('Course name').inputValue()).toBe(failed.title);
    expect(await page.getByLabel('Course code').inputValue()).toBe(failedCode);
    expect(await page.getByLabel('Current school').inputValue()).toBe(truth.school);
    expect(await page.getByLabel('Target school').inputValue()).toBe('Florida State University');
    expect(await page.getByLabel('Appeal summary').inputValue()).toBe('I retook the final under the new policy; the syllabus matches PSY 2012 at FSU.');
    expect(await page.getByLabel('Student name').inputValue()).toBe(student.name);
    await page.getByLabel('Syllabus file').setInputFiles({ name: 'psy-2012-syllabus.pdf', mimeType: 'application/pdf', buffer: SYLLABUS_PDF });
    await shot(page, `${name}-05-appeal-form`);
    await expectNoHorizontalScroll(page, 'appeal form');
    await page.getByRole('button', { name: 'Submit appeal' }).click();
    await page.getByText('Appeal submitted. We’ll email you with updates within 3 business days.').waitFor();
    await page.waitForURL(`${baseUrl}/student`);

    const center = page.locator('#appeals');
    const link = center.getByRole('link', { name: failed.title });
    await link.waitFor();
    appealId = (await link.getAttribute('href'))!.split('/').pop()!;
    expect(appealId).toMatch(/^[0-9a-f-]{36}$/);
    await center.getByRole('listitem').filter({ hasText: failed.title }).getByText('submitted', { exact: true }).waitFor();
    await shot(page, `${name}-06-hub-submitted`);
    expect(problems).toEqual([]);
  });

  it('an admin finds that appeal, marks it in review with a message, and resolves it; the student sees the outcome and is e-mailed', async () => {
    expect(appealId).not.toBe('');
    const admin = await openPage(browser, baseUrl, viewport);
    try {
      await signInAdminInBrowser(admin.page, inject('admins')[adminIndex]!);
      const main = admin.page.locator('#main');
      await admin.page.goto('/admin/appeals');
      await main.getByLabel('Search appeals').fill(student.name);
      const listed = main.getByRole('list', { name: 'Appeals' }).getByRole('button', { name: new RegExp(failed.title) });
      await listed.filter({ hasText: student.name }).click();
      await admin.page.waitForURL(`${baseUrl}/admin/appeals?highlight=${appealId}`);
      const detail = main.getByRole('article', { name: 'Appeal details' });
      await detail.getByRole('heading', { name: failed.title }).waitFor();
      await detail.getByText(`${failedCode} · ${truth.school} → Florida State University`).waitFor();
      await detail.getByRole('link', { name: 'Download psy-2012-syllabus.pdf' }).waitFor();
      // The evidence beside the decision: the row as the report decided it (sent from the form: found by its code).
      const evidence = detail.getByRole('region', { name: 'Evidence' });
      await evidence.getByText('No Transfer', { exact: true }).waitFor();
      await evidence.getByText(`${failedCode} can't transfer: a grade of F does not earn credit.`).waitFor();
      await evidence.getByRole('link', { name: 'Download t11000.pdf' }).waitFor();
      await shot(admin.page, `${name}-07-admin-appeal`);
      await expectNoHorizontalScroll(admin.page, 'admin appeals');

      await detail.getByLabel('Admin notes').fill('Sent the syllabus to the psychology department.');
      await detail.getByLabel(/Message to the student/).fill('The psychology department is reading your syllabus.');
      await detail.getByRole('button', { name: 'Mark in review' }).click();
      await detail.getByText(/moved it from submitted to in review/).waitFor();
      await detail.getByRole('button', { name: 'Mark in review' }).waitFor({ state: 'detached' });

      await detail.getByLabel('Admin notes').fill('Department: an F is below the C minimum; no credit.');
      await detail.getByLabel(/Message to the student/).fill('Sorry: PSY 2012 needs at least a C at FSU. You may retake it.');
      await detail.getByLabel('Denied').check();
      await detail.getByRole('button', { name: 'Resolve appeal' }).click();
      await detail.getByText(/moved it from in review to resolved \(denied\)/).waitFor();
      await detail.getByRole('button', { name: 'Reopen' }).waitFor();
      await shot(admin.page, `${name}-08-admin-resolved`);
      expect(admin.problems).toEqual([]);
    } finally {
      await admin.page.context().close();
    }

    // Back in the student's browser: the appeal page, the hub and the mail.
    await page.goto(`/student/appeals/${appealId}`);
    await page.getByRole('heading', { name: /^Status: resolved\s*\(denied\)$/ }).waitFor();
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline.getByText('submitted → in review').waitFor();
    await timeline.getByText('The psychology department is reading your syllabus.').waitFor();
    await timeline.getByText('in review → resolved (denied)').waitFor();
    await timeline.getByText('Sorry: PSY 2012 needs at least a C at FSU. You may retake it.').waitFor();
    // Internal notes stay with the school.
    expect(await page.getByText('Department: an F is below the C minimum; no credit.').count()).toBe(0);
    await page.getByText('psy-2012-syllabus.pdf').waitFor();
    await shot(page, `${name}-09-appeal-status`);
    await expectNoHorizontalScroll(page, 'appeal status');

    await page.goto('/student');
    const hubRow = page.locator('#appeals').getByRole('listitem').filter({ hasText: failed.title });
    await hubRow.getByText('denied', { exact: true }).waitFor();
    await hubRow.getByText('Sorry: PSY 2012 needs at least a C at FSU. You may retake it.').waitFor();
    await hubRow.getByText('New', { exact: true }).waitFor();
    await shot(page, `${name}-10-hub-resolved`);
    await expectNoHorizontalScroll(page, 'hub');
    // The analysed transcript leads back to its report, not only to the file.
    await page.getByRole('link', { name: 'Report for t11000.pdf' }).click();
    await page.getByRole('heading', { name: 'Your transfer report' }).waitFor({ timeout: 45_000 });
    await page.getByText('to Florida State University', { exact: false }).first().waitFor();
    // The report row says what became of its appeal, and a denied one may be appealed again with new evidence.
    const reportRow = page.getByRole('list', { name: 'Courses on your transcript' }).getByRole('listitem').filter({ hasText: failedCode });
    await reportRow.getByText('denied', { exact: true }).waitFor();
    await reportRow.getByRole('button', { name: 'Appeal again with new evidence' }).waitFor();
    await shot(page, `${name}-10b-report-denied`);
    await page.goto('/student');

    const outbox = (await (await fetch(`${inject('mailSinkUrl')}?to=${encodeURIComponent(student.email)}`)).json()) as { messages: Array<{ subject: string; text: string }> };
    const subject = (status: string) => `Your appeal for ${failedCode} ${failed.title} is now ${status}`;
    const inReview = outbox.messages.find((message) => message.subject === subject('In review'));
    const resolved = outbox.messages.find((message) => message.subject === subject('Resolved'));
    expect(inReview?.text).toContain('The psychology department is reading your syllabus.');
    expect(resolved?.text).toContain('Sorry: PSY 2012 needs at least a C at FSU. You may retake it.');
    expect(resolved?.text).toContain(`/student/appeals/${appealId}`);
    expect(problems).toEqual([]);
  });

  it('a visitor goes from a smart search to a course page and back to the results', async () => {
    const visitor = await openPage(browser, baseUrl, viewport);
    try {
      const { page: search } = visitor;
      await search.goto('/search');
      await search.getByLabel('Describe what you need').fill('I am at Valencia College and want to transfer macroeconomics to FSU');
      await search.getByRole('button', { name: 'Search', exact: true }).click();
      await search.getByText('1 course found').waitFor();
      const card = search.getByRole('article', { name: 'ECO 2013 Principles of Macroeconomics' });
      await card.getByText('ECO 2013 · Valencia College').waitFor();
      await shot(search, `${name}-11-search-results`);
      await expectNoHorizontalScroll(search, 'search results');

      await card.getByRole('link', { name: 'View Details' }).click();
      await search.waitForURL(/\/course\/\d+(\?.*)?$/);
      await search.getByRole('heading', { level: 1, name: 'Principles of Macroeconomics' }).waitFor();
      await search.getByText('ECO 2013 · Valencia College').waitFor();
      const fsu = search.getByRole('listitem').filter({ has: search.getByRole('heading', { name: 'Florida State University', exact: true }) });
      await fsu.getByText(/^Counts as ECO 2013/).waitFor();
      await fsu.getByText('Source of the rule:').waitFor();
      await shot(search, `${name}-12-course`);
      await expectNoHorizontalScroll(search, 'course page');

      await search.getByRole('button', { name: '← Back to search' }).click();
      await search.getByText('1 course found').waitFor();
      await search.getByRole('article', { name: 'ECO 2013 Principles of Macroeconomics' }).waitFor();
      expect(visitor.problems).toEqual([]);
    } finally {
      await visitor.page.context().close();
    }
  });
});
