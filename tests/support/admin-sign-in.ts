import type { Page } from 'playwright-core';
import type { E2eAdmin } from './e2e-global-setup';
import { totpCode } from './totp';

/** Signs an admin in through the Admin Login fallback form (password, then the authenticator code). */
export async function signInAdminInBrowser(page: Page, admin: E2eAdmin): Promise<void> {
  // The admin's own address (see E2eAdmin.clientAddress): every browser test signs in from 127.0.0.1 otherwise, and
  // eight admins' sign-ins across parallel test files can pass the 10-a-minute limit on code checks for one address.
  await page.setExtraHTTPHeaders({ 'x-e2e-client-ip': admin.clientAddress });
  await page.goto('/student/login?redirect=%2Fadmin');
  await page.getByLabel('E-mail').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.locator('#main').getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Authentication code').fill(totpCode(admin.secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/admin$/);
}
