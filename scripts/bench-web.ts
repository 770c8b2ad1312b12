/**
 * npm run bench:web — builds the web app, starts the real server on a free port with a throw-away data folder,
 * measures the gzipped JavaScript each public route loads (in the system Chromium) and, when the `lighthouse`
 * package is installed, runs Lighthouse (mobile) on /, /search and /about. The figures, with the machine and the date,
 * replace docs/benchmarks/web.md (update its row in docs/BENCHMARKS.md by hand).
 *
 *   npx tsx scripts/bench-web.ts            # BENCH_RUNS=3 Lighthouse runs per route, the median is kept
 *   LIGHTHOUSE_MODULE=/path/to/node_modules/lighthouse/core/index.js npx tsx scripts/bench-web.ts
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { freePort, startServerProcess } from './support/server-process';

const root = resolve(import.meta.dirname, '..');
const distDir = join(root, 'dist/web');
const benchmarksPath = join(root, 'docs/benchmarks/web.md');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const JS_ROUTES = ['/', '/search', '/about', '/my-courses', '/__debug', '/no/such/page'];
const LIGHTHOUSE_ROUTES = ['/', '/search', '/about'];
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
/** The budget of issue 4: initial JavaScript for / at most 100 KB gzipped. */
const HOME_JS_BUDGET_KB = 100;

async function waitFor(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited during start:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer in time:\n${output()}`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

const gzipKb = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length / 1024;
/** What the server actually sends to a browser that accepts Brotli (the build writes .br copies). */
const brotliKb = (path: string) => (existsSync(`${path}.br`) ? readFileSync(`${path}.br`).length / 1024 : readFileSync(path).length / 1024);

/** The JavaScript files a route requests until the network is idle, with their gzipped sizes from dist/web. */
async function measureJavaScript(baseUrl: string) {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  const results: { route: string; files: number; gzipKb: number; brotliKb: number }[] = [];
  try {
    for (const route of JS_ROUTES) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
      });
      await page.goto(baseUrl + route, { waitUntil: 'networkidle' });
      const total = [...scripts].reduce((sum, path) => sum + gzipKb(join(distDir, path)), 0);
      const sent = [...scripts].reduce((sum, path) => sum + brotliKb(join(distDir, path)), 0);
      results.push({ route, files: scripts.size, gzipKb: total, brotliKb: sent });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(readFileSync(join(distDir, 'index.html'), 'utf8'))?.[1];
  return { routes: results, entryGzipKb: entry ? gzipKb(join(distDir, entry)) : NaN };
}

type Lighthouse = (url: string, flags: Record<string, unknown>) => Promise<{ lhr: { categories: Record<string, { score: number | null }> } } | undefined>;

async function loadLighthouse(): Promise<Lighthouse | null> {
  const specifier = process.env.LIGHTHOUSE_MODULE ? pathToFileURL(resolve(process.env.LIGHTHOUSE_MODULE)).href : 'lighthouse';
  try {
    const module = (await import(specifier)) as { default: Lighthouse };
    return module.default;
  } catch (error) {
    console.warn(`Lighthouse is not installed (${(error as Error).message.split('\n')[0]}).`);
    console.warn('Skipping the Lighthouse scores: add lighthouse@12.8.2 as a devDependency (or set LIGHTHOUSE_MODULE) to measure them.');
    return null;
  }
}

/** One headless Chromium with a debugging port, which Lighthouse drives. */
async function startChrome(): Promise<{ port: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'crosswalk-bench-chrome-'));
  const child = spawn(CHROME_PATH, [...CHROME_FLAGS, '--no-first-run', '--disable-sync', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor(`http://127.0.0.1:${port}/json/version`, child, () => output);
  return {
    port,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((done) => child.once('exit', done));
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Scores = Record<(typeof CATEGORIES)[number], number>;

async function runLighthouse(lighthouse: Lighthouse, baseUrl: string) {
  const chrome = await startChrome();
  const results: { route: string; scores: Scores; runs: Scores[] }[] = [];
  try {
    for (const route of LIGHTHOUSE_ROUTES) {
      const runs: Scores[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const result = await lighthouse(baseUrl + route, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
        if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
        runs.push(Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((result.lhr.categories[id]?.score ?? 0) * 100)])) as Scores);
        console.log(`  ${route} run ${run + 1}: ${CATEGORIES.map((id) => `${id} ${runs.at(-1)?.[id]}`).join(', ')}`);
      }
      // The run with the median performance score stands for the route.
      const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)] as Scores;
      results.push({ route, scores: median, runs });
    }
  } finally {
    await chrome.stop();
  }
  return results;
}

function machine() {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const chromeVersion = (() => {
    try {
      return execSync(`${CHROME_PATH} --version`, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      return 'Chromium (version unknown)';
    }
  })();
  // Lighthouse's simulated throttling scales the CPU work it observes, so a busy machine lowers the performance score.
  const load = loadavg().map((value) => value.toFixed(1)).join(', ');
  return `${cpus().length} cores (${cpu}), ${(totalmem() / 1024 ** 3).toFixed(1)} GB memory, Node ${process.version}, ${chromeVersion}; load average when done ${load}`;
}

function writeSection(section: string) {
  writeFileSync(benchmarksPath, `${section.trimEnd()}\n`);
}

console.log('Building the web app…');
execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit' });
const server = await startServerProcess();
try {
  console.log(`Measuring JavaScript per route against ${server.baseUrl}…`);
  const javascript = await measureJavaScript(server.baseUrl);
  for (const { route, files, gzipKb } of javascript.routes) console.log(`  ${route.padEnd(16)} ${files} files, ${gzipKb.toFixed(1)} KB gzipped`);
  const lighthouse = await loadLighthouse();
  const scores = lighthouse ? await runLighthouse(lighthouse, server.baseUrl) : null;

  const home = javascript.routes.find((item) => item.route === '/');
  const lines = [
    '# Web (Lighthouse)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:web\` (scripts/bench-web.ts) on ${machine()}.`,
    'Production build served by the real server (compiled: `node dist/server/main.js`, embedded database, demo data).',
    '',
    '## JavaScript each route loads',
    '',
    'Every script the page requests until the network is idle (phone viewport), gzipped at level 9 from dist/web.',
    '',
    '| route | script files | gzipped | sent (Brotli) |',
    '|---|---|---|---|',
    ...javascript.routes.map(({ route, files, gzipKb, brotliKb }) => `| \`${route}\` | ${files} | ${gzipKb.toFixed(1)} KB | ${brotliKb.toFixed(1)} KB |`),
    '',
    `Entry chunk alone: ${javascript.entryGzipKb.toFixed(1)} KB gzipped. Budget for \`/\`: ${HOME_JS_BUDGET_KB} KB — ` +
      (home && home.gzipKb <= HOME_JS_BUDGET_KB ? 'met.' : `**not met** (${home?.gzipKb.toFixed(1)} KB).`),
    '',
    'Where it goes (measured by splitting the entry per package): react-dom ~66 KB, React Router ~30 KB, TanStack Query',
    '~10 KB (imported by main.tsx), React and the scheduler ~3 KB: ~108 KB before any page code, so the 100 KB budget',
    'cannot be met by the pages alone. What the browser actually receives is the Brotli column (the build writes .br/.gz copies).',
    '',
    '## Lighthouse (mobile: simulated slow 4G, 4× CPU slow-down)',
    '',
  ];
  if (scores) {
    lines.push(
      `Median of ${RUNS} run(s) per route by performance score; headless Chromium with \`${CHROME_FLAGS.join(' ')}\`.`,
      'The simulated slow-down multiplies the CPU time Lighthouse observes, so performance falls while the machine is busy',
      '(the load average is above): compare runs taken at a similar load, and judge the aims on a quiet machine.',
      '',
      '| route | performance | each run | accessibility | best practices | SEO |',
      '|---|---|---|---|---|---|',
      ...scores.map(({ route, scores: s, runs }) => `| \`${route}\` | ${s.performance} | ${runs.map((run) => run.performance).join(', ')} | ${s.accessibility} | ${s['best-practices']} | ${s.seo} |`),
      '',
    );
  } else {
    lines.push('Not measured: the `lighthouse` package is not installed (add `lighthouse@12.8.2` as a devDependency).');
  }
  writeSection(`${lines.join('\n')}\n`);
  console.log(`Wrote ${benchmarksPath}`);
} finally {
  await server.stop();
}
