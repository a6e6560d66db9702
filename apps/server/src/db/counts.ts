// Totals of long lists without counting them (issue 11, Performance): the unfiltered lists read a
// counter kept by triggers (0015_admin_list_speed); a filtered list is counted exactly up to a cap and
// estimated by the planner above it.
import { CompiledQuery, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from './index';
import type { Database } from './schema';

/**
 * Up to this many matching rows a filtered total is exact; above, it is the planner's estimate. Twice the
 * first ten pages of 50: paging through them is exact, and counting stays a read of at most 1,001 rows.
 */
export const EXACT_COUNT_CAP = 1_000;

/**
 * A filter the planner expects to match more rows than this is not counted at all: its total is the
 * estimate. (Counting even up to the cap can mean building the whole match set first, e.g. a union of
 * trigram reads; a set this large is far above the cap, and small sets are never estimated this large.)
 */
export const ESTIMATE_ONLY_ABOVE = 10 * EXACT_COUNT_CAP;

export type CountedName =
  | 'developer_apps'
  | 'developer_apps.not_deleted'
  | 'users'
  | `platform_oauth_applications.${'production' | 'sandbox' | 'monthly_sandbox'}`;

/** The exact count a trigger-kept counter holds. */
export async function rowCount(db: Db, name: CountedName): Promise<number> {
  const row = await db.selectFrom('row_counts').select('n').where('name', '=', name).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * How many rows `query` answers: exact up to EXACT_COUNT_CAP (the count reads at most cap + 1 rows and
 * stops), else the planner's estimate, never less than cap + 1 (the rows are known to be more).
 */
export async function cappedCount(
  db: Db,
  // biome-ignore lint/suspicious/noExplicitAny: any query's rows can be counted
  query: SelectQueryBuilder<Database, any, any>,
  /** The planner's estimate of `query`, when the caller has it already. */
  known?: number,
): Promise<number> {
  const estimate = known ?? (await estimatedRows(db, query));
  if (estimate > ESTIMATE_ONLY_ABOVE) return Math.round(estimate);
  const counted = await db
    .selectFrom(query.limit(EXACT_COUNT_CAP + 1).as('capped'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const exact = Number(counted.n);
  if (exact <= EXACT_COUNT_CAP) return exact;
  return Math.max(Math.round(estimate), EXACT_COUNT_CAP + 1);
}

/** The planner's estimate of the rows `query` answers (EXPLAIN plans it without running it). */
// biome-ignore lint/suspicious/noExplicitAny: any query's rows can be estimated
export async function estimatedRows(db: Db, query: SelectQueryBuilder<Database, any, any>): Promise<number> {
  const compiled = query.compile();
  const result = await db.executeQuery<{ 'QUERY PLAN': unknown }>(
    CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
  );
  const raw = result.rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
  return Number(plan[0]?.Plan?.['Plan Rows'] ?? 0);
}

/**
 * A page of a filtered list with its total. A selective filter (the planner expects at most
 * EXACT_COUNT_CAP rows) is read once: its page is a read of every match then a sort anyway, so a window
 * count over the same read gives the exact total, where a separate count would read the same trigram
 * indexes a second time. A broad one gets cappedCount.
 */
export async function pageWithTotal<Row>(
  db: Db,
  // biome-ignore lint/suspicious/noExplicitAny: any query's rows can be counted
  matching: SelectQueryBuilder<Database, any, any>,
  // biome-ignore lint/suspicious/noExplicitAny: the page of the same rows, sorted and limited
  page: SelectQueryBuilder<Database, any, Row>,
  offset: number,
): Promise<{ rows: Row[]; total: number }> {
  const estimate = await estimatedRows(db, matching);
  if (estimate > EXACT_COUNT_CAP) {
    return { rows: await page.execute(), total: await cappedCount(db, matching, estimate) };
  }
  const counted = (await page.select(sql<number>`count(*) over ()`.as('full_count')).execute()) as (Row & {
    full_count: number | string;
  })[];
  const first = counted[0];
  if (!first) return { rows: [], total: offset === 0 ? 0 : await cappedCount(db, matching, estimate) };
  const rows = counted.map(({ full_count: _, ...row }) => row as unknown as Row);
  return { rows, total: Number(first.full_count) };
}
