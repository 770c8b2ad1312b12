import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInAdminInBrowser } from '../support/admin-sign-in';
import { launchBrowser, openPage, PHONE_VIEWPORT } from '../support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const newEmail = () => `e2e-${randomUUID().slice(0, 8)}@example.edu`;

async function signUpThroughThePage(page: Page, email: string, password: string) {
  await page.goto('/student/signup');
  await page.getByLabel('Full name').fill('Jordan Rivera');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${baseUrl}/student/profile`);
}

describe('student accounts in the browser', () => {
  it('signs up, lands on the profile, signs out from the user menu, and signs back in through the modal', async () => {
    const { page, problems } = await openPage(browser, baseUrl);
    const email = newEmail();
    await signUpThroughThePage(page, email, 'a long student password');

    // Sign-out loads / afresh, so nothing the student's pages fetched stays in this tab's memory.
    await page.evaluate(() => Object.assign(window, { loadedBeforeSignOut: true }));
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${baseUrl}/`);
    expect(await page.evaluate(() => 'loadedBeforeSignOut' in window)).toBe(false);
    const session = await page.evaluate(async () => (await fetch('/api/account/me')).status);
    expect(session).toBe(401);

    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Password').fill('a long student password');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/student`);
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
    expect(problems).toEqual([]);
  });

  it('shows clear field errors before sending anything', async () => {
    const { page } = await openPage(browser, baseUrl, PHONE_VIEWPORT);
    await page.goto('/student/signup');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Enter your name').waitFor();
    await page.getByText('Enter a valid e-mail address').waitFor();
    await page.getByText('Use at least 8 characters').waitFor();
  });

  it('says so when the password is wrong', async () => {
    const { page } = await openPage(browser, baseUrl);
    await page.goto('/student/login');
    await page.getByLabel('E-mail').fill('student@crosswalk.demo');
    await page.getByLabel('Password').fill('not the password');
    await page.locator('#main').getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('That e-mail and password do not match an account.').waitFor();
  });

  it('resets a forgotten password through the mailed link', async () => {
    const { page } = await openPage(browser, baseUrl);
    const email = newEmail();
    await signUpThroughThePage(page, email, 'the first password');
    await page.context().clearCookies();

    await page.goto('/forgot-password');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('a reset link is on its way').waitFor();

    const outbox = (await (await fetch(`${inject('mailSinkUrl')}?to=${encodeURIComponent(email)}`)).json()) as { messages: Array<{ text: string }> };
    const link = outbox.messages[0]?.text.match(/https?:\/\/\S+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link ?? '');
    await page.waitForURL(/\/reset-password\?token=/);
    await page.getByLabel('New password').fill('the second password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Your password is changed.').waitFor();

    await page.goto('/student/login');
    // The page's one h1 is its title (screen readers jump to it).
    await page.getByRole('heading', { level: 1, name: 'Student login' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('the second password');
    await page.locator('#main').getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/student`);
  });

  it("shows 'Access denied' to a student on /admin, and a sign-in panel to a visitor", async () => {
    const { page } = await openPage(browser, baseUrl);
    await page.goto('/admin');
    await page.getByText('You must be signed in as an admin.').waitFor();
    await signUpThroughThePage(page, newEmail(), 'a long student password');
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Access denied' }).waitFor();
    await page.getByText('You need an admin account.').waitFor();
  });
});

describe('staff sign-in through the school identity provider', () => {
  it('sends Admin Login to the OpenID Connect provider and back to /admin as an admin', async () => {
    const { page } = await openPage(browser, baseUrl);
    // The provider lives on another local port: this test expects that one outside request.
    await page.goto('/admin-login');
    await page.waitForURL((url) => !url.toString().startsWith(baseUrl));
    await page.locator('input[name="login"]').fill(inject('ssoAdminEmail'));
    await page.locator('input[name="password"]').fill('any password the school checks');
    await page.locator('button[type="submit"]').click();
    const consent = page.locator('button[type="submit"]', { hasText: /continue/i });
    if (await consent.isVisible({ timeout: 5000 }).catch(() => false)) await consent.click();
    await page.waitForURL(`${baseUrl}/admin`);
    // Recognised as an admin: the admin area asks for the second factor next, not 'Access denied'.
    await page.getByRole('heading', { name: 'Turn on two-factor sign-in' }).waitFor();
    const account = await page.evaluate(async () => (await fetch('/api/account/me')).json());
    expect(account).toMatchObject({ email: inject('ssoAdminEmail'), roles: expect.arrayContaining(['admin']) });
  });
});

describe('admins in the browser', () => {
  it('signs in with password and authenticator code, and grants the admin role on Settings', async () => {
    const [admin] = inject('admins');
    if (!admin) throw new Error('no e2e admin');
    const { page: studentPage } = await openPage(browser, baseUrl);
    const studentEmail = newEmail();
    await signUpThroughThePage(studentPage, studentEmail, 'a long student password');

    const { page } = await openPage(browser, baseUrl);
    await signInAdminInBrowser(page, admin);
    await page.goto('/admin/settings');
    await page.getByLabel('Find an account').fill(studentEmail);
    const row = page.getByRole('listitem').filter({ hasText: studentEmail });
    await row.getByRole('button', { name: 'Make admin' }).click();
    await row.getByRole('button', { name: 'Remove admin role' }).waitFor();

    await studentPage.goto('/admin');
    await studentPage.getByRole('heading', { name: 'Turn on two-factor sign-in' }).waitFor();
  });
});
