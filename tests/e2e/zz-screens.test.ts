import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, it, inject } from 'vitest';
import { launchBrowser, openPage, PHONE_VIEWPORT } from '../support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

it('screens', async () => {
  for (const [name, viewport] of [['390', PHONE_VIEWPORT], ['1366', { width: 1366, height: 900 }]] as const) {
    const { page } = await openPage(browser, baseUrl, viewport);
    await page.goto(`/search?q=${encodeURIComponent('ENGL 232 from Delgado Community College to University of New Orleans')}`);
    await page.locator('article').first().waitFor();
    await page.screenshot({ path: `screenshots/zz-search-${name}.png`, fullPage: name === '390' });
    await page.goto(`/search?q=${encodeURIComponent('MAT 0018 from Valencia College to UCF')}`);
    const card = page.locator('article').filter({ hasText: 'MAT 0018' }).first();
    await card.waitFor();
    await card.getByRole('link', { name: 'View Details' }).click();
    await page.getByRole('heading', { name: 'Where it transfers' }).waitFor();
    await page.screenshot({ path: `screenshots/zz-course-${name}.png`, fullPage: false });
  }
}, 120_000);
