/** Prints HTML to PDF with the system Chromium, and rasterises PDF pages with poppler's pdftoppm. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';

export async function printToPdf(browser: Browser, html: string): Promise<Buffer> {
  const page = await browser.newPage();
  try {
    await page.setContent(html, { waitUntil: 'load' });
    return await page.pdf({ width: '8.5in', height: '11in', printBackground: true, preferCSSPageSize: true });
  } finally {
    await page.close();
  }
}

/** One page of a PDF as a grayscale PNG at `dpi`. */
export function rasterizePage(pdf: Buffer, page: number, dpi: number): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'layouts-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-f', String(page), '-l', String(page), '-gray', '-png', '-singlefile', join(dir, 'in.pdf'), join(dir, 'page')]);
    return readFileSync(join(dir, 'page.png'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
