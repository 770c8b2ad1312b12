import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chooseSchool } from './school-picker';

/** The system Chromium (Debian's package); never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));

export const PHONE_VIEWPORT = { width: 390, height: 844 };
export const DESKTOP_VIEWPORT = { width: 1280, height: 800 };
/** The most common laptop width: issue 27 checks every page at this width and at the phone's. */
export const LAPTOP_VIEWPORT = { width: 1366, height: 768 };

export async function launchBrowser(): Promise<Browser> {
  if (!CHROMIUM_PATH) throw new Error('No system Chromium found: apt-get install -y chromium (or set CHROMIUM_PATH)');
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Each page a person of their own, from an address of their own (the e2e server trusts this header, as a server behind
 * a proxy trusts X-Forwarded-For): limits per address, such as a signed-out visitor's 10 uploads an hour, count one
 * person's requests, not the whole suite's from 127.0.0.1 (the suite's late visitor uploads were refused).
 */
let pagesOpened = 0;
const visitorAddress = () => {
  pagesOpened += 1;
  return `10.98.${randomInt(0, 256)}.${(pagesOpened % 254) + 1}`;
};

/** A page that fails the test on any uncaught page error or request to another host. */
export async function openPage(browser: Browser, baseUrl: string, viewport = DESKTOP_VIEWPORT): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl, extraHTTPHeaders: { 'x-e2e-client-ip': visitorAddress() } });
  const page = await context.newPage();
  const problems: string[] = [];
  const origin = new URL(baseUrl).origin;
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) problems.push(`request to another host: ${url}`);
  });
  return { page, problems };
}

/** On /search: the Transcript Upload tab, a file, a destination, Analyze, and the report's heading. */
export async function analyzeTranscriptInBrowser(page: Page, file: string, destination: string, timeout = 60_000): Promise<void> {
  await page.goto('/search');
  await page.getByRole('tab', { name: 'Transcript Upload' }).click();
  await page.getByLabel('Transcript file').setInputFiles(file);
  await chooseSchool(page, 'Transferring to', destination, destination);
  await page.getByRole('button', { name: 'Analyze Transcript' }).click();
  await page.getByRole('heading', { name: 'Your transfer report' }).waitFor({ timeout });
}
