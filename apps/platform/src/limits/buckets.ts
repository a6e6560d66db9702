import { DEFAULT_BUCKET_TEMPLATES } from '@lintel/shared';
import type { PlatformDb } from '../db/schema';
import type { PlatformEnvironment } from '../tokens';

/**
 * The quota-minder server whose buckets count an environment's calls (issue 21): the integrator
 * sandbox for sandbox credentials, the first US production server for production ones.
 */
export const LIMIT_SERVERS: Record<PlatformEnvironment, string> = {
  sandbox: 'Integrator_Sandbox',
  production: 'Production_US01',
};

/** The client id of a server's default bucket (migration 0011 seeds one per server). */
export const ANY_CLIENT = '*';

/** One counting window that applies to a client id. */
export interface LimitTemplate {
  server: string;
  /** The bucket's name; null for the built-in defaults (no bucket row at all). */
  bucket: string | null;
  name: string;
  fillType: 'count' | 'quota';
  intervalMs: number;
  limit: number;
  /**
   * What the counters are keyed by: the bucket's id and the template's name (templates are rewritten
   * as new rows on every edit, so their row ids would restart the count) and the window length, so a
   * changed limit keeps counting the same window while a changed interval starts a fresh one.
   */
  identity: string;
}

/** The spec's default buckets (main: count, 3,600,000 ms, 7,200; spike: count, 10,000 ms, 100). */
export function defaultTemplates(server: string): LimitTemplate[] {
  return DEFAULT_BUCKET_TEMPLATES.map((template) => ({
    server,
    bucket: null,
    name: template.name,
    fillType: template.fill_type,
    intervalMs: template.interval_ms,
    limit: template.limit,
    identity: `default:${template.name}:${template.interval_ms}`,
  }));
}

interface TemplateRow {
  bucket_id: number;
  bucket_name: string;
  client_id: string;
  name: string;
  fill_type: 'count' | 'quota';
  interval_ms: number;
  limit: number;
}

/**
 * The templates that count a client's calls on a server: every bucket naming the client id (all of
 * them when several do; the domain is not compared, since an API call carries none), else the server's
 * default bucket (client id `*`, which an admin may edit too), else the built-in defaults. Each
 * bucket's templates come in their position order.
 */
export function templatesOf(server: string, rows: readonly TemplateRow[], clientId: string): LimitTemplate[] {
  const own = rows.filter((row) => row.client_id === clientId);
  const chosen = own.length > 0 ? own : rows.filter((row) => row.client_id === ANY_CLIENT);
  if (chosen.length === 0) return defaultTemplates(server);
  return chosen.map((row) => ({
    server,
    bucket: row.bucket_name,
    name: row.name,
    fillType: row.fill_type,
    intervalMs: row.interval_ms,
    limit: row.limit,
    identity: `b${row.bucket_id}:${row.name.trim().toLowerCase()}:${row.interval_ms}`,
  }));
}

/**
 * Reads the buckets of a client with a short cache: an admin's change applies within `ttlMs` (under a
 * second) on every server process, while a burst of calls costs one query per client and period.
 * Concurrent misses share one query.
 */
export class BucketSource {
  readonly #cache = new Map<string, { until: number; templates: Promise<LimitTemplate[]> }>();

  constructor(
    private readonly db: PlatformDb,
    private readonly ttlMs = 500,
    private readonly clock: () => number = Date.now,
  ) {}

  templates(environment: PlatformEnvironment, clientId: string): Promise<LimitTemplate[]> {
    const server = LIMIT_SERVERS[environment];
    const cacheKey = `${server}\n${clientId}`;
    const now = this.clock();
    const cached = this.#cache.get(cacheKey);
    if (cached && cached.until > now) return cached.templates;
    if (this.#cache.size > 10_000) this.#cache.clear();
    const templates = this.read(server, clientId);
    this.#cache.set(cacheKey, { until: now + this.ttlMs, templates });
    // A failed read is not remembered: the next call asks again.
    templates.catch(() => this.#cache.delete(cacheKey));
    return templates;
  }

  private async read(server: string, clientId: string): Promise<LimitTemplate[]> {
    const rows = await this.db
      .selectFrom('platform_rate_limit_buckets as b')
      .innerJoin('platform_rate_limit_bucket_templates as t', 't.bucket_id', 'b.id')
      .select([
        'b.id as bucket_id',
        'b.name as bucket_name',
        'b.client_id',
        't.name',
        't.fill_type',
        't.interval_ms',
        't.limit',
      ])
      .where('b.server', '=', server)
      .where('b.client_id', 'in', [clientId, ANY_CLIENT])
      .orderBy('b.id')
      .orderBy('t.position')
      .execute();
    return templatesOf(server, rows, clientId);
  }
}
