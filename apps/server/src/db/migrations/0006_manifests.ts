import { type Kysely, sql } from 'kysely';

/**
 * App versions (issue 9): one row per manifest version of an app, sandbox or production. The manifest
 * itself never changes once written (a change is a new version); only the review state and its notes do.
 * Analytics events of the web (opt-in, opt-out, metrics report) and of review state changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_versions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('developer_app_id', 'integer', (c) =>
      c.notNull().references('developer_apps.id').onDelete('cascade'),
    )
    .addColumn('environment_type', 'text', (c) => c.notNull())
    .addColumn('semantic_version', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('schema_version', 'text', (c) => c.notNull())
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('configured_manifest_content', 'jsonb')
    .addColumn('auth_code_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('changelog', 'text')
    .addColumn('app_version_key', 'text', (c) => c.notNull().unique())
    .addColumn('developer_notes', 'text')
    .addColumn('admin_notes', 'text')
    .addColumn('source_app_version_id', 'integer', (c) =>
      c.references('app_versions.id').onDelete('set null'),
    )
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'app_versions_environment',
      sql`environment_type in ('Sandbox', 'ProductionEnvironment')`,
    )
    .addCheckConstraint(
      'app_versions_state',
      sql`state in ('draft', 'confidential', 'in_review', 'published')`,
    )
    // Two requests racing for the same version number: one wins, the other gets 422.
    .addUniqueConstraint('app_versions_app_env_version', [
      'developer_app_id',
      'environment_type',
      'semantic_version',
    ])
    // A sandbox version is promoted once.
    .addUniqueConstraint('app_versions_source', ['source_app_version_id'])
    .execute();
  // Newest first per app and environment: the lists, the latest version, the counts.
  await db.schema
    .createIndex('app_versions_app_env_newest')
    .on('app_versions')
    .columns(['developer_app_id', 'environment_type', 'id desc'])
    .execute();

  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('properties', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('analytics_events_key_time')
    .on('analytics_events')
    .columns(['key', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('analytics_events').ifExists().execute();
  await db.schema.dropTable('app_versions').ifExists().execute();
}
