import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { grantAdminToListedEmails } from './auth/admin-emails';
import { createAuth } from './auth/auth';
import { openDatabase, type Database } from './db/client';
import { migrate } from './db/migrate';
import type { AppConfig } from './env';
import type { AppDeps } from './http/app-env';
import { createLogger, type Logger } from './logger';
import { createMailer } from './mail/mailer';
import type { FileStorage } from './storage/file-storage';
import { LocalDiskStorage } from './storage/local-disk-storage';
import { S3Storage } from './storage/s3-storage';

export const APP_VERSION: string = (
  JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string }
).version;

/**
 * Without BETTER_AUTH_SECRET (development only; production refuses to start) a random secret is generated once
 * and kept in the database, so sessions survive restarts and every instance on one database agrees.
 */
async function resolveAuthSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db.query(`insert into app_meta (key, value) values ('auth_secret', $1) on conflict (key) do nothing`, [
    randomBytes(32).toString('base64url'),
  ]);
  const [row] = await db.query<{ value: string }>(`select value from app_meta where key = 'auth_secret'`);
  if (!row) throw new Error('Could not read the generated auth secret');
  return row.value;
}

function createStorage(config: AppConfig, signingSecret: string): FileStorage {
  if (config.storage.driver === 's3') {
    return new S3Storage({ ...config.storage.s3, bucket: config.storage.s3.bucket ?? '' });
  }
  return new LocalDiskStorage(join(config.dataDir, 'files'), config.appUrl, signingSecret);
}

/** Opens the database (migrated), identity, storage and mail: everything the app and the commands need. */
export async function startServices(config: AppConfig, options: { logger?: Logger; db?: Database } = {}): Promise<AppDeps> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const db = options.db ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  try {
    const applied = await migrate(db);
    if (applied.length > 0) logger.info('db_migrated', { applied });
    const secret = await resolveAuthSecret(db, config.authSecret);
    const mailer = createMailer({ db, smtpUrl: config.mail.smtpUrl, from: config.mail.from, logger });
    const auth = createAuth({
      db,
      secret,
      appUrl: config.appUrl,
      isProduction: config.isProduction,
      adminEmails: config.adminEmails,
      mailer,
      logger,
      oidc: config.oidc,
    });
    await grantAdminToListedEmails(db, config.adminEmails, logger);
    const storage = createStorage(config, secret);
    return { config, db, auth, storage, mailer, logger, version: APP_VERSION };
  } catch (error) {
    await db.close();
    throw error;
  }
}
