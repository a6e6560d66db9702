import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('developer_apps')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('internal_name', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('confidential', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('production_access', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('redirect_uri', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('thumbnail_key', 'text')
    .addColumn('thumbnail_content_type', 'text')
    .addColumn('published_at', 'timestamptz')
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'developer_apps_production_access',
      sql`production_access in ('none', 'production_pending', 'granted')`,
    )
    .execute();
  await db.schema.createIndex('developer_apps_owner').on('developer_apps').column('owner_id').execute();

  await db.schema
    .createTable('collaborators')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('developer_app_id', 'integer', (c) =>
      c.notNull().references('developer_apps.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('collaborators_app_user', ['developer_app_id', 'user_id'])
    .addCheckConstraint('collaborators_role', sql`role in ('owner', 'admin', 'developer')`)
    .execute();
  // "My apps" starts from the user: (user_id, developer_app_id) serves it with an index-only scan.
  await db.schema
    .createIndex('collaborators_user_app')
    .on('collaborators')
    .columns(['user_id', 'developer_app_id'])
    .execute();
  // Exactly one owner per app.
  await sql`CREATE UNIQUE INDEX collaborators_one_owner ON collaborators (developer_app_id) WHERE role = 'owner'`.execute(
    db,
  );

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('developer_app_id', 'integer', (c) =>
      c.notNull().references('developer_apps.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('accepted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('invitations_role', sql`role in ('admin', 'developer')`)
    .addCheckConstraint('invitations_status', sql`status in ('pending', 'accepted', 'canceled', 'expired')`)
    .execute();
  await sql`CREATE UNIQUE INDEX invitations_one_pending ON invitations (developer_app_id, email) WHERE status = 'pending'`.execute(
    db,
  );

  // The embedded platform's own state (platform/embedded): OAuth applications and sandboxes.
  await db.schema
    .createTable('platform_oauth_applications')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('uid', 'text', (c) => c.notNull().unique())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('developer_app_id', 'integer', (c) =>
      c.notNull().references('developer_apps.id').onDelete('cascade'),
    )
    .addColumn('redirect_uri', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('confidential', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('secret_rotated_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('platform_oauth_environment', sql`environment in ('production', 'sandbox')`)
    .addUniqueConstraint('platform_oauth_app_env', ['developer_app_id', 'environment'])
    .execute();

  await db.schema
    .createTable('platform_sandboxes')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('developer_app_id', 'integer', (c) =>
      c.notNull().unique().references('developer_apps.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('company_id', 'integer')
    .addColumn('url', 'text')
    .addColumn('oauth_application_id', 'integer', (c) =>
      c.references('platform_oauth_applications.id').onDelete('set null'),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('platform_sandboxes_status', sql`status in ('pending', 'live', 'failed')`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'platform_sandboxes',
    'platform_oauth_applications',
    'invitations',
    'collaborators',
    'developer_apps',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
