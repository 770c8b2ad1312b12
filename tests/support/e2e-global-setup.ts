import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildIfNeeded, COMPILED_SERVER_ARGS, DEMO_DATA_LOADED, demoAccountsFromBanner } from '../../scripts/support/compiled-server';
import { startMailSink } from './mail-sink';
import { startTestOidcProvider } from './oidc-provider';
import { secretFromTotpUri, totpCode } from './totp';

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
    /** Every mail the server sent, as its recipients' mail server got it: `GET …?to=EMAIL` lists them, newest first. */
    mailSinkUrl: string;
    /** A staff e-mail the school's (test) identity provider signs in, listed in ADMIN_EMAILS. */
    ssoAdminEmail: string;
    /** Admins made as the product makes them (ADMIN_EMAILS, then TOTP set up): one per test file that needs one. */
    admins: E2eAdmin[];
    /** The demo student, with the password the server generated and printed at its first start. */
    demoStudent: { email: string; password: string };
  }
}

export interface E2eAdmin {
  email: string;
  password: string;
  /** The TOTP secret, for answering the second-factor code at sign-in. */
  secret: string;
  /**
   * The address this admin signs in from (sent as TRUSTED_PROXY_HEADER): each staff member from their own, as in an
   * office, so the per-address limit on code checks (10 a minute) counts one admin's sign-ins, not every test file's.
   */
  clientAddress: string;
}

export const SSO_ADMIN_EMAIL = 'sso-admin@school.edu';
const E2E_ADMIN_EMAILS = Array.from({ length: 8 }, (_, index) => `e2e-admin-${index + 1}@school.edu`);

/**
 * The reference sets the browser tests' demo loads (DEMO_REFERENCE_SETS): the national school directory (every school
 * a picker offers), the catalogues their searches were written against, the programs the degree-progress test reads,
 * the statewide inventory, the Wisconsin rules and Louisiana's matrix the example searches answer from, and the Delgado -> UNO pilot a
 * Louisiana search answers from and whose elective and general-education credit the verdict examples show (this file
 * waits for them: minutes of background load on a busy machine). The whole demo (every set) is `npm start`'s; it is
 * not needed here and would make every run longer still.
 */
const E2E_REFERENCE_SETS =
  'institutions,catalog-ufl,catalog-fiu,catalog-udel,catalog-usf-sample,programs-florida-gen-ed-core,programs-ohio-state,florida-statewide-inventory,wisconsin-transfer-rules,programs-louisiana-dcc-uno,louisiana-common-course-matrix';

/** Starts the real product as `npm start` does (compiled server, built web app, embedded database, demo data) once. */
export default async function setup(project: TestProject) {
  buildIfNeeded();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'crosswalk-e2e-'));
  const baseUrl = `http://localhost:${port}`;
  // The school's identity provider for Admin Login: a real OpenID Connect server on this machine.
  const oidc = await startTestOidcProvider({
    clientId: 'crosswalk-e2e',
    clientSecret: 'crosswalk-e2e-client-secret',
    redirectUri: `${baseUrl}/api/auth/callback/school-sso`,
  });
  // The school's mail server: the server below sits behind a trusted proxy header, so it serves no outbox.
  const mail = await startMailSink();
  const server: ChildProcess = spawn(process.execPath, COMPILED_SERVER_ARGS, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: baseUrl,
      // Info: each background job's kind and duration is in the server log kept below (a slow analysis is explained).
      LOG_LEVEL: 'info',
      SEED_DEMO: 'true',
      DEMO_REFERENCE_SETS: E2E_REFERENCE_SETS,
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: 'crosswalk-e2e',
      OIDC_CLIENT_SECRET: 'crosswalk-e2e-client-secret',
      ADMIN_EMAILS: [SSO_ADMIN_EMAIL, ...E2E_ADMIN_EMAILS].join(','),
      // Set-up requests below come from many simulated addresses; the browser sends no such header and is judged by its socket.
      TRUSTED_PROXY_HEADER: 'x-e2e-client-ip',
      SMTP_URL: mail.smtpUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // The server's whole log, kept for reading after a failure: .tmp/test-reports/e2e-server.log.
  mkdirSync(join(root, '.tmp/test-reports'), { recursive: true });
  const log = createWriteStream(join(root, '.tmp/test-reports/e2e-server.log'));
  const keep = (chunk: Buffer) => {
    log.write(chunk);
    // Only the start-up banner is read from memory (demo accounts, "Demo data loaded").
    if (!DEMO_DATA_LOADED.test(output)) output += chunk.toString();
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
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
  // The demo's reference sets load in the background after start: the tests search them, so wait (the Wisconsin rules
  // and the statewide inventory take minutes on a busy machine).
  const dataDeadline = Date.now() + 900_000;
  while (!DEMO_DATA_LOADED.test(output)) {
    if (server.exitCode !== null || Date.now() > dataDeadline) throw new Error(`The demo data did not load in time:\n${output}`);
    await new Promise((done) => setTimeout(done, 250));
  }
  const demoStudent = demoAccountsFromBanner(output).find((account) => account.role === 'student');
  if (!demoStudent) throw new Error(`The start-up banner named no demo student:\n${output}`);
  project.provide('demoStudent', { email: demoStudent.email, password: demoStudent.password });
  project.provide('admins', await Promise.all(E2E_ADMIN_EMAILS.map((email, index) => createAdmin(baseUrl, mail.messagesUrl, email, `10.99.0.${index + 1}`))));
  project.provide('mailSinkUrl', mail.messagesUrl);
  project.provide('baseUrl', baseUrl);
  project.provide('ssoAdminEmail', SSO_ADMIN_EMAIL);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
    log.end();
    await oidc.stop();
    await mail.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * Signs an admin up through the real API, verifies the address from the mailed link (ADMIN_EMAILS needs it) and turns
 * on two-factor, as a new staff member would on first visit.
 */
async function createAdmin(baseUrl: string, mailSinkUrl: string, email: string, clientAddress: string): Promise<E2eAdmin> {
  const password = 'a long staff password';
  const headers = { 'content-type': 'application/json', origin: baseUrl, 'x-e2e-client-ip': clientAddress };
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, { method: 'POST', headers, body: JSON.stringify({ email, password, name: `Staff ${email.split('@')[0]}` }) });
  if (!signUp.ok) throw new Error(`admin sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers.getSetCookie().map((header) => header.split(';')[0]).join('; ');
  // ADMIN_EMAILS gives the role once the address is verified: open the link mailed to it.
  const outbox = (await (await fetch(`${mailSinkUrl}?to=${encodeURIComponent(email)}`)).json()) as { messages: Array<{ text: string }> };
  const link = outbox.messages.map((message) => /https?:\/\/\S*verify-email\S*/.exec(message.text)?.[0]).find(Boolean);
  if (!link) throw new Error(`no verification e-mail for ${email} reached the mail server`);
  const verified = await fetch(link, { redirect: 'manual', headers: { 'x-e2e-client-ip': clientAddress } });
  if (verified.status >= 400) throw new Error(`admin e-mail verification failed: ${verified.status} ${await verified.text()}`);
  const enable = await fetch(`${baseUrl}/api/auth/two-factor/enable`, { method: 'POST', headers: { ...headers, cookie }, body: JSON.stringify({ password }) });
  if (!enable.ok) throw new Error(`admin two-factor enable failed: ${enable.status} ${await enable.text()}`);
  const { totpURI } = (await enable.json()) as { totpURI: string };
  const secret = secretFromTotpUri(totpURI);
  const verify = await fetch(`${baseUrl}/api/auth/two-factor/verify-totp`, { method: 'POST', headers: { ...headers, cookie }, body: JSON.stringify({ code: totpCode(secret) }) });
  if (!verify.ok) throw new Error(`admin two-factor set-up failed: ${verify.status} ${await verify.text()}`);
  return { email, password, secret, clientAddress };
}
