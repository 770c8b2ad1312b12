import { z } from 'zod';
import { isLoopbackHost } from './http/loopback';

/**
 * The only reader of process.env. Every setting is parsed and validated once at start;
 * a bad value stops the start with a message naming the variable.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalUrl = z.url().optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Unset: 127.0.0.1 (this machine only) outside production, every interface in production (see buildConfig).
  HOST: z.string().min(1).optional(),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  // Unset: true outside production, false in production (demo courses have made-up offerings).
  SEED_DEMO: booleanFlag.optional(),
  // The reference-data sets the demo loads in the background on first start: all, none, or names (npm run data:list).
  DEMO_REFERENCE_SETS: z
    .string()
    .default('all')
    .transform((value) =>
      value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  TRUSTED_PROXY_HEADER: z.string().min(1).optional(),
  // Unset: on only for a development server that nothing but this machine can reach (see devOutboxByDefault).
  DEV_OUTBOX: booleanFlag.optional(),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(true),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Crosswalk <no-reply@crosswalk.local>'),
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  CONTACT_EMAIL: z.email().default('hello@crosswalk.education'),
  CONTACT_PHONE: z.string().default('(555) 010-2025'),
  CONTACT_SOCIAL: z.string().default('@crosswalkedu'),
  STUDENT_PORTAL_ENABLED: booleanFlag.default(true),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  JOB_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
});

/** Every variable the server reads (.env.example lists each one: env.test.ts checks). */
export const ENV_VARIABLES = Object.keys(envSchema.shape);

export type AppConfig = ReturnType<typeof buildConfig>;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * The mail outbox (every password-reset link, so every account) is served only by a development server that nothing
 * but this machine can reach: it listens on loopback, is addressed as this machine (APP_URL), and has no proxy in front
 * (TRUSTED_PROXY_HEADER unset). Behind a proxy on the same machine every request arrives from 127.0.0.1, so the socket
 * alone cannot tell the developer from anyone the proxy forwards (issue 37). Anything else needs DEV_OUTBOX=true.
 */
function devOutboxByDefault(parsed: z.infer<typeof envSchema>, host: string, appUrl: string): boolean {
  return parsed.NODE_ENV !== 'production' && !parsed.TRUSTED_PROXY_HEADER && isLoopbackHost(host) && isLoopbackHost(new URL(appUrl).hostname);
}

function buildConfig(parsed: z.infer<typeof envSchema>) {
  const appUrl = (parsed.APP_URL ?? `http://localhost:${parsed.PORT === 0 ? 3000 : parsed.PORT}`).replace(/\/$/, '');
  const isProduction = parsed.NODE_ENV === 'production';
  const host = parsed.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1');
  return {
    nodeEnv: parsed.NODE_ENV,
    isProduction,
    port: parsed.PORT,
    // Safe by default: a development server started on a machine with a public address is not published by it.
    host,
    appUrl,
    dataDir: parsed.DATA_DIR,
    databaseUrl: parsed.DATABASE_URL,
    seedDemo: parsed.SEED_DEMO ?? !isProduction,
    /** Names of reference sets (or `all`, or `none`) the demo loads on first start. */
    demoReferenceSets: parsed.DEMO_REFERENCE_SETS.includes('none') ? [] : parsed.DEMO_REFERENCE_SETS,
    authSecret: parsed.BETTER_AUTH_SECRET,
    adminEmails: parsed.ADMIN_EMAILS,
    trustedProxyHeader: parsed.TRUSTED_PROXY_HEADER?.toLowerCase(),
    /** Whether GET /api/dev/outbox exists (features/dev): never in production, never behind a proxy. */
    devOutbox: parsed.DEV_OUTBOX ?? devOutboxByDefault(parsed, host, appUrl),
    storage: {
      driver: parsed.STORAGE_DRIVER,
      s3: {
        endpoint: parsed.S3_ENDPOINT,
        region: parsed.S3_REGION,
        bucket: parsed.S3_BUCKET,
        accessKeyId: parsed.S3_ACCESS_KEY_ID,
        secretAccessKey: parsed.S3_SECRET_ACCESS_KEY,
        forcePathStyle: parsed.S3_FORCE_PATH_STYLE,
      },
    },
    mail: { smtpUrl: parsed.SMTP_URL, from: parsed.MAIL_FROM },
    oidc:
      parsed.OIDC_ISSUER && parsed.OIDC_CLIENT_ID
        ? { issuer: parsed.OIDC_ISSUER, clientId: parsed.OIDC_CLIENT_ID, clientSecret: parsed.OIDC_CLIENT_SECRET ?? '' }
        : null,
    contact: { email: parsed.CONTACT_EMAIL, phone: parsed.CONTACT_PHONE, social: parsed.CONTACT_SOCIAL },
    studentPortalEnabled: parsed.STUDENT_PORTAL_ENABLED,
    logLevel: parsed.LOG_LEVEL,
    jobWorkers: parsed.JOB_WORKERS,
  };
}

/** Parses an environment (process.env by default); throws ConfigError naming each bad variable. */
export function loadConfig(environment: Record<string, string | undefined> = process.env): AppConfig {
  // Empty strings mean "not set", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const config = buildConfig(result.data);
  const problems: string[] = [];
  if (config.storage.driver === 's3' && !config.storage.s3.bucket) problems.push('S3_BUCKET: required when STORAGE_DRIVER=s3');
  if (config.isProduction && !config.authSecret) problems.push('BETTER_AUTH_SECRET: required when NODE_ENV=production');
  if (config.devOutbox && config.isProduction) problems.push('DEV_OUTBOX: the mail outbox is never served in production; set SMTP_URL to send mail');
  if (config.devOutbox && config.trustedProxyHeader) {
    problems.push('DEV_OUTBOX: cannot be true while TRUSTED_PROXY_HEADER is set (behind a proxy every request comes from this machine, so the outbox would answer anyone); set SMTP_URL to send mail');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
