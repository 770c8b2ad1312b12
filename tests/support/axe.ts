import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';

const axePath = createRequire(import.meta.url).resolve('axe-core');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/**
 * A browser context where axe-core can be injected: axe goes in as an inline script, which the site's CSP (rightly)
 * refuses, so this context alone bypasses the CSP.
 */
export function axeContext(browser: Browser, baseUrl: string, viewport: { width: number; height: number }): Promise<BrowserContext> {
  return browser.newContext({ viewport, baseURL: baseUrl, bypassCSP: true });
}

/** axe-core's serious and critical violations on the page as it is now, one line each: "where: rule (impact) help at nodes". */
export async function seriousAxeViolations(page: Page, where: string): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map((node) => ({ target: node.target, failureSummary: node.failureSummary })) }));
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${where}: ${violation.id} (${violation.impact}) ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
