import { randomUUID } from 'node:crypto';
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

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${baseUrl}/`);
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

  it('resets a forgotten password through the e-mail outbox', async () => {
    const { page } = await openPage(browser, baseUrl);
    const email = newEmail();
    await signUpThroughThePage(page, email, 'the first password');
    await page.context().clearCookies();

    await page.goto('/forgot-password');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('a reset link is on its way').waitFor();

    const outbox = (await (await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { messages: Array<{ text: string }> };
    const link = outbox.messages[0]?.text.match(/https?:\/\/\S+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link ?? '');
    await page.waitForURL(/\/reset-password\?token=/);
    await page.getByLabel('New password').fill('the second password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Your password is changed.').waitFor();

    await page.goto('/student/login');
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
