import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInAdminInBrowser } from '../support/admin-sign-in';
import { launchBrowser, openPage, PHONE_VIEWPORT } from '../support/browser';

const baseUrl = inject('baseUrl');
// Screenshots for review when ADMIN_SCREENSHOTS names a folder; nothing is written otherwise.
const shotsDir = process.env.ADMIN_SCREENSHOTS;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  if (shotsDir) mkdirSync(shotsDir, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, name: string) {
  if (shotsDir) await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: true });
}

describe('the admin area', () => {
  it('an admin goes through the hub, finds a student, and takes an appeal from submitted to resolved; the student is e-mailed', async () => {
    const admin = inject('admins')[4]!;
    const { page, problems } = await openPage(browser, baseUrl);
    await signInAdminInBrowser(page, admin);

    // Hub: stat cards, the queue of submitted appeals (demo data), quick actions.
    const main = page.locator('#main');
    const stats = main.getByRole('region', { name: 'Statistics' });
    for (const label of ['Students', 'Transcripts', 'Pending appeals', 'Resolved appeals']) {
      await stats.getByRole('link', { name: new RegExp(`^${label} \\d+$`) }).waitFor();
    }
    // Other browser tests submit appeals too, so the queue holds the newest four, whichever they are.
    const queue = main.getByRole('region', { name: 'Appeals needing review' });
    await queue.getByRole('link', { name: /^Open appeal/ }).first().waitFor();
    expect(await queue.getByRole('link', { name: /^Open appeal/ }).count()).toBeLessThanOrEqual(4);
    await shot(page, 'hub-1280');

    // "Pending appeals" (not yet resolved) opens the list under its Pending filter, which lists the same appeals.
    await stats.getByRole('link', { name: /^Pending appeals \d+$/ }).click();
    await page.waitForURL(/\/admin\/appeals\?status=pending$/);
    await main.getByRole('button', { name: 'Pending', pressed: true }).waitFor();
    await main.getByRole('list', { name: 'Appeals' }).waitFor();
    await page.goBack();
    await page.waitForURL(/\/admin$/);

    // Directory: search the demo student.
    await main.getByRole('link', { name: 'Browse the student directory' }).click();
    await page.waitForURL(/\/admin\/students$/);
    await main.getByLabel('Search students').fill('student@crosswalk.demo');
    await main.getByText('1 student', { exact: true }).waitFor();
    const table = main.getByRole('table');
    await table.getByText('Maria Johnson').waitFor();
    await table.getByRole('link', { name: 'student@crosswalk.demo' }).waitFor();
    expect(await table.getByRole('link', { name: 'View appeal' }).count()).toBe(2);
    await table.getByText(/^\+\d+ more$/).first().waitFor(); // 5 demo appeals, more if other tests appealed first
    await shot(page, 'students-1280');
    // "+N more" opens every appeal of that student.
    await table.getByRole('link', { name: /^\+\d+ more$/ }).click();
    await page.waitForURL(/\/admin\/appeals\?status=&q=student%40crosswalk\.demo$/);
    expect(await main.getByLabel('Search appeals').inputValue()).toBe('student@crosswalk.demo');
    await main.getByRole('button', { name: 'All appeals', pressed: true }).waitFor();
    await main.getByRole('list', { name: 'Appeals' }).getByRole('button', { name: /College Algebra/ }).waitFor();
    // Each appeal says how long it has waited (the demo's came in 7, 14, 21, 28 and 35 hours before the seed).
    await main.getByRole('list', { name: 'Appeals' }).getByRole('button', { name: /General Psychology.*yesterday/ }).waitFor();
    expect(await main.getByRole('list', { name: 'Appeals' }).getByRole('button', { name: /Axe Student|Jordan/ }).count()).toBe(0);

    // Appeals: open the demo sociology appeal by its highlight link, as the hub's queue and the directory do.
    const found = await page.evaluate(async () => {
      const response = await fetch('/api/admin/appeals?status=submitted&q=' + encodeURIComponent('Introduction to Sociology'));
      return (await response.json()) as { appeals: Array<{ id: string; courseName: string }> };
    });
    const sociology = found.appeals.find((appeal) => appeal.courseName === 'Introduction to Sociology');
    expect(sociology).toBeTruthy();
    await page.goto(`/admin/appeals?highlight=${sociology?.id}`);
    const detail = main.getByRole('article', { name: 'Appeal details' });
    await detail.getByRole('heading', { name: 'Introduction to Sociology' }).waitFor();
    await main.getByRole('button', { name: 'Submitted', pressed: true }).waitFor();
    // The queue opens oldest first (issue 26); this clerk sorts newest first and searches the demo student, so the list
    // holds her appeals whatever other tests sent (one sends 300), and the next appeal is the demo's next newest.
    // The searched list must have arrived before the clerk acts: a later answer lists only what is still submitted.
    const searched = page.waitForResponse((response) => response.url().includes('/api/admin/appeals?') && response.url().includes('sort=newest') && response.url().includes('q=student%40crosswalk.demo'));
    await main.getByLabel('Sort').selectOption('newest');
    await main.getByLabel('Search appeals').fill('student@crosswalk.demo');
    await searched;
    await main.getByRole('list', { name: 'Appeals' }).getByRole('button', { name: /Principles of Macroeconomics/ }).waitFor();
    await shot(page, 'appeals-1280');

    await detail.getByLabel('Admin notes').fill('Asked the sociology department for a syllabus review.');
    await detail.getByRole('button', { name: 'Mark in review' }).click();
    await detail.getByRole('button', { name: 'Resolve appeal' }).waitFor();
    await detail.getByRole('button', { name: 'Mark in review' }).waitFor({ state: 'detached' });
    await detail.getByText(/moved it from submitted to in review/).waitFor();
    // The list changed in place too.
    await main.getByRole('list', { name: 'Appeals' }).getByRole('button', { name: /Introduction to Sociology.*in review/ }).waitFor();

    await detail.getByLabel('Admin notes').fill('Department agrees: matches SYG 2000.');
    await detail.getByLabel(/Message to the student/).fill('Good news: SYG 1000 now counts at UCF.');
    // Nothing is preselected: resolving without a decision asks for one and sends nothing.
    expect(await detail.getByLabel('Approved').isChecked()).toBe(false);
    await detail.getByRole('button', { name: 'Resolve appeal' }).click();
    await detail.getByRole('alert').filter({ hasText: 'Choose Approved or Denied before resolving' }).waitFor();
    expect(await detail.getByText(/moved it from in review to resolved/).count()).toBe(0);
    await detail.getByLabel('Approved').check();
    await detail.getByRole('alert').filter({ hasText: 'Choose Approved or Denied' }).waitFor({ state: 'detached' });
    await detail.getByRole('button', { name: 'Resolve appeal' }).click();
    await detail.getByRole('button', { name: 'Reopen' }).waitFor();
    await detail.getByText(/moved it from in review to resolved \(approved\)/).waitFor();
    await detail.getByText('Message to the student: Good news: SYG 1000 now counts at UCF.').waitFor();
    expect(await detail.getByRole('button', { name: 'Resolve appeal' }).count()).toBe(0);
    await detail.getByRole('status').filter({ hasText: 'Saved: Resolved (approved).' }).waitFor();

    const outbox = (await (await fetch(`${inject('mailSinkUrl')}?to=student@crosswalk.demo`)).json()) as { messages: Array<{ subject: string; text: string }> };
    const subjects = outbox.messages.map((message) => message.subject);
    expect(subjects).toContain('Your appeal for SYG 1000 Introduction to Sociology is now In review');
    expect(subjects).toContain('Your appeal for SYG 1000 Introduction to Sociology is now Resolved');
    const resolvedMail = outbox.messages.find((message) => message.subject.endsWith('Resolved'));
    expect(resolvedMail?.text).toContain('Good news: SYG 1000 now counts at UCF.');
    expect(resolvedMail?.text).toMatch(/\/student\/appeals\/[0-9a-f-]{36}/);

    // Working down the queue: the next appeal in the list (the demo's next newest) opens from the saved message.
    await detail.getByRole('button', { name: 'Next appeal' }).click();
    await main.getByRole('article', { name: 'Appeal details' }).getByRole('heading', { name: 'Principles of Macroeconomics' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('works on a phone: hub, student cards and the appeals list', async () => {
    const admin = inject('admins')[5]!;
    const { page, problems } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await signInAdminInBrowser(page, admin);
    const main = page.locator('#main');
    await main.getByRole('heading', { name: 'Appeals needing review' }).waitFor();
    await main.getByText('Loading appeal data…').waitFor({ state: 'detached' });
    await shot(page, 'hub-390');

    await page.goto('/admin/students');
    await main.getByText(/^\d+ students?$/).waitFor();
    expect(await main.getByRole('table').count()).toBe(0); // cards instead of a table
    await main.getByRole('link', { name: 'student@crosswalk.demo' }).first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'students-390');

    await page.goto('/admin/appeals');
    await main.getByRole('button', { name: 'All appeals' }).click();
    await main.getByRole('article', { name: 'Appeal details' }).waitFor();
    await shot(page, 'appeals-390');
    expect(problems).toEqual([]);
  });
});
