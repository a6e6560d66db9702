import type { AdminDeveloperAppSortKey, AdminDeveloperSortKey } from '@lintel/shared';
import {
  type Expression,
  type ExpressionBuilder,
  type OrderByItemBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import { byName } from '../../db/collation';
import { cappedCount, ESTIMATE_ONLY_ABOVE, estimatedRows, pageWithTotal, rowCount } from '../../db/counts';
import type { Db } from '../../db/index';
import type { Database, UserRow } from '../../db/schema';
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

/** The most apps an OAuth list search matches by app name or owner e-mail (see appIdsMatching). */
export const OAUTH_SEARCH_APP_LIMIT = 2000;

const DEVELOPER_COLUMNS = ['id', 'name', 'company_name', 'email', 'platform_id'] as const;

const developerSortColumns = {
  name: 'name',
  companyName: 'company_name',
  company_name: 'company_name',
  email: 'email',
  platform_id: 'platform_id',
} as const satisfies Record<AdminDeveloperSortKey, string>;

/** Every SQL statement of the admin lists and the review queue. */
export const adminListRepository = {
  /**
   * The apps of the admin list: owner, published listing and review dates, filtered, sorted, paged.
   * A page is read in two steps: the ids of the page first, from the apps alone where the sort allows it
   * (an index in sort order, LIMIT/OFFSET), then the owner, review dates and published listing of those
   * ids only. The unfiltered total is a trigger-kept counter, a filtered one is counted up to a cap.
   */
  async developerApps(db: Db, options: AdminAppListOptions): Promise<{ rows: AdminAppRow[]; total: number }> {
    let filtered = appsMatching(db, options, 'union');
    let estimate: number | undefined;
    if (options.search) {
      // A term expected to match many apps is read as one OR filter on the apps in sort order (the first
      // page's matches come within a few hundred apps); a selective one as the union of index reads.
      estimate = await estimatedRows(db, filtered.select('a.id'));
      if (estimate > ESTIMATE_ONLY_ABOVE) {
        filtered = appsMatching(db, options, 'or');
        estimate = undefined;
      }
    }
    const unfiltered =
      !options.search && !options.inReview && !(options.ownerIds && options.ownerIds.length > 0);
    const inReviewOnly =
      options.inReview && !options.search && !(options.ownerIds && options.ownerIds.length > 0);
    const total = unfiltered
      ? await rowCount(db, options.withDeleted ? 'developer_apps' : 'developer_apps.not_deleted')
      : inReviewOnly
        ? await inReviewCount(db, options.withDeleted)
        : await cappedCount(db, filtered.select('a.id'), estimate);
    // The id tiebreak follows the first sort term; apps that are not deleted all have a null deletion
    // date, so without the deleted ones the Deleted sort is the tiebreak alone.
    const direction = options.sort[0]?.direction ?? 'desc';
    const sort = options.withDeleted
      ? options.sort
      : options.sort.filter((term) => term.key !== 'deleted_at');
    // (A dropped Deleted term can leave a tiebreak against the remaining term's direction: general path.)
    const only = sort.length === 1 && sort[0]?.direction === direction ? sort[0] : undefined;
    const ids =
      only && isSmallSetKey(only.key)
        ? await smallSetFirstIds(db, filtered, only.key, only.direction, options)
        : await orderedIds(db, filtered, sort, direction, options);
    return { rows: await appDetails(db, ids), total };
  },

  /**
   * The places in both review queues (production versions, marketplace listings) of the given apps, in
   * one statement: each queue is ranked whole (apps that are not deleted), and PostgreSQL keeps the rows
   * of these apps, so a list page reads its few places instead of every item in review.
   */
  async reviewQueues(
    db: Db,
    appIds: readonly number[],
  ): Promise<{ versions: QueueEntry[]; listings: QueueEntry[] }> {
    if (appIds.length === 0) return { versions: [], listings: [] };
    const placesOf = (kind: 'version' | 'listing') =>
      db
        .selectFrom((kind === 'version' ? rankedVersions(db) : rankedListings(db)).as('r'))
        .select([
          sql<string>`${kind}::text`.as('kind'),
          'r.id',
          'r.developer_app_id',
          'r.in_review_at',
          'r.position',
        ])
        .where('r.developer_app_id', 'in', appIds);
    const rows = await placesOf('version').unionAll(placesOf('listing')).execute();
    const entries = (kind: string) =>
      rows
        .filter((row) => row.kind === kind)
        .map(({ kind: _kind, ...row }) => ({ ...row, position: Number(row.position) }))
        .sort((a, b) => a.position - b.position);
    return { versions: entries('version'), listings: entries('listing') };
  },

  /**
   * Median hours from submission to decision of the production versions and of the marketplace listings
   * decided since `since`, in one statement (the manifests area logs each review action as an analytics
   * event, the listings area as a listing review event, in the transaction of the change).
   */
  async medianReviewHours(db: Db, since: Date): Promise<{ version: number | null; listing: number | null }> {
    const { rows } = await sql<{ version_hours: unknown; listing_hours: unknown }>`
      select (${medianVersionReviewHoursQuery(since)}) as version_hours,
             (${medianListingReviewHoursQuery(since)}) as listing_hours`.execute(db);
    return { version: toHours(rows[0]?.version_hours), listing: toHours(rows[0]?.listing_hours) };
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
          emailMatches(eb, term),
        ];
        if (/^\d{1,9}$/.test(term)) any.push(eb('platform_id', '=', Number(term)));
        return eb.or(any);
      });
    }
    let rows = query.select(DEVELOPER_COLUMNS);
    for (const term of options.sort) {
      rows =
        term.key === 'platform_id'
          ? rows.orderBy('platform_id', (ob) =>
              (term.direction === 'desc' ? ob.desc() : ob.asc()).nullsLast(),
            )
          : term.key === 'email'
            ? rows.orderBy('email', term.direction)
            : rows.orderBy(byName(developerSortColumns[term.key]), term.direction);
    }
    rows = rows
      .orderBy('id', options.sort[0]?.direction ?? 'asc')
      .limit(options.per_page)
      .offset(pageOffset(options));
    if (!options.search) return { rows: await rows.execute(), total: await rowCount(db, 'users') };
    // The search is one OR over the users' columns: the planner reads it as a BitmapOr of their trigram
    // indexes when it is selective, or walks the sort order and filters when it is broad.
    return pageWithTotal(db, query.select('id'), rows, pageOffset(options));
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

  /**
   * The apps whose name, internal name or owner's e-mail contains `search` (the OAuth list's search), each
   * column read through its trigram index; at most `limit` of them, so a search that matches half the
   * apps cannot send the platform a list of half a million ids.
   */
  async appIdsMatching(db: Db, search: string, limit = OAUTH_SEARCH_APP_LIMIT): Promise<number[]> {
    const pattern = likePattern(search);
    const rows = await db
      .selectFrom('developer_apps')
      .select('id')
      .where('internal_name', 'ilike', pattern)
      .union(db.selectFrom('developer_apps').select('id').where('name', 'ilike', pattern))
      .union(
        db
          .selectFrom('developer_apps')
          .select('id')
          .where('owner_id', 'in', db.selectFrom('users').select('id').where('email', 'ilike', pattern)),
      )
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
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

export type AppsQuery = ReturnType<typeof appsMatching>;

/** The apps the filters keep (the where clauses only: no join, so counts and id pages read apps alone). */
export function appsMatching(db: Db, options: AdminAppListOptions, search: 'union' | 'or') {
  let query = db.selectFrom('developer_apps as a');
  if (!options.withDeleted) query = query.where('a.deleted_at', 'is', null);
  if (options.ownerIds && options.ownerIds.length > 0)
    query = query.where('a.owner_id', 'in', options.ownerIds);
  if (options.inReview)
    query = query.where('a.id', 'in', db.selectFrom(inReviewSet(db).as('r')).select('r.id'));
  if (options.search && search === 'or') {
    const pattern = likePattern(options.search);
    const owners = db.selectFrom('users').select('id').where('email', 'ilike', pattern);
    query = query.where((eb) =>
      eb.or([
        eb('a.internal_name', 'ilike', pattern),
        eb('a.name', 'ilike', pattern),
        eb('a.owner_id', 'in', owners),
      ]),
    );
  } else if (options.search) {
    const pattern = likePattern(options.search);
    // One id list per searched column, so each is read through its trigram index (an OR of the
    // three cannot use them: the owner's e-mail is another table's).
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
  return query;
}

/**
 * The apps with something in review and when (the later of the newest version in review and the newest
 * listing submitted for review): a few hundred rows read from the two partial indexes, never all apps.
 * Apps whose listing in review has no submission date have no review date and are not in the set.
 */
export function inReviewSet(db: Db) {
  const dates = db
    .selectFrom('app_versions')
    .select(['developer_app_id', sql<Date>`updated_at`.as('at')])
    .where('state', '=', sql.lit('in_review'))
    .unionAll(
      db
        .selectFrom('marketplace_submissions')
        .select(['developer_app_id', sql<Date>`submitted_at`.as('at')])
        .where('state', '=', sql.lit('in_review'))
        .where('submitted_at', 'is not', null),
    );
  return db
    .selectFrom(dates.as('d'))
    .select((eb) => ['d.developer_app_id as id', eb.fn.max('d.at').as('key')])
    .groupBy('d.developer_app_id');
}

/** The apps with a published listing and its id (the newest published), the Published column. */
function publishedSet(db: Db) {
  return db
    .selectFrom('marketplace_submissions')
    .distinctOn('developer_app_id')
    .select(['developer_app_id as id', sql<number | Date>`id`.as('key')])
    .where('state', '=', sql.lit('published'))
    .orderBy('developer_app_id')
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc');
}

export type SmallSetKey = 'in_review_at' | 'app_id' | 'deleted_at';
/** A set of apps (id) with their value (key) of a sort key. */
type KeyedSet = SelectQueryBuilder<Database, 'developer_apps', { id: number; key: unknown }>;

export function isSmallSetKey(key: AdminDeveloperAppSortKey): key is SmallSetKey {
  return key === 'in_review_at' || key === 'app_id' || key === 'deleted_at';
}

/** The apps that have a value for a nulls-last sort key, with it: few next to all apps. */
export function smallSet(db: Db, key: SmallSetKey): KeyedSet {
  switch (key) {
    case 'in_review_at':
      return inReviewSet(db) as unknown as KeyedSet;
    case 'app_id':
      return publishedSet(db) as unknown as KeyedSet;
    case 'deleted_at':
      // Read through the partial index developer_apps_deleted.
      return db
        .selectFrom('developer_apps')
        .select(['id', sql<unknown>`deleted_at`.as('key')])
        .where('deleted_at', 'is not', null);
  }
}

/**
 * One page of a nulls-last sort whose key only a small set of apps has (in review, published, deleted).
 * In that order the page's rows come first from the set, sorted by the key, then from all other apps in
 * id order; the size of the set (counted, it is small) says which part of the page comes from which.
 * Neither read sorts or joins every app.
 */
async function smallSetFirstIds(
  db: Db,
  filtered: AppsQuery,
  key: SmallSetKey,
  direction: 'asc' | 'desc',
  options: AdminAppListOptions,
): Promise<number[]> {
  const offset = pageOffset(options);
  const inSet = filteredSmallSet(db, filtered, key, options);
  const { n } = await inSet.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const inSetCount = Number(n);
  const ids: number[] = [];
  if (offset < inSetCount) {
    const first = await inSet
      .select('k.id')
      .orderBy('k.key', direction)
      .orderBy('k.id', direction)
      .limit(options.per_page)
      .offset(offset)
      .execute();
    ids.push(...first.map((row) => row.id));
  }
  const remaining = options.per_page - ids.length;
  if (remaining > 0) {
    const rest = await filtered
      .select('a.id')
      .where('a.id', 'not in', db.selectFrom(smallSet(db, key).as('k')).select('k.id'))
      .orderBy('a.id', direction)
      .limit(remaining)
      .offset(Math.max(0, offset - inSetCount))
      .execute();
    ids.push(...rest.map((row) => row.id));
  }
  return ids;
}

/** The apps of a small set (smallSet) that the list's filters keep, with their key (k.id, k.key). */
export function filteredSmallSet(
  db: Db,
  filtered: AppsQuery,
  key: SmallSetKey,
  options: AdminAppListOptions,
) {
  let inSet = db.selectFrom(smallSet(db, key).as('k'));
  // Without other filters the set only loses the deleted apps: an anti-join on their partial index.
  if (!options.withDeleted) inSet = inSet.where('k.id', 'not in', deletedAppIds(db));
  const otherFilters =
    options.search ||
    (options.ownerIds && options.ownerIds.length > 0) ||
    (options.inReview && key !== 'in_review_at');
  if (otherFilters) {
    // Else each app of the set is looked up by id, through a LATERAL subquery: its LIMIT 1 (one app per
    // id) keeps the planner from flattening it into a join that hashes every app to match a thousand.
    inSet = inSet.innerJoinLateral(
      () => filtered.select('a.id').where(sql<boolean>`a.id = k.id`).limit(sql.lit(1)).as('f'),
      (join) => join.onTrue(),
    ) as unknown as typeof inSet;
  }
  return inSet;
}

/**
 * One page of any other sort: the apps' own columns are read in index order (created_at, internal_name,
 * each with the id tiebreak), the owner's e-mail through the users' e-mail index joined to each owner's
 * apps (owner_id, id). Several sort terms join what they need.
 */
async function orderedIds(
  db: Db,
  filtered: AppsQuery,
  sort: SortTerm<AdminDeveloperAppSortKey>[],
  direction: 'asc' | 'desc',
  page: Page,
): Promise<number[]> {
  const page_ = await orderedIdsQuery(db, filtered, sort, direction)
    .limit(page.per_page)
    .offset(pageOffset(page))
    .execute();
  return page_.map((row) => row.id);
}

/** The ids of orderedIds in list order, without the page's limit and offset. */
export function orderedIdsQuery(
  db: Db,
  filtered: AppsQuery,
  sort: SortTerm<AdminDeveloperAppSortKey>[],
  direction: 'asc' | 'desc',
) {
  const keys = new Set(sort.map((term) => term.key));
  let query = filtered;
  if (keys.has('owner')) query = query.innerJoin('users as o', 'o.id', 'a.owner_id');
  if (keys.has('in_review_at')) query = query.leftJoin(inReviewSet(db).as('r'), 'r.id', 'a.id');
  if (keys.has('app_id')) query = query.leftJoin(publishedSet(db).as('p'), 'p.id', 'a.id');
  let rows = query.select('a.id');
  for (const term of sort) {
    const nullsLast = (ob: OrderByItemBuilder) =>
      (term.direction === 'desc' ? ob.desc() : ob.asc()).nullsLast();
    switch (term.key) {
      case 'app_id':
        rows = rows.orderBy(sql`p.key`, nullsLast);
        break;
      case 'internal_name':
        rows = rows.orderBy(byName('a.internal_name'), term.direction);
        break;
      case 'owner':
        rows = rows.orderBy(sql`o.email`, term.direction);
        break;
      case 'created_at':
        rows = rows.orderBy('a.created_at', term.direction);
        break;
      case 'in_review_at':
        rows = rows.orderBy(sql`r.key`, nullsLast);
        break;
      case 'deleted_at':
        rows = rows.orderBy('a.deleted_at', nullsLast);
        break;
    }
  }
  return rows.orderBy('a.id', direction);
}

/**
 * The list's columns for one page of apps, in the page's order. Each app's review dates and published
 * listing are index look-ups by app id: per_page apps, not every app.
 */
async function appDetails(db: Db, ids: number[]): Promise<AdminAppRow[]> {
  if (ids.length === 0) return [];
  const rows = await appDetailsQuery(db).where('a.id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row as AdminAppRow]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The list's columns of apps (appDetails), for the apps a where clause names. */
export function appDetailsQuery(db: Db) {
  return db
    .selectFrom('developer_apps as a')
    .innerJoin('users as o', 'o.id', 'a.owner_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('marketplace_submissions as s')
          .select(['s.id', 's.live'])
          .whereRef('s.developer_app_id', '=', 'a.id')
          .where('s.state', '=', sql.lit('published'))
          .orderBy('s.published_at', 'desc')
          .orderBy('s.id', 'desc')
          .limit(sql.lit(1))
          .as('p'),
      (join) => join.onTrue(),
    )
    .select((eb) => [
      'a.id',
      'a.internal_name',
      'a.name',
      'a.created_at',
      'a.deleted_at',
      'a.owner_id',
      'o.email as owner_email',
      'o.name as owner_name',
      eb
        .selectFrom('app_versions as v')
        .select((v) => v.fn.max('v.updated_at').as('at'))
        .whereRef('v.developer_app_id', '=', 'a.id')
        .where('v.state', '=', sql.lit('in_review'))
        .as('app_version_in_review_at'),
      eb
        .selectFrom('marketplace_submissions as l')
        .select((l) => l.fn.max('l.submitted_at').as('at'))
        .whereRef('l.developer_app_id', '=', 'a.id')
        .where('l.state', '=', sql.lit('in_review'))
        .as('marketplace_listing_in_review_at'),
      'p.id as app_id',
      'p.live as live',
    ]);
}

/**
 * The deleted apps' ids, read from their partial index (a few next to all apps): the queues leave them
 * out with this anti-join, where a join to the apps that are not deleted would read every app.
 */
/**
 * The number of apps in review (the review queue's total): the set counted as it is, less the deleted
 * apps through their partial index, exactly, instead of each app of the set looked up by id.
 */
async function inReviewCount(db: Db, withDeleted: boolean | undefined): Promise<number> {
  let query = db.selectFrom(inReviewSet(db).as('r'));
  if (!withDeleted) query = query.where('r.id', 'not in', deletedAppIds(db));
  const { n } = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

export function deletedAppIds(db: Db) {
  return db.selectFrom('developer_apps').select('id').where('deleted_at', 'is not', null);
}

/** The queue entries of `appIds` (all when undefined), their places as numbers. */
/** Production versions in review, ranked in queue order (apps that are not deleted; 1 = next). */
export function rankedVersions(db: Db) {
  return db
    .selectFrom('app_versions as q')
    .where('q.state', '=', sql.lit('in_review'))
    .where('q.developer_app_id', 'not in', deletedAppIds(db))
    .select([
      'q.id',
      'q.developer_app_id',
      'q.updated_at as in_review_at',
      sql<number>`row_number() over (order by q.updated_at, q.id)`.as('position'),
    ]);
}

/** Marketplace listings in review, ranked in queue order (apps that are not deleted; 1 = next). */
export function rankedListings(db: Db) {
  return db
    .selectFrom('marketplace_submissions as q')
    .where('q.state', '=', sql.lit('in_review'))
    .where('q.developer_app_id', 'not in', deletedAppIds(db))
    .select([
      'q.id',
      'q.developer_app_id',
      sql<Date>`coalesce(q.submitted_at, q.updated_at)`.as('in_review_at'),
      sql<number>`row_number() over (order by coalesce(q.submitted_at, q.updated_at), q.id)`.as('position'),
    ]);
}

/**
 * The developers search on e-mail addresses. A domain is shared by many addresses (a company's people,
 * every user of a mail provider), so the e-mail trigram index, given a whole address, reads long lists
 * of the domain's trigrams. A term with an '@' and at least three characters before it is therefore
 * looked up by that part, and the whole term checked on the rows found: `email || ''` is the same text,
 * which the index does not serve, so the planner keeps that condition as a check (0.57 s → 17 ms for
 * one address among 1,000,000 in the bench, bench/RESULTS.md §11).
 */
function emailMatches(eb: ExpressionBuilder<Database, 'users'>, term: string): Expression<SqlBool> {
  const whole = eb('email', 'ilike', likePattern(term));
  const local = term.slice(0, Math.max(0, term.indexOf('@')));
  if (local.length < 3) return whole;
  return eb.and([
    eb('email', 'ilike', likePattern(local)),
    eb(sql<string>`email || ''`, 'ilike', likePattern(term)),
  ]);
}

/**
 * The median review time of the production versions decided since `since`: each decision paired with
 * the version's latest submission before it (one probe of analytics_events_review_submits, 0017).
 */
export function medianVersionReviewHoursQuery(since: Date) {
  return sql<{ hours: number | null }>`
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
      and s.submitted_at is not null`;
}

/** The median review time of the marketplace listings decided since `since`. */
export function medianListingReviewHoursQuery(since: Date) {
  return sql<{ hours: number | null }>`
    select percentile_cont(0.5) within group (order by extract(epoch from d.created_at - s.submitted_at)) / 3600.0 as hours
    from listing_review_events d
    cross join lateral (
      select max(e.created_at) as submitted_at from listing_review_events e
      where e.state = 'submitted' and e.submission_id = d.submission_id and e.created_at <= d.created_at
    ) s
    where d.state in ('approved', 'rejected')
      and d.created_at >= ${since}
      and s.submitted_at is not null`;
}

export function toHours(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const hours = Number(value);
  return Number.isFinite(hours) ? hours : null;
}
