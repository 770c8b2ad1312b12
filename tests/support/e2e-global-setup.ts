import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

const root = resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Starts the real product (built web app, API, embedded database with demo data) once for the browser tests. */
export default async function setup(project: TestProject) {
  execSync('npx tsx scripts/build-web-if-needed.ts', { cwd: root, stdio: 'inherit' });
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'crosswalk-e2e-'));
  const baseUrl = `http://localhost:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), DATA_DIR: dataDir, APP_URL: baseUrl, LOG_LEVEL: 'warn', SEED_DEMO: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited during start:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not start in time:\n${output}`);
    await new Promise((done) => setTimeout(done, 250));
  }
  project.provide('baseUrl', baseUrl);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
