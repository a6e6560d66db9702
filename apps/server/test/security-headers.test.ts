import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../src/http/security';
import type { Runtime } from '../src/runtime';
import { createUser, signIn, startTestRuntime } from './support';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime();
});
afterAll(() => runtime?.close());

describe('security headers', () => {
  it('are the ones Helmet sets for our options', () => {
    const headers = securityHeaders();
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(headers['content-security-policy']).toBe(
      "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob: https:;font-src 'self' data:;connect-src 'self';frame-src 'self';frame-ancestors 'none';object-src 'none';base-uri 'self';form-action 'self'",
    );
  });

  it('go out with every answer, errors included', async () => {
    const user = await createUser(runtime);
    const client = await signIn(runtime.app, user);
    const answers = [
      await client.request({ method: 'GET', url: '/api/v1/session' }),
      await runtime.app.inject({ method: 'GET', url: '/api/v1/session' }),
      await client.request({ method: 'DELETE', url: '/api/v1/session', csrf: false }),
      await runtime.app.inject({ method: 'GET', url: '/api/v1/nothing-here' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 403, 404]);
    for (const answer of answers) {
      for (const [name, value] of Object.entries(securityHeaders())) expect(answer.headers[name]).toBe(value);
    }
  });
});
