import type { PlatformDb } from '../db/schema';
import { type IssuedToken, issueToken } from '../tokens';

/**
 * "Get a test token": a sandbox user token for a collaborator of the app, as if they had authorized it
 * on the consent page; undefined when the app has no live sandbox or the user is not a member.
 */
export async function issueTestToken(
  db: PlatformDb,
  appId: number,
  portalUserId: number,
  now = new Date(),
): Promise<(IssuedToken & { companyId: number }) | undefined> {
  const found = await db
    .selectFrom('platform_companies as c')
    .innerJoin('platform_company_users as cu', 'cu.company_id', 'c.id')
    .innerJoin('platform_users as u', 'u.id', 'cu.user_id')
    .innerJoin('platform_sandboxes as s', 's.developer_app_id', 'c.developer_app_id')
    .select(['c.id as company_id', 'u.id as user_id', 's.oauth_application_id'])
    .where('c.developer_app_id', '=', appId)
    .where('c.environment', '=', 'sandbox')
    .where('u.portal_user_id', '=', portalUserId)
    .where('s.status', '=', 'live')
    .executeTakeFirst();
  if (!found?.oauth_application_id) return undefined;
  const token = await issueToken(
    db,
    {
      oauthApplicationId: found.oauth_application_id,
      environment: 'sandbox',
      kind: 'user',
      userId: found.user_id,
      withRefresh: true,
    },
    now,
  );
  return { ...token, companyId: found.company_id };
}
