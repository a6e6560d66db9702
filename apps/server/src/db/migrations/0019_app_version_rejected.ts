import { type Kysely, sql } from 'kysely';

/**
 * A rejected production version (issue 20): rejecting no longer sends a version back to `confidential`,
 * where the developer saw only "Not submitted", but to `rejected`, with the reviewer's notes beside it.
 * Down: rejected versions become confidential again, as the older rule had them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table app_versions drop constraint app_versions_state`.execute(db);
  await sql`alter table app_versions add constraint app_versions_state
    check (state in ('draft', 'confidential', 'in_review', 'published', 'rejected'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update app_versions set state = 'confidential' where state = 'rejected'`.execute(db);
  await sql`alter table app_versions drop constraint app_versions_state`.execute(db);
  await sql`alter table app_versions add constraint app_versions_state
    check (state in ('draft', 'confidential', 'in_review', 'published'))`.execute(db);
}
