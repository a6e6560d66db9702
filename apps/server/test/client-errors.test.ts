import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/http/logging';
import { CLIENT_ERROR_RATE } from '../src/modules/client-errors/routes';
import { type Runtime, startRuntime } from '../src/runtime';
import { createTestDatabase, createUser, errorOf, signIn, testConfig } from './support';

// POST /api/v1/client_errors (issue 13 item 4): the crash screen's "It has been logged and reported".
let runtime: Runtime;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  runtime = await startRuntime(testConfig(), {
    database: await createTestDatabase(),
    workers: false,
    logger: loggerOptions('info', stream),
  });
});
afterAll(() => runtime?.close());

let client = 0;
/** Each test reports from its own address, so the per-address limit of one does not touch the others. */
const nextAddress = () => `10.0.0.${++client}`;

const report = (payload: unknown, remoteAddress: string, headers: Record<string, string> = {}) =>
  runtime.app.inject({
    method: 'POST',
    url: '/api/v1/client_errors',
    payload: payload as object,
    headers,
    remoteAddress,
  });

const clientErrorLines = () => lines.filter((line) => line.msg === 'client error');

describe('client error reports', () => {
  it('accepts a report without a session, answers 204 and logs it with secrets left out of the URL', async () => {
    const before = clientErrorLines().length;
    const response = await report(
      {
        message: "TypeError: Cannot read properties of undefined (reading 'name')",
        stack:
          'TypeError: Cannot read properties of undefined\n    at AppCard (https://portal.test/assets/index-abc.js:1:200)',
        url: 'https://portal.test/reset_password?reset_password_token=s3cr3t&page=2#access_token=t0k3n',
        user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
      },
      nextAddress(),
    );
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const logged = clientErrorLines().slice(before);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 50,
      clientError: {
        message: "TypeError: Cannot read properties of undefined (reading 'name')",
        stack: expect.stringContaining('at AppCard'),
        url: 'https://portal.test/reset_password?reset_password_token=[redacted]&page=2',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
      },
    });
    expect(JSON.stringify(lines)).not.toContain('s3cr3t');
    expect(JSON.stringify(lines)).not.toContain('t0k3n');
  });

  it('needs only the message; the user agent then comes from the request header', async () => {
    const before = clientErrorLines().length;
    const response = await report({ message: 'Boom' }, nextAddress(), { 'user-agent': 'TestAgent/1.0' });
    expect(response.statusCode).toBe(204);
    expect(clientErrorLines().slice(before)[0]).toMatchObject({
      clientError: { message: 'Boom', userAgent: 'TestAgent/1.0' },
    });
  });

  it('is accepted from a signed-in browser that sends its CSRF token, and refused without it', async () => {
    const user = await createUser(runtime);
    const session = await signIn(runtime.app, user);
    const ok = await session.request({
      method: 'POST',
      url: '/api/v1/client_errors',
      payload: { message: 'x' },
    });
    expect(ok.statusCode).toBe(204);
    const refused = await session.request({
      method: 'POST',
      url: '/api/v1/client_errors',
      payload: { message: 'x' },
      csrf: false,
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('csrf_invalid');
  });

  it('refuses oversized, missing, unknown and malformed fields with 422 or 400, and logs nothing', async () => {
    const address = nextAddress();
    const before = clientErrorLines().length;
    const cases: [unknown, string][] = [
      [{ message: 'x'.repeat(1_001) }, 'message'],
      [{ message: 'x', stack: 's'.repeat(8_001) }, 'stack'],
      [{ message: 'x', url: `https://portal.test/${'a'.repeat(2_000)}` }, 'url'],
      [{ message: 'x', user_agent: 'u'.repeat(501) }, 'user_agent'],
      [{}, 'message'],
      [{ message: '   ' }, 'message'],
      [{ message: 'x', password: 'hunter2' }, 'password'],
      [{ message: 42 }, 'message'],
    ];
    for (const [payload, path] of cases) {
      const response = await report(payload, address);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(422);
      const error = errorOf(response);
      expect(error.code).toBe('validation_failed');
      expect(error.details.map((d) => d.path)).toContain(path);
    }
    const malformed = await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/client_errors',
      payload: '{"message": ',
      headers: { 'content-type': 'application/json' },
      remoteAddress: address,
    });
    expect(malformed.statusCode).toBe(400);
    const text = await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/client_errors',
      payload: 'message=x',
      headers: { 'content-type': 'text/plain' },
      remoteAddress: address,
    });
    expect(text.statusCode).toBe(415);
    expect(clientErrorLines().length).toBe(before);
  });

  it('takes a bounded number of reports per client address a minute, then answers 429', async () => {
    const address = nextAddress();
    for (let index = 0; index < CLIENT_ERROR_RATE.perClient; index++) {
      expect((await report({ message: `crash ${index}` }, address)).statusCode).toBe(204);
    }
    const before = clientErrorLines().length;
    const refused = await report({ message: 'one too many' }, address);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe('too_many_requests');
    expect(refused.headers['retry-after']).toBe('60');
    expect(clientErrorLines().length).toBe(before);
    // Another address is still heard.
    expect((await report({ message: 'elsewhere' }, nextAddress())).statusCode).toBe(204);
  });
});
