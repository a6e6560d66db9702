import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { type Page, pageOffset, type SortTerm } from '../../http/paging';

export type AnalyticsCountSortKey = 'day' | 'key' | 'count';

export interface AnalyticsCountRow {
  key: string;
  day: string;
  count: number;
}

/** The admin analytics page's read of analytics_events (the events are written by manifests/). */
export const analyticsRepository = {
  async counts(
    db: Db,
    options: Page & { sort: SortTerm<AnalyticsCountSortKey>[]; key?: string },
  ): Promise<{ rows: AnalyticsCountRow[]; total: number }> {
    let events = db
      .selectFrom('analytics_events')
      .select(['key', sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day')])
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .groupBy(['key', sql`2`]);
    if (options.key) events = events.where('key', '=', options.key);
    const grouped = db.selectFrom(events.as('g'));
    const { total } = await grouped
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow();
    let rows = grouped.select(['g.key', 'g.day', 'g.count']);
    const sort =
      options.sort.length > 0 ? options.sort : [{ key: 'day' as const, direction: 'desc' as const }];
    for (const term of sort) rows = rows.orderBy(`g.${term.key}`, term.direction);
    rows = rows.orderBy('g.key').orderBy('g.day', 'desc');
    const found = await rows.limit(options.per_page).offset(pageOffset(options)).execute();
    return {
      rows: found.map((row) => ({ key: row.key, day: row.day, count: Number(row.count) })),
      total: Number(total),
    };
  },
};
