import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PlatformContext, RateLimitDecision } from '../context';
import { visibleHeaders } from '../oauth/guard';
import { type PlatformEnvironment, type Principal, verifyAccessToken } from '../tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The token's principal, once the REST pipeline has checked it. */
    principal?: Principal;
    /** The company the call is about (Platform-Company-Id), when it names a valid one. */
    platformCompanyId?: number | null;
    rateLimit?: RateLimitDecision;
    startedAt?: number;
  }
}

export const INVALID_TOKEN = 'The access token is invalid';
export const RATE_LIMITED =
  'You have surpassed the max number of requests for an hour. Please wait until your limit resets.';

/** The Platform-Company-Id header as a company id; null when absent, NaN when not a positive integer. */
export function companyHeader(request: FastifyRequest): number | null {
  const raw = request.headers['platform-company-id'];
  if (raw === undefined) return null;
  const text = Array.isArray(raw) ? raw[0] : raw;
  return text !== undefined && /^[1-9][0-9]{0,15}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

export function invalidToken(reply: FastifyReply) {
  return reply
    .status(401)
    .header(
      'WWW-Authenticate',
      `Bearer realm="Platform", error="invalid_token", error_description="${INVALID_TOKEN}"`,
    )
    .send({ errors: INVALID_TOKEN, message: INVALID_TOKEN });
}

function setRateHeaders(reply: FastifyReply, decision: RateLimitDecision) {
  reply.header('X-Rate-Limit-Limit', String(decision.limit));
  reply.header('X-Rate-Limit-Remaining', String(Math.max(0, decision.remaining)));
  reply.header('X-Rate-Limit-Reset', String(Math.ceil(decision.resetAt.getTime() / 1000)));
}

/** Paths are kept as the API's own (`/rest/v1.0/…`); the environment is recorded beside them. */
function withoutPrefix(path: string): string {
  return path.replace(/^\/(sandbox|production)(?=\/)/, '');
}

/**
 * Every REST call, in order: the bearer token (401 when it does not verify), the rate limits (429 over
 * a bucket; the X-Rate-Limit headers on every answer), then the route; each call that carried a valid
 * token is recorded for the app's API activity, whatever it answered.
 */
export function restPipeline(scope: FastifyInstance, ctx: PlatformContext, environment: PlatformEnvironment) {
  scope.addHook('onRequest', async (request) => {
    request.startedAt = performance.now();
  });

  // On request, before the body is read: a bad token is a 401 (and a call over the limit a 429) whatever
  // the body, and a malformed body is counted like any other call.
  scope.addHook('onRequest', async (request, reply) => {
    const token = bearer(request);
    const principal = token ? await verifyAccessToken(ctx.db, token, environment, ctx.now()) : null;
    if (!principal) return invalidToken(reply);
    request.principal = principal;
    const company = companyHeader(request);
    request.platformCompanyId = company !== null && Number.isNaN(company) ? null : company;
    const decision = await ctx.limiter.consume(principal, request.platformCompanyId ?? null);
    request.rateLimit = decision;
    setRateHeaders(reply, decision);
    if (!decision.allowed) {
      ctx.onRateLimited?.(principal.appId);
      return reply
        .status(429)
        .header('Retry-After', String(Math.max(1, decision.retryAfterSeconds)))
        .type('text/plain; charset=utf-8')
        .send(RATE_LIMITED);
    }
  });

  // The error answered is kept with the call (capped), so the portal can show what went wrong.
  scope.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 && typeof payload === 'string') {
      (request as { responseError?: string }).responseError = payload.slice(0, 2000);
    }
    return payload;
  });

  scope.addHook('onResponse', async (request, reply) => {
    const principal = request.principal;
    if (!principal) return;
    ctx.activity.record({
      appId: principal.appId,
      environment,
      clientId: principal.clientId,
      tokenKind: principal.kind,
      tokenId: principal.tokenId,
      companyId: request.platformCompanyId ?? null,
      method: request.method,
      route: withoutPrefix(request.routeOptions.url ?? request.url.split('?')[0] ?? ''),
      path: withoutPrefix(request.url.split('?')[0] ?? '').slice(0, 500),
      status: reply.statusCode,
      durationMs: performance.now() - (request.startedAt ?? performance.now()),
      rateLimit: request.rateLimit?.limit ?? null,
      rateRemaining: request.rateLimit ? Math.max(0, request.rateLimit.remaining) : null,
      requestId: request.id,
      requestHeaders: visibleHeaders(request),
      responseError: (request as { responseError?: string }).responseError ?? null,
      occurredAt: ctx.now(),
    });
  });
}
