import { sql } from 'kysely';
import type { PlatformDb } from '../db/schema';
import type { PlatformEnvironment } from '../tokens';
import { projectValues } from './sandbox';
import { PRODUCTION_PROJECT } from './seed-data';

/**
 * The production company of a company name (the marketplace names installing companies by name): made on
 * its first installation, with one project so the production API has something to list; the same
 * company for every later installation of any app. Runs in the caller's transaction.
 */
export async function productionCompanyFor(
  db: PlatformDb,
  companyName: string,
  now = new Date(),
): Promise<number> {
  const inserted = await db
    .insertInto('platform_companies')
    .values({
      id: sql<number>`nextval('platform_production_company_ids')`,
      name: companyName,
      environment: 'production',
      developer_app_id: null,
      created_at: now,
    })
    .onConflict((oc) => oc.column('name').where('environment', '=', 'production').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    const found = await db
      .selectFrom('platform_companies')
      .select('id')
      .where('environment', '=', 'production')
      .where('name', '=', companyName)
      .executeTakeFirstOrThrow();
    return found.id;
  }
  await db
    .insertInto('platform_projects')
    .values(projectValues(inserted.id, PRODUCTION_PROJECT, now))
    .execute();
  return inserted.id;
}

/**
 * Puts a recorded installation in its production company (platform_installations.company_id): the
 * companies where the app's production client-credentials token may act.
 */
export async function attachInstallation(
  db: PlatformDb,
  installationId: number,
  companyName: string,
  now = new Date(),
): Promise<number> {
  const companyId = await productionCompanyFor(db, companyName, now);
  await db
    .updateTable('platform_installations')
    .set({ company_id: companyId })
    .where('id', '=', installationId)
    .execute();
  return companyId;
}

/**
 * The app's service account in an environment (the reference's DMSA user): the user a client-credentials
 * token acts as (`/me`, `created_by`), made on first use, one per app and environment.
 */
export async function serviceAccountOf(
  db: PlatformDb,
  appId: number,
  environment: PlatformEnvironment,
  appName: string,
  now = new Date(),
): Promise<{ id: number; login: string; name: string }> {
  const login = `service-account+${appId}.${environment}@platform.example`;
  const name = `${appName} Service Account`;
  await db
    .insertInto('platform_users')
    .values({ portal_user_id: null, login, name, created_at: now })
    .onConflict((oc) => oc.column('login').where('portal_user_id', 'is', null).doNothing())
    .execute();
  return db
    .selectFrom('platform_users')
    .select(['id', 'login', 'name'])
    .where('login', '=', login)
    .where('portal_user_id', 'is', null)
    .executeTakeFirstOrThrow();
}
