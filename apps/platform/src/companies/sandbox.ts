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
