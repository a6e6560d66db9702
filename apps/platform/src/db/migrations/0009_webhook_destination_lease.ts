import { type Kysely, sql } from 'kysely';

/**
 * Webhook delivery (issue 22): one worker at a time drains a destination URL, in order. The worker that
 * holds a URL keeps a lease on its row (a token and an expiry it renews while it works); a worker that
 * dies lets its lease run out, and the sweeper gives the URL to another.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table platform_webhook_destinations
    add column lease_token text,
    add column lease_until timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table platform_webhook_destinations drop column lease_token, drop column lease_until`.execute(
    db,
  );
}
