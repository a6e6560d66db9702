import { describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../../test/support';
import { startRuntime } from '../runtime';
import { loggerOptions, redactUrl } from './logging';

describe('redactUrl', () => {
  it('hides the values of token, secret and password parameters, whatever their case or prefix', () => {
    expect(redactUrl('/confirm_email?token=abc123&page=2')).toBe('/confirm_email?token=[redacted]&page=2');
    expect(redactUrl('/x?app_secret=s&Password=p&reset_token=t&q=ok')).toBe(
      '/x?app_secret=[redacted]&Password=[redacted]&reset_token=[redacted]&q=ok',
    );
    expect(redactUrl('/x?%74oken=abc')).toBe('/x?%74oken=[redacted]');
    expect(redactUrl('/plain/path')).toBe('/plain/path');
    expect(redactUrl('/x?%E0%A4%A=1&token')).toBe('/x?%E0%A4%A=1&token');
  });
});

describe('request logs', () => {
  it('never carry a token from a request URL', async () => {
    const lines: string[] = [];
    const runtime = await startRuntime(testConfig(), {
      database: await createTestDatabase(),
      workers: false,
      logger: loggerOptions('info', { write: (line) => lines.push(line) }),
    });
    try {
      await runtime.app.inject({
        method: 'GET',
        url: '/api/v1/health?token=the-secret-token&password=hunter2',
      });
    } finally {
      await runtime.close();
    }
    const logged = lines.join('');
    expect(logged).toContain('/api/v1/health?token=[redacted]&password=[redacted]');
    expect(logged).not.toContain('the-secret-token');
    expect(logged).not.toContain('hunter2');
  });
});
