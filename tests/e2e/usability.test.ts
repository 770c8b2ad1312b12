import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { create } from 'qrcode';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInAdminInBrowser } from '../support/admin-sign-in';
import { LAPTOP_VIEWPORT, launchBrowser, openPage, PHONE_VIEWPORT } from '../support/browser';
import { secretFromTotpUri, totpCode } from '../support/totp';
import { chooseSchool } from '../support/school-picker';
import { VERDICT_CLASS_INFO, VERDICT_CLASSES } from '../../src/shared/schemas/verdict-class';

/** Issue 27: what a new user tripped over on a phone and by keyboard, each checked where it happened. */

const baseUrl = inject('baseUrl');
const admin = inject('admins')[7]!;
const FIXTURES = resolve(import.meta.dirname, '../fixtures/transcripts');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signUpStudent(page: Page): Promise<string> {
  const email = `usability-${randomUUID().slice(0, 8)}@example.edu`;
  await page.goto('/student/signup');
  await page.getByLabel('Full name').fill('Robin Usability');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('a long student password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${baseUrl}/student/profile`);
  return email;
}

/** The element at the middle of `locator`'s box, as the browser hit-tests it, is the locator's own (nothing covers it). */
async function uncovered(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((css) => {
    const element = document.querySelector(css)!;
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  }, selector);
}

describe('Smart Search by keyboard', () => {
  it('searches on Return; Shift+Return starts a new line', async () => {
    const { page, problems } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await page.goto('/search');
    const box = page.getByLabel('Describe what you need');
    await box.fill('Principles of Macroeconomics');
    await box.press('Shift+Enter');
    await box.pressSequentially('at Valencia College');
    expect(await box.inputValue()).toBe('Principles of Macroeconomics\nat Valencia College');
    expect(new URL(page.url()).search).toBe('');
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'Principles of Macroeconomics\nat Valencia College');
    await page.getByRole('heading', { name: /courses? found/ }).waitFor();
    expect(problems).toEqual([]);
  });
});

describe('search cards', () => {
  it('give no verdict until a destination is chosen, and one for every card after', async () => {
    const { page } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    // Every verdict class's badge (src/shared/schemas/verdict-class.ts).
    const verdicts = new RegExp(`^(${VERDICT_CLASSES.map((verdictClass) => VERDICT_CLASS_INFO[verdictClass].label).join('|')})$`);
    await page.goto('/search?q=calculus');
    const cards = page.getByRole('article');
    await cards.first().waitFor();
    expect(await cards.getByText(verdicts).count()).toBe(0);
    expect(await cards.getByText('Choose the school you are transferring to, to see whether this course transfers there.').count()).toBe(await cards.count());

    await page.goto(`/search?q=${encodeURIComponent('calculus to Florida State University')}`);
    await page.getByRole('heading', { name: /courses? found · transfer to Florida State University/ }).waitFor();
    expect(await cards.getByText(verdicts).count()).toBe(await cards.count());
  });
});

describe('the sign-in modal on a phone', () => {
  it('closes the menu it was opened from, has a 44 px close button, and gives focus back to the menu button', async () => {
    const { page } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await page.goto('/about');
    // Found by what it controls: while the modal is open the page behind it is hidden from the accessibility tree.
    const menuButton = page.locator('button[aria-controls="main-menu"]');
    await menuButton.click();
    await page.locator('#main-menu').getByRole('button', { name: 'Sign in', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in to Crosswalk' });
    await dialog.waitFor();
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('#main-menu').isVisible()).toBe(false);
    const close = dialog.getByRole('button', { name: 'Close' });
    const box = (await close.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    await close.click();
    await dialog.waitFor({ state: 'detached' });
    expect(await menuButton.evaluate((element) => element === document.activeElement)).toBe(true);
  });
});

describe('the scroll-to-top button', () => {
  it('sits in the navigation bar, so it covers neither a report row nor the footer’s copyright', async () => {
    const { page } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: 'About Crosswalk' }).waitFor();
    // Scrolled to the copyright itself: the page may still grow as its parts load, and a point below the window hits nothing.
    const copyright = page.getByText(/© \d{4} Crosswalk\. All rights reserved\./);
    await copyright.scrollIntoViewIfNeeded();
    const button = page.getByRole('button', { name: 'Scroll to top' });
    await button.waitFor();
    const header = (await page.locator('header').boundingBox())!;
    const box = (await button.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y);
    expect(box.y + box.height).toBeLessThanOrEqual(header.y + header.height);
    await copyright.evaluate((element) => element.setAttribute('data-probe', 'copyright'));
    expect(await uncovered(page, '[data-probe="copyright"]')).toBe(true);
  });
});

describe('a student’s transcript on a phone', () => {
  it('reads "1 credit", returns focus to Request Appeal, keeps Delete inside its card, and Compare counts every row', async () => {
    const { page, problems } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await signUpStudent(page);
    const favorites = page.locator('#favorites');
    await favorites.getByLabel('Add favorite universities').fill('Florida State University, University of Central Florida');
    await favorites.getByRole('button', { name: 'Add' }).click();
    await favorites.getByRole('button', { name: 'Remove University of Central Florida' }).waitFor();

    // An FIU transcript with two one-credit courses (a lab with a W, a seminar) and no Report link yet.
    const transcripts = page.locator('#transcripts');
    await transcripts.getByLabel('Upload a transcript').setInputFiles(resolve(FIXTURES, 't11003.pdf'));
    const item = transcripts.getByTestId('transcript-item').filter({ hasText: 't11003.pdf' });
    await chooseSchool(item, 'Target school for t11003.pdf', 'Florida State University', 'Florida State University');
    await item.getByRole('button', { name: 'Analyze for…' }).click();

    // The report: one credit reads "1 credit", and focus comes back to the button that opened the appeal dialog.
    await page.getByRole('heading', { name: 'Your transfer report' }).waitFor({ timeout: 45_000 });
    const rows = page.getByRole('list', { name: 'Courses on your transcript' });
    await rows.getByText(/^1 credit · /).first().waitFor();
    expect(await rows.getByText(/\b1 credits\b/).count()).toBe(0);
    const appeal = page.getByRole('button', { name: 'Request Appeal' }).first();
    await appeal.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Submit an Appeal' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await appeal.evaluate((element) => element === document.activeElement)).toBe(true);

    // Back on the profile the row has all its actions (Report, View/Download, Delete): Delete still fits its card at 390 px.
    await page.goto('/student/profile#transcripts');
    await item.getByRole('link', { name: 'Report for t11003.pdf' }).waitFor();
    const card = (await item.boundingBox())!;
    const remove = (await item.getByRole('button', { name: 'Delete t11003.pdf' }).boundingBox())!;
    expect(remove.x + remove.width).toBeLessThanOrEqual(card.x + card.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // Compare: the counts above each column are the rows below it (W and F rows earn 0 credits, and still count).
    await page.goto('/student/profile#compare');
    const compare = page.locator('#compare');
    await chooseSchool(compare, 'First school', 'Florida State University', 'Florida State University');
    await chooseSchool(compare, 'Second school', 'University of Central Florida', 'University of Central Florida');
    for (const school of ['Florida State University', 'University of Central Florida']) {
      const column = compare.getByRole('region', { name: `Compared at ${school}` });
      await column.getByText(/^\d+% of credits accepted$/).waitFor();
      const badges = await column.getByRole('list', { name: `Courses at ${school}` }).getByRole('listitem').evaluateAll((rows) => rows.map((row) => row.lastElementChild?.textContent ?? ''));
      for (const status of ['Direct Transfer', 'Needs Review', 'No Transfer']) {
        const shown = await column.getByTestId('compare-counts').getByText(new RegExp(`^\\d+ ${status}$`)).textContent();
        expect(Number.parseInt(shown!, 10), `${school}: ${status}`).toBe(badges.filter((badge) => badge === status).length);
      }
      expect(badges.filter((badge) => badge === 'No Transfer').length, school).toBeGreaterThan(0);
    }
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('admin two-factor set-up', () => {
  it('shows the key as a QR code drawn in the page, encoding the address the server gave', async () => {
    const { page: staffPage } = await openPage(browser, baseUrl, LAPTOP_VIEWPORT);
    const email = await signUpStudent(staffPage);
    const { page } = await openPage(browser, baseUrl, LAPTOP_VIEWPORT);
    await signInAdminInBrowser(page, admin);
    await page.goto('/admin/settings');
    await page.getByLabel('Find an account').fill(email);
    const row = page.getByRole('listitem').filter({ hasText: email });
    await row.getByRole('button', { name: 'Make admin' }).click();
    await row.getByRole('button', { name: 'Remove admin role' }).waitFor();

    await staffPage.goto('/admin');
    await staffPage.getByRole('heading', { level: 1, name: 'Turn on two-factor sign-in' }).waitFor();
    expect(await staffPage.title()).toBe('Turn on two-factor sign-in · Crosswalk');
    await staffPage.getByLabel('Your password').fill('a long student password');
    const [enabled] = await Promise.all([staffPage.waitForResponse((response) => response.url().endsWith('/api/auth/two-factor/enable')), staffPage.getByRole('button', { name: 'Continue' }).click()]);
    const { totpURI } = (await enabled.json()) as { totpURI: string };
    const qr = staffPage.getByRole('img', { name: 'QR code of your two-factor key, for an authenticator app' });
    await qr.waitFor();
    // The squares drawn are exactly the QR code of that address (what an authenticator's camera reads).
    const drawn = new Set([...((await qr.locator('path').getAttribute('d')) ?? '').matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map(([, x, y]) => `${Number(y) - 4},${Number(x) - 4}`));
    const { modules } = create(totpURI, { errorCorrectionLevel: 'M' });
    const expected = new Set<string>();
    for (let row = 0; row < modules.size; row += 1) for (let column = 0; column < modules.size; column += 1) if (modules.get(row, column)) expected.add(`${row},${column}`);
    expect(drawn).toEqual(expected);
    expect(await staffPage.getByTestId('totp-secret').textContent()).toBe(secretFromTotpUri(totpURI));

    await staffPage.getByLabel('Authentication code').fill(totpCode(secretFromTotpUri(totpURI)));
    await staffPage.getByRole('button', { name: 'Turn on' }).click();
    await staffPage.getByRole('heading', { name: 'Admin Hub' }).waitFor();
    // Dates on the hub read like everywhere else ("Nov 24, 2026"), never 11/24/2026.
    await staffPage.getByRole('region', { name: 'Appeals needing review' }).getByRole('link', { name: /^Open appeal/ }).first().waitFor();
    // (Digits, not word boundaries: in the text content "11/24/2026" runs straight into the next word, "…2026Open".)
    expect(await staffPage.locator('#main').textContent()).not.toMatch(/(?<!\d)\d{1,2}\/\d{1,2}\/\d{4}(?!\d)/);
  }, 120_000);
});
