import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInAdminInBrowser } from '../support/admin-sign-in';
import { launchBrowser, openPage, PHONE_VIEWPORT } from '../support/browser';
import { chooseSchool } from '../support/school-picker';

/**
 * Issue 26: a clerk with 300 appeals. A student's report row is appealed first (the oldest in the queue), then 300 more
 * appeals arrive from ten other students. The clerk works down the queue oldest first by keyboard (j across the first
 * page into the next), marks one in review with a key, goes back to the oldest, decides it with its evidence in view,
 * and the student sees the decision on the report row and the hub.
 */

const baseUrl = inject('baseUrl');
const TRANSCRIPT_PDF = join(resolve(import.meta.dirname, '../fixtures/transcripts'), 't11000.pdf');
// Set QUEUE_SCREENSHOTS to a folder to keep screenshots of the queue at desktop and phone width.
const shotsDir = process.env.QUEUE_SCREENSHOTS;
const BULK_STUDENTS = 10;
const CLERK_VIEWPORT = { width: 1366, height: 768 };
const APPEALS_EACH = 30;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  if (shotsDir) mkdirSync(shotsDir, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/** Keys typed in a field belong to the field: the clerk leaves it before using the queue's keys. */
const leaveField = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

const shot = async (page: Page, name: string) => {
  if (shotsDir) await page.screenshot({ path: join(shotsDir, `${name}.png`) });
};

/** A student signed up through the API, from an address of its own (sign-up is limited per address). */
async function apiStudent(name: string, address: string) {
  const headers = { 'content-type': 'application/json', origin: baseUrl, 'x-e2e-client-ip': address };
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}@example.edu`;
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, { method: 'POST', headers, body: JSON.stringify({ email, password: 'a long student password', name }) });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().map((header) => header.split(';')[0]).join('; ');
  return { headers: { ...headers, cookie } };
}

describe('the clerk works a queue of 300 appeals', () => {
  const tag = `Queue${randomUUID().slice(0, 6)}`;
  const studentName = `${tag} Student`;
  let student: Page;
  const bulkCodes: string[] = [];

  beforeAll(async () => {
    ({ page: student } = await openPage(browser, baseUrl, PHONE_VIEWPORT));
  });
  afterAll(async () => {
    await student?.context().close();
  });

  it('the student appeals a No Transfer row of their report; 300 more appeals arrive after it', async () => {
    await student.goto('/student/signup');
    await student.getByLabel('Full name').fill(studentName);
    await student.getByLabel('E-mail').fill(`${tag.toLowerCase()}@example.edu`);
    await student.getByLabel('Password').fill('a long student password');
    await student.getByRole('button', { name: 'Create account' }).click();
    await student.waitForURL(`${baseUrl}/student/profile`);
    const transcripts = student.locator('#transcripts');
    await transcripts.getByLabel('Upload a transcript').setInputFiles(TRANSCRIPT_PDF);
    const item = transcripts.getByTestId('transcript-item').filter({ hasText: 't11000.pdf' });
    await chooseSchool(item, 'Target school for t11000.pdf', 'Florida State University', 'Florida State University');
    await item.getByRole('button', { name: 'Analyze for…' }).click();
    await student.getByRole('heading', { name: 'Your transfer report' }).waitFor({ timeout: 45_000 });
    const row = student.getByRole('list', { name: 'Courses on your transcript' }).getByRole('listitem').filter({ hasText: 'No Transfer' }).first();
    await row.getByRole('button', { name: 'Request Appeal' }).click();
    const dialog = student.getByRole('dialog', { name: 'Submit an Appeal' });
    await dialog.getByLabel('Why should this course transfer?').fill('I retook the final under the new policy.');
    await dialog.getByRole('button', { name: 'Submit Appeal' }).click();
    await row.getByText('Appeal submitted to your transfer school.').waitFor();
    // The row now follows its appeal instead of offering a second one.
    await row.getByRole('button', { name: 'Request Appeal' }).waitFor({ state: 'detached' });

    for (let s = 0; s < BULK_STUDENTS; s++) {
      const bulk = await apiStudent(`${tag} Bulk ${String(s).padStart(2, '0')}`, `10.98.${Math.floor(Math.random() * 200)}.${s + 1}`);
      for (let a = 0; a < APPEALS_EACH; a++) {
        const code = `QUE ${1000 + s * APPEALS_EACH + a}`;
        const response = await fetch(`${baseUrl}/api/student/submit-appeal`, {
          method: 'POST',
          headers: bulk.headers,
          body: JSON.stringify({ courseName: `Queue course ${code}`, courseCode: code, currentSchool: 'Valencia College', targetSchool: 'Florida State University', notes: 'Same topics.', syllabusLink: '', syllabusFile: null }),
        });
        if (response.status !== 201) throw new Error(`appeal ${code} refused: ${response.status} ${await response.text()}`);
        bulkCodes.push(code);
      }
    }
    expect(bulkCodes).toHaveLength(300);
  }, 240_000);

  it('by keyboard: oldest first across pages, one marked in review, the oldest decided with its evidence; the student sees it', async () => {
    const { page, problems } = await openPage(browser, baseUrl, CLERK_VIEWPORT);
    try {
      await signInAdminInBrowser(page, inject('admins')[3]!);
      await page.goto('/admin/appeals');
      const main = page.locator('#main');
      await main.getByRole('button', { name: /^Submitted/, pressed: true }).waitFor();
      expect(await main.getByLabel('Sort').inputValue()).toBe('due');
      await main.getByLabel('School', { exact: true }).selectOption('Florida State University');
      await main.getByLabel('Search appeals').fill(tag);
      const list = main.getByRole('list', { name: 'Appeals' });
      const detail = main.getByRole('article', { name: 'Appeal details' });
      // The oldest first: the student's own appeal, then the bulk ones in the order they came.
      // The search applies after a pause in typing: until then the school's whole queue shows, so wait for the first row.
      await expect.poll(() => list.getByRole('listitem').first().textContent()).toContain(studentName);
      await expect.poll(() => list.getByRole('listitem').count()).toBe(50);
      await detail.getByRole('link', { name: `${tag.toLowerCase()}@example.edu` }).waitFor();
      await shot(page, 'queue-desktop-1366');

      await leaveField(page);
      // j down the queue: each appeal opens in turn, in the order they came; past the first page the next one loads.
      for (let index = 0; index < 55; index++) {
        await page.keyboard.press('j');
        await detail.getByRole('heading', { name: `Queue course ${bulkCodes[index]}` }).waitFor();
      }
      await expect.poll(() => list.getByRole('listitem').count()).toBeGreaterThan(50);
      // The detail stays in view however far down the list the clerk is.
      const box = await detail.boundingBox();
      expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
      expect(box?.y ?? 9999).toBeLessThan(200);
      await shot(page, 'queue-desktop-1366-deep');

      // i: mark this one in review.
      await page.keyboard.press('i');
      await detail.getByText(/moved it from submitted to in review/).waitFor();

      // k back up to the oldest: the student's appeal, its evidence in view, decided with r.
      for (let index = 53; index >= 0; index--) {
        await page.keyboard.press('k');
        await detail.getByRole('heading', { name: `Queue course ${bulkCodes[index]}` }).waitFor();
      }
      await page.keyboard.press('k');
      await detail.getByRole('link', { name: `${tag.toLowerCase()}@example.edu` }).waitFor();
      // The chosen row is scrolled into view below the sticky navigation bar, not under it.
      const navBottom = (await page.locator('header').first().boundingBox())?.height ?? 0;
      await expect.poll(async () => (await list.getByRole('listitem').first().boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(navBottom);
      const evidence = detail.getByRole('region', { name: 'Evidence' });
      await evidence.getByText('No Transfer', { exact: true }).waitFor();
      await evidence.getByText('Grade', { exact: true }).waitFor();
      await evidence.getByRole('link', { name: 'Download t11000.pdf' }).waitFor();
      // The student's whole report, one click from the evidence (opened beside the queue).
      const reportAddress = await evidence.getByRole('link', { name: 'See the whole report' }).getAttribute('href');
      const reportPage = await page.context().newPage();
      await reportPage.goto(`${baseUrl}${reportAddress}`);
      await reportPage.getByRole('heading', { name: 'Transcript report', level: 1 }).waitFor();
      const reportRows = reportPage.getByRole('list', { name: 'Courses on the transcript' }).getByRole('listitem');
      await reportRows.filter({ hasText: 'PSY 2012' }).getByText('No Transfer', { exact: true }).waitFor();
      expect(await reportRows.count()).toBeGreaterThan(3);
      await shot(reportPage, 'queue-admin-whole-report-1366');
      await reportPage.setViewportSize({ width: 390, height: 844 });
      expect(await reportPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await shot(reportPage, 'queue-admin-whole-report-390');
      await reportPage.close();
      await detail.getByLabel(/Message to the student/).fill('Approved: your retake counts. It transfers as PSY 2012.');
      await detail.getByLabel('approved').check();
      await leaveField(page);
      await page.keyboard.press('r');
      await detail.getByText(/moved it from submitted to resolved \(approved\)/).waitFor();
      await shot(page, 'queue-desktop-1366-decided');
      expect(problems).toEqual([]);
    } finally {
      await page.context().close();
    }

    // The student: the report row and the hub show the decision and the office's message.
    await student.reload();
    const row = student.getByRole('list', { name: 'Courses on your transcript' }).getByRole('listitem').filter({ hasText: 'approved' });
    await row.getByText('“Approved: your retake counts. It transfers as PSY 2012.”').waitFor({ timeout: 45_000 });
    expect(await row.getByRole('button', { name: /Appeal/ }).count()).toBe(0);
    // Approved without a rule: the row reads as the office's decision, not as the engine's No Transfer.
    await row.getByText('Approved on appeal', { exact: true }).waitFor();
    expect(await row.getByText('No Transfer', { exact: true }).count()).toBe(0);
    await student.getByText(/1 course was approved on appeal after this report was decided/).waitFor();
    await row.scrollIntoViewIfNeeded();
    await shot(student, 'queue-student-report-390');
    await student.goto('/student');
    const hubRow = student.locator('#appeals').getByRole('listitem').first();
    await hubRow.getByText('approved', { exact: true }).waitFor();
    await hubRow.getByText('New', { exact: true }).waitFor();
    await hubRow.getByText('Approved: your retake counts. It transfers as PSY 2012.').waitFor();
    await hubRow.scrollIntoViewIfNeeded();
    await shot(student, 'queue-student-hub-390');
  }, 240_000);

  it('on a phone the queue reads top to bottom and the detail follows the chosen appeal', async () => {
    const { page, problems } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    try {
      await signInAdminInBrowser(page, inject('admins')[3]!);
      await page.goto('/admin/appeals');
      const main = page.locator('#main');
      await main.getByLabel('Search appeals').fill(tag);
      const list = main.getByRole('list', { name: 'Appeals' });
      await list.getByRole('button', { name: /Queue course QUE 1003/ }).waitFor();
      await shot(page, 'queue-phone-390-top');
      await list.getByRole('button', { name: /Queue course QUE 1003/ }).click();
      const heading = main.getByRole('article', { name: 'Appeal details' }).getByRole('heading', { name: 'Queue course QUE 1003' });
      await heading.waitFor();
      // The detail sits below the list on a phone: choosing an appeal brings it into view.
      await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeGreaterThan(0);
      await expect.poll(async () => (await heading.boundingBox())?.y ?? 9999).toBeLessThan(400);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, 'queue-phone-390');
      expect(problems).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});
