import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP_VIEWPORT, launchBrowser, openPage, PHONE_VIEWPORT } from '../support/browser';

const baseUrl = inject('baseUrl');
const axePath = createRequire(import.meta.url).resolve('axe-core');
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

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
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

  for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
    it(`passes axe-core with no serious or critical violations at ${viewport.width} px`, async () => {
      // axe is injected as an inline script, which the site's CSP (rightly) refuses: bypass it for this check only.
      const context = await browser.newContext({ viewport, baseURL: baseUrl, bypassCSP: true });
      const found: string[] = [];
      for (const { path, ready } of PUBLIC_PAGES) {
        const page = await context.newPage();
        await page.goto(path, { waitUntil: 'networkidle' });
        await waitUntilRendered(page, ready);
        await page.addScriptTag({ path: axePath });
        const violations = await page.evaluate(async () => {
          const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
          const result = await axe.run(document, { resultTypes: ['violations'] });
          return result.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map((node) => ({ target: node.target })) }));
        });
        for (const violation of violations.filter((item) => item.impact === 'serious' || item.impact === 'critical')) {
          found.push(`${path}: ${violation.id} (${violation.impact}) ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
        }
        await page.close();
      }
      await context.close();
      expect(found).toEqual([]);
    });
  }
});
