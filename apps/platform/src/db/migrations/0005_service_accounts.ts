import { type Kysely, sql } from 'kysely';

/**
 * Users the platform makes itself (seeded sandbox users, each app's service account) are found by their
 * login: one row per login, so two requests creating an app's service account at once make one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index platform_users_platform_login on platform_users (login)
    where portal_user_id is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index platform_users_platform_login`.execute(db);
}
