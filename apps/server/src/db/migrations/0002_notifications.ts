import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('critical', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('draft', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('show_after', 'date')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('fanout_cursor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fanout_completed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // The database keeps the spec's rule too: a critical notification is never a draft and never waits.
    .addCheckConstraint(
      'notifications_critical_goes_out',
      sql`not critical or (not draft and show_after is null)`,
    )
    .execute();
  await db.schema
    .createIndex('notifications_created_at')
    .on('notifications')
    .columns(['created_at', 'id'])
    .execute();

  await db.schema
    .createTable('notification_reads')
    .addColumn('notification_id', 'integer', (c) =>
      c.notNull().references('notifications.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('notification_reads_pkey', ['notification_id', 'user_id'])
    .execute();
  await db.schema.createIndex('notification_reads_user').on('notification_reads').column('user_id').execute();

  await db.schema
    .alterTable('outbound_emails')
    .addColumn('notification_id', 'integer', (c) => c.references('notifications.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('outbound_emails_notification_status')
    .on('outbound_emails')
    .columns(['notification_id', 'status'])
    .where(sql.ref('notification_id'), 'is not', null)
    .execute();
  // Fan-out walks the opted-in, confirmed developers in id order.
  await db.schema
    .createIndex('users_critical_recipients')
    .on('users')
    .column('id')
    .where(sql<boolean>`critical_emails and confirmed_at is not null`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_critical_recipients').ifExists().execute();
  await db.schema.alterTable('outbound_emails').dropColumn('notification_id').execute();
  await db.schema.dropTable('notification_reads').ifExists().execute();
  await db.schema.dropTable('notifications').ifExists().execute();
}
