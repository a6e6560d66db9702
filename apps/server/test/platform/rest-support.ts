import { issueToken, type PlatformDb } from '@lintel/platform';
import type { UserRow } from '../../src/db/schema';
import type { Runtime } from '../../src/runtime';
import { createApp } from '../apps-support';
import { createUser } from '../support';

/** The platform's tables in the test database. */
export const platformDb = (runtime: Runtime) => runtime.database.db as unknown as PlatformDb;

/** A REST call as a partner makes it: bearer token, company header, JSON body. */
export async function rest(
  runtime: Runtime,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  options: { token: string; company?: number | string | null; body?: unknown },
) {
  const headers: Record<string, string> = { authorization: `Bearer ${options.token}` };
  if (options.company !== undefined && options.company !== null)
    headers['platform-company-id'] = String(options.company);
  return runtime.app.inject({
    method,
    url,
    headers,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
}

export interface SandboxApp {
  appId: number;
  owner: UserRow;
  companyId: number;
  oauthId: number;
  /** The owner's platform user id. */
  ownerUserId: number;
}

/**
 * An app with a live sandbox whose members the portal told the platform (owner, and `developers`),
 * as the portal does after every collaborator change.
 */
export async function sandboxApp(
  runtime: Runtime,
  developers: UserRow[] = [],
  name = 'Roof Sync',
): Promise<SandboxApp> {
  const owner = await createUser(runtime);
  const app = await createApp(runtime, owner, name);
  await runtime.platform.setAppMembers(app.id, [
    { portalUserId: owner.id, email: owner.email, name: owner.name, role: 'owner' },
    ...developers.map((user) => ({
      portalUserId: user.id,
      email: user.email,
      name: user.name,
      role: 'developer' as const,
    })),
  ]);
  // As the provisioning job runs it: with the app's name (provisionNow leaves it out).
  const pending = await platformDb(runtime)
    .selectFrom('platform_sandboxes')
    .select('id')
    .where('developer_app_id', '=', app.id)
    .executeTakeFirstOrThrow();
  await runtime.platform.finishProvisioning({ sandboxId: pending.id, appName: name });
  const sandbox = await runtime.platform.sandboxOf(app.id);
  if (!sandbox?.companyId || !sandbox.oauth) throw new Error('sandbox not live');
  return {
    appId: app.id,
    owner,
    companyId: sandbox.companyId,
    oauthId: sandbox.oauth.platformId,
    ownerUserId: await platformUserId(runtime, owner.id),
  };
}

export async function platformUserId(runtime: Runtime, portalUserId: number): Promise<number> {
  const row = await platformDb(runtime)
    .selectFrom('platform_users')
    .select('id')
    .where('portal_user_id', '=', portalUserId)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A client-credentials token of an OAuth application. */
export async function clientToken(
  runtime: Runtime,
  oauthId: number,
  environment: 'sandbox' | 'production' = 'sandbox',
) {
  const token = await issueToken(platformDb(runtime), {
    oauthApplicationId: oauthId,
    environment,
    kind: 'client',
    userId: null,
    withRefresh: false,
  });
  return token.accessToken;
}

/** An authorization-code token acting as a platform user. */
export async function userToken(runtime: Runtime, oauthId: number, userId: number) {
  const token = await issueToken(platformDb(runtime), {
    oauthApplicationId: oauthId,
    environment: 'sandbox',
    kind: 'user',
    userId,
    withRefresh: true,
  });
  return token.accessToken;
}

/** The seeded test project of a sandbox company. */
export async function testProjectId(runtime: Runtime, companyId: number): Promise<number> {
  const row = await platformDb(runtime)
    .selectFrom('platform_projects')
    .select('id')
    .where('company_id', '=', companyId)
    .where('project_number', '=', '1234')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export function grant(
  runtime: Runtime,
  appId: number,
  project: Record<string, string>,
  company: Record<string, string> = {},
) {
  return runtime.platform.setAppPermissions(appId, 'sandbox', { version: '1.0.0', company, project });
}
