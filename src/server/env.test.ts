import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('loadConfig', () => {
  it('uses the embedded database in ./data with no configuration', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('./data');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.appUrl).toBe('http://localhost:3000');
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
});
