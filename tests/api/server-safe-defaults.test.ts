import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfNeeded, COMPILED_SERVER_ARGS, demoAccountsFromBanner } from '../../scripts/support/compiled-server';
import { openDatabase } from '../../src/server/db/client';

// The compiled server as `npm start` runs it, with only the environment a newcomer has (no HOST, no secret in
// development), proving the safe defaults from outside: the interface it listens on, the outbox, production.
const root = resolve(import.meta.dirname, '../..');
const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));
beforeAll(() => {
  if (process.env.TEST_DB !== 'postgres') buildIfNeeded('server');
}, 120_000);

/** This machine's first address that is not loopback, to call the server as another machine on the network would. */
const networkAddress = Object.values(networkInterfaces())
  .flat()
  .find((item) => item && item.family === 'IPv4' && !item.internal)?.address;

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startServer(env: Record<string, string>, dataDir = mkdtempSync(join(tmpdir(), 'crosswalk-safe-'))) {
  folders.push(dataDir);
  const port = await freePort();
  const clean: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['HOST', 'NODE_ENV', 'BETTER_AUTH_SECRET', 'SEED_DEMO', 'DATABASE_URL', 'TRUSTED_PROXY_HEADER', 'DEV_OUTBOX', 'APP_URL', 'SMTP_URL']) delete clean[name];
  const child = spawn(process.execPath, COMPILED_SERVER_ARGS, {
    cwd: root,
    env: { ...clean, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_REFERENCE_SETS: 'none', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  const ready = async () => {
    for (let attempt = 0; attempt < 480; attempt++) {
      if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
      if (await fetch(`http://127.0.0.1:${port}/api/health`).then((response) => response.ok, () => false)) return;
      await new Promise((done) => setTimeout(done, 250));
    }
    throw new Error(`server did not start: ${output}`);
  };
  return { port, dataDir, exited, stop, ready, output: () => output };
}

// These start servers of their own on the embedded database: run once, not again in the PostgreSQL pass.
const onEmbeddedPass = process.env.TEST_DB !== 'postgres';

describe.runIf(onEmbeddedPass)('npm start with no settings (development)', () => {
  it('listens on this machine only, prints the demo accounts’ generated passwords once, and they sign in', async () => {
    const server = await startServer({});
    try {
      await server.ready();
      expect(server.output()).toContain('listening on 127.0.0.1, this machine only');
      if (networkAddress) await expect(fetch(`http://${networkAddress}:${server.port}/api/health`)).rejects.toThrow();
      const accounts = demoAccountsFromBanner(server.output());
      expect(accounts.map((account) => account.email)).toEqual(['student@crosswalk.demo', 'admin@crosswalk.demo']);
      const signIn = await fetch(`http://127.0.0.1:${server.port}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://localhost:${server.port}` },
        body: JSON.stringify({ email: accounts[0]!.email, password: accounts[0]!.password }),
      });
      expect(signIn.status).toBe(200);
    } finally {
      await server.stop();
    }
    // The next start knows no password, so it prints none.
    const again = await startServer({}, server.dataDir);
    try {
      await again.ready();
      expect(demoAccountsFromBanner(again.output())).toEqual([]);
      expect(again.output()).toContain('passwords shown at the first start');
    } finally {
      await again.stop();
    }
  }, 240_000);

  it.skipIf(!networkAddress)('with HOST=0.0.0.0 there is no outbox unless asked for, and then it answers only this machine', async () => {
    const published = await startServer({ HOST: '0.0.0.0', SEED_DEMO: 'false' });
    try {
      await published.ready();
      expect((await fetch(`http://127.0.0.1:${published.port}/api/dev/outbox`)).status).toBe(404);
    } finally {
      await published.stop();
    }
    const server = await startServer({ HOST: '0.0.0.0', SEED_DEMO: 'false', DEV_OUTBOX: 'true' });
    try {
      await server.ready();
      expect((await fetch(`http://127.0.0.1:${server.port}/api/dev/outbox`)).status).toBe(200);
      const fromNetwork = await fetch(`http://${networkAddress}:${server.port}/api/dev/outbox`, { headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(fromNetwork.status).toBe(404);
      expect((await fetch(`http://${networkAddress}:${server.port}/api/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 240_000);

  it('behind a proxy on this machine (TRUSTED_PROXY_HEADER set, no NODE_ENV) serves no outbox, even to 127.0.0.1', async () => {
    const server = await startServer({ SEED_DEMO: 'false', TRUSTED_PROXY_HEADER: 'x-forwarded-for' });
    try {
      await server.ready();
      expect((await fetch(`http://127.0.0.1:${server.port}/api/dev/outbox`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${server.port}/api/dev/outbox`)).status).toBe(404);
    } finally {
      await server.stop();
    }
    const refused = await startServer({ SEED_DEMO: 'false', TRUSTED_PROXY_HEADER: 'x-forwarded-for', DEV_OUTBOX: 'true' });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('DEV_OUTBOX: cannot be true while TRUSTED_PROXY_HEADER is set');
  }, 240_000);
});

describe.runIf(onEmbeddedPass)('NODE_ENV=production', () => {
  it('refuses to start without BETTER_AUTH_SECRET', async () => {
    const server = await startServer({ NODE_ENV: 'production' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('BETTER_AUTH_SECRET: required when NODE_ENV=production');
  }, 120_000);

  it('makes no demo account even when asked for demo data, and has no outbox', async () => {
    const server = await startServer({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'a-production-secret-that-is-long-enough', SEED_DEMO: 'true', HOST: '127.0.0.1' });
    try {
      await server.ready();
      expect(server.output()).not.toContain('Demo sign-in accounts');
      expect((await fetch(`http://127.0.0.1:${server.port}/api/dev/outbox`)).status).toBe(404);
    } finally {
      await server.stop();
    }
    const db = await openDatabase({ dataDir: server.dataDir });
    try {
      expect(await db.query(`select email from "user"`)).toEqual([]);
    } finally {
      await db.close();
    }
  }, 240_000);
});
