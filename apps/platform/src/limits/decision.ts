import type { RateLimitDecision } from '../context';
import type { Principal } from '../tokens';

/**
 * What one request is counted under, within a template: its access token, and for a client-credentials
 * token also the company the call names (rate-limits.md: "a service account gets its own limit per
 * company when the company id is sent with the call"). A user token counts per token whatever company
 * it names. The company is the Platform-Company-Id header as sent, before the route checks it: a call
 * naming a company it may not use is counted (and refused by the route) under that company.
 */
export function subjectKey(principal: Pick<Principal, 'kind' | 'tokenId'>, companyId: number | null): string {
  return principal.kind === 'client' && companyId !== null
    ? `t${principal.tokenId}:c${companyId}`
    : `t${principal.tokenId}`;
}

/**
 * The library counts windows in whole seconds (Redis keeps its TTL in seconds): a template's interval
 * rounded to the nearest second, and at least one.
 */
export function windowSeconds(intervalMs: number): number {
  return Math.max(1, Math.round(intervalMs / 1000));
}

/** One template's answer to a call: the count after it and the time left in its window. */
export interface WindowCount {
  limit: number;
  /** Whether this window let the call through. */
  allowed: boolean;
  remaining: number;
  msBeforeReset: number;
}

/**
 * The answer to a call counted in several windows (rate-limits.md): refused when any window refused
 * it, reporting the refusing window that frees up last (Retry-After waits for all of them); else the
 * window nearest exhaustion — the lowest share remaining, the one resetting later on a tie (the
 * spike window usually, until the hourly one is nearly spent).
 */
export function decide(counts: readonly WindowCount[], now: number): RateLimitDecision {
  const refused = counts.filter((count) => !count.allowed);
  if (refused.length > 0) {
    const last = refused.reduce((a, b) => (b.msBeforeReset > a.msBeforeReset ? b : a));
    return {
      allowed: false,
      limit: last.limit,
      remaining: 0,
      resetAt: new Date(now + last.msBeforeReset),
      retryAfterSeconds: Math.max(1, Math.ceil(last.msBeforeReset / 1000)),
    };
  }
  const share = (count: WindowCount) => (count.limit > 0 ? count.remaining / count.limit : 0);
  const nearest = counts.reduce((a, b) =>
    share(b) < share(a) || (share(b) === share(a) && b.msBeforeReset > a.msBeforeReset) ? b : a,
  );
  return {
    allowed: true,
    limit: nearest.limit,
    remaining: Math.max(0, nearest.remaining),
    resetAt: new Date(now + nearest.msBeforeReset),
    retryAfterSeconds: 0,
  };
}
