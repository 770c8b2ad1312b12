/**
 * `npm start` runs this first (plain JavaScript: nothing compiles TypeScript at run time). It builds what is missing or
 * older than its sources, so a second start is instant and a fresh checkout still works with one command:
 * - the web app (Vite) into dist/web;
 * - the server (esbuild, ~1 s) into dist/server: main.js, and the worker threads' entries beside it
 *   (read-transcript.worker.js, pdf-pages.worker.js), with source maps so errors name the TypeScript lines. Packages
 *   stay imports from node_modules; every module keeps its own location (support/bundle-our-code.mjs), so the
 *   migrations, reference-data/ and dist/web are found as from the sources.
 * `node scripts/build-if-needed.mjs server` or `web` builds one of them only.
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { BUNDLE_OPTIONS } from './support/bundle-our-code.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv[2];

function newestModification(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestModification(join(path, entry))), info.mtimeMs);
}

/** True when `output` is missing or older than any of `sources` (files or folders, relative to the repository). */
function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const builtAt = statSync(output).mtimeMs;
  return sources.map((path) => join(root, path)).filter(existsSync).some((path) => newestModification(path) > builtAt);
}

const WEB_INDEX = join(root, 'dist/web/index.html');
if (only !== 'server' && isStale(WEB_INDEX, ['src/web', 'src/shared', 'public', 'vite.config.ts', 'package.json'])) {
  console.log('Building the web app…');
  // Always a production build, even when started from a test runner that sets NODE_ENV=test.
  execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}

const SERVER_OUT = join(root, 'dist/server');
const SERVER_MAIN = join(SERVER_OUT, 'main.js');
/** Worker threads started from a module next to their entry (start-worker.ts): built beside main.js. */
const WORKER_ENTRIES = ['src/server/features/transcripts/reader/read-transcript.worker.ts', 'src/server/features/transcripts/reader/pdf-pages.worker.ts'];

if (only !== 'web' && isStale(SERVER_MAIN, ['src/server', 'src/shared', 'package.json', 'scripts/build-if-needed.mjs', 'scripts/support/bundle-our-code.mjs'])) {
  console.log('Building the server…');
  const { outputFiles } = await build({
    ...BUNDLE_OPTIONS,
    entryPoints: ['src/server/main.ts', ...WORKER_ENTRIES].map((entry) => join(root, entry)),
    outdir: SERVER_OUT,
    entryNames: '[name]',
    sourcemap: 'linked',
  });
  await mkdir(SERVER_OUT, { recursive: true });
  // Each file written aside and renamed over the last one, main.js last: a build started at the same moment (two test
  // runs) never leaves half a file, and main.js is only newer than its sources once everything beside it is written.
  const ordered = [...outputFiles.filter((file) => file.path !== SERVER_MAIN), ...outputFiles.filter((file) => file.path === SERVER_MAIN)];
  for (const file of ordered) {
    await writeFile(`${file.path}.${process.pid}.tmp`, file.contents);
    await rename(`${file.path}.${process.pid}.tmp`, file.path);
  }
}
