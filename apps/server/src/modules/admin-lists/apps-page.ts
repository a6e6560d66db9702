// A page of the admin apps list (and of the review queue, its in_review filter) in one statement
// (issue 24: bench/RESULTS.md §11c found a page's four to six round trips, not their plans, to be the
// time under ten connections). The statement computes what the statement-by-statement path
// (adminListRepository.developerApps, then reviewQueues and medianReviewHours) reads, from the same
// query builders, as common table expressions: the page's ids in list order, their columns, the total,
// the places of the page's apps in both review queues and the median review times. Its answer is one row
// per app of the page in order, each carrying the total (a page past the end: one row with the total
// alone). Pages without a free-text search or an owner filter have a fixed text per sort and filter
// combination, so PostgreSQL prepares each once per connection (preparedOnce).
import { type RawBuilder, sql } from 'kysely';
import { ESTIMATE_ONLY_ABOVE, EXACT_COUNT_CAP, estimatedRows } from '../../db/counts';
import type { Db } from '../../db/index';
import { preparedOnce } from '../../db/prepared';
import { pageOffset } from '../../http/paging';
import {
  type AdminAppListOptions,
  type AdminAppRow,
  type AppsQuery,
  appDetailsQuery,
  appsMatching,
  deletedAppIds,
  filteredSmallSet,
  inReviewSet,
  isSmallSetKey,
  medianListingReviewHoursQuery,
  medianVersionReviewHoursQuery,
  orderedIdsQuery,
  type QueueEntry,
  rankedListings,
  rankedVersions,
  smallSet,
  toHours,
} from './repository';

/** An app of the page with its places in the review queues and the median review times. */
export interface AdminAppPageRow extends AdminAppRow {
  queue: { version: QueueEntry | null; listing: QueueEntry | null };
  /** Median review hours; read only when an app of the page has a place in a queue. */
  hours: { version: number | null; listing: number | null };
}

interface StatementRow extends AdminAppRow {
  total: number | string;
  version_place_id: number | null;
  version_place_at: Date | null;
  version_place: number | string | null;
  listing_place_id: number | null;
  listing_place_at: Date | null;
  listing_place: number | string | null;
  version_hours: unknown;
  listing_hours: unknown;
}

/**
 * One page of the admin apps list with its total and queue places, in one statement, or two when the
 * total needs the planner's estimate first (a search or an owner filter: see cappedCount). A search the
 * planner expects to match more than ESTIMATE_ONLY_ABOVE apps answers undefined: the caller reads it
 * statement by statement (its filter and total differ, and its first page is cheap that way).
 */
export async function adminAppsPage(
  db: Db,
  options: AdminAppListOptions,
  since: Date,
): Promise<{ rows: AdminAppPageRow[]; total: number } | undefined> {
  const filtered = appsMatching(db, options, 'union');
  const owners = options.ownerIds !== undefined && options.ownerIds.length > 0;
  let total: RawBuilder<number>;
  if (options.search || owners) {
    // As cappedCount: the planner's estimate, then an exact count up to the cap.
    const estimate = await estimatedRows(db, filtered.select('a.id'));
    if (estimate > ESTIMATE_ONLY_ABOVE) {
      if (options.search) return undefined;
      total = sql<number>`${Math.round(estimate)}::bigint`;
    } else {
      const capped = db
        .selectFrom(
          filtered
            .select('a.id')
            .limit(EXACT_COUNT_CAP + 1)
            .as('capped'),
        )
        .select((eb) => eb.fn.countAll<number>().as('n'));
      total = sql<number>`(select case when c.n <= ${EXACT_COUNT_CAP} then c.n
        else ${Math.max(Math.round(estimate), EXACT_COUNT_CAP + 1)}::bigint end from (${capped}) c)`;
    }
  } else if (options.inReview) {
    // The review queue: the in-review set less the deleted apps (inReviewCount).
    let inReview = db.selectFrom(inReviewSet(db).as('r'));
    if (!options.withDeleted) inReview = inReview.where('r.id', 'not in', deletedAppIds(db));
    total = sql<number>`(${inReview.select((eb) => eb.fn.countAll<number>().as('n'))})`;
  } else {
    // The trigger-kept counter (rowCount).
    const name = options.withDeleted ? 'developer_apps' : 'developer_apps.not_deleted';
    total = sql<number>`coalesce((select n from row_counts where name = ${sql.lit(name)}), 0)`;
  }

  const query = sql<StatementRow>`
    with ids as (${pageIds(db, filtered, options)}),
    d as (${appDetailsQuery(db).where(sql<boolean>`a.id in (select id from ids)`)}),
    asked as (
      select id from d where app_version_in_review_at is not null or marketplace_listing_in_review_at is not null
    ),
    vp as (
      select distinct on (r.developer_app_id) r.id, r.developer_app_id, r.in_review_at, r.position
      from (${rankedVersions(db)}) r
      where r.developer_app_id in (select id from asked)
      order by r.developer_app_id, r.position
    ),
    lp as (
      select distinct on (r.developer_app_id) r.id, r.developer_app_id, r.in_review_at, r.position
      from (${rankedListings(db)}) r
      where r.developer_app_id in (select id from asked)
      order by r.developer_app_id, r.position
    ),
    m as (
      select (${medianVersionReviewHoursQuery(since)}) as version_hours,
             (${medianListingReviewHoursQuery(since)}) as listing_hours
      where exists (select 1 from vp) or exists (select 1 from lp)
    )
    select ${total} as total, d.*,
           vp.id as version_place_id, vp.in_review_at as version_place_at, vp.position as version_place,
           lp.id as listing_place_id, lp.in_review_at as listing_place_at, lp.position as listing_place,
           m.version_hours, m.listing_hours
    from (select 1) one
    left join (ids join d on d.id = ids.id) on true
    left join vp on vp.developer_app_id = d.id
    left join lp on lp.developer_app_id = d.id
    left join m on true
    order by ids.ord`;
  let compiled = query.compile(db);
  if (!options.search && !owners) compiled = preparedOnce(compiled);
  const { rows } = await db.executeQuery<StatementRow>(compiled);
  const first = rows[0];
  return {
    total: Number(first?.total ?? 0),
    rows: rows.flatMap((row) => (row.id === null ? [] : [pageRow(row)])),
  };
}

/**
 * The ids of the page in list order (id, ord): as developerApps chooses, either the small set of a
 * nulls-last key first and then the other apps in id order (smallSetFirstIds), or an index-ordered read
 * of the sort (orderedIds).
 */
function pageIds(db: Db, filtered: AppsQuery, options: AdminAppListOptions): RawBuilder<unknown> {
  const direction = options.sort[0]?.direction ?? 'desc';
  const sort = options.withDeleted ? options.sort : options.sort.filter((term) => term.key !== 'deleted_at');
  // The page size is written into the text (a few values). The offset stays a parameter, so pages share
  // a statement, behind a sub-select: the planner then costs every execution as it costs the generic
  // plan (an offset it does not know), so the generic plan is not costed above the custom ones and a
  // prepared page is planned once per connection instead of on every execution (RESULTS §11d: 2–3 ms).
  // Not for the owner sort: with an unknown offset its plan hashes every user (~100 ms) instead of
  // walking the e-mail index, so it keeps custom plans.
  const offsetValue = pageOffset(options);
  const offset = sort.some((term) => term.key === 'owner')
    ? sql<number>`${offsetValue}::bigint`
    : sql<number>`(select ${offsetValue}::bigint)`;
  const perPage = sql.lit(options.per_page);
  const only = sort.length === 1 && sort[0]?.direction === direction ? sort[0] : undefined;
  if (!(only && isSmallSetKey(only.key))) {
    const ordered = orderedIdsQuery(db, filtered, sort, direction).limit(perPage).offset(offset);
    return sql`select o.id, row_number() over () as ord from (${ordered}) o`;
  }
  const inSet = filteredSmallSet(db, filtered, only.key, options);
  // The set's rows of the page in key order, then the other apps in id order from where the set ends.
  const first = inSet
    .select('k.id')
    .orderBy('k.key', only.direction)
    .orderBy('k.id', only.direction)
    .limit(perPage)
    .offset(offset);
  // The other apps are read only when the set does not fill the page (a constant condition, so the
  // read is not even started otherwise: the queue's other apps, none, would be a walk of every app).
  const rest = sql`${filtered
    .select('a.id')
    .where('a.id', 'not in', db.selectFrom(smallSet(db, only.key).as('k')).select('k.id'))
    .where(sql<boolean>`(select n from set_size) < ${offset} + ${perPage}`)
    .orderBy('a.id', only.direction)} limit ${perPage}
    offset greatest(0, ${offset} - (select n from set_size))`;
  return sql`with set_size as materialized (${inSet.select((eb) => eb.fn.countAll<number>().as('n'))})
    select s.id, row_number() over (order by s.part, s.ord) as ord from (
      select f.id, 1 as part, row_number() over () as ord from (${first}) f
      union all
      select r.id, 2 as part, row_number() over () as ord from (${rest}) r
    ) s order by s.part, s.ord limit ${perPage}`;
}

function pageRow(row: StatementRow): AdminAppPageRow {
  const place = (id: number | null, at: Date | null, position: number | string | null) =>
    id === null || at === null || position === null
      ? null
      : { id, developer_app_id: row.id, in_review_at: at, position: Number(position) };
  return {
    id: row.id,
    internal_name: row.internal_name,
    name: row.name,
    created_at: row.created_at,
    deleted_at: row.deleted_at,
    owner_id: row.owner_id,
    owner_email: row.owner_email,
    owner_name: row.owner_name,
    app_version_in_review_at: row.app_version_in_review_at,
    marketplace_listing_in_review_at: row.marketplace_listing_in_review_at,
    app_id: row.app_id,
    live: row.live,
    queue: {
      version: place(row.version_place_id, row.version_place_at, row.version_place),
      listing: place(row.listing_place_id, row.listing_place_at, row.listing_place),
    },
    hours: { version: toHours(row.version_hours), listing: toHours(row.listing_hours) },
  };
}
