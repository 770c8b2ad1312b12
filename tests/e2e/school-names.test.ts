/**
 * Any school, by the names students use, at phone width (issue 33): Manual Entry chooses Louisiana schools from the
 * national directory (a name two schools share offers both), a smart search reads them from the text, and a transcript
 * goes to UW-Madison typed as "UW Madison". The directory and the Delgado → UNO pilot are in the browser tests' demo.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, PHONE_VIEWPORT } from '../support/browser';
import { chooseSchool } from '../support/school-picker';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function expectNoHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

describe('school pickers at phone width', () => {
  it('Manual Entry: a Louisiana school by its short name, and the UNO in Louisiana among the two', async () => {
    const { page, problems } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await page.goto('/search');
    await page.getByRole('tab', { name: 'Manual Entry' }).click();
    await chooseSchool(page, 'Current school', 'Delgado', 'Delgado Community College');
    // "UNO" is two schools: both are offered, with where each is, and the keyboard chooses.
    const target = page.getByRole('combobox', { name: 'Target school' });
    await target.fill('UNO');
    const orleans = page.getByRole('option', { name: /^University of New Orleans/ });
    await orleans.waitFor();
    await page.getByRole('option', { name: /^University of Nebraska at Omaha/ }).waitFor();
    await expect.poll(() => orleans.textContent()).toContain('New Orleans, LA');
    await expectNoHorizontalScroll(page);
    const options = await page.getByRole('listbox', { name: 'Matching schools' }).getByRole('option').allTextContents();
    for (let step = 0; step <= options.findIndex((text) => text.startsWith('University of New Orleans')); step++) await target.press('ArrowDown');
    await target.press('Enter');
    expect(await target.inputValue()).toBe('University of New Orleans');
    // Once a subject is picked, the class is required (spec: Manual entry): the form does not search without it.
    await page.getByLabel('Target subject').selectOption('english');
    await page.getByLabel(/Class Name \/ Number/).fill('ENGL 101');
    await page.getByRole('button', { name: 'Search Courses' }).click();
    const card = page.locator('article').filter({ hasText: 'ENGL 101 · Delgado Community College' });
    await card.waitFor();
    await card.getByText('University of New Orleans: ENGL 1157').waitFor();
    expect(new URL(page.url()).searchParams.get('homeCollege')).toBe('delgado-community-college');
    await expectNoHorizontalScroll(page);
    expect(problems).toEqual([]);
  });

  it('a smart search reads the schools in its text: "English comp from Delgado to UNO"', async () => {
    const { page, problems } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await page.goto(`/search?q=${encodeURIComponent('English comp from Delgado to UNO')}`);
    await page.getByRole('button', { name: 'Remove Current school: Delgado Community College' }).waitFor();
    await page.getByRole('button', { name: 'Remove Transfer to: University of New Orleans' }).waitFor();
    await page.locator('article').filter({ hasText: 'Delgado Community College' }).first().waitFor();
    expect(await page.getByText('No results found').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('a destination with no rules yet is an answer that says what is known', async () => {
    const { page } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await page.goto(`/search?q=${encodeURIComponent('English composition from Delgado to Ole Miss')}`);
    await page.getByText(/^Crosswalk has no transfer rules into University of Mississippi yet/).waitFor();
    await page.getByRole('button', { name: 'Remove Transfer to: University of Mississippi' }).waitFor();
  });

  it('sends a transcript to UW-Madison typed as "UW Madison"', async () => {
    const { page, problems } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await page.goto('/search');
    await page.getByRole('tab', { name: 'Transcript Upload' }).click();
    await page.getByLabel('Transcript file').setInputFiles('tests/fixtures/transcripts/t11000.pdf');
    await chooseSchool(page, 'Transferring to', 'UW Madison', 'University of Wisconsin-Madison');
    await expectNoHorizontalScroll(page);
    await page.getByRole('button', { name: 'Analyze Transcript' }).click();
    await page.getByRole('heading', { name: 'Your transfer report' }).waitFor({ timeout: 120_000 });
    await page.getByText(/University of Wisconsin-Madison/).first().waitFor();
    expect(problems).toEqual([]);
  }, 180_000);
});
