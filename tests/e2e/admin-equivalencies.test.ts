import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInAdminInBrowser } from '../support/admin-sign-in';
import { launchBrowser, openPage, PHONE_VIEWPORT } from '../support/browser';

const baseUrl = inject('baseUrl');
// One admin per test file (see e2e-global-setup): this file's.
const admin = inject('admins')[6]!;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const HEADER = 'source_code,source_name,target_university,target_code,target_name,credits';
const SEARCH = '/search?q=AST%202000&searchType=smart&homeCollege=florida&targetCollege=delaware';

describe('Course Data Upload', () => {
  it('an admin previews a CSV (row errors, then what will be added), saves it, and the search shows the new equivalency', async () => {
    const visitor = await openPage(browser, baseUrl);
    await visitor.page.goto(SEARCH);
    const before = visitor.page.locator('article').filter({ hasText: 'Cosmology' });
    await before.waitFor();
    await before.getByText('No rule on file').waitFor();

    const { page, problems } = await openPage(browser, baseUrl);
    await signInAdminInBrowser(page, admin);
    await page.goto('/admin/courses');
    await page.getByRole('heading', { name: 'Course Data Upload' }).waitFor();
    await page.getByLabel('Source school').selectOption({ label: 'University of Florida' });

    // A wrong row: the preview names the line, the column and the problem, and nothing can be saved.
    await page.getByLabel('Paste CSV').fill(`${HEADER}\nAST 2000,Cosmology,University of Delaware,PHYS 134,"Stars, Galaxies and Cosmology",three\n`);
    await page.getByRole('button', { name: 'Parse & Save' }).click();
    const errors = page.getByRole('table').filter({ hasText: 'What is wrong' });
    await errors.getByRole('cell', { name: '"three" is not a number' }).waitFor();
    expect(await errors.getByRole('cell', { name: 'credits', exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /Confirm and save/ }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Clear' }).click();
    expect(await page.getByLabel('Paste CSV').inputValue()).toBe('');
    await page.getByLabel('Paste CSV').fill(`${HEADER}\nAST 2000,Cosmology,University of Delaware,PHYS 134,"Stars, Galaxies and Cosmology",3\n`);
    await page.getByRole('button', { name: 'Parse & Save' }).click();
    await page.getByRole('heading', { name: 'Check before saving' }).waitFor();
    const preview = page.getByRole('table').filter({ hasText: 'Transfers to' });
    await preview.getByText('New', { exact: true }).waitFor();
    await preview.getByText('PHYS 134 Stars, Galaxies and Cosmology').waitFor();
    await page.getByRole('button', { name: 'Confirm and save 1 change' }).click();
    await page.getByText('Saved.').waitFor();
    await page.getByText(/1 rule added/).waitFor();
    expect(problems).toEqual([]);

    await visitor.page.goto(SEARCH);
    const after = visitor.page.locator('article').filter({ hasText: 'Cosmology' });
    await after.getByText('Transfers fully').waitFor();
    await after.getByText('University of Delaware: PHYS 134 Stars, Galaxies and Cosmology').waitFor();
    expect(visitor.problems).toEqual([]);
  });

  it('the equivalency admin pages fit a phone', async () => {
    const { page, problems } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await signInAdminInBrowser(page, admin);
    for (const [path, heading] of [
      ['/admin/courses', 'Course Data Upload'],
      ['/admin/universities', 'Universities Management'],
      ['/admin/transfer-data', 'Transfer Data Overview'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    expect(problems).toEqual([]);
  });
});
