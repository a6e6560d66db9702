import type { AdminDeveloperAppSortKey, AdminDeveloperSortKey } from '@lintel/shared';
import { type Expression, type OrderByItemBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/index';
import type { UserRow } from '../../db/schema';
import { likePattern, type Page, pageOffset, type SortTerm } from '../../http/paging';

/** One row of the admin developer apps list, with what is in review (spec 1 §3). */
export interface AdminAppRow {
  id: number;
  internal_name: string;
  name: string;
  created_at: Date;
  deleted_at: Date | null;
  owner_id: number;
  owner_email: string;
  owner_name: string;
  app_version_in_review_at: Date | null;
  marketplace_listing_in_review_at: Date | null;
  app_id: number | null;
  live: boolean | null;
}

export interface AdminAppListOptions extends Page {
  sort: SortTerm<AdminDeveloperAppSortKey>[];
  ownerIds?: number[];
  search?: string;
  inReview?: boolean;
  withDeleted?: boolean;
}

export interface DeveloperListOptions extends Page {
  sort: SortTerm<AdminDeveloperSortKey>[];
  search?: string;
}

/** An item in review, in queue order: its place (1 = next) and when it entered review. */
export interface QueueEntry {
  id: number;
  developer_app_id: number;
  in_review_at: Date;
  position: number;
}

export type DeveloperRow = Pick<UserRow, 'id' | 'name' | 'company_name' | 'email' | 'platform_id'>;

export interface DeveloperAppMembership {
  id: number;
  internal_name: string;
  role: 'owner' | 'admin' | 'developer';
  created_at: Date;
  deleted_at: Date | null;
}

const DEVELOPER_COLUMNS = ['id', 'name', 'company_name', 'email', 'platform_id'] as const;

const developerSortColumns = {
  name: 'name',
  company_name: 'company_name',
  email: 'email',
  platform_id: 'platform_id',
} as const satisfies Record<AdminDeveloperSortKey, string>;

/** Every SQL statement of the admin lists and the review queue. */
export const adminListRepository = {
  /**
   * The apps of the admin list: owner, published listing and review dates, filtered, sorted, paged.
   * What is in review and what is published are small sets: each is aggregated once and joined, so no
   * statement looks at every app's versions or submissions one by one. The total is counted on the
   * apps alone, joining the owner or the review sets only when a filter needs them.
   */
  async developerApps(db: Db, options: AdminAppListOptions): Promise<{ rows: AdminAppRow[]; total: number }> {
    const versionsInReview = db
      .selectFrom('app_versions')
      .select((eb) => ['developer_app_id', eb.fn.max('updated_at').as('at')])
      .where('state', '=', 'in_review')
      .groupBy('developer_app_id');
    const listingsInReview = db
      .selectFrom('marketplace_submissions')
      .select((eb) => ['developer_app_id', eb.fn.max('submitted_at').as('at')])
      .where('state', '=', 'in_review')
      .groupBy('developer_app_id');
    const published = db
      .selectFrom('marketplace_submissions')
      .distinctOn('developer_app_id')
      .select(['developer_app_id', 'id', 'live'])
      .where('state', '=', 'published')
      .orderBy('developer_app_id')
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc');

    const searchPattern = options.search ? likePattern(options.search) : undefined;
    const filtered = (withOwner: boolean) => {
      let query = db
        .selectFrom('developer_apps as a')
        .leftJoin(versionsInReview.as('vr'), 'vr.developer_app_id', 'a.id')
        .leftJoin(listingsInReview.as('lr'), 'lr.developer_app_id', 'a.id');
      if (!options.withDeleted) query = query.where('a.deleted_at', 'is', null);
      if (options.ownerIds && options.ownerIds.length > 0)
        query = query.where('a.owner_id', 'in', options.ownerIds);
      if (options.inReview)
        query = query.where((eb) => eb.or([eb('vr.at', 'is not', null), eb('lr.at', 'is not', null)]));
      if (searchPattern) {
        const pattern = searchPattern;
        // One id list per searched column, so each is read through its trigram index (an OR of the
        // three would scan every app).
        const matching = db
          .selectFrom('developer_apps')
          .select('id')
          .where('internal_name', 'ilike', pattern)
          .union(db.selectFrom('developer_apps').select('id').where('name', 'ilike', pattern))
          .union(
            db
              .selectFrom('developer_apps')
              .select('id')
              .where('owner_id', 'in', db.selectFrom('users').select('id').where('email', 'ilike', pattern)),
          );
        query = query.where('a.id', 'in', matching);
      }
      return withOwner ? query.innerJoin('users as o', 'o.id', 'a.owner_id') : query;
    };

    const { total } = await filtered(false)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const inReviewAt = sql<Date | null>`greatest(vr.at, lr.at)`;
    let rows = filtered(true)
      .leftJoin(published.as('p'), 'p.developer_app_id', 'a.id')
      .select([
        'a.id',
        'a.internal_name',
        'a.name',
        'a.created_at',
        'a.deleted_at',
        'a.owner_id',
        'o.email as owner_email',
        'o.name as owner_name',
        sql<Date | null>`vr.at`.as('app_version_in_review_at'),
        sql<Date | null>`lr.at`.as('marketplace_listing_in_review_at'),
        'p.id as app_id',
        'p.live as live',
      ]);
    for (const term of options.sort) {
      const nullsLast = (ob: OrderByItemBuilder) =>
        (term.direction === 'desc' ? ob.desc() : ob.asc()).nullsLast();
      switch (term.key) {
        case 'app_id':
          rows = rows.orderBy('p.id', nullsLast);
          break;
        case 'internal_name':
          rows = rows.orderBy('a.internal_name', term.direction);
          break;
        case 'owner':
          rows = rows.orderBy('o.email', term.direction);
          break;
        case 'created_at':
          rows = rows.orderBy('a.created_at', term.direction);
          break;
        case 'in_review_at':
          rows = rows.orderBy(inReviewAt, nullsLast);
          break;
        case 'deleted_at':
          rows = rows.orderBy('a.deleted_at', nullsLast);
          break;
      }
    }
    rows = rows.orderBy('a.id', options.sort[0]?.direction ?? 'desc');
    const page = (await rows.limit(options.per_page).offset(pageOffset(options)).execute()) as AdminAppRow[];
    return { rows: page, total: Number(total) };
  },

  /** Production versions in review, in queue order (apps that are not deleted). */
  async versionQueue(db: Db, appIds?: readonly number[]): Promise<QueueEntry[]> {
    const rows = await db
      .selectFrom('app_versions as q')
      .innerJoin('developer_apps as a', 'a.id', 'q.developer_app_id')
      .where('q.state', '=', 'in_review')
      .where('a.deleted_at', 'is', null)
      .select([
        'q.id',
        'q.developer_app_id',
        'q.updated_at as in_review_at',
        sql<number>`row_number() over (order by q.updated_at, q.id)`.as('position'),
      ])
      .execute();
    return queueOf(rows, appIds);
  },

  /** Marketplace listings in review, in queue order (apps that are not deleted). */
  async listingQueue(db: Db, appIds?: readonly number[]): Promise<QueueEntry[]> {
    const rows = await db
      .selectFrom('marketplace_submissions as q')
      .innerJoin('developer_apps as a', 'a.id', 'q.developer_app_id')
      .where('q.state', '=', 'in_review')
      .where('a.deleted_at', 'is', null)
      .select([
        'q.id',
        'q.developer_app_id',
        sql<Date>`coalesce(q.submitted_at, q.updated_at)`.as('in_review_at'),
        sql<number>`row_number() over (order by coalesce(q.submitted_at, q.updated_at), q.id)`.as('position'),
      ])
      .execute();
    return queueOf(rows, appIds);
  },

  /**
   * Median hours from submission to decision of the production versions decided since `since` (the
   * manifests area logs each review action as an analytics event, in the transaction of the change).
   */
  async medianVersionReviewHours(db: Db, since: Date): Promise<number | null> {
    const row = await sql<{ hours: number | null }>`
      select percentile_cont(0.5) within group (order by extract(epoch from d.created_at - s.submitted_at)) / 3600.0 as hours
      from analytics_events d
      cross join lateral (
        select max(e.created_at) as submitted_at from analytics_events e
        where e.key = 'manifest_review_submit'
          and e.properties->>'app_version_id' = d.properties->>'app_version_id'
          and e.created_at <= d.created_at
      ) s
      where d.key in ('manifest_review_approve', 'manifest_review_reject')
        and d.created_at >= ${since}
        and s.submitted_at is not null`.execute(db);
    return toHours(row.rows[0]?.hours);
  },

  /** Median hours from submission to decision of the marketplace listings decided since `since`. */
  async medianListingReviewHours(db: Db, since: Date): Promise<number | null> {
    const row = await sql<{ hours: number | null }>`
      select percentile_cont(0.5) within group (order by extract(epoch from d.created_at - s.submitted_at)) / 3600.0 as hours
      from listing_review_events d
      cross join lateral (
        select max(e.created_at) as submitted_at from listing_review_events e
        where e.state = 'submitted' and e.submission_id = d.submission_id and e.created_at <= d.created_at
      ) s
      where d.state in ('approved', 'rejected')
        and d.created_at >= ${since}
        and s.submitted_at is not null`.execute(db);
    return toHours(row.rows[0]?.hours);
  },

  async developers(db: Db, options: DeveloperListOptions): Promise<{ rows: DeveloperRow[]; total: number }> {
    let query = db.selectFrom('users');
    if (options.search) {
      const pattern = likePattern(options.search);
      const term = options.search;
      query = query.where((eb) => {
        const any: Expression<SqlBool>[] = [
          eb('name', 'ilike', pattern),
          eb('company_name', 'ilike', pattern),
          eb('email', 'ilike', pattern),
        ];
        if (/^\d{1,9}$/.test(term)) any.push(eb('platform_id', '=', Number(term)));
        return eb.or(any);
      });
    }
    const { total } = await query
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    let rows = query.select(DEVELOPER_COLUMNS);
    for (const term of options.sort) {
      rows =
        term.key === 'platform_id'
          ? rows.orderBy('platform_id', (ob) =>
              (term.direction === 'desc' ? ob.desc() : ob.asc()).nullsLast(),
            )
          : rows.orderBy(developerSortColumns[term.key], term.direction);
    }
    rows = rows.orderBy('id', options.sort[0]?.direction ?? 'asc');
    return {
      rows: await rows.limit(options.per_page).offset(pageOffset(options)).execute(),
      total: Number(total),
    };
  },

  findDeveloper(db: Db, id: number): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  },

  findDeveloperForUpdate(db: Db, id: number): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  },

  updateDeveloper(
    db: Db,
    id: number,
    changes: Partial<
      Pick<UserRow, 'name' | 'company_name' | 'email' | 'is_admin' | 'is_employee' | 'confirmed_at'>
    >,
    now: Date,
  ): Promise<UserRow> {
    return db
      .updateTable('users')
      .set({ ...changes, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** The apps a developer owns or works on, deleted ones included, newest first. */
  appsOfDeveloper(db: Db, userId: number): Promise<DeveloperAppMembership[]> {
    return db
      .selectFrom('collaborators as c')
      .innerJoin('developer_apps as a', 'a.id', 'c.developer_app_id')
      .select(['a.id', 'a.internal_name', 'c.role', 'a.created_at', 'a.deleted_at'])
      .where('c.user_id', '=', userId)
      .orderBy('a.id', 'desc')
      .limit(500)
      .execute();
  },

  /** The apps (with their owners) the OAuth list names. */
  appsWithOwners(
    db: Db,
    appIds: readonly number[],
  ): Promise<{ id: number; internal_name: string; owner_name: string; owner_email: string }[]> {
    if (appIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('developer_apps as a')
      .innerJoin('users as o', 'o.id', 'a.owner_id')
      .select(['a.id', 'a.internal_name', 'o.name as owner_name', 'o.email as owner_email'])
      .where('a.id', 'in', appIds)
      .execute();
  },
};

/** The queue entries of `appIds` (all when undefined), their places as numbers. */
function queueOf(rows: readonly QueueEntry[], appIds: readonly number[] | undefined): QueueEntry[] {
  const wanted = appIds ? new Set(appIds) : undefined;
  return rows
    .filter((row) => !wanted || wanted.has(row.developer_app_id))
    .map((row) => ({ ...row, position: Number(row.position) }));
}

function toHours(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const hours = Number(value);
  return Number.isFinite(hours) ? hours : null;
}
