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

/**
 * Apps whose sandbox is live but which have no sandbox company (sandboxes that went live before the
 * platform kept companies), with the company id their sandbox reports; at most `limit`.
 */
export async function sandboxesWithoutCompany(
  db: PlatformDb,
  limit: number,
): Promise<{ appId: number; companyId: number }[]> {
  const rows = await db
    .selectFrom('platform_sandboxes as s')
    .select(['s.developer_app_id', 's.company_id'])
    .where('s.status', '=', 'live')
    .where('s.company_id', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('platform_companies as c')
            .select('c.id')
            .whereRef('c.developer_app_id', '=', 's.developer_app_id')
            .where('c.environment', '=', 'sandbox'),
        ),
      ),
    )
    .orderBy('s.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ appId: row.developer_app_id, companyId: row.company_id ?? 0 }));
}
