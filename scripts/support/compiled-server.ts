/**
 * The server as `npm start` runs it: compiled to JavaScript (scripts/build-if-needed.mjs) and started with node, no
 * TypeScript loader. For the browser tests, the process tests and the benchmarks, which measure what ships.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/** Node's arguments for the compiled server (run with the repository as the working folder). */
export const COMPILED_SERVER_ARGS = ['--enable-source-maps', 'dist/server/main.js'];

/** Builds what is stale: `all` also builds the web app (the browser needs it), `server` only the server. */
export function buildIfNeeded(what: 'all' | 'server' = 'all'): void {
  execFileSync(process.execPath, ['scripts/build-if-needed.mjs', ...(what === 'server' ? ['server'] : [])], { cwd: root, stdio: 'inherit' });
}

/** The one line the server prints once the demo's reference data is in (demo-reference-load.ts). */
export const DEMO_DATA_LOADED = /Demo data loaded in \d+ s/;

/** The demo accounts and their passwords from the start-up banner of a first start (seed-demo.ts, main.ts). */
export function demoAccountsFromBanner(output: string): Array<{ role: string; email: string; password: string }> {
  return [...output.matchAll(/^\s+(\w+)\s+(\S+@\S+)\s+password: (\S+)$/gm)].map(([, role = '', email = '', password = '']) => ({ role, email, password }));
}
