import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { likePattern, type Page, pageOffset, type SortTerm } from '../../http/paging';
import { liveListings } from '../listings/live';

export type MarketplaceSortKey = 'public_name' | 'published_at';

export interface MarketplaceListOptions extends Page {
  sort: SortTerm<MarketplaceSortKey>[];
  search?: string;
  categoryId?: number;
}

export interface PublishedListingRow {
  developer_app_id: number;
  submission_id: number;
  public_name: string | null;
  tagline: string | null;
  built_by: string | null;
  category_ids: number[];
  published_at: Date | null;
  logo_media_id: number | null;
}

/** The reads of the public marketplace: each live app's listing (listings/live.ts). */
export const marketplaceRepository = {
  async list(
    db: Db,
    options: MarketplaceListOptions,
  ): Promise<{ rows: PublishedListingRow[]; total: number }> {
    // The listing customers see of every live app (isAppLive, in SQL: listings/live.ts).
    const published = db
      .selectFrom(liveListings(db).as('l'))
      .innerJoin('marketplace_submissions as s', 's.id', 'l.submission_id')
      .select([
        's.developer_app_id',
        's.id as submission_id',
        's.public_name',
        's.tagline',
        's.built_by',
        's.category_ids',
        's.published_at',
      ]);
    let query = db.selectFrom(published.as('p'));
    if (options.search) {
      const pattern = likePattern(options.search);
      query = query.where((eb) =>
        eb.or([eb('p.public_name', 'ilike', pattern), eb('p.tagline', 'ilike', pattern)]),
      );
    }
    if (options.categoryId !== undefined) {
      query = query.where(sql<boolean>`p.category_ids @> ${JSON.stringify([options.categoryId])}::jsonb`);
    }
    const { total } = await query
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    let rows = query
      .selectAll('p')
      .select((eb) =>
        eb
          .selectFrom('listing_media as m')
          .select('m.id')
          .whereRef('m.submission_id', '=', 'p.submission_id')
          .where('m.type', '=', 'Logo')
          .orderBy('m.id')
          .limit(1)
          .as('logo_media_id'),
      );
    for (const term of options.sort) {
      rows = rows.orderBy(term.key === 'public_name' ? 'p.public_name' : 'p.published_at', term.direction);
    }
    if (options.sort.length === 0) rows = rows.orderBy('p.public_name');
    rows = rows.orderBy('p.developer_app_id');
    const found = await rows.limit(options.per_page).offset(pageOffset(options)).execute();
    return { rows: found as PublishedListingRow[], total: Number(total) };
  },

  /** The app's listing customers see, or undefined when the app is not live (isAppLive). */
  publishedSubmissionId(db: Db, appId: number): Promise<{ id: number } | undefined> {
    return liveListings(db)
      .clearSelect()
      .select('n.submission_id as id')
      .where('n.developer_app_id', '=', appId)
      .executeTakeFirst();
  },

  /** A live app (the platform's events may name any app that is not deleted). */
  liveAppExists(db: Db, appId: number): Promise<{ id: number } | undefined> {
    return db
      .selectFrom('developer_apps')
      .select('id')
      .where('id', '=', appId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  },
};
