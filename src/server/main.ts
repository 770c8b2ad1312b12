import { serve } from '@hono/node-server';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createApp } from './app';
import { startServices } from './bootstrap';
import { DataDirLockedError } from './db/data-dir-lock';
import { seedDemoData } from './db/seed/seed-demo';
import { ConfigError, loadConfig } from './env';
import { terminateTranscriptWorker } from './features/transcripts';
import { JOB_HANDLERS, PERIODIC_TASKS } from './jobs/job-handlers';
import { createJobRunner } from './jobs/job-runner';

async function main() {
  const config = loadConfig();
  const deps = await startServices(config);
  const { logger, db } = deps;
  if (config.seedDemo) {
    const accounts = await seedDemoData(deps);
    if (accounts.length > 0) {
      console.log('\nDemo sign-in accounts (not created when NODE_ENV=production):');
      for (const account of accounts) console.log(`  ${account.role.padEnd(8)} ${account.email}  password: ${account.password}`);
      console.log('');
    }
  }
  // `npm start` builds the web app first; started directly without a build, the server answers the API only.
  const webRoot = resolve(import.meta.dirname, '../../dist/web');
  const hasWebBuild = existsSync(resolve(webRoot, 'index.html'));
  if (!hasWebBuild) logger.warn('web_app_not_built', { hint: 'run npm run build (npm start does it for you); serving the API only' });
  const { app } = createApp(deps, { webRoot: hasWebBuild ? webRoot : undefined });
  const jobs = createJobRunner(deps, { workers: config.jobWorkers, handlers: JOB_HANDLERS, periodic: PERIODIC_TASKS });
  jobs.start();
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info('server_started', { port: info.port, database: db.kind, storage: deps.storage.kind, url: config.appUrl });
    console.log(`Crosswalk is running at ${config.appUrl} (database: ${db.kind}, storage: ${deps.storage.kind})`);
  });

  // Graceful shutdown: stop taking requests, let those in flight finish, then close the database.
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('server_stopping', { signal });
    const force = setTimeout(() => process.exit(1), 25_000);
    force.unref();
    server.close(() => {
      void jobs
        .stop()
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
  } else {
    console.error('Crosswalk cannot start:', error);
  }
  process.exit(1);
});
