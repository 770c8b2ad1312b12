import type { Browser } from 'playwright-core';
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

describe('the web shell', () => {
  it('serves the home page with its headline from the one server process', async () => {
    const { page, problems } = await openPage(browser, baseUrl);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).first().textContent()).resolves.toContain('Search. Register. Transfer.');
    expect(problems).toEqual([]);
  });

  it('shows the 404 page for an unknown route, with a way home', async () => {
    const { page } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await page.goto('/no/such/page');
    await page.getByText('Oops! Page not found').waitFor();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${baseUrl}/`);
  });

  it('shows the build flags on /__debug', async () => {
    const { page } = await openPage(browser, baseUrl);
    await page.goto('/__debug');
    await page.getByText('VITE_STUDENT_PORTAL').waitFor();
    expect(await page.locator('dd').first().textContent()).toBe('1');
  });

  it('loads the student and admin areas as their own chunks', async () => {
    const { page } = await openPage(browser, baseUrl);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/admin/settings');
    await page.getByText('You must be signed in as an admin.').waitFor();
    expect(scripts.some((path) => path.includes('admin-layout'))).toBe(true);
    await page.goto('/');
    await page.getByText('Search. Register. Transfer.').waitFor();
    const before = scripts.length;
    expect(scripts.slice(0, before).some((path) => path.includes('student-hub-page'))).toBe(false);
  });
});
