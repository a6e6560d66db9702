import { describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig } from '../../test/support';
import { startRuntime } from '../runtime';
import { loggerOptions } from './logging';

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
