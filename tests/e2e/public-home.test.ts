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

const carousel = (page: Page) => page.locator('[aria-roledescription="carousel"]');
const activeSlide = async (page: Page) => Number(await carousel(page).getAttribute('data-active-slide'));
const waitForSlide = (page: Page, index: number) => page.locator(`[aria-roledescription="carousel"][data-active-slide="${index}"]`).waitFor();

/** The home page with a fake clock, so the 5-second rotation is tested exactly and without waiting. */
async function openHomeWithClock(options: { reducedMotion?: boolean } = {}) {
  const opened = await openPage(browser, baseUrl);
  if (options.reducedMotion) await opened.page.emulateMedia({ reducedMotion: 'reduce' });
  // Time stands still from before the page loads; only runFor() moves it.
  const start = new Date('2025-09-01T12:00:00Z');
  await opened.page.clock.install({ time: start });
  await opened.page.clock.pauseAt(new Date(start.getTime() + 1_000));
  await opened.page.goto('/');
  await carousel(opened.page).waitFor();
  return opened;
}

describe('the home hero carousel', () => {
  it('has 3 slides and advances every 5 seconds, not before', async () => {
    const { page, problems } = await openHomeWithClock();
    expect(await page.locator('[aria-roledescription="slide"]').count()).toBe(3);
    expect(await activeSlide(page)).toBe(0);
    await page.clock.runFor(4_900);
    expect(await activeSlide(page)).toBe(0);
    await page.clock.runFor(200);
    await waitForSlide(page, 1);
    await page.clock.runFor(5_000);
    await waitForSlide(page, 2);
    await page.clock.runFor(5_000);
    await waitForSlide(page, 0);
    expect(problems).toEqual([]);
  });

  it('moves with the previous and next arrows, wrapping around', async () => {
    const { page } = await openHomeWithClock();
    await page.getByRole('button', { name: 'Next slide' }).click();
    await waitForSlide(page, 1);
    await page.getByRole('button', { name: 'Previous slide' }).click();
    await waitForSlide(page, 0);
    await page.getByRole('button', { name: 'Previous slide' }).click();
    await waitForSlide(page, 2);
  });

  it('jumps to a slide from its dot, which is then marked current', async () => {
    const { page } = await openHomeWithClock();
    const third = page.getByRole('button', { name: /^Show slide 3/ });
    await third.click();
    await waitForSlide(page, 2);
    expect(await third.getAttribute('aria-current')).toBe('true');
    expect(await page.getByRole('button', { name: /^Show slide 1/ }).getAttribute('aria-current')).toBeNull();
  });

  it('stops rotating when paused and resumes on play', async () => {
    const { page } = await openHomeWithClock();
    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    await page.getByRole('button', { name: 'Play slideshow' }).waitFor();
    await page.clock.runFor(11_000);
    expect(await activeSlide(page)).toBe(0);
    await page.getByRole('button', { name: 'Play slideshow' }).click();
    await page.clock.runFor(5_000);
    await waitForSlide(page, 1);
  });

  it('answers the left and right keys', async () => {
    const { page } = await openHomeWithClock();
    await page.getByRole('button', { name: 'Next slide' }).focus();
    await page.keyboard.press('ArrowRight');
    await waitForSlide(page, 1);
    await page.keyboard.press('ArrowRight');
    await waitForSlide(page, 2);
    await page.keyboard.press('ArrowLeft');
    await waitForSlide(page, 1);
  });

  it('does not auto-advance for visitors who prefer reduced motion', async () => {
    const { page } = await openHomeWithClock({ reducedMotion: true });
    await page.getByRole('button', { name: 'Play slideshow' }).waitFor();
    await page.clock.runFor(16_000);
    expect(await activeSlide(page)).toBe(0);
  });

  it('serves its images from this host as WebP with a JPEG fallback, first slide preloaded', async () => {
    const { page, problems } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await page.goto('/');
    const firstImage = page.locator('[aria-roledescription="slide"]').first().locator('img');
    await firstImage.waitFor();
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('[aria-roledescription="slide"] img');
      return Boolean(image?.complete && image.naturalWidth > 0);
    });
    const current = await firstImage.evaluate((image: HTMLImageElement) => image.currentSrc);
    expect(new URL(current).origin).toBe(new URL(baseUrl).origin);
    expect(current).toMatch(/\/hero\/slide-1-(800|1200|1920)\.webp$/);
    expect(await firstImage.getAttribute('srcset')).toContain('/hero/slide-1-800.jpg 800w');
    expect(await page.locator('link[rel="preload"][as="image"]').getAttribute('imagesrcset')).toContain('/hero/slide-1-800.webp 800w');
    expect(problems).toEqual([]);
  });
});

describe('the home page content', () => {
  it('shows the spec texts and links', async () => {
    const { page, problems } = await openPage(browser, baseUrl);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Search. Register. Transfer.' }).waitFor();
    await page.getByText('Find your perfect course match in seconds').waitFor();
    expect(await page.getByRole('link', { name: 'Built By Students For Students' }).getAttribute('href')).toBe('/about');
    expect(await page.getByRole('link', { name: 'Start Your Transfer Journey' }).getAttribute('href')).toBe('/search');
    expect(await page.getByRole('link', { name: 'Find Your Perfect Transfer Courses' }).getAttribute('href')).toBe('/search');
    for (const mark of ['Free', 'Instant', 'Verified Results']) await page.getByRole('list', { name: 'What you get' }).getByText(mark, { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'What is Crosswalk' }).waitFor();
    await page.getByRole('heading', { name: 'How It Works' }).waitFor();
    expect(await page.locator('#how-it-works ol > li').count()).toBe(4);
    expect(await page.getByText('© 2025 Crosswalk').count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('reveals the four How It Works steps 100 ms apart once they scroll into view', async () => {
    const { page } = await openPage(browser, baseUrl);
    await page.goto('/');
    const steps = page.locator('#how-it-works [data-revealed]');
    await steps.first().waitFor({ state: 'attached' });
    expect(await steps.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-revealed')))).toEqual(['false', 'false', 'false', 'false']);
    await page.locator('#how-it-works').scrollIntoViewIfNeeded();
    await page.locator('#how-it-works [data-revealed="true"]').nth(3).waitFor({ state: 'attached' });
    expect(await steps.evaluateAll((elements) => elements.map((element) => (element as HTMLElement).style.transitionDelay))).toEqual(['0ms', '100ms', '200ms', '300ms']);
  });

  it('submits the compact search form to /search with the query', async () => {
    const { page } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Start searching' }).fill('ECON 201 to FIU');
    await page.locator('#search-form').getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(`${baseUrl}/search?q=ECON%20201%20to%20FIU`);
  });

  it('carries Organization structured data with the contact details', async () => {
    const { page } = await openPage(browser, baseUrl);
    const config = (await (await fetch(`${baseUrl}/api/public-config`)).json()) as { contact: { email: string; phone: string } };
    await page.goto('/');
    const json = await page.locator('script[type="application/ld+json"]').textContent();
    const data = JSON.parse(json ?? '{}') as Record<string, unknown>;
    expect(data).toMatchObject({ '@context': 'https://schema.org', '@type': 'Organization', name: 'Crosswalk', foundingDate: '2025' });
    expect(data.email).toBe(config.contact.email);
    expect(data.telephone).toBe(config.contact.phone);
    expect(data.url).toBe(`${baseUrl}/`);
  });
});
