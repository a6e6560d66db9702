import { sql } from 'kysely';
import type { PlatformDb } from '../db/schema';
import { TEST_PROJECT_NUMBER } from './seed-data';

/** A collaborator of an app, as the portal tells the platform (apps/server/src/platform/types.ts AppMember). */
export interface AppMemberInput {
  portalUserId: number;
  email: string;
  name: string;
  role: 'owner' | 'admin' | 'developer';
}

/** The platform user of a portal account, created on first sight and kept up to date (login, name). */
export async function platformUserOf(
  db: PlatformDb,
  member: Pick<AppMemberInput, 'portalUserId' | 'email' | 'name'>,
  now = new Date(),
): Promise<number> {
  const row = await db
    .insertInto('platform_users')
    .values({ portal_user_id: member.portalUserId, login: member.email, name: member.name, created_at: now })
    .onConflict((oc) => oc.column('portal_user_id').doUpdateSet({ login: member.email, name: member.name }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Who works on an app now: every collaborator is a user of the app's sandbox company (owner and admins
 * as company admins); a collaborator no longer listed leaves it (and their tokens stop working).
 */
export async function setAppMembers(
  db: PlatformDb,
  appId: number,
  members: readonly AppMemberInput[],
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ids: { userId: number; isAdmin: boolean }[] = [];
    for (const member of members) {
      ids.push({ userId: await platformUserOf(trx, member, now), isAdmin: member.role !== 'developer' });
    }
    const previous = await trx
      .selectFrom('platform_app_members')
      .select('user_id')
      .where('developer_app_id', '=', appId)
      .execute();
    const gone = previous.map((row) => row.user_id).filter((id) => !ids.some((m) => m.userId === id));
    await trx.deleteFrom('platform_app_members').where('developer_app_id', '=', appId).execute();
    if (ids.length > 0) {
      await trx
        .insertInto('platform_app_members')
        .values(ids.map((m) => ({ developer_app_id: appId, user_id: m.userId, is_admin: m.isAdmin })))
        .execute();
    }
    const company = await trx
      .selectFrom('platform_companies')
      .select('id')
      .where('developer_app_id', '=', appId)
      .where('environment', '=', 'sandbox')
      .executeTakeFirst();
    if (company) await mirrorMembers(trx, appId, company.id, gone);
  });
}

/**
 * Makes the sandbox company's users agree with the app's members (seeded users stay): members are
 * company users (owner and admins as admins) and users of the test project; a member gone leaves the
 * company and every project of it.
 */
export async function mirrorMembers(
  db: PlatformDb,
  appId: number,
  companyId: number,
  gone: readonly number[] = [],
): Promise<void> {
  if (gone.length > 0) {
    await db
      .deleteFrom('platform_company_users')
      .where('company_id', '=', companyId)
      .where('user_id', 'in', [...gone])
      .execute();
    await db
      .deleteFrom('platform_project_users')
      .where('user_id', 'in', [...gone])
      .where('project_id', 'in', (eb) =>
        eb.selectFrom('platform_projects').select('id').where('company_id', '=', companyId),
      )
      .execute();
  }
  await sql`insert into platform_company_users (company_id, user_id, is_admin)
    select ${companyId}, user_id, is_admin from platform_app_members where developer_app_id = ${appId}
    on conflict (company_id, user_id) do update set is_admin = excluded.is_admin`.execute(db);
  // Every member works on the test project (added members too, not only those there at provisioning).
  await sql`insert into platform_project_users (project_id, user_id)
    select p.id, m.user_id from platform_app_members m
    join platform_projects p on p.company_id = ${companyId} and p.project_number = ${TEST_PROJECT_NUMBER}
    where m.developer_app_id = ${appId}
    on conflict (project_id, user_id) do nothing`.execute(db);
}
