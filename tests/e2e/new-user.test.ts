/**
 * Issue 40 in the browser: what a new user tripped over. Manual Entry's terms follow the date and a course whose
 * schedule is unknown comes after those that match; a student's file that is not a transcript is kept only when they say
 * it is; the search card's panels are no focus stop; the Smart Search example fits on a phone; "Check what we read"
 * brings its heading into view below the sticky header.
 */
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { termForSeason, termLabel, termOptions } from '../../src/shared/terms';
import { LAPTOP_VIEWPORT, launchBrowser, openPage, PHONE_VIEWPORT } from '../support/browser';
import { chooseSchool } from '../support/school-picker';

const baseUrl = inject('baseUrl');
const FIXTURES = resolve(import.meta.dirname, '../fixtures');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const cards = (page: Page) => page.locator('article');

async function manualSearch(page: Page, deliveryFormat: string) {
  await page.getByLabel('Delivery format').selectOption(deliveryFormat);
  await page.getByRole('button', { name: 'Search Courses' }).click();
  await page.waitForURL((url) => url.searchParams.get('deliveryFormat') === deliveryFormat);
  await page.getByRole('heading', { name: /courses? found/ }).or(page.getByText(/^No results found/)).first().waitFor();
}

describe('Manual Entry (issue 40)', () => {
  it('offers this and next academic year’s terms, and lists courses whose schedule is unknown after those that match, never as matching', async () => {
    const { page, problems } = await openPage(browser, baseUrl, LAPTOP_VIEWPORT);
    await page.goto('/search');
    await page.getByRole('tab', { name: 'Manual Entry' }).click();
    const terms = await page.getByLabel('Term').locator('option').allInnerTexts();
    expect(terms).toEqual(['Any term', ...termOptions().map((term) => term.label)]);
    // The demo's Valencia MAC 2311 has one sample section: in person, next summer.
    const summer = termForSeason('summer');
    await chooseSchool(page, 'Current school', 'Valencia', 'Valencia College');
    await chooseSchool(page, 'Target school', 'UCF', 'University of Central Florida');
    await page.getByLabel('Target subject').selectOption('mathematics');
    await page.getByLabel(/Class Name \/ Number/).fill('calculus');
    await page.getByLabel('Term').selectOption(summer);

    await manualSearch(page, 'in-person');
    const first = cards(page).first();
    await first.getByText('MAC 2311 · Valencia College').waitFor();
    await first.getByText(termLabel(summer)).waitFor();
    expect(await first.getByText('Schedule unknown').count()).toBe(0);
    await expectUnknownAfterMatches(page);

    // Online: its one known section is in person, so it is left out; nothing with no section on file reads as online.
    await manualSearch(page, 'online');
    expect(await cards(page).filter({ hasText: 'MAC 2311 · Valencia College' }).count()).toBe(0);
    const shown = await cards(page).count();
    expect(await cards(page).filter({ hasText: 'Schedule unknown' }).count()).toBe(shown);
    await expectUnknownAfterMatches(page);
    expect(problems).toEqual([]);
  });
});

/** Every card after the schedule note says "Schedule unknown"; none before it does. */
async function expectUnknownAfterMatches(page: Page) {
  const order = await page.evaluate(() => {
    const items = [...document.querySelectorAll('article, p[role="note"]')];
    return items.map((item) => (item.tagName === 'P' ? (item.textContent?.startsWith('Schedule unknown:') ? 'note' : 'other') : item.textContent?.includes('Schedule unknown') ? 'unknown' : 'match'));
  });
  const kinds = order.filter((kind) => kind !== 'other');
  const noteAt = kinds.indexOf('note');
  if (noteAt === -1) expect(kinds.every((kind) => kind === 'match')).toBe(true);
  else {
    expect(kinds.slice(0, noteAt).every((kind) => kind === 'match')).toBe(true);
    expect(kinds.slice(noteAt + 1).every((kind) => kind === 'unknown')).toBe(true);
  }
}

describe('a file that is not a transcript, on the profile (issue 40)', () => {
  async function signUp(page: Page) {
    await page.goto('/student/signup');
    await page.getByLabel('Full name').fill('Sam Newuser');
    await page.getByLabel('E-mail').fill(`new-user-${randomUUID().slice(0, 8)}@example.edu`);
    await page.getByLabel('Password').fill('a long student password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${baseUrl}/student/profile`);
  }

  /** Uploads the letter on the profile and analyses it for FSU: the search screen asks about it. */
  async function analyseLetter(page: Page) {
    await page.goto('/student/profile');
    const section = page.locator('#transcripts');
    await section.getByLabel('Upload a transcript').setInputFiles(resolve(FIXTURES, 'transcript-cases/not-a-transcript.pdf'));
    const item = section.getByTestId('transcript-item').filter({ hasText: 'not-a-transcript.pdf' });
    await chooseSchool(item, 'Target school for not-a-transcript.pdf', 'Florida State University', 'Florida State University');
    await item.getByRole('button', { name: 'Analyze for…' }).click();
    await page.getByRole('heading', { name: 'We could not find courses in “not-a-transcript.pdf”. Is it a transcript?' }).waitFor({ timeout: 60_000 });
  }

  const transcriptCount = async (page: Page) => {
    await page.goto('/student');
    return page.getByTestId('count-transcripts').innerText();
  };

  it('discards it with a message when the student says it is not one, and keeps it for the registrar when they say it is (390 px)', async () => {
    const { page, problems } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await signUp(page);
    await analyseLetter(page);
    expect(await page.getByText('We could not analyse this transcript').count()).toBe(0);
    await page.getByRole('button', { name: 'No, discard it' }).click();
    await page.getByText('We discarded “not-a-transcript.pdf”: it is not a transcript, so it is not kept on your profile.').waitFor();
    expect(await transcriptCount(page)).toBe('0');
    await page.goto('/student/profile');
    await page.locator('#transcripts').getByText('No transcripts yet.').waitFor();

    await analyseLetter(page);
    // Not counted while the question is open.
    await page.goto('/student');
    await page.getByText('We found no courses in a file you uploaded.').waitFor();
    expect(await page.getByTestId('count-transcripts').innerText()).toBe('0');
    await page.goto('/student/profile');
    const question = page.locator('#transcripts').getByTestId('transcript-question');
    await question.getByRole('button', { name: 'Yes, it is a transcript' }).click();
    await page.locator('#transcripts').getByRole('status').filter({ hasText: /Florida State University’s registrar will read it by hand/ }).first().waitFor();
    await page.locator('#transcripts').getByTestId('transcript-item').getByText('We could not read its courses: the registrar reads it by hand.').waitFor();
    expect(await transcriptCount(page)).toBe('1');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
  });
});

describe('focus and scrolling on /search (issue 40)', () => {
  it('goes from a tab straight to its first field, and shows the whole Smart Search example on a phone', async () => {
    const { page } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await page.goto('/search');
    const box = page.getByLabel('Describe what you need');
    await box.waitFor();
    await page.getByRole('tab', { name: 'Smart Search' }).focus();
    await page.keyboard.press('Tab');
    expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.getByRole('tab', { name: 'Manual Entry' }).click();
    await page.keyboard.press('Tab');
    expect(await page.getByLabel('Current school').evaluate((element) => element === document.activeElement)).toBe(true);
    // The example, written into the box, needs no scrolling: its placeholder is never cut mid-word.
    await page.getByRole('tab', { name: 'Smart Search' }).click();
    const fits = await box.evaluate((element) => {
      const area = element as HTMLTextAreaElement;
      area.value = area.placeholder;
      const result = area.scrollHeight <= area.clientHeight;
      area.value = '';
      return result;
    });
    expect(fits).toBe(true);
  });

  it('"Check what we read" brings its heading into view below the sticky header', async () => {
    const { page } = await openPage(browser, baseUrl, LAPTOP_VIEWPORT);
    await page.goto('/search');
    await page.getByRole('tab', { name: 'Transcript Upload' }).click();
    await page.getByLabel('Transcript file').setInputFiles(resolve(FIXTURES, 'transcripts/t11002.pdf'));
    await chooseSchool(page, 'Transferring to', 'Florida State', 'Florida State University');
    await page.getByRole('button', { name: 'Analyze Transcript' }).click();
    await page.getByRole('heading', { name: 'Your transfer report' }).waitFor({ timeout: 60_000 });
    await page.getByRole('link', { name: 'Check what we read' }).click();
    const heading = page.locator('#what-we-read-heading');
    await page.waitForFunction(() => {
      const top = document.querySelector('#what-we-read-heading')?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < window.innerHeight / 2;
    });
    const header = (await page.locator('header').first().boundingBox())!;
    const headingBox = (await heading.boundingBox())!;
    expect(headingBox.y).toBeGreaterThanOrEqual(header.y + header.height);
  });
});
