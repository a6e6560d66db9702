import { type RawBuilder, sql } from 'kysely';
import { isoTime } from '../db/iso-time';
import type { PlatformDb as Db, PlatformInstallationRow } from '../db/schema';
import type { DailyCount } from './types';

type DailyTable = 'platform_daily_installations' | 'platform_daily_views';

/** The UTC day of a moment, as YYYY-MM-DD. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** Every SQL statement of the embedded platform's marketplace (installations, views, daily counts). */
export const marketplaceRepository = {
  /** Marks an event id processed; false when it was processed before (the replay changes nothing). */
  async eventSeen(db: Db, id: string): Promise<boolean> {
    const row = await db
      .selectFrom('platform_processed_events')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  },

  async claimEvent(db: Db, id: string, type: string): Promise<boolean> {
    const row = await db
      .insertInto('platform_processed_events')
      .values({ id, type, processed_at: new Date() })
      .onConflict((c) => c.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },

  insertInstallation(
    db: Db,
    values: {
      appId: number;
      companyName: string;
      companyIsDemo: boolean;
      userEmailAddress: string | null;
      at: Date;
    },
  ): Promise<PlatformInstallationRow> {
    return db
      .insertInto('platform_installations')
      .values({
        developer_app_id: values.appId,
        company_name: values.companyName,
        company_is_demo: values.companyIsDemo,
        user_email_address: values.userEmailAddress,
        status: 'installed',
        installed_at: values.at,
        updated_at: values.at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** Holds the app's installations by this company still until the transaction ends. */
  async lockCompany(db: Db, appId: number, companyName: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`install:${appId}:${companyName}`}, 0))`.execute(
      db,
    );
  },

  /** The company's newest installed installation of the app (an uninstall event names the company). */
  findInstalledByCompany(
    db: Db,
    appId: number,
    companyName: string,
  ): Promise<PlatformInstallationRow | undefined> {
    return db
      .selectFrom('platform_installations')
      .selectAll()
      .where('developer_app_id', '=', appId)
      .where('company_name', '=', companyName)
      .where('status', '=', 'installed')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  findInstallation(db: Db, appId: number, id: number): Promise<PlatformInstallationRow | undefined> {
    return db
      .selectFrom('platform_installations')
      .selectAll()
      .where('developer_app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  markUninstalled(db: Db, id: number, at: Date): Promise<PlatformInstallationRow> {
    return db
      .updateTable('platform_installations')
      .set({ status: 'uninstalled', updated_at: at })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** Marks many event ids processed at once; returns those that were new. */
  async claimEvents(db: Db, events: readonly { id: string; type: string }[]): Promise<Set<string>> {
    if (events.length === 0) return new Set();
    const processedAt = new Date();
    const rows = await db
      .insertInto('platform_processed_events')
      .values(events.map((event) => ({ id: event.id, type: event.type, processed_at: processedAt })))
      .onConflict((c) => c.column('id').doNothing())
      .returning('id')
      .execute();
    return new Set(rows.map((row) => row.id));
  },

  /**
   * Records views unless their visitor was counted that day (the table's unique key decides); returns
   * the `visitor_key|day` of those that were new.
   */
  async insertViews(
    db: Db,
    appId: number,
    views: readonly { visitorKey: string; at: Date }[],
  ): Promise<Set<string>> {
    if (views.length === 0) return new Set();
    const rows = await db
      .insertInto('platform_marketplace_views')
      .values(
        views.map((view) => ({
          developer_app_id: appId,
          visitor_key: view.visitorKey,
          day: utcDay(view.at),
          viewed_at: view.at,
        })),
      )
      .onConflict((c) => c.columns(['developer_app_id', 'visitor_key', 'day']).doNothing())
      .returning(['visitor_key', sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day')])
      .execute();
    return new Set(rows.map((row) => `${row.visitor_key}|${row.day}`));
  },

  /** Adds each day's count to its aggregate (increment for many; atomic as increment is). */
  async addToDays(
    db: Db,
    table: DailyTable,
    appId: number,
    counts: ReadonlyMap<string, number>,
  ): Promise<void> {
    if (counts.size === 0) return;
    await db
      .insertInto(table)
      .values([...counts].map(([day, count]) => ({ developer_app_id: appId, day, count })))
      .onConflict((c) =>
        c
          .columns(['developer_app_id', 'day'])
          .doUpdateSet({ count: sql`${sql.ref(`${table}.count`)} + excluded.count` }),
      )
      .execute();
  },

  /** Adds one to the day's aggregate (atomic: concurrent events each count). */
  async increment(db: Db, table: DailyTable, appId: number, at: Date): Promise<void> {
    await db
      .insertInto(table)
      .values({ developer_app_id: appId, day: utcDay(at), count: 1 })
      .onConflict((c) =>
        c.columns(['developer_app_id', 'day']).doUpdateSet({ count: sql`${sql.ref(`${table}.count`)} + 1` }),
      )
      .execute();
  },

  async daily(db: Db, table: DailyTable, appId: number): Promise<DailyCount[]> {
    const rows = await db
      .selectFrom(table)
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'count'])
      .where('developer_app_id', '=', appId)
      .orderBy('day')
      .execute();
    return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
  },

  async installationsPage(
    db: Db,
    appId: number,
    page: { limit: number; offset: number },
  ): Promise<{ rows: PlatformInstallationRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      db
        .selectFrom('platform_installations')
        .selectAll()
        .where('developer_app_id', '=', appId)
        // Newest installation first, by when it happened: events may arrive late (index
        // platform_installations_app_newest).
        .orderBy('installed_at', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      // The total from the daily counts (each installation adds one to its day, in its own
      // transaction): a few hundred rows, where counting the raw rows reads one per installation.
      db
        .selectFrom('platform_daily_installations')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('count'), eb.lit(0)).as('n'))
        .where('developer_app_id', '=', appId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  },

  /**
   * One batch of the CSV export as text, formatted by PostgreSQL: the installations after `afterId`, by
   * id (keyset, no OFFSET), one CSV line each, joined into one string. The server then holds one string
   * per batch instead of a row object, two Dates and a dozen strings per installation: streaming a
   * million rows no longer fills the heap with short-lived garbage (issue 12's memory aim). The fields
   * follow `csvField` (modules/metrics/csv.ts); a test holds the two to the same output.
   */
  async installationsCsvAfter(
    db: Db,
    appId: number,
    afterId: number,
    limit: number,
    withEmails: boolean,
  ): Promise<{ text: string; lastId: number; rows: number }> {
    const email = withEmails ? sql`|| ',' || ${csvText(sql.ref('user_email_address'))}` : sql``;
    const { rows } = await sql<{ text: string | null; last_id: number | null; rows: number }>`
      select string_agg(line, '' order by id) as text, max(id) as last_id, count(*) as rows
      from (
        select id,
               id::text
               || ',' || ${csvText(sql.ref('company_name'))}
               || ',' || company_is_demo::text
               || ',' || ${csvText(sql.ref('status'))}
               || ',' || ${isoTime(sql.ref('installed_at'))}
               || ',' || ${isoTime(sql.ref('updated_at'))}
               ${email}
               || E'\r\n' as line
        from platform_installations
        where developer_app_id = ${appId} and id > ${afterId}
        order by id
        limit ${limit}
      ) batch`.execute(db);
    const batch = rows[0];
    return { text: batch?.text ?? '', lastId: batch?.last_id ?? afterId, rows: Number(batch?.rows ?? 0) };
  },
};

/**
 * A text value as a CSV field, as `csvField` makes it: '' for null; a leading = + - @ tab or carriage
 * return (a spreadsheet formula) gets an apostrophe; quoted, quotes doubled, when it holds a comma, quote
 * or line break or starts or ends with white space.
 */
function csvText(column: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`(
    select case
             when v is null then ''
             when v ~ '[",\\r\\n]' or v ~ '^\\s|\\s$' then '"' || replace(v, '"', '""') || '"'
             else v
           end
    from (select case when ${column}::text ~ '^[=+@\\t\\r-]' then '''' || ${column}::text
                      else ${column}::text end as v) field
  )`;
}
