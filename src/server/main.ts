import { serve } from '@hono/node-server';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createApp } from './app';
import { startServices } from './bootstrap';
import { DataDirLockedError } from './db/data-dir-lock';
import { seedDemoData, type DemoAccount } from './db/seed/seed-demo';
import { ConfigError, loadConfig, type AppConfig } from './env';
import { terminateTranscriptWorker } from './features/transcripts';
import { JOB_HANDLERS, PERIODIC_TASKS } from './jobs/job-handlers';
import { createJobRunner } from './jobs/job-runner';
import { demoReferenceSets, loadDemoReferenceData } from './reference-data/demo-reference-load';
import { UnknownReferenceSetError } from './reference-data/reference-sets';

/** Where a demo account's owner reads a password-reset mail on this server (docs/decisions/140). */
function whereResetMailIs(config: AppConfig): string {
  if (config.mail.smtpUrl) return 'the mail arrives through SMTP_URL';
  if (config.devOutbox) return `open the mail at ${config.appUrl}/api/dev/outbox on this machine`;
  return 'the mail waits in the outbox, which this server does not serve (it is not development-only: set SMTP_URL, or DEV_OUTBOX=true on a server only this machine reaches)';
}

/** The demo accounts, once: a password is shown only by the start that made it (it is stored nowhere but as a hash). */
function printDemoAccounts(accounts: DemoAccount[], config: AppConfig) {
  if (accounts.length === 0) return;
  const created = accounts.filter((account) => account.password);
  if (created.length > 0) {
    console.log('\nDemo sign-in accounts, made now with these passwords (shown this once; not created when NODE_ENV=production):');
    const width = Math.max(...created.map((account) => account.email.length));
    for (const account of created) console.log(`  ${account.role.padEnd(8)} ${account.email.padEnd(width)}  password: ${account.password}`);
  }
  const earlier = accounts.filter((account) => !account.password);
  if (earlier.length > 0) {
    console.log(
      `\nDemo sign-in accounts: ${earlier.map((account) => account.email).join(', ')} (passwords shown at the first start; ` +
        `to set a new one use "Forgot password": ${whereResetMailIs(config)}).`,
    );
  }
  console.log('');
}

async function main() {
  const config = loadConfig();
  // Named before anything starts, so a wrong DEMO_REFERENCE_SETS stops the start at once, naming the known sets.
  const demoSets = config.seedDemo ? demoReferenceSets(config.demoReferenceSets) : [];
  const deps = await startServices(config);
  const { logger, db } = deps;
  if (config.seedDemo) printDemoAccounts(await seedDemoData(deps), config);
  // `npm start` builds the web app first; started directly without a build, the server answers the API only.
  const webRoot = resolve(import.meta.dirname, '../../dist/web');
  const hasWebBuild = existsSync(resolve(webRoot, 'index.html'));
  if (!hasWebBuild) logger.warn('web_app_not_built', { hint: 'run npm run build (npm start does it for you); serving the API only' });
  const { app, requestsInFlight } = createApp(deps, { webRoot: hasWebBuild ? webRoot : undefined });
  const jobs = createJobRunner(deps, { workers: config.jobWorkers, handlers: JOB_HANDLERS, periodic: PERIODIC_TASKS });
  jobs.start();
  const demoLoad = new AbortController();
  let demoLoading: Promise<void> = Promise.resolve();
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info('server_started', { port: info.port, host: config.host, database: db.kind, storage: deps.storage.kind, url: config.appUrl });
    const reach = config.host === '127.0.0.1' || config.host === 'localhost' ? ', this machine only: set HOST=0.0.0.0 to open it to the network' : '';
    console.log(`Crosswalk is running at ${config.appUrl} (listening on ${config.host}${reach}; database: ${db.kind}, storage: ${deps.storage.kind})`);
    demoLoading = loadDemoReferenceData({
      deps,
      sets: demoSets,
      say: (line) => console.log(line),
      signal: demoLoad.signal,
      // People first: each transaction of the load waits until no request is being answered (at most 2 s).
      betweenTransactions: () => requestsInFlight.quiet(2000),
    }).catch((error: unknown) =>
      logger.error('demo_data_not_loaded', { message: error instanceof Error ? error.message : String(error) }),
    );
  });

  // Graceful shutdown: stop taking requests, let those in flight finish, then close the database.
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('server_stopping', { signal });
    const force = setTimeout(() => process.exit(1), 25_000);
    force.unref();
    demoLoad.abort();
    server.close(() => {
      void demoLoading
        .then(() => jobs.stop())
        .then(() => terminateTranscriptWorker())
        .then(() => db.close())
        .then(() => process.exit(0));
    });
    if ('closeIdleConnections' in server) (server as { closeIdleConnections(): void }).closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`Crosswalk cannot start. ${error.message}`);
  } else if (error instanceof UnknownReferenceSetError) {
    console.error(`Crosswalk cannot start. DEMO_REFERENCE_SETS: ${error.message}`);
  } else {
    console.error('Crosswalk cannot start:', error);
  }
  process.exit(1);
});
