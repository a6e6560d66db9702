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

  describe('STORAGE_URL', () => {
    it('defaults to the files folder of DATA_DIR', () => {
      expect(loadConfig({ DATA_DIR: '/srv/lintel' }).storage).toEqual({
        kind: 'local',
        directory: '/srv/lintel/files',
      });
    });

    it('names a bucket, an endpoint and a region; the region defaults to us-east-1', () => {
      expect(
        loadConfig({ STORAGE_URL: 's3://lintel-media?endpoint=http://minio:9000&region=eu-central-1' })
          .storage,
      ).toEqual({
        kind: 's3',
        bucket: 'lintel-media',
        endpoint: 'http://minio:9000',
        region: 'eu-central-1',
      });
      expect(loadConfig({ STORAGE_URL: 's3://lintel-media' }).storage).toEqual({
        kind: 's3',
        bucket: 'lintel-media',
        endpoint: undefined,
        region: 'us-east-1',
      });
    });

    it('takes a local directory as a file: URL', () => {
      expect(loadConfig({ STORAGE_URL: 'file:///var/lib/lintel/files' }).storage).toEqual({
        kind: 'local',
        directory: '/var/lib/lintel/files',
      });
    });

    it.each([
      ['http://bucket', 'must be s3://BUCKET?endpoint=…&region=… or file:///absolute/path'],
      ['not a url', 'must be s3://BUCKET?endpoint=…&region=… or file:///absolute/path'],
      ['s3://ab', 'the bucket name must be 3 to 63'],
      ['s3://Upper_Case', 'the bucket name must be 3 to 63'],
      ['s3://bucket/prefix', 'must name only a bucket'],
      ['s3://key:secret@bucket', 'must not contain credentials'],
      ['s3://bucket?endpoint=minio:9000', 'endpoint must be an http:// or https:// URL'],
      ['s3://bucket?endpiont=http://minio:9000', 'unknown parameter endpiont'],
      ['file://host/path', 'a file: URL names a local directory'],
    ])('stops the start on %s', (value, message) => {
      expect(() => loadConfig({ STORAGE_URL: value })).toThrow(ConfigError);
      expect(() => loadConfig({ STORAGE_URL: value })).toThrow(`STORAGE_URL: ${message}`);
    });
  });
});

describe('SECRETS_KEY', () => {
  it('takes 32 bytes as 64 hex digits or base64', () => {
    expect(loadConfig({ SECRETS_KEY: 'ab'.repeat(32) }).secretsKey).toEqual(Buffer.alloc(32, 0xab));
    expect(loadConfig({ SECRETS_KEY: Buffer.alloc(32, 7).toString('base64') }).secretsKey).toEqual(
      Buffer.alloc(32, 7),
    );
    expect(loadConfig({}).secretsKey).toBeUndefined();
  });

  it.each(['short', 'ab'.repeat(16), Buffer.alloc(16).toString('base64'), 'not base64 at all!'])(
    'refuses %s',
    (value) => {
      expect(() => loadConfig({ SECRETS_KEY: value })).toThrow('SECRETS_KEY: must be 32 random bytes');
    },
  );
});

describe('behind a TLS proxy', () => {
  it('refuses to start in production with an https PUBLIC_URL unless TRUST_PROXY is true, saying why', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example' };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(
      'TRUST_PROXY: must be true in production when PUBLIC_URL is https',
    );
    expect(loadConfig({ ...production, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://intranet.example' }).trustProxy).toBe(
      false,
    );
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example' }).trustProxy).toBe(false);
  });

  it('limits a session to SESSION_MAX_DAYS (30 by default)', () => {
    expect(loadConfig({}).sessionMaxDays).toBe(30);
    expect(loadConfig({ SESSION_MAX_DAYS: '7' }).sessionMaxDays).toBe(7);
    expect(() => loadConfig({ SESSION_MAX_DAYS: '0' })).toThrow('SESSION_MAX_DAYS');
  });

  it('allows private webhook destinations outside production unless WEBHOOKS_ALLOW_PRIVATE_DESTINATIONS says otherwise', () => {
    expect(loadConfig({}).webhooksAllowPrivateDestinations).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).webhooksAllowPrivateDestinations).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).webhooksAllowPrivateDestinations).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', WEBHOOKS_ALLOW_PRIVATE_DESTINATIONS: 'true' })
        .webhooksAllowPrivateDestinations,
    ).toBe(true);
    expect(
      loadConfig({ WEBHOOKS_ALLOW_PRIVATE_DESTINATIONS: 'false' }).webhooksAllowPrivateDestinations,
    ).toBe(false);
    expect(() => loadConfig({ WEBHOOKS_ALLOW_PRIVATE_DESTINATIONS: 'sometimes' })).toThrow(
      'WEBHOOKS_ALLOW_PRIVATE_DESTINATIONS: must be true or false',
    );
  });
});
