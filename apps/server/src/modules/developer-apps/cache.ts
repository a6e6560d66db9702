import type { Db } from '../../db/index';
import { KeptUntilWritten } from '../../db/kept-answers';
import type { HeardWrites } from '../../db/writes';
import type { AnswerCacheLimits } from '../../http/answer-cache';
import type { KeptJson } from '../../http/etag';
import type { Page } from '../../http/paging';

/** A page of "My apps" as it goes out: its JSON, its ETag and the total of its paging headers. */
export type KeptAppsPage = KeptJson & { total: number };

export const MY_APPS_CACHE_LIMITS: AnswerCacheLimits = {
  // A page of 50 apps is ~10 kB of JSON.
  maxEntries: 2000,
  maxBytes: 16 * 1024 * 1024,
  // This process drops every page at once on a write it makes (below); another process's write (a
  // second portal on the same database) shows here within this.
  ttlMs: 2000,
};

/**
 * The tables a page of "My apps" reads (repository.ts, userAppsPageQuery): the user's collaborator rows
 * (role, the app's copied created/deleted times), the apps, the listings for the live flag (appLiveSql)
 * and the sandboxes for their status (the embedded platform's sandboxStatusSql). A write to any of them,
 * and a deleted user (whose collaborator rows go by ON DELETE CASCADE, a write the statement's text does
 * not name), drops every kept page: a change to an app shows in every collaborator's list.
 */
export const MY_APPS_TABLES: readonly string[] = [
  'collaborators',
  'developer_apps',
  'marketplace_submissions',
  'platform_sandboxes',
];

function changesMyApps(writes: HeardWrites): boolean {
  return (
    writes.all || writes.deletes.has('users') || MY_APPS_TABLES.some((table) => writes.tables.has(table))
  );
}

/**
 * The pages of "My apps" last read (issue 24: the portal's most visited list, at ~3× the CPU of the
 * session read when made every time), per user and page, emptied by every write this process makes to
 * what the pages read (db/writes.ts hears them after commit) and each kept at most ttlMs. Keyed by the
 * user's id: a page is only ever answered to the user it was made for.
 */
export class MyAppsCache extends KeptUntilWritten<KeptAppsPage> {
  constructor(db: Db, limits: AnswerCacheLimits = MY_APPS_CACHE_LIMITS, now?: () => number) {
    super(db, limits, changesMyApps, now);
  }

  /** The user's page, kept or made by `make`. */
  page(userId: number, page: Page, make: () => Promise<KeptAppsPage>): Promise<KeptAppsPage> {
    return this.answer(userId, `${page.page}|${page.per_page}`, make);
  }
}
