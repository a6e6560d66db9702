import { type Kysely, sql } from 'kysely';

/**
 * The consent page's anti-forgery values (issue 21): one random value per consent page shown, stored
 * hashed and bound to the user and the exact authorization request, used once, for ten minutes. Kept in
 * the database so that any server process may receive the form the user submits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table platform_oauth_consents (
    nonce_hash text primary key,
    user_id bigint not null references platform_users (id) on delete cascade,
    request_hash text not null,
    expires_at timestamptz not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index platform_oauth_consents_expiry on platform_oauth_consents (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table platform_oauth_consents`.execute(db);
}
