import { type Kysely, sql } from 'kysely';

/**
 * The platform's OAuth applications are not all a portal app's (issue 11, spec 1 §2 "Admin OAuth
 * applications list": the associated app, or N/A): monthly sandboxes and the platform's own
 * applications have none. The environment gains monthly_sandbox.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table platform_oauth_applications alter column developer_app_id drop not null`.execute(db);
  await sql`alter table platform_oauth_applications drop constraint platform_oauth_environment`.execute(db);
  await sql`alter table platform_oauth_applications add constraint platform_oauth_environment
    check (environment in ('production', 'sandbox', 'monthly_sandbox'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from platform_oauth_applications where developer_app_id is null or environment = 'monthly_sandbox'`.execute(
    db,
  );
  await sql`alter table platform_oauth_applications drop constraint platform_oauth_environment`.execute(db);
  await sql`alter table platform_oauth_applications add constraint platform_oauth_environment
    check (environment in ('production', 'sandbox'))`.execute(db);
  await sql`alter table platform_oauth_applications alter column developer_app_id set not null`.execute(db);
}
