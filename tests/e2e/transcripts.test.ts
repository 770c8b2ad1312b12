import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, PHONE_VIEWPORT } from '../support/browser';
import { chooseSchool } from '../support/school-picker';

const baseUrl = inject('baseUrl');
const FIXTURES = resolve(import.meta.dirname, '../fixtures/transcripts');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens the Transcript Upload tab, chooses a file and a destination, and runs the analysis. */
async function analyze(page: Page, file: string, destination: string) {
  await page.goto('/search');
  await page.getByRole('tab', { name: 'Transcript Upload' }).click();
  const button = page.getByRole('button', { name: 'Analyze Transcript' });
  expect(await button.isDisabled()).toBe(true);
  await page.getByLabel('Transcript file').setInputFiles(resolve(FIXTURES, file));
  expect(await button.isDisabled()).toBe(true); // no destination yet
  await chooseSchool(page, 'Transferring to', destination, destination);
  expect(await button.isDisabled()).toBe(false);
  await button.click();
  await page.getByText('Processing your transcript...').waitFor();
  expect(await page.getByRole('button', { name: 'Analyzing Transcript...' }).isDisabled()).toBe(true);
  await page.getByRole('heading', { name: 'Your transfer report' }).waitFor({ timeout: 45_000 });
}

const rowFor = (page: Page, code: string) => page.getByRole('listitem').filter({ hasText: code });

describe('/search: Transcript Upload', () => {
  it('reads the FIU PDF on a phone and reports Direct Transfer, Needs Review and No Transfer with reasons', async () => {
    const { page, problems } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await analyze(page, 't11002.pdf', 'Florida State University');
    // The card hid after the analysis (spec section 4).
    expect(await page.getByRole('tab', { name: 'Transcript Upload' }).count()).toBe(0);
    await page.getByText('Your transcript:').waitFor();
    expect(await page.getByText('Direct transfers').count()).toBe(1);
    await rowFor(page, 'POS 2042').getByText('Direct Transfer').waitFor();
    await rowFor(page, 'MAC 2311').getByText('Needs Review').waitFor();
    const enc = rowFor(page, 'ENC 1101');
    await enc.getByText('No Transfer').waitFor();
    await enc.getByText('You earned a D in ENC 1101, but it needs at least a C').waitFor();
    // Only No Transfer rows offer an appeal.
    expect(await page.getByRole('button', { name: 'Request Appeal' }).count()).toBe(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
  });

  it('keeps a visitor’s report at its address: a reload, the back button and a bookmark bring it back on a phone; the token stays in the browser', async () => {
    const { page, problems } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await analyze(page, 't11002.pdf', 'Florida State University');
    await rowFor(page, 'POS 2042').getByText('Direct Transfer').waitFor();
    const address = new URL(page.url());
    const id = address.searchParams.get('transcript');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect([...address.searchParams.keys()]).toEqual(['transcript']);
    const token = await page.evaluate((transcriptId) => (JSON.parse(localStorage.getItem('crosswalk.transcript-tokens') ?? '[]') as string[][]).find(([kept]) => kept === transcriptId)?.[1], id);
    expect(token).toBeTruthy();
    expect(page.url()).not.toContain(token!);

    await page.reload();
    await page.getByRole('heading', { name: 'Your transfer report' }).waitFor({ timeout: 45_000 });
    await rowFor(page, 'POS 2042').getByText('Direct Transfer').waitFor();
    await page.getByText('Your transcript:').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // Back to the upload form it came from, forward to the report.
    await page.goBack();
    await page.getByRole('button', { name: 'Analyze Transcript' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Your transfer report' }).count()).toBe(0);
    await page.goForward();
    await rowFor(page, 'POS 2042').getByText('Direct Transfer').waitFor();

    // A bookmark opened later in the same browser.
    const later = await page.context().newPage();
    await later.goto(address.pathname + address.search);
    await rowFor(later, 'POS 2042').getByText('Direct Transfer').waitFor({ timeout: 45_000 });

    // Another browser has no token: the address alone shows nothing of the transcript.
    const elsewhere = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await elsewhere.page.goto(address.pathname + address.search);
    await elsewhere.page.getByText(/We could not find this report\. A report made without signing in opens only in the browser it was made in/).waitFor();
    expect(await elsewhere.page.getByText('POS 2042').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('reads a photo of a transcript', async () => {
    const { page, problems } = await openPage(browser, baseUrl);
    await analyze(page, 't11001.png', 'Florida State University');
    await page.getByText('from Valencia College to Florida State University').waitFor();
    await rowFor(page, 'PSY 2012').getByText('Direct Transfer').waitFor();
    expect(problems).toEqual([]);
  });

  it('labels a likely match as a suggestion, and offers no match where the evidence is thin (Valencia → Miami)', async () => {
    const { page, problems } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await analyze(page, 't11000.pdf', 'University of Miami');
    // Both schools' rules send Valencia's ECO 2013 and Miami's ECO 211 to the same FSU course.
    const macro = rowFor(page, 'ECO 2013 Principles of Economics - Macro').filter({ hasNotText: 'Honors' });
    await macro.getByText('Suggested match, not a decision:').waitFor();
    await macro.getByText(/ECO 211 Principles of Macroeconomics\. Only University of Miami can confirm it\./).waitFor();
    for (const code of ['ENC 1102', 'MAC 2312', 'ENC 1101']) {
      await rowFor(page, code).getByText('Needs Review').waitFor();
      expect(await rowFor(page, code).getByText('Suggested match').count()).toBe(0);
    }
    expect(await page.getByText('Possible match').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('refuses a file whose content is not what its name says, with a clear message', async () => {
    const { page } = await openPage(browser, baseUrl);
    await page.goto('/search');
    await page.getByRole('tab', { name: 'Transcript Upload' }).click();
    await page.getByLabel('Transcript file').setInputFiles({ name: 'transcript.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not really a pdf') });
    await chooseSchool(page, 'Transferring to', 'Florida State', 'Florida State University');
    await page.getByRole('button', { name: 'Analyze Transcript' }).click();
    await page.getByRole('alert').filter({ hasText: 'This kind of file is not supported' }).waitFor();
    expect(await page.getByRole('button', { name: 'Analyze Transcript' }).isDisabled()).toBe(false);
  });

  it('shows a clearly labelled sample only when the server cannot be reached', async () => {
    const { page } = await openPage(browser, baseUrl);
    await page.route('**/api/transcripts', (route) => route.abort('connectionrefused'));
    await page.goto('/search');
    await page.getByRole('tab', { name: 'Transcript Upload' }).click();
    await page.getByLabel('Transcript file').setInputFiles(resolve(FIXTURES, 't11002.pdf'));
    await chooseSchool(page, 'Transferring to', 'UCF', 'University of Central Florida');
    await page.getByRole('button', { name: 'Analyze Transcript' }).click();
    await page.getByText("This is a sample, not your transcript's result — we could not reach the server.").waitFor();
    // The spec's simulated analysis: a file name without 'miami', 'fsu' or 'ucf' gives the Delaware sample of 8 courses.
    await page.getByText('from University of Delaware to University of Central Florida').waitFor();
    expect(await page.getByRole('list', { name: 'Courses on your transcript' }).getByRole('listitem').count()).toBe(8);
  });

  it('asks a signed-out student to sign in to appeal, keeps the note, and submits it', async () => {
    const { page, problems } = await openPage(browser, baseUrl);
    await analyze(page, 't11002.pdf', 'Florida State University');
    await rowFor(page, 'ENC 1101').getByRole('button', { name: 'Request Appeal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit an Appeal' });
    // Opening the dialog again starts with an empty note.
    await dialog.getByLabel('Why should this course transfer?').fill('A first thought');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await rowFor(page, 'ENC 1101').getByRole('button', { name: 'Request Appeal' }).click();
    expect(await dialog.getByLabel('Why should this course transfer?').inputValue()).toBe('');
    await dialog.getByLabel('Why should this course transfer?').fill('My D was under the old grading policy; please review.');
    await dialog.getByRole('link', { name: 'Sign in to submit' }).click();

    await page.waitForURL(/\/student\/login/);
    await page.getByLabel('E-mail').fill(inject('demoStudent').email);
    await page.getByLabel('Password').fill(inject('demoStudent').password);
    await page.locator('#main').getByRole('button', { name: 'Sign in' }).click();

    await page.waitForURL(/\/search\?transcript=resume/);
    const reopened = page.getByRole('dialog', { name: 'Submit an Appeal' });
    await reopened.waitFor();
    expect(await reopened.getByLabel('Why should this course transfer?').inputValue()).toBe('My D was under the old grading policy; please review.');
    await reopened.getByRole('button', { name: 'Submit Appeal' }).click();
    // The confirmation is in the row the student appealed from (on a phone the list is long), and the row offers no
    // second appeal.
    const row = rowFor(page, 'ENC 1101');
    await row.getByText('Appeal submitted to your transfer school.').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await row.getByRole('link', { name: 'Follow it in your appeal center' }).waitFor();
    expect(await row.getByRole('button', { name: 'Request Appeal' }).count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
