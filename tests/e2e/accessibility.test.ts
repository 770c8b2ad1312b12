import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInAdminInBrowser } from '../support/admin-sign-in';
import { axeContext, seriousAxeViolations } from '../support/axe';
import { LAPTOP_VIEWPORT, launchBrowser, PHONE_VIEWPORT } from '../support/browser';
import { chooseSchool } from '../support/school-picker';

/**
 * Issue 27: axe-core finds no serious or critical violation on any route of the spec, at a phone's and a laptop's
 * width, signed out, as a student and as an admin, including the states a visitor reaches on them (search results,
 * the transcript report with its degree progress and its appeal dialog, the sign-in modal, the phone menu, the compare view).
 * Every route also has its own tab title and exactly one h1.
 * (/admin-login leaves for the school's identity provider in these tests, so its own page is not reached here.)
 */

const baseUrl = inject('baseUrl');
const admin = inject('admins')[3]!;
const FIXTURES = resolve(import.meta.dirname, '../fixtures/transcripts');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Visit {
  /** Where, as the failure names it. */
  name: string;
  path: string;
  /** Resolves once the page shows what is to be checked. */
  ready: (page: Page) => Promise<unknown>;
  /** Pages that are the same route in another state share a title. */
  sameTitleAs?: string;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first().waitFor();

const PUBLIC_VISITS: Visit[] = [
  { name: 'home', path: '/', ready: heading('Search. Register. Transfer.') },
  { name: 'search', path: '/search', ready: heading('Course Search') },
  { name: 'search results without a destination', path: '/search?q=calculus', ready: heading(/courses? found/), sameTitleAs: 'search' },
  {
    name: 'search results with a destination',
    path: `/search?q=${encodeURIComponent('ECO 2013 at Valencia College to Florida State University')}`,
    ready: heading(/courses? found/),
    sameTitleAs: 'search',
  },
  {
    name: 'search, manual entry',
    path: '/search',
    ready: async (page) => {
      await page.getByRole('tab', { name: 'Manual Entry' }).click();
      await page.getByRole('tabpanel', { name: 'Manual Entry' }).waitFor();
    },
    sameTitleAs: 'search',
  },
  {
    name: 'search, transcript upload',
    path: '/search',
    ready: async (page) => {
      await page.getByRole('tab', { name: 'Transcript Upload' }).click();
      await page.getByRole('button', { name: 'Analyze Transcript' }).waitFor();
    },
    sameTitleAs: 'search',
  },
  { name: 'about', path: '/about', ready: heading('About Crosswalk') },
  { name: 'my courses', path: '/my-courses', ready: heading('Coming Soon') },
  { name: 'results', path: '/results', ready: heading('Coming Soon') },
  { name: 'course page', path: '/course/1', ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
  { name: 'debug', path: '/__debug', ready: heading('Build flags') },
  { name: 'not found', path: '/no/such/page', ready: heading('Oops! Page not found') },
  { name: 'render error', path: '/__debug?throw=1', ready: heading('Something went wrong') },
  { name: 'forgot password', path: '/forgot-password', ready: heading('Reset your password') },
  { name: 'reset password', path: '/reset-password', ready: heading('Choose a new password') },
  { name: 'student login', path: '/student/login', ready: heading('Student login') },
  { name: 'student signup', path: '/student/signup', ready: heading('Create your student account') },
  { name: 'admin signup', path: '/admin-signup', ready: heading('Create a staff account') },
  { name: 'admin, signed out', path: '/admin', ready: heading('Admin sign-in') },
  { name: 'student hub, signed out', path: '/student', ready: heading('Student Portal') },
  { name: 'student search', path: '/student/search', ready: heading('Find transfer matches') },
  { name: 'profile, signed out', path: '/student/profile', ready: heading('Sign in to see your profile') },
  { name: 'appeal, signed out', path: '/student/appeal', ready: heading('Sign in to submit an appeal') },
];

/** Visits each page in one tab, checks it with axe, its title and its h1; returns every problem found. */
async function sweep(context: BrowserContext, visits: Visit[], extraChecks: (page: Page) => Promise<string[]> = async () => []) {
  const page = await context.newPage();
  const problems: string[] = [];
  const titles = new Map<string, string>();
  for (const visit of visits) {
    await page.goto(visit.path);
    await visit.ready(page);
    problems.push(...(await seriousAxeViolations(page, visit.name)));
    // Counted in the page's markup: an open dialog hides the page from the accessibility tree, not from the outline.
    const h1s = await page.locator('h1').count();
    if (h1s !== 1) problems.push(`${visit.name}: ${h1s} h1 elements`);
    titles.set(visit.name, await page.title());
    problems.push(...(await extraChecks(page)));
  }
  // Each route its own title; a route seen in several states keeps its one.
  const owners = new Map<string, string>();
  for (const visit of visits) {
    const title = titles.get(visit.name)!;
    if (visit.sameTitleAs) {
      if (title !== titles.get(visit.sameTitleAs)) problems.push(`${visit.name}: title "${title}" differs from ${visit.sameTitleAs}'s`);
      continue;
    }
    const owner = owners.get(title);
    if (owner) problems.push(`${visit.name} and ${owner} share the title "${title}"`);
    owners.set(title, visit.name);
  }
  await page.close();
  return problems;
}

/** A student with a profile, two favorites, an analysed transcript (with a W and Fs) and an appeal. */
async function makeStudent(): Promise<{ storage: Awaited<ReturnType<BrowserContext['storageState']>>; transcriptId: string; appealId: string }> {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  await page.goto('/');
  const pdf = readFileSync(resolve(FIXTURES, 't11007.pdf')).toString('base64');
  const ids = await page.evaluate(
    async ({ email, pdf }) => {
      const send = async (path: string, method: string, body?: unknown) => {
        const response = await fetch(path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
        if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
        return response.status === 204 ? null : response.json();
      };
      await send('/api/auth/sign-up/email', 'POST', { email, password: 'a long student password', name: 'Axe Student' });
      await send('/api/account/ensure-student-role', 'POST');
      await send('/api/student/profile', 'PUT', { fullName: 'Axe Student', currentSchool: 'Miami Dade College', intendedMajor: 'History', targetSchools: 'Florida State University, University of Central Florida' });
      const bytes = Uint8Array.from(atob(pdf), (char) => char.charCodeAt(0));
      const slot = await send('/api/student/create-upload-url', 'POST', { filename: 't11007.pdf', contentType: 'application/pdf', purpose: 'transcript' });
      const put = await fetch(slot.uploadUrl, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: bytes });
      if (!put.ok) throw new Error(`upload: ${put.status}`);
      const { transcript } = await send('/api/student/save-transcript', 'POST', { key: slot.key, url: slot.uploadUrl.split('?')[0], name: 't11007.pdf', size: bytes.length });
      await send(`/api/transcripts/${transcript.id}/analyze`, 'POST', { toInstitution: 'Florida State University' });
      const { appeal } = await send('/api/student/submit-appeal', 'POST', { courseName: 'World History', courseCode: 'WOH 1012', targetSchool: 'Florida State University', notes: 'Same content.' });
      return { transcriptId: transcript.id as string, appealId: appeal.id as string };
    },
    { email: `axe-${randomUUID().slice(0, 8)}@example.edu`, pdf },
  );
  const status = await page.evaluate(async (id) => {
    for (let attempt = 0; attempt < 180; attempt += 1) {
      const { status } = (await (await fetch(`/api/transcripts/${id}`)).json()) as { status: string };
      if (status === 'done' || status === 'failed') return status;
      await new Promise((done) => setTimeout(done, 250));
    }
    return 'still running';
  }, ids.transcriptId);
  expect(status).toBe('done');
  const storage = await context.storageState();
  await context.close();
  return { storage, ...ids };
}

describe.each([
  { label: 'phone', viewport: PHONE_VIEWPORT },
  { label: 'laptop', viewport: LAPTOP_VIEWPORT },
])('every page at $viewport.width px', ({ label, viewport }) => {
  it('signed out: no serious or critical axe violation, one h1 and its own title on each page', async () => {
    const context = await axeContext(browser, baseUrl, viewport);
    const problems = await sweep(context, PUBLIC_VISITS);

    // The sign-in modal, opened from the navigation (on a phone, from its menu).
    const page = await context.newPage();
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    if (label === 'phone') {
      await nav.getByRole('button', { name: 'Menu' }).click();
      await page.locator('#main-menu').waitFor({ state: 'visible' });
      problems.push(...(await seriousAxeViolations(page, 'phone menu open')));
    }
    await nav.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('dialog', { name: 'Sign in to Crosswalk' }).waitFor();
    problems.push(...(await seriousAxeViolations(page, 'sign-in modal')));
    await context.close();
    expect(problems).toEqual([]);
  }, 240_000);

  let student: Awaited<ReturnType<typeof makeStudent>>;
  it('as a student: the hub, search, profile with Compare, appeal pages, the report and its appeal dialog', async () => {
    student ??= await makeStudent();
    const context = await browser.newContext({ viewport, baseURL: baseUrl, bypassCSP: true, storageState: student.storage });
    const visits: Visit[] = [
      { name: 'student hub', path: '/student', ready: heading('Credit appeal center') },
      { name: 'student search', path: '/student/search', ready: heading('Your saved searches') },
      {
        name: 'profile',
        path: '/student/profile',
        ready: async (page) => {
          const compare = page.locator('#compare');
          await chooseSchool(compare, 'First school', 'Florida State University', 'Florida State University');
          await chooseSchool(compare, 'Second school', 'University of Central Florida', 'University of Central Florida');
          await compare.getByText('Based on t11007.pdf').waitFor();
          await page.locator('#favorites').getByLabel('Add favorite universities').fill('Ohio, flor');
          // The school picker offers the schools matching the name being typed (axe checks the open list).
          await page.locator('#favorites').getByRole('listbox', { name: 'Matching schools' }).getByRole('option').first().waitFor();
        },
      },
      { name: 'appeal form', path: '/student/appeal', ready: heading('Submit a credit appeal') },
      { name: 'appeal status', path: `/student/appeals/${student.appealId}`, ready: heading('Timeline') },
      {
        name: 'transcript report',
        path: `/search?transcript=${student.transcriptId}`,
        // The degree progress panel and its compare load after the report, each in its own request.
        ready: async (page) => {
          await heading('Your transfer report')(page);
          await page.getByRole('list', { name: /^Requirements of / }).first().waitFor();
          await page.locator('[aria-label="Schools side by side"]').waitFor();
        },
      },
      {
        name: 'report appeal dialog',
        path: `/search?transcript=${student.transcriptId}`,
        ready: async (page) => {
          await page.getByRole('button', { name: 'Request Appeal' }).first().click();
          await page.getByRole('dialog', { name: 'Submit an Appeal' }).waitFor();
        },
        sameTitleAs: 'transcript report',
      },
      { name: 'admin as a student', path: '/admin', ready: heading('Access denied') },
    ];
    const problems = await sweep(context, visits);
    await context.close();
    expect(problems).toEqual([]);
  }, 240_000);

  it('as an admin: the hub and every admin page', async () => {
    student ??= await makeStudent();
    const context = await axeContext(browser, baseUrl, viewport);
    const signIn = await context.newPage();
    await signInAdminInBrowser(signIn, admin);
    await signIn.close();
    const visits: Visit[] = [
      { name: 'admin hub', path: '/admin', ready: heading('Appeals needing review') },
      { name: 'universities', path: '/admin/universities', ready: heading('Universities Management') },
      { name: 'students', path: '/admin/students', ready: (page) => page.getByText(/^\d[\d,]* students?$/).waitFor() },
      { name: 'course data', path: '/admin/courses', ready: heading('Course Data Upload') },
      { name: 'appeals', path: '/admin/appeals?status=', ready: (page) => page.getByRole('list', { name: 'Appeals' }).waitFor() },
      { name: 'transfer data', path: '/admin/transfer-data', ready: heading('Transfer Data Overview') },
      { name: 'partner API', path: '/admin/studentu', ready: heading('Partner API') },
      { name: 'announcements', path: '/admin/announcements', ready: heading('Announcements') },
      { name: 'settings', path: '/admin/settings', ready: heading('Settings') },
      { name: 'programs', path: '/admin/programs', ready: heading('Programs & Pathways') },
      { name: 'partner schools', path: '/admin/schools', ready: heading('Partner Schools') },
      {
        name: 'a student’s transcript report',
        path: `/admin/transcripts/${student.transcriptId}`,
        ready: (page) => page.getByRole('list', { name: 'Courses on the transcript' }).waitFor(),
      },
    ];
    const problems = await sweep(context, visits);
    await context.close();
    expect(problems).toEqual([]);
  }, 240_000);
});
