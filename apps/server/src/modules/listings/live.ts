import { isAppLive } from '@lintel/shared';
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

/** Whether each of `appIds` is live, decided by isAppLive from the same facts (apps lists). */
export async function liveOf(db: Db, appIds: readonly number[]): Promise<Map<number, boolean>> {
  const live = new Map(appIds.map((id) => [id, false]));
  if (appIds.length === 0) return live;
  const rows = await newestPublishedListings(db)
    .where('s.developer_app_id', 'in', [...appIds])
    .execute();
  for (const row of rows) {
    live.set(row.developer_app_id, isAppLive({ deleted_at: row.deleted_at, published_listing: row }));
  }
  return live;
}
