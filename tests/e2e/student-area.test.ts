import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP_VIEWPORT, launchBrowser, openPage, PHONE_VIEWPORT } from '../support/browser';
import { makePdf } from '../support/upload-files';
import { chooseSchool } from '../support/school-picker';

const baseUrl = inject('baseUrl');
const FIXTURE_PDF = resolve(import.meta.dirname, '../fixtures/transcripts/t11000.pdf');
// Set SCREENSHOT_DIR to keep phone and desktop screenshots of each student page.
const screenshotDir = process.env.SCREENSHOT_DIR;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signUpThroughThePage(page: Page) {
  await page.goto('/student/signup');
  await page.getByLabel('Full name').fill('Jordan Rivera');
  await page.getByLabel('E-mail').fill(`e2e-student-${randomUUID().slice(0, 8)}@example.edu`);
  await page.getByLabel('Password').fill('a long student password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${baseUrl}/student/profile`);
  await page.getByRole('heading', { name: 'Your profile' }).waitFor();
}

async function screenshots(page: Page, name: string) {
  if (!screenshotDir) return;
  mkdirSync(screenshotDir, { recursive: true });
  for (const [label, viewport] of [
    ['390', PHONE_VIEWPORT],
    ['1280', DESKTOP_VIEWPORT],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(screenshotDir, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP_VIEWPORT);
}

async function expectNoHorizontalScroll(page: Page) {
  await page.setViewportSize(PHONE_VIEWPORT);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await page.setViewportSize(DESKTOP_VIEWPORT);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('the student area in the browser', () => {
  it('asks signed-out visitors to sign in on the profile and appeal pages', async () => {
    const { page } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await page.goto('/student/profile');
    await page.getByRole('heading', { name: 'Sign in to see your profile' }).waitFor();
    await page.goto('/student/appeal');
    await page.getByRole('heading', { name: 'Sign in to submit an appeal' }).waitFor();
  });

  it('walks through profile, favorites, the compare hint, transcript upload and an appeal with a syllabus', async () => {
    const { page, problems } = await openPage(browser, baseUrl);
    await signUpThroughThePage(page);

    // Profile: the save message, then it clears.
    const profile = page.locator('#profile');
    await profile.getByLabel('Full name').fill('  Jordan A. Rivera ');
    await profile.getByLabel('Current school').fill('Valencia College');
    await profile.getByLabel('Intended major').fill('Economics');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await profile.getByText('Profile saved ✅').waitFor();
    await profile.getByText('Profile saved ✅').waitFor({ state: 'detached', timeout: 6000 });
    // The profile shows what it saved: trimmed (spec: "Profile save trims all fields").
    expect(await profile.getByLabel('Full name').inputValue()).toBe('Jordan A. Rivera');

    // Favorites: a comma list with a duplicate in another case, then remove one.
    const favorites = page.locator('#favorites');
    await favorites.getByLabel('Add favorite universities').fill('Florida State University, University of Central Florida, florida state university, Ohio State');
    await favorites.getByRole('button', { name: 'Add' }).click();
    const chips = favorites.getByRole('list', { name: 'Favorite universities' }).getByRole('listitem');
    await favorites.getByRole('button', { name: 'Remove Ohio State' }).waitFor();
    expect(await chips.allTextContents()).toEqual(['Florida State University×', 'University of Central Florida×', 'Ohio State×']);
    await favorites.getByRole('button', { name: 'Remove Ohio State' }).click();
    await favorites.getByRole('button', { name: 'Remove Ohio State' }).waitFor({ state: 'detached' });
    expect(await chips.count()).toBe(2);
    // The profile's target schools are the favorites.
    expect(await profile.getByLabel('Target schools').inputValue()).toBe('Florida State University, University of Central Florida');

    // Compare: a hint until two are chosen; without an analysed transcript it says so.
    const compare = page.locator('#compare');
    await compare.getByText('Choose two favorites to compare.').waitFor();
    await chooseSchool(compare, 'First school', 'Florida State University', 'Florida State University');
    await chooseSchool(compare, 'Second school', 'University of Central Florida', 'University of Central Florida');
    await compare.getByText('You have no analysed transcript yet.').waitFor();

    // Transcript upload: the fixture PDF, its size in KB, and its download (its analysis and the compare view with it: journeys.test.ts).
    const transcripts = page.locator('#transcripts');
    await transcripts.getByLabel('Upload a transcript').setInputFiles(FIXTURE_PDF);
    const item = transcripts.getByTestId('transcript-item').filter({ hasText: 't11000.pdf' });
    await item.getByText(/66 KB/).waitFor();
    const href = await item.getByRole('link', { name: 'View/Download' }).getAttribute('href');
    const download = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return { status: response.status, disposition: response.headers.get('content-disposition') };
    }, href!);
    expect(download).toEqual({ status: 200, disposition: expect.stringMatching(/^attachment;/) });
    await screenshots(page, 'profile');

    // An appeal, pre-filled from a No Transfer row, with a small PDF syllabus made here.
    await page.goto(`/student/appeal?courseName=${encodeURIComponent('Underwater Basket Weaving')}&courseCode=ZZZ%201999&targetSchool=${encodeURIComponent('Florida State University')}`);
    await page.getByRole('heading', { name: 'Submit a credit appeal' }).waitFor();
    expect(await page.getByLabel('Course name').inputValue()).toBe('Underwater Basket Weaving');
    expect(await page.getByLabel('Current school').inputValue()).toBe('Valencia College');
    expect(await page.getByLabel('Student name').getAttribute('readonly')).not.toBeNull();
    await page.getByText('PDF or DOC up to 10MB').waitFor();
    await screenshots(page, 'appeal');
    await page.getByRole('button', { name: 'Submit appeal' }).click();
    await page.getByText('Tell the school why this course should count').waitFor();
    await page.getByLabel('Appeal summary').fill('The syllabus covers the same weaving techniques as your course.');
    await page.getByLabel('Syllabus file').setInputFiles({
      name: 'syllabus.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf(1), // a PDF that opens: syllabi are parsed for their page count
    });
    await page.getByRole('button', { name: 'Submit appeal' }).click();
    await page.getByText('Appeal submitted. We’ll email you with updates within 3 business days.').waitFor();
    await page.waitForURL(`${baseUrl}/student`);

    // The hub: counts, chips, recent transcripts and the appeal center.
    await page.getByRole('heading', { name: 'Welcome, Jordan A. Rivera' }).waitFor();
    expect(await page.getByTestId('count-favorites').textContent()).toBe('2');
    expect(await page.getByTestId('count-transcripts').textContent()).toBe('1');
    expect(await page.getByTestId('count-appeals').textContent()).toBe('1');
    await page.locator('#hub-transcripts').getByRole('link', { name: 'View t11000.pdf' }).waitFor();
    await page.locator('#appeals').getByText('submitted', { exact: true }).waitFor();
    await screenshots(page, 'hub');
    await expectNoHorizontalScroll(page);

    await page.locator('#appeals').getByRole('link', { name: 'Underwater Basket Weaving' }).click();
    await page.waitForURL(/\/student\/appeals\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: /Status: submitted/ }).waitFor();
    await page.getByRole('heading', { name: 'Timeline' }).waitFor();
    await page.getByText('syllabus.pdf').waitFor();
    await screenshots(page, 'appeal-status');
    await expectNoHorizontalScroll(page);
    expect(problems).toEqual([]);
  });

  it('deletes a transcript after confirming, downloads my data, and deletes the account after typing DELETE', async () => {
    const { page, problems } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await signUpThroughThePage(page);
    const transcripts = page.locator('#transcripts');
    await transcripts.getByLabel('Upload a transcript').setInputFiles(FIXTURE_PDF);
    const item = transcripts.getByTestId('transcript-item').filter({ hasText: 't11000.pdf' });
    await item.getByRole('button', { name: 'Delete t11000.pdf' }).click();
    await item.getByRole('button', { name: 'Keep' }).click();
    await item.getByRole('button', { name: 'Delete t11000.pdf' }).click();
    await item.getByRole('button', { name: 'Yes, delete' }).click();
    await transcripts.getByText('No transcripts yet.').waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download all my data' }).click()]);
    expect(download.suggestedFilename()).toBe('crosswalk-my-data.json');

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const confirm = page.getByRole('button', { name: 'Delete my account forever' });
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByLabel('Type DELETE to confirm').fill('DELETE');
    await confirm.click();
    await page.waitForURL(`${baseUrl}/`);
    expect(await page.evaluate(async () => (await fetch('/api/account/me')).status)).toBe(401);
    expect(problems).toEqual([]);
  });
});
