import type pg from 'pg';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
} from 'rate-limiter-flexible';
import type { RateLimitDecision, RateLimiter, TemplateUsage } from '../context';
import type { PlatformDb } from '../db/schema';
import type { PlatformEnvironment, Principal } from '../tokens';
import { BucketSource, type LimitTemplate } from './buckets';
import { decide, subjectKey, type WindowCount, windowSeconds } from './decision';

/** The counters' table on PostgreSQL (platform migration 0006). */
export const COUNTERS_TABLE = 'platform_rate_limits';

/** Where the counters live: shared by every server process (PostgreSQL, Redis), or this process's memory. */
export type CounterStore = 'postgres' | 'redis' | 'memory';

export interface RateLimiterDeps {
  db: PlatformDb;
  /** The shared PostgreSQL pool: counters in PostgreSQL (several processes count together). */
  pgPool?: pg.Pool | undefined;
  /** Counters in Redis instead, when set. Neither: in memory (PGlite runs in one process). */
  redisUrl?: string | undefined;
  /** How long a client's buckets are cached (an admin's change applies within it); default 500 ms. */
  bucketCacheMs?: number;
}

/**
 * An undo (the library's reward) is skipped for a window ending this soon: after the window rolls over
 * it would land in the next one as -1 and let one call too many through. Skipping it can only over-count
 * a window that is about to end.
 */
const UNDO_MARGIN_MS = 1000;

/**
 * Takes one count back from each of `keys` whose window is still open (a refused call, counted nowhere).
 * The rows are locked in key order before they change, as the counting statement takes them: an UPDATE
 * alone locks rows in the order its plan meets them (the table's, in a bitmap or sequential scan), and an
 * undo holding the hourly row while a counting call held the spike row and waited for the hourly one was
 * a deadlock: PostgreSQL cancelled one of the two, and its call answered 500 (once in 300 concurrent calls
 * across two portals).
 */
export async function undoCounts(pool: pg.Pool, keys: readonly string[], now: number): Promise<void> {
  await pool.query({
    name: 'lintel-rl-undo',
    text: `UPDATE ${COUNTERS_TABLE} AS c SET points = c.points - 1
             FROM (SELECT key FROM ${COUNTERS_TABLE}
                    WHERE key = ANY($1::text[]) AND expire > $2
                    ORDER BY key FOR UPDATE) AS locked
            WHERE c.key = locked.key`,
    values: [[...keys].sort(), now],
  });
}

/** The library's points: it counts, the limits are compared by us. */
const UNBOUNDED = Number.MAX_SAFE_INTEGER;

/** A call's count in one window, and how to take it back when another window refuses the call. */
interface Counted {
  template: LimitTemplate;
  allowed: boolean;
  count: number;
  msBeforeNext: number;
  undo(): Promise<void>;
}

/** At most this many recent keys are looked at for the portal's "current use". */
const USAGE_KEYS = 100;

/**
 * The rate limiter of the REST API (issue 21, rate-limits.md), on rate-limiter-flexible: every call
 * counts once in each template of the buckets that apply to its client id (BucketSource), under a key
 * of the template's identity and the call's subject (decision.ts: the access token, and the company for
 * a client-credentials token). Fill types `count` and `quota` both count one per request: a quota
 * template is a request quota over its (usually long) interval.
 *
 * Exactness: each window's count is one atomic increment in the shared store, so among concurrent calls
 * exactly `limit` see a count within the limit, across any number of server processes. A refused call
 * is taken back (the library's reward) from every window it was counted in, so the counts hold the
 * calls answered and nothing else: a refused call is counted nowhere, a raised limit lets exactly the
 * difference through in the same window, and the portal's "37 of 100" is the calls that passed. While
 * an undo is in flight the count is one higher than the calls answered, which can only refuse a call
 * early (another window's refusal racing this window's last free call), never let one too many pass.
 */
export async function createRateLimiter(
  deps: RateLimiterDeps,
): Promise<RateLimiter & { store: CounterStore }> {
  const buckets = new BucketSource(deps.db, deps.bucketCacheMs ?? 500);
  const store: CounterStore = deps.redisUrl ? 'redis' : deps.pgPool ? 'postgres' : 'memory';
  // ioredis is loaded only when REDIS_URL is set: a portal without Redis never holds it (issue 24).
  const redis =
    store === 'redis' && deps.redisUrl
      ? new (await import('ioredis')).Redis(deps.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 })
      : undefined;
  // Calls made before the connection is up wait for it (counted exactly); during an outage a call
  // fails over to the insurance limiter after one reconnect attempt. An outage never crashes the process.
  redis?.on('error', () => {});
  const limiters = new Map<number, RateLimiterAbstract>();

  /**
   * The library's limiter of one window length: the counters of every key of that length. It counts
   * and never refuses by itself (its points are unbounded): each template's limit is compared here with
   * the count the store answered, so one counter serves a limit an admin changes mid-window.
   */
  function limiterFor(template: LimitTemplate): RateLimiterAbstract {
    const duration = windowSeconds(template.intervalMs);
    let limiter = limiters.get(duration);
    if (!limiter) {
      const options = { points: UNBOUNDED, duration, keyPrefix: 'rl' };
      if (redis) {
        limiter = new RateLimiterRedis({
          ...options,
          keyPrefix: 'lintel:rl',
          storeClient: redis,
          // While Redis is unreachable each process counts on its own rather than failing every call.
          insuranceLimiter: new RateLimiterMemory(options),
        });
      } else if (deps.pgPool) {
        limiter = new RateLimiterPostgres({
          ...options,
          storeClient: deps.pgPool,
          storeType: 'pool',
          tableName: COUNTERS_TABLE,
          tableCreated: true,
          clearExpiredByTimeout: false,
        });
      } else {
        limiter = new RateLimiterMemory(options);
      }
      limiters.set(duration, limiter);
    }
    return limiter;
  }

  const keyOf = (template: LimitTemplate, subject: string) =>
    `${template.server}:${template.identity}:${subject}`;

  // PostgreSQL keeps expired counters until someone deletes them: every 5 minutes, those expired a
  // minute ago or more (a row in use is rewritten on its next call anyway).
  const janitor = deps.pgPool
    ? setInterval(() => {
        deps.pgPool
          ?.query(`DELETE FROM ${COUNTERS_TABLE} WHERE expire < $1`, [Date.now() - 60_000])
          .catch(() => {});
      }, 300_000)
    : undefined;
  janitor?.unref();

  /** One atomic increment of a window's counter: the call is within the limit when its count is. */
  async function countOne(template: LimitTemplate, key: string): Promise<Counted> {
    const limiter = limiterFor(template);
    const res = await limiter.consume(key);
    return {
      template,
      allowed: res.consumedPoints <= template.limit,
      count: res.consumedPoints,
      msBeforeNext: res.msBeforeNext,
      undo: () => limiter.reward(key, 1).then(() => undefined),
    };
  }

  /**
   * PostgreSQL: every window of a call counted in one statement (one round trip instead of one per
   * template), in the library's rows (`rl:` keys, Unix-millisecond expiry), so its reads (usage) and the
   * janitor still apply. Each row's increment is as atomic as the library's single-row upsert; the keys
   * go in sorted, so two calls locking the same rows always take them in the same order.
   */
  async function countAllPostgres(pool: pg.Pool, templates: readonly LimitTemplate[], subject: string) {
    const now = Date.now();
    const rows = new Map<string, LimitTemplate[]>();
    for (const template of templates) {
      const key = `rl:${keyOf(template, subject)}`;
      rows.set(key, [...(rows.get(key) ?? []), template]);
    }
    const keys = [...rows.keys()].sort();
    const expires = keys.map((key) => now + windowSeconds(rows.get(key)?.[0]?.intervalMs ?? 1000) * 1000);
    const result = await pool.query<{ key: string; points: number; expire: string }>({
      name: 'lintel-rl-count',
      text: `INSERT INTO ${COUNTERS_TABLE} AS c (key, points, expire)
               SELECT k, 1, e FROM unnest($1::text[], $2::bigint[]) AS t (k, e)
             ON CONFLICT (key) DO UPDATE SET
               points = CASE WHEN c.expire <= $3 OR c.expire IS NULL THEN 1 ELSE c.points + 1 END,
               expire = CASE WHEN c.expire <= $3 OR c.expire IS NULL THEN excluded.expire ELSE c.expire END
             RETURNING key, points, expire`,
      values: [keys, expires, now],
    });
    const counted: Counted[] = [];
    for (const row of result.rows) {
      const msBeforeNext = Number(row.expire) - now;
      for (const template of rows.get(row.key) ?? []) {
        counted.push({
          template,
          allowed: row.points <= template.limit,
          count: row.points,
          msBeforeNext,
          undo: async () => {},
        });
      }
    }
    if (counted.some((window) => !window.allowed)) {
      // A refused call is taken back from every window not about to end, in one statement too.
      const undo = result.rows
        .filter((row) => Number(row.expire) - now > UNDO_MARGIN_MS)
        .map((row) => row.key)
        .sort();
      if (undo.length > 0) await undoCounts(pool, undo, Date.now());
    }
    return counted;
  }

  return {
    store,

    async consume(principal: Principal, companyId: number | null): Promise<RateLimitDecision> {
      const templates = await buckets.templates(principal.environment, principal.clientId);
      const subject = subjectKey(principal, companyId);
      let counted: Counted[];
      if (store === 'postgres' && deps.pgPool) {
        counted = await countAllPostgres(deps.pgPool, templates, subject);
      } else {
        counted = await Promise.all(
          templates.map((template) => countOne(template, keyOf(template, subject))),
        );
        if (counted.some((count) => !count.allowed)) {
          await Promise.all(
            counted.filter((count) => count.msBeforeNext > UNDO_MARGIN_MS).map((count) => count.undo()),
          );
        }
      }
      return decide(
        counted.map(
          (count): WindowCount => ({
            limit: count.template.limit,
            allowed: count.allowed,
            remaining: count.template.limit - count.count,
            msBeforeReset: Math.max(0, count.msBeforeNext),
          }),
        ),
        Date.now(),
      );
    },

    async usage(
      clientId: string,
      environment: PlatformEnvironment,
      keys: readonly { tokenId: number; companyId: number | null }[],
    ): Promise<TemplateUsage[]> {
      const templates = await buckets.templates(environment, clientId);
      // A key's calls were counted under its token alone, or (client credentials) under token and company.
      const subjects = new Set<string>();
      for (const key of keys.slice(0, USAGE_KEYS)) {
        subjects.add(subjectKey({ kind: 'user', tokenId: key.tokenId }, null));
        if (key.companyId !== null)
          subjects.add(subjectKey({ kind: 'client', tokenId: key.tokenId }, key.companyId));
      }
      const now = Date.now();
      return Promise.all(
        templates.map(async (template): Promise<TemplateUsage> => {
          const limiter = limiterFor(template);
          const found = await Promise.all(
            [...subjects].map((subject) => limiter.get(keyOf(template, subject))),
          );
          let used = 0;
          let resetsAt: Date | null = null;
          for (const res of found) {
            if (!res || res.consumedPoints <= used) continue;
            used = res.consumedPoints;
            resetsAt = res.msBeforeNext >= 0 ? new Date(now + res.msBeforeNext) : null;
          }
          return {
            server: template.server,
            bucket: template.bucket,
            template: template.name,
            fillType: template.fillType,
            intervalMs: template.intervalMs,
            limit: template.limit,
            // A refused call's increment may not be undone yet (or was kept at a window's very end).
            used: Math.min(used, template.limit),
            resetsAt,
          };
        }),
      );
    },

    async close() {
      if (janitor) clearInterval(janitor);
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
