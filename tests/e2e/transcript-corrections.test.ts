/**
 * Issue 19 in the browser, at phone width: the student checks "What we read" beside the report, fixes a credit, adds
 * a course the reader missed and removes a wrong row, and sees the report change each time; a file that is not a
 * transcript is asked about instead of reported.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP_VIEWPORT, launchBrowser, openPage, PHONE_VIEWPORT } from '../support/browser';
import { chooseSchool } from '../support/school-picker';

const baseUrl = inject('baseUrl');
const FIXTURES = resolve(import.meta.dirname, '../fixtures');
const SCREENSHOTS = resolve(import.meta.dirname, '../../screenshots');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function upload(page: Page, file: string) {
  await page.goto('/search');
  await page.getByRole('tab', { name: 'Transcript Upload' }).click();
  await page.getByLabel('Transcript file').setInputFiles(resolve(FIXTURES, file));
  await chooseSchool(page, 'Transferring to', 'Florida State', 'Florida State University');
  await page.getByRole('button', { name: 'Analyze Transcript' }).click();
}

/** The number on a summary card ("Courses", "Total credits", …). */
const stat = (page: Page, label: string) => page.getByLabel('Summary').getByText(label, { exact: true }).locator('xpath=preceding-sibling::p').innerText();
const reportRow = (page: Page, code: string) => page.getByRole('list', { name: 'Courses on your transcript' }).getByRole('listitem').filter({ hasText: code });
const readRow = (page: Page, code: string) => page.locator('#what-we-read').getByRole('row', { name: code });

describe('/search: the student checks what was read', () => {
  it('fixes a credit, adds a course and removes a row on a phone, and the report follows each change', async () => {
    const { page, problems } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await upload(page, 'transcripts/t11002.pdf');
    await page.getByRole('heading', { name: 'Your transfer report' }).waitFor({ timeout: 45_000 });
    const whatWeRead = page.getByRole('region', { name: 'What we read' });
    await whatWeRead.waitFor();
    const courses = Number(await stat(page, 'Courses'));
    const total = Number(await stat(page, 'Total credits'));

    // Fix a credit: STA 2023 was read as 3 credits; the student says 4.
    await whatWeRead.getByRole('button', { name: 'Fix STA 2023' }).click();
    await whatWeRead.getByLabel('Credits').fill('4');
    await whatWeRead.getByRole('button', { name: 'Save fix' }).click();
    await readRow(page, 'STA 2023').getByText(/Fixed by you\. We read: STA 2023 .*3 credits/).waitFor();
    await reportRow(page, 'STA 2023').getByText('Corrected by you').waitFor();
    await reportRow(page, 'STA 2023').getByText(/^4 credits/).waitFor();
    expect(Number(await stat(page, 'Total credits'))).toBe(total + 1);

    // Add a missed course: FIU's PHY 2048 transfers to FSU by Florida's statewide numbering.
    await whatWeRead.getByRole('button', { name: 'Add a course we missed' }).click();
    await whatWeRead.getByLabel('Subject').fill('PHY');
    await whatWeRead.getByLabel('Number').fill('2048');
    await whatWeRead.getByLabel('Title').fill('Calculus-Based Physics I');
    await whatWeRead.getByLabel('Credits').fill('4');
    await whatWeRead.getByLabel('Grade').fill('A');
    await whatWeRead.getByRole('button', { name: 'Add course' }).click();
    await reportRow(page, 'PHY 2048').getByText('Added by you').waitFor();
    await reportRow(page, 'PHY 2048').getByText('Direct Transfer').waitFor();
    expect(Number(await stat(page, 'Courses'))).toBe(courses + 1);
    expect(Number(await stat(page, 'Total credits'))).toBe(total + 5);

    // Remove a wrong row: gone from the report, kept (struck through) in what we read, with a way back.
    await whatWeRead.getByRole('button', { name: 'Remove CHM 1045' }).click();
    await readRow(page, 'CHM 1045').getByText('Removed by you').waitFor();
    expect(await reportRow(page, 'CHM 1045').count()).toBe(0);
    expect(Number(await stat(page, 'Courses'))).toBe(courses);
    await whatWeRead.getByRole('button', { name: 'Put back CHM 1045' }).waitFor();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await whatWeRead.screenshot({ path: resolve(SCREENSHOTS, 'what-we-read-390.png') });
    await page.screenshot({ path: resolve(SCREENSHOTS, 'report-corrected-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: resolve(SCREENSHOTS, 'report-corrected-1366.png'), fullPage: true });
    expect(problems).toEqual([]);
  });

  it('asks whether a file without courses is a transcript, instead of showing a report', async () => {
    const { page, problems } = await openPage(browser, baseUrl, DESKTOP_VIEWPORT);
    await upload(page, 'transcript-cases/not-a-transcript.pdf');
    await page.getByRole('alert').getByText('We could not find courses in this file. Is it a transcript?', { exact: true }).waitFor({ timeout: 45_000 });
    expect(await page.getByRole('heading', { name: 'Your transfer report' }).count()).toBe(0);
    await page.screenshot({ path: resolve(SCREENSHOTS, 'not-a-transcript-1366.png'), fullPage: true });
    expect(problems).toEqual([]);
  });
});
