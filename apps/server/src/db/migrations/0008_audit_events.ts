import { type Kysely, sql } from 'kysely';

/**
 * The audit trail (issue 11): one row per platform-admin change and per credential reset, written in
 * the transaction of the change it records. Read newest first, filtered by actor, app, action or time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('developer_app_id', 'integer')
    .addColumn('changes', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('client_address', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index audit_events_created on audit_events (created_at desc, id desc)`.execute(db);
  await sql`create index audit_events_app on audit_events (developer_app_id, created_at desc)`.execute(db);
  await sql`create index audit_events_actor on audit_events (actor_id, created_at desc)`.execute(db);
  await sql`create index audit_events_action on audit_events (action, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_events').execute();
}
