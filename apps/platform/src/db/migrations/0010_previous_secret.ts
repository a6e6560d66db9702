import { type Kysely, sql } from 'kysely';

/**
 * Secret rotation without downtime (issue 23): a rotated OAuth application keeps the hash of its
 * previous secret until a grace period ends, and the OAuth server accepts either secret until then. A
 * reset, or "Expire the old secret now", clears both columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table platform_oauth_applications
    add column previous_secret_hash text,
    add column previous_secret_expires_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table platform_oauth_applications
    drop column previous_secret_hash, drop column previous_secret_expires_at`.execute(db);
}
