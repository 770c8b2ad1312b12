import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, PHONE_VIEWPORT } from '../support/browser';
import { chooseSchool } from '../support/school-picker';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function smartSearch(page: Page, text: string) {
  await page.getByLabel('Describe what you need').fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

const cards = (page: Page) => page.locator('article');

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('/search: Smart Search', () => {
  it.each([
    ['desktop', undefined],
    ['phone', PHONE_VIEWPORT],
  ])('finds Principles of Macroeconomics despite a typo, collapses the card and reopens it (%s)', async (_name, viewport) => {
    const { page, problems } = await openPage(browser, baseUrl, viewport);
    await page.goto('/search');
    await page.getByRole('heading', { name: 'Find Your Perfect Transfer Match' }).waitFor();
    await page.getByText('Smart Search tips').waitFor();
    await page.getByRole('heading', { name: 'Course Search' }).waitFor();
    // A typo, and a school: Valencia's sample listing among Florida's forty Principles of Macroeconomics.
    await smartSearch(page, 'macroeconomcs at Valencia');
    const card = cards(page).filter({ hasText: 'Valencia College' }).filter({ hasText: 'Principles of Macroeconomics' });
    await card.waitFor();
    await expect(card.getByText('Sample listing').count()).resolves.toBe(1);
    // A sample section never reads as open for registration.
    await card.getByText('Sample: check the school’s schedule').waitFor();
    expect(await card.getByText('Open for registration').count()).toBe(0);
    const register = card.getByRole('link', { name: /Register/ });
    expect(await register.getAttribute('target')).toBe('_blank');
    expect(await register.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await card.getByRole('link', { name: /Professor ratings/ }).getAttribute('target')).toBe('_blank');
    // The card collapsed after a smart search; Refine Search reopens it with its new title.
    expect(await page.getByText('Smart Search tips').count()).toBe(0);
    await page.getByRole('button', { name: 'Refine Search' }).click();
    await page.getByRole('heading', { name: 'Refine Your Search' }).waitFor();
    await expectNoHorizontalScroll(page);
    expect(problems).toEqual([]);
  });

  it('shows what it understood as chips; removing one runs the search again without it', async () => {
    const { page } = await openPage(browser, baseUrl);
    await page.goto('/search');
    await smartSearch(page, 'I am at Valencia College and want to transfer macroeconomics to FSU');
    await page.getByText('1 course found').waitFor();
    await page.getByRole('button', { name: 'Remove Current school: Valencia College' }).click();
    // The address keeps the text and says what to leave out, so a reload or a shared link answers the same.
    await page.waitForURL((url) => url.searchParams.get('without') === 'home');
    await page.getByText(/^\d+ courses found/).waitFor();
    expect(await page.getByRole('button', { name: 'Remove Current school: Valencia College' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Remove Transfer to: Florida State University' }).waitFor();
    expect(await cards(page).count()).toBeGreaterThan(1);
  });

  it('loads more results with the next page', async () => {
    const { page } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await page.goto('/search');
    await smartSearch(page, 'history');
    await page.getByRole('button', { name: 'Load More Results' }).waitFor();
    expect(await cards(page).count()).toBe(10);
    await page.getByRole('button', { name: 'Load More Results' }).click();
    await page.getByText('Showing 20 of').waitFor();
    expect(await cards(page).count()).toBe(20);
    await expectNoHorizontalScroll(page);
  });

  it('says who to contact when nothing matches, and Refine your search reopens the card', async () => {
    const { page } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await page.goto('/search');
    // A school whose courses the demo does not know (it knows Miami Dade's whole statewide inventory, calculus included).
    await smartSearch(page, 'Calculus 1 at University of Miami to University of Florida');
    await page
      .getByText("No results found. Please reach out to University of Florida and contact their Registrar's Office for assistance.")
      .waitFor();
    await page.getByRole('button', { name: 'Refine your search' }).click();
    await page.getByRole('heading', { name: 'Refine Your Search' }).waitFor();
  });

  it('runs a search given in the address (?q=) on load', async () => {
    const { page } = await openPage(browser, baseUrl);
    await page.goto(`/search?q=${encodeURIComponent('ECO2013')}`);
    await cards(page).filter({ hasText: 'ECO 2013' }).first().waitFor();
    await page.getByRole('button', { name: 'Refine Search' }).waitFor();
  });

  it('asks for a school to transfer to instead of saying a course has no rule, when none was named', async () => {
    const { page, problems } = await openPage(browser, baseUrl);
    await page.goto(`/search?q=${encodeURIComponent('MAC 2311')}`);
    const card = cards(page).filter({ hasText: 'MAC 2311 · Florida International University' }).first();
    await card.getByText('Choose the school you are transferring to, to see whether this course transfers there.').waitFor();
    expect(await card.getByText('Needs review', { exact: true }).count()).toBe(0);
    expect(problems).toEqual([]);
  });
});

describe('/search: Manual Entry', () => {
  it.each([
    ['desktop', undefined],
    ['phone', PHONE_VIEWPORT],
  ])('asks for the class once a subject is picked, searches, and keeps the form open (%s)', async (_name, viewport) => {
    const { page } = await openPage(browser, baseUrl, viewport);
    await page.goto('/search');
    await page.getByRole('tab', { name: 'Manual Entry' }).click();
    expect(await page.getByLabel(/Class Name \/ Number/).count()).toBe(0);
    await chooseSchool(page, 'Target school', 'FSU', 'Florida State University');
    await page.getByLabel('Target subject').selectOption('economics');
    await page.getByText('Enter the specific course number you need to transfer').waitFor();
    await page.getByRole('button', { name: 'Search Courses' }).click();
    await page.getByText('Enter the class name or number', { exact: true }).waitFor();
    await page.getByLabel(/Class Name \/ Number/).fill('2013');
    await chooseSchool(page, 'Current school', 'Valencia', 'Valencia College');
    await page.getByRole('button', { name: 'Search Courses' }).click();
    const card = cards(page).filter({ hasText: 'Principles of Macroeconomics' });
    await card.waitFor();
    await card.getByText('Florida State University: ECO 2013 Principles of Macroeconomics').waitFor();
    // After a manual search the form stays visible, titled for refining.
    await page.getByRole('heading', { name: 'Refine Your Search' }).waitFor();
    expect(await page.getByLabel(/Class Name \/ Number/).inputValue()).toBe('2013');
    await expectNoHorizontalScroll(page);
  });

  it('shows the Transcript Upload tab without inventing results', async () => {
    const { page } = await openPage(browser, baseUrl);
    await page.goto('/search');
    await page.getByRole('tab', { name: 'Transcript Upload' }).click();
    // Nothing is shown until a file and a destination are chosen (the journeys are in transcripts.test.ts).
    await page.getByRole('button', { name: 'Analyze Transcript' }).waitFor();
    expect(await page.getByRole('button', { name: 'Analyze Transcript' }).isDisabled()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Your transfer report' }).count()).toBe(0);
  });
});

describe('/course/:id', () => {
  it('opens from View Details with the course, its offering and the rule behind each transfer', async () => {
    const { page, problems } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await page.goto('/search?q=ECON101');
    const card = cards(page).filter({ hasText: 'University of Delaware' }).first();
    await card.getByRole('link', { name: 'View Details' }).click();
    await page.waitForURL(/\/course\/\d+(\?.*)?$/);
    await page.getByRole('heading', { level: 1, name: 'Introduction to Microeconomics: Prices and Markets' }).waitFor();
    await page.getByRole('heading', { name: 'Pennsylvania State University' }).waitFor();
    await page.getByText('Counts as ECON 102 Introductory Microeconomic Analysis and Policy').waitFor();
    await page.getByText('Source of the rule:').waitFor();
    await page.getByText('Sample listing').waitFor();
    await expectNoHorizontalScroll(page);
    expect(problems).toEqual([]);
  });

  it('shows a cross-listed course as one card naming its other codes, whose page links each of them (phone)', async () => {
    const { page, problems } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await page.goto(`/search?q=${encodeURIComponent('Black Women’s History')}`);
    // Delaware lists it as AFRA 329, HIST 333 and WOMS 342: one card, not three.
    const card = cards(page).filter({ has: page.getByRole('heading', { name: 'Black Women’s History to 1865', exact: true }) });
    await card.first().waitFor();
    expect(await card.count()).toBe(1);
    await card.getByText('Also listed as HIST 333, WOMS 342').waitFor();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'screenshots/search-cross-listed-390.png' });
    await page.setViewportSize({ width: 1366, height: 900 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'screenshots/search-cross-listed-1366.png' });
    await page.setViewportSize(PHONE_VIEWPORT);
    await card.getByRole('link', { name: 'View Details' }).click();
    await page.getByRole('heading', { level: 1, name: 'Black Women’s History to 1865' }).waitFor();
    await page.getByText('AFRA 329 · University of Delaware').waitFor();
    await page.getByRole('link', { name: 'WOMS 342' }).click();
    await page.getByText('WOMS 342 · University of Delaware').waitFor();
    await page.getByRole('link', { name: 'AFRA 329' }).waitFor();
    // The catalogue's inline markup ("17<sup>th</sup> century") reads as text.
    await page.getByText(/in the 17th century/).waitFor();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: 'screenshots/course-cross-listed-390.png', fullPage: true });
    expect(problems).toEqual([]);
  });

  it('shows where a cross-listed course’s other code transfers, apart from its own answer (phone and desktop)', async () => {
    const { page, problems } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    // University of Florida lists one course as EIN 4912 and MAN 4538. Statewide numbering guarantees MAN 4538; EIN 4912
    // is a 900–999 number, which it does not guarantee (decision 110): that is EIN 4912's own answer at each school.
    await page.goto(`/search?q=${encodeURIComponent('EIN 4912')}`);
    const card = cards(page).filter({ hasText: 'EIN 4912 · University of Florida' });
    await card.getByText('Also listed as MAN 4538').waitFor();
    await card.getByRole('link', { name: 'View Details' }).click();
    const own = page.getByRole('region', { name: 'Where it transfers' }).getByRole('list').first().getByRole('listitem');
    await own.first().getByText('Not guaranteed', { exact: true }).waitFor();
    await own.first().getByText('EIN 4912 is a special-topics, internship or directed-study number (900–999)', { exact: false }).waitFor();
    // MAN 4538's guarantee is never shown as EIN 4912's own verdict.
    expect(await own.filter({ hasText: 'Transfers fully' }).count()).toBe(0);
    await page.getByRole('heading', { name: 'Under its other codes' }).waitFor();
    await page.getByText('These answers are for MAN 4538, the same course under another code: they are not decisions for EIN 4912.', { exact: false }).waitFor();
    const listed = page.getByRole('list', { name: 'Where MAN 4538 transfers' }).getByRole('listitem');
    expect(await listed.count()).toBe(5);
    await listed.first().getByText('Transfers fully').waitFor();
    await page.getByText(/^And \d+ more schools: see/).waitFor();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: 'screenshots/course-other-codes-390.png', fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByRole('heading', { name: 'Under its other codes' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'screenshots/course-other-codes-1366.png' });
    expect(problems).toEqual([]);
  });

  it('says so for an unknown course', async () => {
    const { page } = await openPage(browser, baseUrl);
    await page.goto('/course/99999999');
    await page.getByRole('heading', { name: 'Course not found' }).waitFor();
  });
});

describe('saved searches', () => {
  it('keeps a saved search across a reload and runs it again', async () => {
    const { page } = await openPage(browser, baseUrl);
    await page.goto('/search');
    await smartSearch(page, 'psychology to FSU');
    await page.getByRole('button', { name: 'Save search' }).click();
    await page.getByText('Search saved').waitFor();
    await page.reload();
    const saved = page.getByRole('region', { name: 'Your saved searches' });
    await saved.getByText('psychology to FSU').waitFor();
    await page.goto('/search');
    await saved.getByRole('link', { name: 'Run again' }).click();
    await page.waitForURL(/q=psychology/);
    await page.getByRole('button', { name: 'Remove Transfer to: Florida State University' }).waitFor();
  });

  it('/student/search asks for a topic, sends signed-out visitors to sign in, and saves to the profile', async () => {
    const { page } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await page.goto('/student/search');
    await page.getByRole('heading', { name: 'Find transfer matches' }).waitFor();
    const input = page.getByPlaceholder('e.g. Calculus 1 at Miami Dade College to University of Florida');
    await input.fill('   ');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Enter a search topic first').waitFor();
    await input.fill('Calculus 1 at Miami Dade College to University of Florida');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(`${baseUrl}/student/login?redirect=%2Fstudent%2Fsearch`);

    const signIn = await page.request.post(`${baseUrl}/api/auth/sign-in/email`, {
      data: { email: inject('demoStudent').email, password: inject('demoStudent').password },
      headers: { origin: baseUrl },
    });
    expect(signIn.status()).toBe(200);
    await page.goto('/student/search');
    await input.fill(`Statistics ${Date.now()} to UCF`);
    const text = await input.inputValue();
    // The button says what it does (it saves; it does not search), and the answer links to the results.
    await page.getByRole('button', { name: 'Save search', exact: true }).click();
    await page.getByText('Saved to your profile').waitFor();
    expect(await input.inputValue()).toBe('');
    await page.getByRole('region', { name: 'Your saved searches' }).getByText(text).waitFor();
    await page.reload();
    await page.getByRole('region', { name: 'Your saved searches' }).getByText(text).waitFor();
    await input.fill(text);
    await page.getByRole('button', { name: 'Save search', exact: true }).click();
    await page.getByRole('link', { name: `See results for “${text}”` }).click();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === text);
    await page.getByRole('heading', { name: /courses? found|No results/ }).or(page.getByText(/^No results found/)).first().waitFor();
  });
});
