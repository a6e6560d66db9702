import type { RateLimitDecision, RateLimiter } from '../context';

// PLACEHOLDER until the rate-limits work lands: counts nothing, allows everything.
export function createRateLimiter(): RateLimiter {
  return {
    async consume(): Promise<RateLimitDecision> {
      return { allowed: true, limit: 100, remaining: 100, resetAt: new Date(), retryAfterSeconds: 0 };
    },
    async usage() {
      return [];
    },
    async close() {},
  };
}
