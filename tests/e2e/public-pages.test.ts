import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, PHONE_VIEWPORT } from '../support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Every public page of spec section 2, with something on it that says it has rendered. */
const PUBLIC_PAGES = [
  { path: '/', ready: 'Search. Register. Transfer.' },
  { path: '/search', ready: null },
  { path: '/about', ready: 'About Crosswalk' },
  { path: '/my-courses', ready: 'Coming Soon' },
  { path: '/results', ready: 'Coming Soon' },
  { path: '/course/1', ready: null },
  { path: '/__debug', ready: 'Build flags' },
  { path: '/no/such/page', ready: 'Oops! Page not found' },
  { path: '/__debug?throw=1', ready: 'Something went wrong' },
];

async function waitUntilRendered(page: Page, ready: string | null) {
  if (ready) await page.getByRole('heading', { level: 1, name: ready }).waitFor();
  else await page.getByRole('heading', { level: 1 }).first().waitFor();
}

describe('the public pages', () => {
  it('shows the 404 page for an unknown route, with Return to Home', async () => {
    const { page, problems } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await page.goto('/this/does/not/exist');
    await page.getByRole('heading', { level: 1, name: 'Oops! Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${baseUrl}/`);
    expect(problems).toEqual([]);
  });

  it('shows the render-error screen with the error message when a page throws', async () => {
    const { page } = await openPage(browser, baseUrl);
    await page.goto('/__debug?throw=1');
    const alert = page.getByRole('alert');
    await alert.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    expect(await alert.textContent()).toContain('Debug render error requested with /__debug?throw=1');
    // The site around it still works.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'About Crosswalk' }).waitFor();
  });

  it('shows the build flags on /__debug', async () => {
    const { page } = await openPage(browser, baseUrl);
    const config = (await (await fetch(`${baseUrl}/api/public-config`)).json()) as { studentPortalEnabled: boolean };
    await page.goto('/__debug');
    const row = page.locator('dl > div', { hasText: 'VITE_STUDENT_PORTAL' });
    expect(await row.locator('dd').textContent()).toBe(config.studentPortalEnabled ? '1' : '0');
  });

  it('labels /my-courses and /results as Coming Soon', async () => {
    const { page } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    for (const [path, label] of [
      ['/my-courses', 'My Courses'],
      ['/results', 'Search Results'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: 'Coming Soon' }).waitFor();
      await page.getByText(label, { exact: true }).waitFor();
    }
  });

  it('has an about page that links to /search', async () => {
    const { page } = await openPage(browser, baseUrl);
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: 'About Crosswalk' }).waitFor();
    await page.getByText(/founded in 2025 by a transfer student/).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Search courses' }).click();
    await page.waitForURL(`${baseUrl}/search`);
  });

  it('never asks another host for anything, on any public page', async () => {
    for (const { path, ready } of PUBLIC_PAGES) {
      const { page, problems } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
      await page.goto(path, { waitUntil: 'networkidle' });
      await waitUntilRendered(page, ready);
      expect(problems.filter((problem) => problem.startsWith('request to another host')), path).toEqual([]);
      await page.context().close();
    }
  });
});
