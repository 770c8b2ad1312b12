import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENV_VARIABLES, loadConfig } from './env';

describe('loadConfig', () => {
  it('uses the embedded database in ./data with no configuration', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('./data');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.demoReferenceSets).toEqual(['all']);
  });

  it('safe by default: this machine only and demo data outside production; every interface and no demo data in production', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    const production = loadConfig({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'a-production-secret-of-32-characters!' });
    expect(production.host).toBe('0.0.0.0');
    expect(production.seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'a-production-secret-of-32-characters!', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('serves the mail outbox only on a development server nothing else can reach, or when asked; never in production or behind a proxy', () => {
    const secret = 'a-production-secret-of-32-characters!';
    expect(loadConfig({}).devOutbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', APP_URL: 'http://127.0.0.1:4000' }).devOutbox).toBe(true);
    // Published, or addressed by a public name, or behind a proxy: the outbox needs an explicit opt-in, or is refused.
    expect(loadConfig({ HOST: '0.0.0.0' }).devOutbox).toBe(false);
    expect(loadConfig({ APP_URL: 'https://crosswalk.school.edu' }).devOutbox).toBe(false);
    expect(loadConfig({ TRUSTED_PROXY_HEADER: 'x-real-ip' }).devOutbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', BETTER_AUTH_SECRET: secret }).devOutbox).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', DEV_OUTBOX: 'true' }).devOutbox).toBe(true);
    expect(loadConfig({ DEV_OUTBOX: 'false' }).devOutbox).toBe(false);
    expect(() => loadConfig({ TRUSTED_PROXY_HEADER: 'x-real-ip', DEV_OUTBOX: 'true' })).toThrow(/DEV_OUTBOX: cannot be true while TRUSTED_PROXY_HEADER is set/);
    expect(() => loadConfig({ NODE_ENV: 'production', BETTER_AUTH_SECRET: secret, DEV_OUTBOX: 'true' })).toThrow(/DEV_OUTBOX: the mail outbox is never served in production/);
  });

  it('reads the demo reference sets as a list; none loads nothing', () => {
    expect(loadConfig({ DEMO_REFERENCE_SETS: ' catalog-ufl, wisconsin-transfer-rules ,' }).demoReferenceSets).toEqual(['catalog-ufl', 'wisconsin-transfer-rules']);
    expect(loadConfig({ DEMO_REFERENCE_SETS: 'none' }).demoReferenceSets).toEqual([]);
  });

  it('names the variable that has a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });

  it('requires a bucket for S3 storage and a secret in production', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/BETTER_AUTH_SECRET/);
  });

  it('parses admin e-mails as a trimmed lower-case list', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Dean@School.edu, ,registrar@school.edu' }).adminEmails).toEqual([
      'dean@school.edu',
      'registrar@school.edu',
    ]);
  });

  it('.env.example lists every variable the server reads, and nothing else', () => {
    const example = readFileSync(resolve(import.meta.dirname, '../../.env.example'), 'utf8');
    const listed = [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]);
    expect([...new Set(listed)].sort()).toEqual([...ENV_VARIABLES].sort());
  });
});
