import type { Db } from '../../db/index';
import { KeptUntilWritten } from '../../db/kept-answers';
import type { HeardWrites } from '../../db/writes';
import type { AnswerCacheLimits } from '../../http/answer-cache';
import type { KeptJson } from '../../http/etag';
import type { AdminAppListOptions } from './repository';

/** A page of the admin apps list (or the review queue) as it goes out, with the total of its headers. */
export type KeptAdminAppsPage = KeptJson & { total: number };

export const ADMIN_APPS_CACHE_LIMITS: AnswerCacheLimits = {
  // A page of 50 apps is ~40 kB of JSON.
  maxEntries: 500,
  maxBytes: 16 * 1024 * 1024,
  // This process drops every page at once on a write it makes (below); another process's write, and the
  // median review time's 30-day window moving on, show here within this.
  ttlMs: 2000,
};

/**
 * The tables a page reads (apps-page.ts, and the statement-by-statement path of a broad search in
 * repository.ts): the apps and their owners, the versions and listings in review and published, the
 * trigger-kept totals, and the review events the median review times are computed from.
 */
export const ADMIN_APPS_TABLES: readonly string[] = [
  'developer_apps',
  'users',
  'app_versions',
  'marketplace_submissions',
  'row_counts',
  'analytics_events',
  'listing_review_events',
];

function changesAdminApps(writes: HeardWrites): boolean {
  return writes.all || ADMIN_APPS_TABLES.some((table) => writes.tables.has(table));
}

/**
 * The pages of the admin apps list and the review queue last read (issue 24: p95 < 20 ms at 100,000
 * apps under ten connections), keyed by the normalised query. A page is the same for every
 * administrator, and the route checks the administrator's session and role before asking for it.
 * Emptied by every write this process makes to what the pages read (db/writes.ts hears them after
 * commit); each page kept at most ttlMs.
 */
export class AdminAppsCache extends KeptUntilWritten<KeptAdminAppsPage> {
  constructor(db: Db, limits: AnswerCacheLimits = ADMIN_APPS_CACHE_LIMITS, now?: () => number) {
    super(db, limits, changesAdminApps, now);
  }

  /** The page the options name, kept or made by `make`. */
  page(options: AdminAppListOptions, make: () => Promise<KeptAdminAppsPage>): Promise<KeptAdminAppsPage> {
    return this.answer('apps', keyOf(options), make);
  }
}

/** The options as a key: every field that changes the answer, in a fixed order. */
function keyOf(options: AdminAppListOptions): string {
  return JSON.stringify([
    options.page,
    options.per_page,
    options.sort.map((term) => `${term.direction === 'desc' ? '-' : ''}${term.key}`),
    options.ownerIds ?? null,
    options.search ?? null,
    options.inReview === true,
    options.withDeleted === true,
  ]);
}
