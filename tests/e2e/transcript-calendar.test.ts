/**
 * Issue 36 on a phone: a quarter school's transcript sent to a semester school shows its credits converted on each row
 * and in the totals, says how we know, and when the page does not say, asks one question and converts after the answer.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { analyzeTranscriptInBrowser, LAPTOP_VIEWPORT, launchBrowser, openPage, PHONE_VIEWPORT } from '../support/browser';

const baseUrl = inject('baseUrl');
/** A ctcLink transcript re-typeset with a made-up student: "Fall Quarter 2022", nine courses of 5 quarter credits. */
const QUARTER_TRANSCRIPT = resolve(import.meta.dirname, '../fixtures/transcripts-unseen/tuning/u23-spscc-ctclink-termcodes.pdf');
/** A made-up school's Jenzabar transcript: Fall and Spring terms, the page never says quarter or semester (24 credits). */
const TERMS_ONLY = resolve(import.meta.dirname, '../fixtures/transcripts-generated/jenzabar-s7-01.pdf');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// Set SCREENSHOT_DIR to keep the report at 390 px and at 1366 px (to look at, never committed).
async function keepScreenshots(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}-390.png`), fullPage: true });
  await page.setViewportSize(LAPTOP_VIEWPORT);
  await page.screenshot({ path: join(dir, `${name}-1366.png`), fullPage: true });
}

const totalCredits = (page: Page) => page.getByLabel('Summary').getByText('Total credits').locator('xpath=..').locator('p').first().textContent();

describe('/search: quarter credits at a semester school (390 px)', () => {
  it('converts a quarter school\'s credits on every row and in the totals, and says the transcript told us', async () => {
    const { page, problems } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await analyzeTranscriptInBrowser(page, QUARTER_TRANSCRIPT, 'Florida State University');
    await page.getByText('Credits on this transcript:').waitFor();
    expect(await page.getByText('Credits on this transcript:').textContent()).toContain('quarter credits (your transcript says “Fall Quarter”)');
    const accounting = page.getByRole('listitem').filter({ hasText: 'ACCT& 201' });
    await accounting.getByText('5 quarter credits = 3.33 semester credits at Florida State University').waitFor();
    expect(await page.getByText(/quarter credits = 3\.33 semester credits at Florida State University/).count()).toBe(9);
    // the totals: 45 quarter credits count as 29.97 semester credits, and the report says why
    expect(await totalCredits(page)).toBe('29.97');
    await page.getByText('Florida State University counts semester credits: your quarter credits are converted (× 2/3) in the totals and on each course.').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await keepScreenshots(page, 'quarter-at-semester');
    expect(problems).toEqual([]);
  });

  it('asks one question when the transcript does not say, and converts once the student answers', async () => {
    const { page, problems } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await analyzeTranscriptInBrowser(page, TERMS_ONLY, 'Florida State University');
    await page.getByText('One question before we count your credits').waitFor();
    expect(await totalCredits(page)).toBe('24');
    expect(await page.getByText(/quarter credits = .* semester credits/).count()).toBe(0);
    await page.getByRole('button', { name: 'Quarter credits' }).click();
    await page.getByText('Credits on this transcript:').waitFor();
    expect(await page.getByText('Credits on this transcript:').textContent()).toContain('quarter credits (you told us)');
    // the sum of the rows as shown (each converted to hundredths: 4 quarter credits are 2.67)
    expect(await totalCredits(page)).toBe('16.01');
    await page.getByText('3 quarter credits = 2 semester credits at Florida State University').first().waitFor();
    expect(await page.getByText('One question before we count your credits').count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
