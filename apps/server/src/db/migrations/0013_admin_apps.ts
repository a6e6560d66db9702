import { type Kysely, sql } from 'kysely';

/**
 * The admin app page (issue 11): the General form's credential settings, the apps' integration contacts,
 * and the embedded platform's own record of who owns each app (the platform keeps it apart from the
 * portal's owner_id, so the two can disagree and the admin page says so).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('developer_apps')
    .addColumn('legacy', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('connectable', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('allowed_cors_domains', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('integration_contacts')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('developer_app_id', 'integer', (c) =>
      c.notNull().references('developer_apps.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('integration_contacts_app')
    .on('integration_contacts')
    .columns(['developer_app_id', 'id'])
    .execute();

  await db.schema
    .createTable('platform_app_owners')
    .addColumn('developer_app_id', 'integer', (c) =>
      c.primaryKey().references('developer_apps.id').onDelete('cascade'),
    )
    .addColumn('owner_user_id', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The platform already knows every existing app's owner.
  await sql`insert into platform_app_owners (developer_app_id, owner_user_id)
    select id, owner_id from developer_apps`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('platform_app_owners').ifExists().execute();
  await db.schema.dropTable('integration_contacts').ifExists().execute();
  await db.schema
    .alterTable('developer_apps')
    .dropColumn('legacy')
    .dropColumn('connectable')
    .dropColumn('allowed_cors_domains')
    .execute();
}
