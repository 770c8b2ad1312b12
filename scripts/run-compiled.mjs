/**
 * `node scripts/run-compiled.mjs scripts/NAME.ts [args…]`: bundles a command's TypeScript into one JavaScript file
 * (esbuild, ~0.1 s; packages stay imports) and runs it in this process. Used by the commands whose memory is measured
 * (`npm run import`, `npm run bench:import`): under tsx, Node keeps a loader thread and its compiler (~60 MB before the
 * first row is read). The bundle sees the command's own path as process.argv[1], so a command that re-runs itself in a
 * child process (bench:import) runs the bundle again.
 *
 * package.json starts both with `--heap-growing-percent=20`: an import allocates ~100 MB a second that dies within a
 * batch or two, yet lives long enough to be promoted, and V8 by default lets the old generation grow to ~100 MB before
 * collecting it (less than 20 MB of it is alive). Collecting at 1.2 × what survived the last full collection took a
 * 1,000,000-row import's peak from ~360-400 MB to ~295 MB at the same speed (docs/BENCHMARKS.md). And with
 * `--max-semi-space-size=4` (MB; V8's default is up to 16 for each of the young generation's halves, in the main
 * thread and in the embedded database's thread alike) the embedded 1,000,000-row import peaked at 318-335 MB against
 * 369-390, at the same speed (53.1 / 53.0 s against 57.0 / 50.6 s, alternating runs).
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { BUNDLE_OPTIONS } from './support/bundle-our-code.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('Usage: node scripts/run-compiled.mjs scripts/NAME.ts [args…]');
  process.exit(2);
}

const entryPath = resolve(root, entry);
const outfile = join(root, 'node_modules/.cache/crosswalk-commands', `${relative(root, entryPath).replace(/[/\\]/g, '__').replace(/\.ts$/, '')}.mjs`);

const { outputFiles } = await build({ ...BUNDLE_OPTIONS, entryPoints: [entryPath], outfile, sourcemap: 'inline' });
// Written aside and renamed over the last bundle, so a command started at the same moment never reads half a file.
await mkdir(dirname(outfile), { recursive: true });
await writeFile(`${outfile}.${process.pid}.tmp`, outputFiles[0].contents);
await rename(`${outfile}.${process.pid}.tmp`, outfile);

process.setSourceMapsEnabled(true); // errors name the TypeScript lines
process.argv = [process.argv[0], outfile, ...args];
await import(pathToFileURL(outfile).href);
