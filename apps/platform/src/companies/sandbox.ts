import type { PlatformDb } from '../db/schema';
import { mirrorMembers } from './members';

/**
 * Creates an app's sandbox company when its sandbox goes live: the app's members as its users (owner and
 * admins as company admins). Running it again changes nothing.
 */
export async function createSandboxCompany(
  db: PlatformDb,
  input: { companyId: number; appId: number; appName: string },
  now = new Date(),
): Promise<void> {
  const inserted = await db
    .insertInto('platform_companies')
    .values({
      id: input.companyId,
      name: `${input.appName} Sandbox`,
      environment: 'sandbox',
      developer_app_id: input.appId,
      created_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  await mirrorMembers(db, input.appId, input.companyId);
  if (!inserted) return;
  // PLACEHOLDER: the seeded users, projects, RFIs and submittals come with the REST API work.
}

/**
 * A deleted app's sandbox company goes inactive: none of its tokens work there (verifyAccessToken);
 * undeleting the app makes it active again. The company and its data stay.
 */
export async function setSandboxActive(db: PlatformDb, appId: number, active: boolean): Promise<void> {
  await db
    .updateTable('platform_companies')
    .set({ is_active: active })
    .where('developer_app_id', '=', appId)
    .where('environment', '=', 'sandbox')
    .execute();
}
