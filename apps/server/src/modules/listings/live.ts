import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/index';

/**
 * `isAppLive` (packages/shared/src/live.ts) where the database must decide it: the marketplace pages
 * and counts apps in SQL. Both read the same facts — the app's deletion and its newest published
 * listing's `live` — and demo-seed.test.ts checks that they agree.
 */

/** The newest published listing of every app that has one, with the facts isAppLive reads. */
export function newestPublishedListings(db: Db) {
  return db
    .selectFrom('marketplace_submissions as s')
    .innerJoin('developer_apps as a', 'a.id', 's.developer_app_id')
    .distinctOn('s.developer_app_id')
    .select(['s.developer_app_id', 's.id as submission_id', 's.live', 's.published_at', 'a.deleted_at'])
    .where('s.state', '=', 'published')
    .orderBy('s.developer_app_id')
    .orderBy('s.published_at', 'desc')
    .orderBy('s.id', 'desc');
}

/** The live apps (isAppLive in SQL), each with the published listing customers see. */
export function liveListings(db: Db) {
  return db
    .selectFrom(newestPublishedListings(db).as('n'))
    .select(['n.developer_app_id', 'n.submission_id', 'n.published_at'])
    .where('n.live', '=', true)
    .where('n.deleted_at', 'is', null);
}

/**
 * isAppLive of one app as an SQL expression, for a list that reads it in its own statement: the app
 * (`appId`, `deletedAt`) is not deleted and its newest published listing, in newestPublishedListings'
 * order, is live. One probe of marketplace_submissions_published per app.
 */
export function appLiveSql(
  appId: RawBuilder<number>,
  deletedAt: RawBuilder<Date | null>,
): RawBuilder<boolean> {
  return sql<boolean>`(${deletedAt} is null and coalesce((select s.live from marketplace_submissions as s
    where s.developer_app_id = ${appId} and s.state = 'published'
    order by s.published_at desc, s.id desc limit 1), false))`;
}
