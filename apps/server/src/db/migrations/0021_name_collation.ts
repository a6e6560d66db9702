import { type Kysely, sql } from 'kysely';

/**
 * Issue 20 (polish): names sort case- and accent-insensitively ("alpha", "Álvaro", "beta", "Zeta"), by
 * ORDER BY … COLLATE "und-x-icu" (db/collation.ts). The indexes the admin lists read in name order are
 * rebuilt in that collation, so those sorts still walk an index instead of sorting every row; e-mail and
 * id sorts keep byte order and their indexes.
 *
 * And the install feed reads newest installation first (installed_at, then id): an index in that order.
 */
const NAME_INDEXES = [
  { name: 'developer_apps_internal_name', table: 'developer_apps', before: [], column: 'internal_name' },
  { name: 'users_name_sort', table: 'users', before: [], column: 'name' },
  { name: 'users_company_sort', table: 'users', before: [], column: 'company_name' },
  {
    name: 'platform_oauth_applications_env_name',
    table: 'platform_oauth_applications',
    before: ['environment'],
    column: 'name',
  },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of NAME_INDEXES) {
    const leading = index.before.map((column) => sql`${sql.id(column)}, `);
    await sql`drop index if exists ${sql.id(index.name)}`.execute(db);
    await sql`create index ${sql.id(index.name)} on ${sql.id(index.table)}
      (${sql.join(leading, sql``)}${sql.id(index.column)} collate "und-x-icu", id)`.execute(db);
  }
  await sql`create index platform_installations_app_newest
    on platform_installations (developer_app_id, installed_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists platform_installations_app_newest`.execute(db);
  for (const index of NAME_INDEXES) {
    const leading = index.before.map((column) => sql`${sql.id(column)}, `);
    await sql`drop index if exists ${sql.id(index.name)}`.execute(db);
    await sql`create index ${sql.id(index.name)} on ${sql.id(index.table)}
      (${sql.join(leading, sql``)}${sql.id(index.column)}, id)`.execute(db);
  }
}
