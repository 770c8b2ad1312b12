import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, PHONE_VIEWPORT } from '../support/browser';
import { chooseSchool } from '../support/school-picker';

/**
 * "Where your credits count" in the browser, on the demo's real data: a Valencia College transcript (Florida statewide
 * course numbering) ranks Florida's public universities first, filters to four-year public schools, opens Compare for
 * the top two at phone width, and the hub shows the best matches.
 */
const baseUrl = inject('baseUrl');
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

describe('where your credits count', () => {
  it('ranks Florida’s public universities first for a Florida college transcript, filters, and opens Compare for the top two on a phone', async () => {
    const { page, problems } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await page.goto('/student/signup');
    await page.getByLabel('Full name').fill('Rosa Destinations');
    await page.getByLabel('E-mail').fill(`e2e-destinations-${randomUUID().slice(0, 8)}@example.edu`);
    await page.getByLabel('Password').fill('a long student password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${baseUrl}/student/profile`);

    await page.goto('/search');
    await page.getByRole('tab', { name: 'Transcript Upload' }).click();
    await page.getByLabel('Transcript file').setInputFiles(FIXTURE);
    await chooseSchool(page, 'Transferring to', 'Florida State', 'Florida State University');
    await page.getByRole('button', { name: 'Analyze Transcript' }).click();
    await page.getByRole('heading', { name: 'Your transfer report' }).waitFor({ timeout: 45_000 });

    const panel = page.locator('#where-your-credits-count');
    const ranked = panel.getByRole('list', { name: 'Schools ranked by the credits that transfer' });
    await ranked.waitFor({ timeout: 30_000 });
    const cards = ranked.locator(':scope > li');
    // The best few first on a phone, the rest one tap away.
    expect(await cards.count()).toBeLessThanOrEqual(5);
    const top = await cards.evaluateAll((items) => items.slice(0, 2).map((item) => item.textContent ?? ''));
    for (const card of top) expect(card).toMatch(/FL · public · four-year/);
    // Each has its credits by class and says how many courses a rule or guarantee decides there.
    await cards.first().getByRole('img', { name: /^Credits at .*Transfers fully/ }).waitFor();
    await cards.first().getByText(/\d+ of \d+ courses have a rule or guarantee here\./).waitFor();
    await screenshots(page, 'destinations-ranked', panel);

    await panel.getByLabel('Public or private').selectOption('public');
    await panel.getByLabel('Two- or four-year').selectOption('four-year');
    await expect.poll(async () => (await cards.allTextContents()).every((text) => /public · four-year/.test(text))).toBe(true);
    const names = await cards.evaluateAll((items) => items.slice(0, 2).map((item) => item.getAttribute('aria-label')!.replace(/^\d+\. /, '')));
    expect(names).toHaveLength(2);

    await panel.getByRole('button', { name: 'Table' }).click();
    await panel.getByRole('table').waitFor();
    await screenshots(page, 'destinations-table', panel);
    await panel.getByRole('button', { name: 'Chart' }).click();

    for (const name of names) await panel.getByLabel(`Compare ${name}`).check();
    await panel.getByRole('link', { name: 'Compare these two' }).click();
    await page.waitForURL(/\/student\/profile\?compareA=/);
    for (const name of names) await page.getByRole('region', { name: `Compared at ${name}` }).waitFor({ timeout: 30_000 });

    await page.goto('/student');
    const best = page.getByRole('list', { name: 'Your best matches' });
    await best.waitFor({ timeout: 30_000 });
    expect(await best.locator(':scope > li').count()).toBeGreaterThan(0);
    await screenshots(page, 'destinations-hub', page.locator('#hub-best-matches'));
    expect(problems).toEqual([]);
  }, 240_000);
});
