import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInAdminInBrowser } from '../support/admin-sign-in';
import { analyzeTranscriptInBrowser, DESKTOP_VIEWPORT, launchBrowser, openPage, PHONE_VIEWPORT } from '../support/browser';

/**
 * Degree progress in the browser, on the demo's real program data (reference-data/programs, loaded after start):
 * a Valencia College transcript at Florida State shows Florida's general-education areas, an AP score is added, and two
 * schools are compared side by side at phone width; an admin checks a programs CSV.
 */
const baseUrl = inject('baseUrl');
// One admin per test file (see e2e-global-setup): this file's.
const admin = inject('admins')[7]!;
const FIXTURE = resolve(import.meta.dirname, '../fixtures/transcripts/t11000.pdf');
// Set SCREENSHOT_DIR to keep phone (390) and desktop (1366) screenshots.
const screenshotDir = process.env.SCREENSHOT_DIR;
const WIDE_DESKTOP = { width: 1366, height: 900 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function screenshots(page: Page, name: string, target?: Locator) {
  if (!screenshotDir) return;
  mkdirSync(screenshotDir, { recursive: true });
  for (const [label, viewport] of [
    ['390', PHONE_VIEWPORT],
    ['1366', WIDE_DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    if (target) await target.screenshot({ path: join(screenshotDir, `${name}-${label}.png`) });
    else await page.screenshot({ path: join(screenshotDir, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(PHONE_VIEWPORT);
}

async function signUpWithProfile(page: Page) {
  await page.goto('/student/signup');
  await page.getByLabel('Full name').fill('Maya Degree');
  await page.getByLabel('E-mail').fill(`e2e-degree-${randomUUID().slice(0, 8)}@example.edu`);
  await page.getByLabel('Password').fill('a long student password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${baseUrl}/student/profile`);
  const profile = page.locator('#profile');
  await profile.getByLabel('Current school').fill('Valencia College');
  await profile.getByLabel('Intended major').fill('Economics');
  await profile.getByLabel('Target schools').fill('Florida State University, The Ohio State University');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await profile.getByText('Profile saved ✅').waitFor();
}

async function analyzeAtFsu(page: Page) {
  await analyzeTranscriptInBrowser(page, FIXTURE, 'Florida State University', 45_000);
}

describe('degree progress in the browser', () => {
  it('shows the Florida core filled and remaining, takes an AP score, and compares two schools side by side on a phone', async () => {
    const { page, problems } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await signUpWithProfile(page);
    await analyzeAtFsu(page);

    const panel = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Your degree progress' }) });
    await panel.waitFor({ timeout: 20_000 });
    // No program is named Economics at Florida State: the statewide core for a student who started in Fall 2022.
    expect(await panel.getByLabel('Program', { exact: true }).locator('option:checked').textContent()).toMatch(/^Florida General Education Core \(students entering Fall 2015/);
    const requirements = panel.getByRole('list', { name: /^Requirements of Florida General Education Core/ });
    const area = (name: string) => requirements.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
    await area('Communication').getByText('Complete', { exact: true }).waitFor();
    await area('Communication').getByText('Your courses: ENC 1101').waitFor();
    await area('Humanities').getByText('Not started').waitFor();
    await area('Humanities').getByText(/1 course to go/).waitFor();
    await panel.getByText(/requirements complete/).waitFor();

    await panel.getByText('How each course counts').click();
    const outcomes = panel.getByRole('list', { name: 'How each course counts' });
    await outcomes.getByRole('listitem').filter({ hasText: 'ENC 1101' }).getByText('Counts toward Communication.').waitFor();
    await outcomes.getByRole('listitem').filter({ hasText: 'PSY 2012' }).getByText('Does not count', { exact: true }).waitFor();

    // An exam score: the form says what a valid one is, then keeps it on the account.
    const exams = panel.locator('div').filter({ has: page.getByRole('heading', { name: 'AP, IB and CLEP scores' }) }).last();
    await exams.getByRole('button', { name: 'Add score' }).click();
    await exams.getByText('name the exam').waitFor();
    await exams.getByLabel('Exam', { exact: true }).selectOption({ label: 'Calculus AB' });
    await exams.getByLabel(/^Score/).fill('4');
    await exams.getByRole('button', { name: 'Add score' }).click();
    await exams.getByRole('list', { name: 'Your exam scores' }).getByText('AP Calculus AB: 4').waitFor();

    // Compare: Florida State (the destination) and the first other favorite, side by side at phone width.
    const compared = panel.getByLabel('Schools side by side');
    const fsu = compared.getByRole('region', { name: 'Degree progress at Florida State University' });
    const osu = compared.getByRole('region', { name: 'Degree progress at The Ohio State University' });
    await fsu.waitFor({ timeout: 20_000 });
    await osu.waitFor();
    await fsu.getByText('credits count toward the degree').waitFor();
    // Measured together, so a scroll between two measurements cannot move one of them.
    const [left, right] = await compared.evaluate((grid) =>
      [...grid.querySelectorAll(':scope > section')].map((column) => {
        const box = column.getBoundingClientRect();
        return { top: box.top, left: box.left, right: box.right };
      }),
    );
    expect(left && right).toBeTruthy();
    expect(Math.abs(left!.top - right!.top)).toBeLessThan(2);
    expect(left!.right).toBeLessThanOrEqual(right!.left);
    expect(right!.right).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshots(page, 'degree-progress', panel);

    // The profile's Compare favorites uses the same comparison.
    await page.goto('/student/profile#compare');
    const compare = page.locator('#compare');
    await compare.getByLabel('First school').selectOption('Florida State University');
    await compare.getByLabel('Second school').selectOption('The Ohio State University');
    await compare.getByRole('heading', { name: 'Toward a degree, side by side' }).waitFor({ timeout: 20_000 });
    await compare.getByRole('region', { name: 'Degree progress at The Ohio State University' }).waitFor({ timeout: 20_000 });
    // Florida's core for the term this transcript starts (Fall 2022), as on the report.
    await compare.getByRole('region', { name: 'Degree progress at Florida State University' }).getByText(/students entering Fall 2015/).waitFor();
    await screenshots(page, 'profile-compare', compare);
    expect(problems).toEqual([]);
  });

  it('an admin lists programs and checks a programs CSV, with problems named by line and column', async () => {
    const { page, problems } = await openPage(browser, baseUrl, DESKTOP_VIEWPORT);
    await signInAdminInBrowser(page, admin);
    await page.goto('/admin/programs');
    await page.getByRole('heading', { name: 'Programs & Pathways' }).waitFor();
    await page.getByLabel('Search programs').fill('computer science');
    await page.getByText('OSU-CSE').waitFor();
    await page.getByLabel('Paste CSV').fill('school,program_code,program_name,total_credits\nThe Ohio State University,OSU-CSE,Computer Science,many\n');
    await page.getByRole('button', { name: 'Check file' }).click();
    const errors = page.getByRole('table').filter({ hasText: 'What is wrong' });
    await errors.getByRole('cell', { name: /"many" is not a number/ }).waitFor();
    expect(await errors.getByRole('cell', { name: 'total_credits', exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /Confirm and save/ }).isDisabled()).toBe(true);
    await screenshots(page, 'admin-programs');
    expect(problems).toEqual([]);
  });
});
