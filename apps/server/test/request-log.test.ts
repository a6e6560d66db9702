import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyChildLoggerFactory, loggableUrl, RequestLogController } from '../src/http/request-log';

function appWithLog(level: 'info' | 'warn') {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify({
    logger: {
      level,
      stream: new Writable({
        write(chunk, _encoding, done) {
          lines.push(JSON.parse(String(chunk)));
          done();
        },
      }),
    },
    logController: new RequestLogController(),
    childLoggerFactory: lazyChildLoggerFactory,
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/noisy', async (request) => {
    request.log.warn({ detail: 'something odd' }, 'odd request');
    return { ok: true };
  });
  return { app, lines };
}

describe('request log', () => {
  it('writes one line per request: id, method, URL without secrets, status and time', async () => {
    const { app, lines } = appWithLog('info');
    const response = await app.inject({ method: 'GET', url: '/quiet?token=abc123&page=2' });
    expect(response.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request',
      reqId: expect.any(String),
      method: 'GET',
      url: '/quiet?token=[redacted]&page=2',
      statusCode: 200,
      responseTime: expect.any(Number),
    });
    expect(JSON.stringify(lines)).not.toContain('abc123');
    await app.close();
  });

  it("keeps the request id on a handler's own lines", async () => {
    const { app, lines } = appWithLog('info');
    await app.inject({ method: 'GET', url: '/noisy' });
    expect(lines.map((line) => line.msg)).toEqual(['odd request', 'request']);
    expect(lines[0]).toMatchObject({ level: 40, detail: 'something odd', reqId: lines[1]?.reqId });
    expect(lines[0]?.reqId).toEqual(expect.any(String));
    await app.close();
  });

  it('writes no request line above info, and still the warnings', async () => {
    const { app, lines } = appWithLog('warn');
    await app.inject({ method: 'GET', url: '/quiet' });
    await app.inject({ method: 'GET', url: '/noisy' });
    expect(lines.map((line) => line.msg)).toEqual(['odd request']);
    await app.close();
  });
});

describe('loggableUrl', () => {
  it('replaces the values of secret-looking query parameters only', () => {
    expect(loggableUrl('/api/v1/session')).toBe('/api/v1/session');
    expect(loggableUrl('/confirm_email?confirmation_token=xyz')).toBe(
      '/confirm_email?confirmation_token=[redacted]',
    );
    expect(loggableUrl('/a?reset_password_token=x&redirect=%2Fhome&sort[]=-name')).toBe(
      '/a?reset_password_token=[redacted]&redirect=%2Fhome&sort[]=-name',
    );
    expect(loggableUrl('/a?client%5Fsecret=s&flag')).toBe('/a?client%5Fsecret=[redacted]&flag');
    expect(loggableUrl('/a?%E0%A4%A=1')).toBe('/a?%E0%A4%A=1');
  });
});
