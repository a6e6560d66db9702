import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has the embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      smtpUrl: undefined,
      demoPassword: 'demo-password',
      seedDemo: true,
      scryptLogN: 17,
      loginMaxFailures: 10,
      publicUrl: 'http://localhost:3000',
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it.each([
    ['PORT', 'eighty', 'PORT: must be a whole number'],
    ['PORT', '70000', 'PORT: must be at most 65535'],
    ['DATABASE_URL', 'mysql://x', 'DATABASE_URL: must be a URL starting with postgres:// or postgresql://'],
    ['SMTP_URL', 'not a url', 'SMTP_URL: must be a URL'],
    ['SEED_DEMO', 'maybe', 'SEED_DEMO: must be true or false'],
    ['DEMO_PASSWORD', 'short', 'DEMO_PASSWORD: must be at least 12 characters'],
    ['SCRYPT_LOG_N', '30', 'SCRYPT_LOG_N: must be at most 20'],
  ])('names %s when it is %s', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
