import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/** An id a proxy may hand over: short, printable, no spaces or control characters. */
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Each request's id (issue 24): the proxy's `X-Request-Id` when the proxy is trusted and the id is
 * well-formed, else a fresh UUID — an id of 10 kB or with control characters is replaced, never echoed.
 */
export function requestIdGenerator(trustProxy: boolean): NonNullable<FastifyServerOptions['genReqId']> {
  return (request) => {
    const given = request.headers['x-request-id'];
    return trustProxy && typeof given === 'string' && VALID_REQUEST_ID.test(given) ? given : randomUUID();
  };
}

/**
 * Every answer carries its request's id in `X-Request-Id`, and every error body in `error.requestId`,
 * so a user can quote it and an operator find the request's log lines (they carry it as `reqId`).
 */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  app.addHook('preSerialization', (request, reply, payload: unknown, done) => {
    if (reply.statusCode >= 400 && payload !== null && typeof payload === 'object' && 'error' in payload) {
      const error = (payload as { error?: unknown }).error;
      if (error !== null && typeof error === 'object' && !('requestId' in error)) {
        (error as { requestId?: string }).requestId = String(request.id);
      }
    }
    done(null, payload);
  });
}
