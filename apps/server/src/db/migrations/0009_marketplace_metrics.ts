import { type Kysely, sql } from 'kysely';

/**
 * The embedded platform's installations and marketplace views (issue 12), the daily aggregates kept up
 * to date as each event arrives (the metrics endpoint reads them, never the raw rows), and the ids of
 * the platform events already processed (a replay changes nothing).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('platform_installations')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('developer_app_id', 'integer', (c) =>
      c.notNull().references('developer_apps.id').onDelete('cascade'),
    )
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('company_is_demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('user_email_address', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('installed', 'uninstalled')`))
    .addColumn('installed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // The install feed (newest first) and the CSV's batches (by id) of one app.
  await db.schema
    .createIndex('platform_installations_app_id')
    .on('platform_installations')
    .columns(['developer_app_id', 'id'])
    .execute();

  await db.schema
    .createTable('platform_marketplace_views')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('developer_app_id', 'integer', (c) =>
      c.notNull().references('developer_apps.id').onDelete('cascade'),
    )
    .addColumn('visitor_key', 'text', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('viewed_at', 'timestamptz', (c) => c.notNull())
    // One view per visitor and day.
    .addUniqueConstraint('platform_marketplace_views_once_a_day', ['developer_app_id', 'visitor_key', 'day'])
    .execute();

  for (const table of ['platform_daily_installations', 'platform_daily_views']) {
    await db.schema
      .createTable(table)
      .addColumn('developer_app_id', 'integer', (c) =>
        c.notNull().references('developer_apps.id').onDelete('cascade'),
      )
      .addColumn('day', 'date', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pkey`, ['developer_app_id', 'day'])
      .execute();
  }

  await db.schema
    .createTable('platform_processed_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'platform_processed_events',
    'platform_daily_views',
    'platform_daily_installations',
    'platform_marketplace_views',
    'platform_installations',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
