import { type Kysely, sql } from 'kysely';

/**
 * Mail that anyone may trigger (sign-up, confirmation resend, password reset, invitation) is counted per
 * recipient and per client address, in the database so that every process shares the count (issue 8).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_quota_events')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('mail_quota_events_recipient_time')
    .on('mail_quota_events')
    .columns(['recipient', 'created_at'])
    .execute();
  await db.schema
    .createIndex('mail_quota_events_ip_time')
    .on('mail_quota_events')
    .columns(['ip', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_quota_events').ifExists().execute();
}
