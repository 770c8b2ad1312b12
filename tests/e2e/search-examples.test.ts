/**
 * The spec's and the home page's example searches answer with real outcomes and evidence on the demo's data, at phone
 * width (issue 22): Florida's statewide course inventory and the Wisconsin transfer rules the demo loads in the
 * background after the server starts.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CourseSearchResponse } from '../../src/shared/schemas/course';
import { launchBrowser, openPage, PHONE_VIEWPORT } from '../support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

/** Whether the demo's background load has reached a search (the inventory loads first, the rules after it). */
async function answers(params: Record<string, string>): Promise<boolean> {
  const response = await fetch(`${baseUrl}/api/courses/search?${new URLSearchParams(params)}`);
  return response.ok && ((await response.json()) as CourseSearchResponse).total > 0;
}

beforeAll(async () => {
  browser = await launchBrowser();
  // The demo's reference data loads after the server starts: wait until the statewide inventory and the rules answer.
  const deadline = Date.now() + 590_000;
  const loaded = async () =>
    (await answers({ q: 'calculus', transferFromSchool: 'UW-Oshkosh', transferToSchool: 'UW-Madison' })) &&
    (await answers({ q: 'psychology', transferFromSchool: 'Miami Dade College', level: 'lower' }));
  while (!(await loaded())) {
    if (Date.now() > deadline) throw new Error('The demo’s statewide inventory and Wisconsin rules did not load in time');
    await new Promise((done) => setTimeout(done, 2_000));
  }
}, 600_000);
afterAll(async () => {
  await browser?.close();
});

const EXAMPLES = [
  {
    search: 'ECON 201 from Miami Dade College to FIU',
    card: 'ECO 2013 · Miami Dade College',
    status: 'Transfers fully',
    evidence: "Florida's statewide course numbering",
  },
  {
    search: 'intro psychology from Miami Dade College to UCF online',
    card: 'PSY 2012 · Miami Dade College',
    status: 'Transfers fully',
    evidence: "Florida's statewide course numbering",
  },
  {
    search: 'ENC 1101 from Valencia College to UCF',
    card: 'ENC 1101 · Valencia College',
    status: 'Transfers fully',
    evidence: "Florida's statewide course numbering",
  },
  {
    search: 'calculus from UW-Oshkosh to UW-Madison',
    card: 'MATH 171 · UW-Oshkosh',
    status: 'Transfers fully',
    evidence: 'MATH 221',
  },
];

describe('the example searches at phone width', () => {
  it.each(EXAMPLES)('"$search" answers with a real outcome and its evidence', async ({ search, card, status, evidence }) => {
    const { page, problems } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await page.goto(`/search?q=${encodeURIComponent(search)}`);
    const result = page.locator('article').filter({ hasText: card });
    await result.waitFor();
    await result.getByText(status, { exact: true }).waitFor();
    await result.getByText(evidence).first().waitFor();
    expect(await page.getByText('No results found').count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `screenshots/search-example-${EXAMPLES.findIndex((example) => example.search === search) + 1}-390.png`, fullPage: true });
    expect(problems).toEqual([]);
  });
});
