import { hasScope, routeScope, TOKEN_PREFIX } from '@lintel/shared';
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema';
import { hashToken } from './crypto';
import { AppError } from './errors';

// last_used_at and last_used_ip are written at most this often, as a session's last_seen_at is.
const TOUCH_INTERVAL_MS = 60_000;

/** The personal access token a request was made with (issue 23); never the token itself. */
export interface AccessToken {
  id: number;
  scopes: readonly string[];
  last_used_at: Date | null;
  last_used_ip: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request authenticated with `Authorization: Bearer lnt_…` (no session then). */
    accessToken: AccessToken | null;
  }
}

/** What the bearer check needs from storage (implemented by the access-tokens module's repository). */
export interface TokenLookup {
  findActive(tokenHash: string, now: Date): Promise<{ token: AccessToken; user: UserRow } | undefined>;
  touch(id: number, at: Date, ip: string): Promise<void>;
}

/** The token of `Authorization: Bearer lnt_…`; undefined for any other header (the platform's own bearer). */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const token = match?.[1];
  return token?.startsWith(TOKEN_PREFIX) ? token : undefined;
}

export const bearerErrors = {
  mixed: () =>
    new AppError(
      'bad_request',
      'Send either a session cookie or an Authorization bearer token, not both: cookies and personal access tokens never mix.',
    ),
  invalid: () =>
    new AppError('unauthenticated', 'This personal access token is invalid, expired or revoked.'),
  insufficientScope: (scope: string) =>
    new AppError(
      'insufficient_scope',
      scope === 'session'
        ? 'This call needs a signed-in session: personal access tokens cannot make it.'
        : `This personal access token lacks the ${scope} scope this call needs.`,
    ),
};

/**
 * Authenticates a bearer request: the token's user becomes the request's user, without a session (so no
 * CSRF header is asked). Unknown, expired or revoked: 401.
 */
export async function authenticateBearer(
  request: FastifyRequest,
  token: string,
  tokens: TokenLookup,
): Promise<void> {
  const now = new Date();
  const found = await tokens.findActive(hashToken(token), now);
  if (!found) throw bearerErrors.invalid();
  request.user = found.user;
  request.accessToken = found.token;
  const last = found.token.last_used_at?.getTime();
  if (last === undefined || now.getTime() - last > TOUCH_INTERVAL_MS) {
    await tokens.touch(found.token.id, now, request.ip);
  }
}

/** onRequest of every contract route: a bearer call needs the scope the route declares (api/scopes.ts). */
export function scopeGuard(endpoint: { method: string; path: string }) {
  const needed = routeScope(endpoint);
  return async (request: FastifyRequest): Promise<void> => {
    const token = request.accessToken;
    if (!token || needed === 'any') return;
    if (needed === 'session' || !hasScope(token.scopes, needed)) throw bearerErrors.insufficientScope(needed);
  };
}
