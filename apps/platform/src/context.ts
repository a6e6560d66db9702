import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { PlatformDb } from './db/schema';
import type { PlatformEnvironment, Principal } from './tokens';
import type { WebhookDeps } from './webhooks/types';

/** The portal user signed in on a browser request (the consent page asks the portal; null when nobody). */
export interface PortalIdentity {
  portalUserId: number;
  name: string;
  email: string;
}

export interface PlatformConfig {
  /** The portal's public URL: the sandbox lives under `{publicUrl}/sandbox`, production under `/production`. */
  publicUrl: string;
  trustProxy: boolean;
  /** Rate-limit counters in Redis when set; else in PostgreSQL (or memory on PGlite's single process). */
  redisUrl?: string | undefined;
  bodyLimitBytes: number;
  /** Requests to the OAuth endpoints one client address may make per minute (429 beyond); 0 or unset: no limit. */
  oauthRequestsPerMinute?: number | undefined;
}

/** What a rate-limit check answered: the window nearest exhaustion (rate-limits.md). */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When that window resets. */
  resetAt: Date;
  /** Seconds to wait when refused. */
  retryAfterSeconds: number;
}

/** One template of the bucket that applies to a client id, and how much of it is used now. */
export interface TemplateUsage {
  server: string;
  /** The configured bucket's name; null when none is configured and the defaults apply. */
  bucket: string | null;
  template: string;
  fillType: 'count' | 'quota';
  intervalMs: number;
  limit: number;
  used: number;
  /** When the current window ends; null when nothing has been counted in it. */
  resetsAt: Date | null;
}

/** Counts one API call against the app's buckets, per access token (per company for client credentials). */
export interface RateLimiter {
  consume(principal: Principal, companyId: number | null): Promise<RateLimitDecision>;
  /**
   * Each template's current use for an app's client id, for the portal ("spike 37 of 100, resets in
   * 6 s"): the most used of the given keys (token id and company of recent calls).
   */
  usage(
    clientId: string,
    environment: PlatformEnvironment,
    keys: readonly { tokenId: number; companyId: number | null }[],
  ): Promise<TemplateUsage[]>;
  close(): Promise<void>;
}

/** One API call as the activity log keeps it. */
export interface ApiCall {
  appId: number;
  environment: PlatformEnvironment;
  clientId: string;
  tokenKind: 'user' | 'client' | null;
  tokenId: number | null;
  companyId: number | null;
  method: string;
  route: string;
  path: string;
  status: number;
  durationMs: number;
  rateLimit: number | null;
  rateRemaining: number | null;
  requestId: string;
  requestHeaders: Record<string, string>;
  responseError: string | null;
  occurredAt: Date;
}

/** Records API calls without slowing the API (batched writes). */
export interface ActivityRecorder {
  record(call: ApiCall): void;
  /** Writes what is buffered (tests, shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Everything the platform's HTTP side needs, built once by createPlatformHttp. */
export interface PlatformContext {
  db: PlatformDb;
  config: PlatformConfig;
  now(): Date;
  /** The signed-in portal user of a browser request (session cookie), or null. */
  identify(request: FastifyRequest): Promise<PortalIdentity | null>;
  /** The portal's sign-in page, coming back to `returnTo` (an absolute path of this server) afterwards. */
  signInUrl(returnTo: string): string;
  limiter: RateLimiter;
  activity: ActivityRecorder;
  webhooks: WebhookDeps;
  /** Hears each REST call refused by the rate limits, with its app (the portal's operator metrics). */
  onRateLimited?: ((appId: number) => void) | undefined;
}

export interface PlatformHttpDeps {
  db: PlatformDb;
  config: PlatformConfig;
  /** The PostgreSQL pool of the shared database (rate-limit counters); undefined on PGlite. */
  pgPool?: pg.Pool | undefined;
  identify(request: FastifyRequest): Promise<PortalIdentity | null>;
  signInUrl(returnTo: string): string;
  logger?: boolean | object;
  now?: () => Date;
  webhooks: WebhookDeps;
  onRateLimited?: ((appId: number) => void) | undefined;
}

/** The two environments the embedded platform serves, and the path prefix of each. */
export const ENVIRONMENT_PREFIXES: Record<PlatformEnvironment, string> = {
  sandbox: '/sandbox',
  production: '/production',
};
