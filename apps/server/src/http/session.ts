import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { SessionRow, UserRow } from '../db/schema';
import { authenticateBearer, bearerErrors, bearerTokenOf, type TokenLookup } from './bearer';
import { hashToken, safeEqual } from './crypto';
import { errors } from './errors';

export const SESSION_COOKIE = 'lintel_session';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// Sliding expiry is written at most this often, so reads do not turn every request into a write.
const TOUCH_INTERVAL_MS = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    session: SessionRow | null;
  }
}

/** What the session plugin needs from storage (implemented by the auth module's repository). */
export interface SessionLookup {
  findActive(id: string, now: Date): Promise<{ session: SessionRow; user: UserRow } | undefined>;
  touch(id: string, lastSeenAt: Date, expiresAt: Date): Promise<void>;
}

/**
 * When a session ends if nothing more happens: SESSION_IDLE_MINUTES after `from`, and never later than
 * SESSION_MAX_DAYS after the sign-in (`createdAt`), however active it stays.
 */
export function idleExpiry(
  config: Pick<Config, 'sessionIdleMinutes' | 'sessionMaxDays'>,
  from = new Date(),
  createdAt = from,
): Date {
  const idle = from.getTime() + config.sessionIdleMinutes * 60_000;
  const absolute = createdAt.getTime() + config.sessionMaxDays * 24 * 3600_000;
  return new Date(Math.min(idle, absolute));
}

/** Loads the session from its cookie and enforces the CSRF header on every unsafe request made with it. */
export function registerSessions(
  app: FastifyInstance,
  deps: { config: Config; sessions: SessionLookup; tokens?: TokenLookup },
): void {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  app.decorateRequest('accessToken', null);

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    // A personal access token (issue 23) authenticates alone: never with a cookie, never asked for CSRF.
    const bearer = deps.tokens ? bearerTokenOf(request) : undefined;
    if (bearer && deps.tokens) {
      if (token !== undefined) throw bearerErrors.mixed();
      return authenticateBearer(request, bearer, deps.tokens);
    }
    if (token) {
      const now = new Date();
      const found = await deps.sessions.findActive(hashToken(token), now);
      if (found) {
        request.session = found.session;
        request.user = found.user;
        if (now.getTime() - found.session.last_seen_at.getTime() > TOUCH_INTERVAL_MS) {
          await deps.sessions.touch(
            found.session.id,
            now,
            idleExpiry(deps.config, now, found.session.created_at),
          );
        }
      }
    }
    if (request.session && !SAFE_METHODS.has(request.method)) {
      const header = request.headers['x-csrf-token'];
      if (typeof header !== 'string' || !safeEqual(header, request.session.csrf_token))
        throw errors.csrfInvalid();
    }
  });
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

/** The signed-in user, or 401. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw errors.unauthenticated();
  return request.user;
}

/** preValidation: signed in, else 401. */
export async function authenticated(request: FastifyRequest): Promise<void> {
  requireUser(request);
}

/** preValidation hook factory: signed in (else 401) and allowed by the policy check (else 403). */
export function allow(check: (user: UserRow) => boolean) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!check(requireUser(request))) throw errors.forbidden();
  };
}
