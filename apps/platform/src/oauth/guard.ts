import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { PlatformContext } from '../context';
import type { PlatformEnvironment } from '../tokens';

/** What an OAuth call is shown as in the app's API activity: the client it named, once known. */
export interface OAuthCaller {
  appId: number;
  clientId: string;
  tokenKind: 'user' | 'client' | null;
  tokenId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The app an OAuth call belongs to, set by the route once it has found the token. */
    oauthCaller?: OAuthCaller;
    /** The client id an OAuth call named (body, Basic or query): its app is looked up after the answer. */
    oauthClientId?: string;
  }
}

export const OAUTH_RATE_LIMITED = 'Too many requests from this address. Try again in a minute.';

const HIDDEN_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);

/** Request headers as the activity log keeps them: never a credential, each value capped. */
export function visibleHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (HIDDEN_HEADERS.has(name) || value === undefined) continue;
    headers[name] = (Array.isArray(value) ? value.join(', ') : value).slice(0, 500);
  }
  return headers;
}

/**
 * Around every OAuth endpoint of one environment: a per-address limit (the endpoints are public — a
 * client guessing secrets or codes, or a runaway loop, is slowed down; `oauthRequestsPerMinute`, off
 * when 0 or unset), and a record in the app's API activity of every call whose client (or token) was
 * found — a call naming no known client belongs to no app, so no one's activity shows it.
 */
export function oauthGuard(scope: FastifyInstance, ctx: PlatformContext, environment: PlatformEnvironment) {
  const perMinute = ctx.config.oauthRequestsPerMinute ?? 0;
  const byAddress = perMinute > 0 ? new RateLimiterMemory({ points: perMinute, duration: 60 }) : null;

  scope.addHook('onRequest', async (request, reply) => {
    request.startedAt = performance.now();
    if (!byAddress) return;
    try {
      await byAddress.consume(request.ip);
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      const retryAfter = String(Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)));
      reply.status(429).header('Retry-After', retryAfter).header('Cache-Control', 'no-store');
      // The browser's pages get a line of text; the token endpoints an RFC 6749 shaped body.
      return request.method === 'GET' && request.url.includes('/oauth/authorize')
        ? reply.type('text/plain; charset=utf-8').send(OAUTH_RATE_LIMITED)
        : reply.send({ error: 'too_many_requests', error_description: OAUTH_RATE_LIMITED });
    }
  });

  scope.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 && typeof payload === 'string') {
      (request as { responseError?: string }).responseError = payload.slice(0, 2000);
    }
    return payload;
  });

  // A client id's app never changes: looked up once per process (bounded), after the answer is sent.
  const appOfClient = new Map<string, number>();
  async function callerOf(request: FastifyRequest): Promise<OAuthCaller | null> {
    if (request.oauthCaller) return request.oauthCaller;
    const clientId = request.oauthClientId;
    if (!clientId || clientId.length > 200) return null;
    let appId = appOfClient.get(clientId);
    if (appId === undefined) {
      const row = await ctx.db
        .selectFrom('platform_oauth_applications')
        .select('developer_app_id')
        .where('uid', '=', clientId)
        .where('environment', '=', environment)
        .executeTakeFirst();
      if (!row || row.developer_app_id === null) return null;
      appId = row.developer_app_id;
      if (appOfClient.size >= 10_000) appOfClient.clear();
      appOfClient.set(clientId, appId);
    }
    return { appId, clientId, tokenKind: null, tokenId: null };
  }

  scope.addHook('onResponse', async (request, reply) => {
    const caller = await callerOf(request);
    if (!caller) return;
    const path = (request.url.split('?')[0] ?? '').replace(/^\/(sandbox|production)(?=\/)/, '');
    ctx.activity.record({
      appId: caller.appId,
      environment,
      clientId: caller.clientId,
      tokenKind: caller.tokenKind,
      tokenId: caller.tokenId,
      companyId: null,
      method: request.method,
      route: path.slice(0, 500),
      path: path.slice(0, 500),
      status: reply.statusCode,
      durationMs: performance.now() - (request.startedAt ?? performance.now()),
      rateLimit: null,
      rateRemaining: null,
      requestId: request.id,
      requestHeaders: visibleHeaders(request),
      responseError: (request as { responseError?: string }).responseError ?? null,
      occurredAt: ctx.now(),
    });
  });
}
