import { type Kysely, sql } from 'kysely';

/**
 * The admin lists (issue 11): trigram indexes for their searches (pg_trgm is created when the database
 * is opened, on PostgreSQL and PGlite alike), btree indexes for their sort keys, partial indexes for the
 * review queue, and the developer's platform id (their account number on the platform, shown and
 * sorted in the developers list; numbered by a sequence on the embedded default).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence users_platform_id_seq start with 100001`.execute(db);
  await sql`alter table users add column platform_id integer default nextval('users_platform_id_seq')`.execute(
    db,
  );
  await sql`alter sequence users_platform_id_seq owned by users.platform_id`.execute(db);
  await sql`create unique index users_platform_id on users (platform_id)`.execute(db);

  for (const [table, column] of [
    ['developer_apps', 'internal_name'],
    ['developer_apps', 'name'],
    ['users', 'email'],
    ['users', 'name'],
    ['users', 'company_name'],
    ['platform_oauth_applications', 'name'],
    ['platform_oauth_applications', 'uid'],
  ] as const) {
    await sql`create index ${sql.id(`${table}_${column}_trgm`)} on ${sql.id(table)} using gin (${sql.id(column)} gin_trgm_ops)`.execute(
      db,
    );
  }
  await sql`create index developer_apps_created on developer_apps (created_at, id)`.execute(db);
  await sql`create index developer_apps_internal_name on developer_apps (internal_name, id)`.execute(db);
  await sql`create index users_name_sort on users (name, id)`.execute(db);
  await sql`create index users_company_sort on users (company_name, id)`.execute(db);
  await sql`create index platform_oauth_applications_env_name on platform_oauth_applications (environment, name, id)`.execute(
    db,
  );
  // The review queue: what is in review, in the order it entered review.
  await sql`create index app_versions_in_review on app_versions (updated_at, id) where state = 'in_review'`.execute(
    db,
  );
  await sql`create index marketplace_submissions_in_review on marketplace_submissions (submitted_at, id) where state = 'in_review'`.execute(
    db,
  );
  await sql`create index marketplace_submissions_published on marketplace_submissions (developer_app_id, published_at desc, id desc) where state = 'published'`.execute(
    db,
  );
  // The wait estimate reads the decisions of the last 30 days.
  await sql`create index listing_review_events_state_time on listing_review_events (state, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'listing_review_events_state_time',
    'marketplace_submissions_published',
    'marketplace_submissions_in_review',
    'app_versions_in_review',
    'platform_oauth_applications_env_name',
    'users_company_sort',
    'users_name_sort',
    'developer_apps_internal_name',
    'developer_apps_created',
    'platform_oauth_applications_uid_trgm',
    'platform_oauth_applications_name_trgm',
    'users_company_name_trgm',
    'users_name_trgm',
    'users_email_trgm',
    'developer_apps_name_trgm',
    'developer_apps_internal_name_trgm',
  ]) {
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
  }
  await sql`alter table users drop column platform_id`.execute(db);
}
