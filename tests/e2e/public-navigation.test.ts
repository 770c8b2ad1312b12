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

/** Jumps (no smooth scrolling) to `top` and resolves once the page has handled the scroll event and painted. */
async function scrollInstantly(page: Page, top: number) {
  await page.evaluate(
    (y) =>
      new Promise<void>((done) => {
        window.addEventListener('scroll', () => requestAnimationFrame(() => requestAnimationFrame(() => done())), { once: true });
        window.scrollTo({ top: y, behavior: 'instant' });
      }),
    top,
  );
}

const inViewport = (page: Page, selector: string) =>
  page.waitForFunction((target) => {
    const box = document.querySelector(target)?.getBoundingClientRect();
    return Boolean(box && box.top >= 0 && box.bottom <= window.innerHeight);
  }, selector);

describe('the top navigation', () => {
  it('is sticky and gains a shadow after 10 px of scroll, not before', async () => {
    const { page } = await openPage(browser, baseUrl);
    await page.goto('/about');
    const header = page.locator('header').first();
    await header.waitFor();
    // The about page is a lazy chunk: wait for its content, or the page is too short to scroll.
    await page.locator('#main h1').waitFor();
    expect(await header.evaluate((element) => getComputedStyle(element).position)).toBe('sticky');
    await scrollInstantly(page, 10);
    expect(await header.getAttribute('data-scrolled')).toBe('false');
    expect(await header.evaluate((element) => getComputedStyle(element).boxShadow)).toBe('none');
    await scrollInstantly(page, 11);
    expect(await header.getAttribute('data-scrolled')).toBe('true');
    await page.waitForFunction(() => getComputedStyle(document.querySelector('header')!).boxShadow !== 'none');
    expect(await header.evaluate((element) => element.getBoundingClientRect().top)).toBe(0);
  });

  it('shows the scroll-to-top button after 300 px, and it goes back to the top', async () => {
    const { page } = await openPage(browser, baseUrl);
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Scroll to top' });
    await scrollInstantly(page, 300);
    expect(await button.count()).toBe(0);
    await scrollInstantly(page, 301);
    await button.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await button.waitFor({ state: 'detached' });
  });

  it('collapses into a menu on a phone that opens, navigates and closes', async () => {
    const { page, problems } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const menu = page.locator('#main-menu');
    expect(await menu.isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await menu.waitFor({ state: 'visible' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    for (const name of ['Home', 'Search', 'About', 'Student Portal', 'Admin Login', 'Get Connected', 'Get Started']) {
      expect(await menu.getByRole('link', { name, exact: true }).isVisible(), name).toBe(true);
    }
    // The account corner belongs to the accounts work: a link or a modal button, either way it reads 'Sign in'.
    expect(await menu.getByText('Sign in', { exact: true }).first().isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await toggle.click();
    await menu.getByRole('link', { name: 'About', exact: true }).click();
    await page.waitForURL(`${baseUrl}/about`);
    await menu.waitFor({ state: 'hidden' });
    expect(problems).toEqual([]);
  });

  it('shows every item in one row on a desktop, with the links the spec gives', async () => {
    const { page } = await openPage(browser, baseUrl);
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    const hrefs = Object.fromEntries(
      await Promise.all(
        ['Home', 'Search', 'About', 'Student Portal', 'Admin Login'].map(async (name) => [name, await nav.getByRole('link', { name, exact: true }).getAttribute('href')]),
      ),
    );
    expect(hrefs).toEqual({ Home: '/', Search: '/search', About: '/about', 'Student Portal': '/student', 'Admin Login': '/admin-login' });
    await nav.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  });

  it('Get Connected opens an e-mail to the contact address', async () => {
    const { page } = await openPage(browser, baseUrl);
    const config = (await (await fetch(`${baseUrl}/api/public-config`)).json()) as { contact: { email: string } };
    await page.goto('/');
    const href = await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Get Connected' }).getAttribute('href');
    expect(href?.startsWith(`mailto:${config.contact.email}`)).toBe(true);
  });

  it('Get Started scrolls to the search form on the home page and focuses it', async () => {
    const { page } = await openPage(browser, baseUrl);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Get Started' }).click();
    await inViewport(page, '#search-form');
    await page.waitForFunction(() => document.activeElement?.id === 'home-search');
    expect(page.url()).toBe(`${baseUrl}/`);
  });

  it('Get Started goes to /search from any other page', async () => {
    const { page } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await page.goto('/about');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('#main-menu').getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL(`${baseUrl}/search`);
  });

  it('scrolls smoothly to in-page hash targets, below the sticky bar', async () => {
    const { page } = await openPage(browser, baseUrl);
    await page.goto('/');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth');
    await page.getByRole('link', { name: 'See how it works' }).click();
    await page.waitForURL(`${baseUrl}/#how-it-works`);
    await page.waitForFunction(() => {
      const top = document.getElementById('how-it-works')?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top <= 80;
    });
  });

  it('starts a new page at the top', async () => {
    const { page } = await openPage(browser, baseUrl);
    await page.goto('/');
    await scrollInstantly(page, 100_000);
    await page.locator('footer').getByRole('link', { name: 'About Us' }).click();
    await page.waitForURL(`${baseUrl}/about`);
    await page.getByRole('heading', { level: 1, name: 'About Crosswalk' }).waitFor();
    await page.waitForFunction(() => window.scrollY === 0);
  });
});

describe('the footer', () => {
  it('has the Platform and Contact columns, with Academic Partnerships as a dead link', async () => {
    const { page } = await openPage(browser, baseUrl);
    const config = (await (await fetch(`${baseUrl}/api/public-config`)).json()) as { contact: { email: string; phone: string; social: string } };
    await page.goto('/');
    const footer = page.locator('footer');
    expect(await footer.getByRole('link', { name: 'Course Discovery' }).getAttribute('href')).toBe('/search');
    expect(await footer.getByRole('link', { name: 'Transfer Analytics' }).getAttribute('href')).toBe('/about');
    expect(await footer.getByRole('link', { name: 'About Us' }).getAttribute('href')).toBe('/about');
    const partnerships = footer.getByText('Academic Partnerships');
    expect(await partnerships.getAttribute('href')).toBeNull();
    expect(await partnerships.getAttribute('aria-disabled')).toBe('true');
    expect(await footer.getByRole('link', { name: config.contact.email }).getAttribute('href')).toBe(`mailto:${config.contact.email}`);
    await footer.getByText(config.contact.phone).waitFor();
    await footer.getByText(config.contact.social).waitFor();
  });
});
