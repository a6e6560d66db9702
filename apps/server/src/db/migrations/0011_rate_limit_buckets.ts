import { type Kysely, sql } from 'kysely';

/** The servers of migration time; the portal's list is in packages/shared (rate-limits.ts). */
const SERVERS = [
  'Staging',
  'Production_US01',
  'Production_US02',
  'Production_UK01',
  'Monthly_Sandbox_US01',
  'Monthly_Sandbox_US02',
  'Integrator_Sandbox',
];

/**
 * The embedded quota-minder's rate-limit buckets (issue 11, spec 1 §3 "Rate-limit bucket"): per server, a
 * bucket names a client (and optionally a domain) and counts its requests with templates (fill type,
 * interval in ms, limit). Each server starts with a `default` bucket holding the default limits of
 * spec 1 §9: main (count, 3,600,000 ms, 7200) and spike (count, 10,000 ms, 100).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('platform_rate_limit_buckets')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('server', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index platform_rate_limit_buckets_name
    on platform_rate_limit_buckets (server, lower(name))`.execute(db);
  await db.schema
    .createTable('platform_rate_limit_bucket_templates')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('bucket_id', 'integer', (c) =>
      c.notNull().references('platform_rate_limit_buckets.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('fill_type', 'text', (c) => c.notNull().check(sql`fill_type in ('count', 'quota')`))
    .addColumn('interval_ms', 'integer', (c) => c.notNull().check(sql`interval_ms > 0`))
    .addColumn('limit', 'integer', (c) => c.notNull().check(sql`"limit" >= 0`))
    .execute();
  await sql`create unique index platform_rate_limit_bucket_templates_position
    on platform_rate_limit_bucket_templates (bucket_id, position)`.execute(db);
  for (const server of SERVERS) {
    await sql`with bucket as (
        insert into platform_rate_limit_buckets (server, name, client_id, domain)
        values (${server}, 'default', '*', '') returning id
      )
      insert into platform_rate_limit_bucket_templates (bucket_id, position, name, fill_type, interval_ms, "limit")
      select id, 0, 'main', 'count', 3600000, 7200 from bucket
      union all select id, 1, 'spike', 'count', 10000, 100 from bucket`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('platform_rate_limit_bucket_templates').execute();
  await db.schema.dropTable('platform_rate_limit_buckets').execute();
}
