import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInAdminInBrowser } from '../support/admin-sign-in';
import { DESKTOP_VIEWPORT, launchBrowser, openPage, PHONE_VIEWPORT } from '../support/browser';
import { chooseSchool } from '../support/school-picker';

const baseUrl = inject('baseUrl');
// One admin per test file (see e2e-global-setup): this file's.
const admin = inject('admins')[6]!;
// Set JOURNEY_SCREENSHOTS to a folder to keep screenshots of the upload and the changed search result.
const shotsDir = process.env.JOURNEY_SCREENSHOTS;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  if (shotsDir) mkdirSync(shotsDir, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const HEADER = 'source_code,source_name,target_university,target_code,target_name,credits';
const searchFor = (code: string) => `/search?q=${encodeURIComponent(code)}&searchType=smart&homeCollege=florida&targetCollege=delaware`;

async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: true });
}

describe('Course Data Upload', () => {
  // At each width a different University of Florida course with no rule to Delaware yet, so each upload changes a result.
  it.each([
    { width: 'desktop', viewport: DESKTOP_VIEWPORT, code: 'AST 2000', title: 'Cosmology', target: 'PHYS 134', targetTitle: 'Stars, Galaxies and Cosmology' },
    { width: 'phone', viewport: PHONE_VIEWPORT, code: 'AST 2003', title: 'Introduction to the Solar System', target: 'PHYS 133', targetTitle: 'Introduction to Astronomy' },
  ])(
    'an admin previews a CSV (row errors, then what will be added), saves it, and the search shows the new equivalency ($width)',
    async ({ viewport, code, title, target, targetTitle }) => {
      const visitor = await openPage(browser, baseUrl, viewport);
      await visitor.page.goto(searchFor(code));
      const before = visitor.page.locator('article').filter({ hasText: title });
      await before.waitFor();
      await before.getByText('Needs review', { exact: true }).waitFor();

      const { page, problems } = await openPage(browser, baseUrl, viewport);
      await signInAdminInBrowser(page, admin);
      await page.goto('/admin/courses');
      await page.getByRole('heading', { name: 'Course Data Upload' }).waitFor();
      await chooseSchool(page, 'Source school', 'University of Florida', 'University of Florida');

      // A wrong row: the preview names the line, the column and the problem, and nothing can be saved.
      await page.getByLabel('Paste CSV').fill(`${HEADER}\n${code},${title},University of Delaware,${target},"${targetTitle}",three\n`);
      await page.getByRole('button', { name: 'Parse & Save' }).click();
      const errors = page.getByRole('table').filter({ hasText: 'What is wrong' });
      await errors.getByRole('cell', { name: '"three" is not a number' }).waitFor();
      expect(await errors.getByRole('cell', { name: 'credits', exact: true }).count()).toBe(1);
      expect(await page.getByRole('button', { name: /Confirm and save/ }).isDisabled()).toBe(true);

      // A misspelt school would be added as a new one: the preview warns before anything is saved.
      await page.getByLabel('Paste CSV').fill(`${HEADER}\n${code},${title},University of Delawre,${target},"${targetTitle}",3\n`);
      await page.getByRole('button', { name: 'Parse & Save' }).click();
      await page.getByRole('status').filter({ hasText: 'New schools will be added: University of Delawre.' }).getByText(/Check the spelling/).waitFor();
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: 'Clear' }).click();
      expect(await page.getByLabel('Paste CSV').inputValue()).toBe('');
      await page.getByLabel('Paste CSV').fill(`${HEADER}\n${code},${title},University of Delaware,${target},"${targetTitle}",3\n`);
      await page.getByRole('button', { name: 'Parse & Save' }).click();
      await page.getByRole('heading', { name: 'Check before saving' }).waitFor();
      const preview = page.getByRole('table').filter({ hasText: 'Transfers to' });
      await preview.getByText('New', { exact: true }).waitFor();
      await preview.getByText(`${target} ${targetTitle}`).waitFor();
      // The whole row is in view, also on a phone (nothing behind a sideways scroll of the table).
      expect(await preview.evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
      const box = await preview.getByText(`${target} ${targetTitle}`).boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      await preview.getByText(viewport === PHONE_VIEWPORT ? '3 credits' : '3', { exact: true }).waitFor();
      await shot(page, `courses-preview-${viewport.width}`);
      await page.getByRole('button', { name: 'Confirm and save 1 change' }).click();
      await page.getByText('Saved.').waitFor();
      await page.getByText(/1 rule added/).waitFor();
      await shot(page, `courses-saved-${viewport.width}`);

      // The same rule with other credits: the preview says what saving would change (not saved here).
      await page.getByLabel('Paste CSV').fill(`${HEADER}\n${code},${title},University of Delaware,${target},"${targetTitle}",4\n`);
      await page.getByRole('button', { name: 'Parse & Save' }).click();
      const changed = page.getByRole('table').filter({ hasText: 'Transfers to' });
      await changed.getByText('Changed', { exact: true }).waitFor();
      await changed.getByText(`Changes: credits 3 → 4; ${target}'s credits 3 → 4`).waitFor();
      expect(await changed.evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
      await shot(page, `courses-changed-${viewport.width}`);
      await page.getByRole('button', { name: 'Cancel' }).click();
      expect(problems).toEqual([]);

      await visitor.page.goto(searchFor(code));
      const after = visitor.page.locator('article').filter({ hasText: title });
      await after.getByText('Transfers fully').waitFor();
      await after.getByText(`University of Delaware: ${target} ${targetTitle}`).waitFor();
      await shot(visitor.page, `search-after-upload-${viewport.width}`);
      const overflow = await visitor.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(visitor.problems).toEqual([]);
      await Promise.all([page.context().close(), visitor.page.context().close()]);
    },
  );

  // A table as a school publishes it: headers Crosswalk does not know, a no-equivalent row and quarter units. Each width
  // uses its own sending school, whose remembered mapping starts empty.
  it.each([
    { width: 'desktop', viewport: { width: 1366, height: 800 }, school: 'Miami University', code: 'ENG 1A' },
    { width: 'phone', viewport: PHONE_VIEWPORT, school: 'William & Mary', code: 'ENG 1B' },
  ])('an admin maps the columns of a published table in the preview, saves it, and the next file from the school needs no mapping ($width)', async ({ viewport, school, code }) => {
    const { page, problems } = await openPage(browser, baseUrl, viewport);
    await signInAdminInBrowser(page, admin);
    await page.goto('/admin/courses');
    await page.getByRole('heading', { name: 'Course Data Upload' }).waitFor();
    await chooseSchool(page, 'Source school', school, school);
    const published = [
      'Course,Course Title,Transfers As,Equivalent Title,Campus,Cr',
      `${code},Composition,ENGL 110,Seminar in Composition,University of Delaware,5 quarter units`,
      `ART 9${code.slice(-1)},Ceramics,No Comparable Course,,University of Delaware,`,
    ].join('\n');
    await page.getByLabel('Paste CSV').fill(published);
    await page.getByRole('button', { name: 'Parse & Save' }).click();

    await page.getByText("Match the file's columns: 3 needed").waitFor();
    expect(await page.getByRole('button', { name: /Confirm and save/ }).isDisabled()).toBe(true);
    await shot(page, `courses-mapping-${viewport.width}`);
    // The three needed columns, then the title and credits under "Optional columns" (a table may leave them out).
    for (const [label, header] of [
      [/Sending course code/, 'Course'],
      [/^Receiving school/, 'Campus'],
      [/Receiving course code/, 'Transfers As'],
    ] as const) {
      await page.getByLabel(label).selectOption(header);
    }
    await page.getByText(/^Optional columns/).click();
    await page.getByLabel(/Sending course title/).selectOption('Course Title');
    await page.getByLabel(/Credits awarded/).selectOption('Cr');
    await page.getByRole('button', { name: 'Check again with these columns' }).click();
    await page.getByText('Columns read from the file').waitFor();
    const preview = page.getByRole('table').filter({ hasText: 'Transfers to' });
    await preview.getByText('ENGL 110 Seminar in Composition').waitFor();
    await preview.getByText('Does not transfer (DNT No Comparable Course)').waitFor();
    await preview.getByText('5 quarter units', { exact: true }).filter({ visible: true }).waitFor();
    expect(await preview.evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await shot(page, `courses-mapped-${viewport.width}`);
    await page.getByRole('button', { name: 'Confirm and save 2 changes' }).click();
    await page.getByText(/2 rules added/).waitFor();

    // The next file from the school, with the same headers: read with the mapping remembered for it.
    await page.getByLabel('Paste CSV').fill(published.replace('Composition,ENGL 110', 'Composition,ENGL 111'));
    await page.getByRole('button', { name: 'Parse & Save' }).click();
    await page.getByRole('heading', { name: 'Check before saving' }).waitFor();
    await page.getByText('Columns read from the file').waitFor();
    expect(await page.getByText(/Match the file's columns/).count()).toBe(0);
    await page.getByRole('table').filter({ hasText: 'Transfers to' }).getByText('ENGL 111 Seminar in Composition').waitFor();
    expect(await page.getByRole('button', { name: /Confirm and save/ }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(problems).toEqual([]);
    await page.context().close();
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
