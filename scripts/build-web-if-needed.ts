/**
 * `npm start` builds the web app only when dist/web is missing or older than a source file,
 * so a second start is instant and a fresh checkout still works with one command.
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const builtIndex = join(root, 'dist/web/index.html');

function newestModification(path: string): number {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestModification(join(path, entry))), info.mtimeMs);
}

const sources = ['src/web', 'src/shared', 'public', 'vite.config.ts', 'package.json'].map((path) => join(root, path)).filter(existsSync);
const needsBuild = !existsSync(builtIndex) || sources.some((path) => newestModification(path) > statSync(builtIndex).mtimeMs);
if (needsBuild) {
  console.log('Building the web app…');
  // Always a production build, even when started from a test runner that sets NODE_ENV=test.
  execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
