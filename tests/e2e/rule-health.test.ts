// Issue 38, part 4, in the browser at 1366 px: rules imported with a conflict, a target the receiving school's
// catalogue does not list and an end date long past are found by a check asked for from the page; one click keeps
// one rule of the conflict; each list exports as CSV; the Admin Hub shows the totals.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInAdminInBrowser } from '../support/admin-sign-in';
import { launchBrowser, openPage, PHONE_VIEWPORT } from '../support/browser';

const baseUrl = inject('baseUrl');
const admin = inject('admins')[6]!;
const WIDE_VIEWPORT = { width: 1366, height: 900 };
const COLLEGE = 'Rule Health Test College';
// Set SCREENSHOT_DIR to keep desktop and phone screenshots of the page.
const screenshotDir = process.env.SCREENSHOT_DIR;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function screenshot(page: Page, name: string) {
  if (!screenshotDir) return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Shows one list, narrowed to the test's college, reloading until the background check has found its rules. */
async function showList(page: Page, tab: RegExp, expected: string) {
  for (let attempt = 0; attempt < 90; attempt++) {
    await page.goto('/admin/rule-health');
    await page.getByRole('tab', { name: tab }).click();
    await page.getByLabel('School').fill('Rule Health Test');
    const panel = page.getByRole('tabpanel');
    await panel.getByText(/^(Loading the list…|Nothing in this list.*)$/).or(panel.getByRole('table')).first().waitFor();
    await page.waitForTimeout(400);
    if ((await panel.getByText(expected).count()) > 0) return panel;
    await page.waitForTimeout(2_000);
  }
  throw new Error(`the check never listed ${expected}`);
}

describe('rule health in the browser', () => {
  it('finds a seeded conflict, a missing target and an expired rule; keeps one rule in one click; exports; the hub shows the totals', async () => {
    const { page, problems } = await openPage(browser, baseUrl, WIDE_VIEWPORT);
    await signInAdminInBrowser(page, admin);
    const csv = [
      'source_university,source_code,source_name,target_university,target_code,target_name,credits,effective_from,effective_to',
      `${COLLEGE},ECO 100,Economics Survey,University of Miami,ECO 211,Principles of Macroeconomics,3,Fall 2020,`,
      `${COLLEGE},ECO 100,Economics Survey,University of Miami,HIS 131,America Before 1877,3,Fall 2020,`,
      `${COLLEGE},HIS 100,History Survey,University of Miami,HIS 999,A Course Miami Dropped,3,Fall 2020,`,
      `${COLLEGE},ART 100,Art Survey,University of Miami,ECO 211,Principles of Macroeconomics,3,Fall 2010,Spring 2015`,
    ].join('\n');
    const imported = await page.request.post(`/api/admin/equivalencies/import?newSchools=${encodeURIComponent(JSON.stringify([COLLEGE]))}`, {
      headers: { origin: baseUrl, 'content-type': 'text/csv' },
      data: csv,
    });
    expect(imported.status()).toBe(200);

    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Rule health' }).click();
    await page.getByRole('heading', { name: 'Rule health', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Check now' }).click();
    await page.getByText('The check runs in the background', { exact: false }).or(page.getByText('The check could not be started', { exact: false })).first().waitFor();
    expect(await page.getByText('The check could not be started', { exact: false }).count(), await page.locator('main').innerText()).toBe(0);

    // The conflict: both rules listed together, each with its one-click fix.
    const conflicts = await showList(page, /^Conflicting rules/, 'HIS 131');
    await conflicts.getByText('ECO 211').first().waitFor();
    await screenshot(page, 'rule-health-1366');
    await conflicts.getByRole('button', { name: `Keep this rule, remove the others: ECO 100 Economics Survey from ${COLLEGE} to University of Miami as ECO 211 Principles of Macroeconomics` }).click();
    await page.getByRole('status').getByText(/^Keep this rule, remove the others: done for ECO 100/).waitFor();
    await conflicts.getByText(/^Nothing in this list for a school named like/).waitFor();

    const missing = await showList(page, /^Target no longer offered/, "HIS 999 is not in the receiving school's catalogue");
    await missing.getByRole('button', { name: /^End it after (Spring|Summer|Fall) \d{4}: HIS 100/ }).waitFor();
    const expired = await showList(page, /^Past their end date/, 'Ended Spring 2015');
    await expired.getByRole('button', { name: /^Delete the rule: ART 100/ }).waitFor();

    // The list exports as CSV, narrowed as shown.
    const href = await expired.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    const exported = await page.request.get(href!);
    expect(exported.status()).toBe(200);
    expect(await exported.text()).toContain('Ended Spring 2015');

    // No overflow at 1366 px, nor on a phone.
    for (const viewport of [WIDE_VIEWPORT, PHONE_VIEWPORT]) {
      await page.setViewportSize(viewport);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${viewport.width} px`).toBeLessThanOrEqual(0);
    }
    await screenshot(page, 'rule-health-390');
    await page.setViewportSize(WIDE_VIEWPORT);

    // The hub shows the totals, each a link to its list.
    await page.goto('/admin');
    const totals = page.getByRole('region', { name: 'Rule health' });
    await totals.getByRole('link', { name: /^Past their end date \d[\d,]*$/ }).waitFor();
    await totals.getByRole('link', { name: /^Conflicting rules \d[\d,]*$/ }).waitFor();
    expect(problems).toEqual([]);
  }, 300_000);
});
