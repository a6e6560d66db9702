// Issue 24 "Request ids end to end": each request gets an id (a trusted proxy's valid X-Request-Id, else a
// fresh one), answers it in X-Request-Id, and its log lines and error body carry it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/http/logging';
import { type Runtime, startRuntime } from '../src/runtime';
import { createTestDatabase, testConfig } from './support';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  let runtime: Runtime;
  let proxied: Runtime;
  const lines: string[] = [];
  beforeAll(async () => {
    runtime = await startRuntime(testConfig(), {
      database: await createTestDatabase(),
      workers: false,
      logger: loggerOptions('info', { write: (line) => lines.push(line) }),
    });
    proxied = await startRuntime(testConfig({ TRUST_PROXY: 'true' }), {
      database: await createTestDatabase(),
      workers: false,
    });
  });
  afterAll(async () => {
    await runtime?.close();
    await proxied?.close();
  });

  it('are fresh per request, answered in X-Request-Id and carried by the log line', async () => {
    const first = await runtime.app.inject({ method: 'GET', url: '/api/v1/health/live' });
    const second = await runtime.app.inject({ method: 'GET', url: '/api/v1/health/live' });
    const id = first.headers['x-request-id'];
    expect(id).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(id);
    const logged = lines.map((line) => JSON.parse(line) as { reqId?: string; url?: string });
    expect(logged.some((line) => line.reqId === id && line.url === '/api/v1/health/live')).toBe(true);
  });

  it("are in every error body, the same as the header's", async () => {
    const missing = await runtime.app.inject({ method: 'GET', url: '/api/v1/no_such_route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.requestId).toBe(missing.headers['x-request-id']);
    const refused = await runtime.app.inject({ method: 'GET', url: '/api/v1/developer_apps' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.requestId).toBe(refused.headers['x-request-id']);
    expect(refused.json().error.code).toBe('unauthenticated');
  });

  it("are the proxy's own when the proxy is trusted and the id well-formed; ignored otherwise", async () => {
    const given = 'edge-7f3a9c21-0001';
    const taken = await proxied.app.inject({
      method: 'GET',
      url: '/api/v1/health/live',
      headers: { 'x-request-id': given },
    });
    expect(taken.headers['x-request-id']).toBe(given);
    // Without a trusted proxy a client's id is never taken: anyone could forge it.
    const untrusted = await runtime.app.inject({
      method: 'GET',
      url: '/api/v1/health/live',
      headers: { 'x-request-id': given },
    });
    expect(untrusted.headers['x-request-id']).toMatch(UUID);
    for (const bad of ['x'.repeat(10_240), 'abc\u0007defghij', 'has spaces in it', 'short']) {
      const answer = await proxied.app.inject({
        method: 'GET',
        url: '/api/v1/health/live',
        headers: { 'x-request-id': bad },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['x-request-id']).toMatch(UUID);
    }
  });
});
