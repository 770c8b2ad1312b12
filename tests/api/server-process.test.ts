import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'crosswalk-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The real server process on the embedded database, without the web build (API only). */
async function startServer(port: number, extraEnv: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number, child: ChildProcess, output: () => string) {
  for (let attempt = 0; attempt < 240; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`server did not start: ${output()}`);
}

describe('the server process', () => {
  it('refuses a second process on the same data folder, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const first = await startServer(port);
    await waitForHealth(port, first.child, first.output);

    const second = await startServer(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('already open in another process');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dataDir, 'crosswalk.lock'))).toBe(false);

    // The folder opens again after a clean stop.
    const third = await startServer(port);
    await waitForHealth(port, third.child, third.output);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 120_000);

  it('stops at once with a message naming a bad setting', async () => {
    const bad = await startServer(await freePort(), { PORT: 'eighty' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('PORT');
  }, 60_000);
});
