import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileSandboxes } from '../../src/modules/sandboxes/reconcile';
import type { Runtime } from '../../src/runtime';
import { collaboratorsOf, createApp, provisionNow, requestForApp } from '../apps-support';
import { createVersion, promote } from '../manifests-support';
import { type Client, createUser, outboundEmails, signIn, startTestRuntime, tokenFrom } from '../support';

// What the portal tells the platform (issue 21): who works on an app (its sandbox company's users), what
// its newest manifest versions grant, and whether the app still exists — each after the portal's change.

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime();
});
afterAll(() => runtime?.close());

const db = () => runtime.database.db;

async function membersOf(appId: number) {
  return db()
    .selectFrom('platform_app_members as m')
    .innerJoin('platform_users as u', 'u.id', 'm.user_id')
    .select(['u.portal_user_id', 'u.login', 'm.is_admin'])
    .where('m.developer_app_id', '=', appId)
    .orderBy('u.portal_user_id')
    .execute();
}

async function companyUsersOf(appId: number) {
  return db()
    .selectFrom('platform_companies as c')
    .innerJoin('platform_company_users as cu', 'cu.company_id', 'c.id')
    .innerJoin('platform_users as u', 'u.id', 'cu.user_id')
    .select(['u.portal_user_id', 'cu.is_admin'])
    .where('c.developer_app_id', '=', appId)
    .where('u.portal_user_id', 'is not', null)
    .orderBy('u.portal_user_id')
    .execute();
}

async function callMe(token: string) {
  return runtime.app.inject({
    method: 'GET',
    url: '/sandbox/rest/v1.0/me',
    headers: { authorization: `Bearer ${token}` },
  });
}

async function testToken(appId: number, userId: number) {
  const token = await runtime.platform.issueTestToken(appId, userId);
  if (!token) throw new Error('no test token');
  return token.accessToken;
}

describe('the sandbox company follows the app team', () => {
  it('has the owner as company admin once the sandbox is live, and follows invitations, roles and removals', async () => {
    const owner = await createUser(runtime);
    const app = await createApp(runtime, owner);
    expect(await membersOf(app.id)).toEqual([
      { portal_user_id: owner.id, login: owner.email, is_admin: true },
    ]);
    await provisionNow(runtime, app.id);
    expect(await companyUsersOf(app.id)).toEqual([{ portal_user_id: owner.id, is_admin: true }]);

    const ownerClient = await signIn(runtime.app, owner);
    const invitee = await createUser(runtime);
    const invited = await ownerClient.request({
      method: 'POST',
      url: '/api/v1/invitations',
      payload: { developer_app_id: app.id, email: invitee.email, role: 'developer' },
    });
    expect(invited.statusCode).toBe(201);
    const mail = (await outboundEmails(runtime)).find((row) => row.to_address === invitee.email);
    const inviteeClient: Client = await signIn(runtime.app, invitee);
    const accepted = await inviteeClient.request({
      method: 'POST',
      url: '/api/v1/invitations/accept',
      payload: { token: tokenFrom(mail?.text_body ?? '') },
    });
    expect(accepted.statusCode).toBe(200);
    expect(await companyUsersOf(app.id)).toEqual([
      { portal_user_id: owner.id, is_admin: true },
      { portal_user_id: invitee.id, is_admin: false },
    ]);

    const row = (await collaboratorsOf(runtime, app)).find((c) => c.user_id === invitee.id);
    if (!row) throw new Error('no collaborator row');
    const promoted = await ownerClient.request({
      method: 'PATCH',
      url: '/api/v1/collaborators',
      payload: { developer_app_id: app.id, collaborators: [{ id: row.id, role: 'admin' }] },
    });
    expect(promoted.statusCode).toBe(200);
    expect(await companyUsersOf(app.id)).toContainEqual({ portal_user_id: invitee.id, is_admin: true });

    // A removed collaborator's token stops on the next request.
    const token = await testToken(app.id, invitee.id);
    expect((await callMe(token)).statusCode).toBe(200);
    const removed = await requestForApp(ownerClient, 'DELETE', `/api/v1/collaborators/${row.id}`, app.id);
    expect(removed.statusCode).toBe(204);
    expect(await companyUsersOf(app.id)).toEqual([{ portal_user_id: owner.id, is_admin: true }]);
    expect((await callMe(token)).statusCode).toBe(401);
    expect(await runtime.platform.issueTestToken(app.id, invitee.id)).toBeUndefined();
  });

  it('stops every sandbox token of a deleted app and lets them work again when it is undeleted', async () => {
    const owner = await createUser(runtime);
    const admin = await createUser(runtime, { isAdmin: true });
    const app = await createApp(runtime, owner);
    await provisionNow(runtime, app.id);
    const token = await testToken(app.id, owner.id);
    const ownerClient = await signIn(runtime.app, owner);
    expect(
      (await ownerClient.request({ method: 'DELETE', url: `/api/v1/developer_apps/${app.id}` })).statusCode,
    ).toBe(204);
    expect((await callMe(token)).statusCode).toBe(401);
    const adminClient = await signIn(runtime.app, admin);
    const undeleted = await adminClient.request({
      method: 'PATCH',
      url: `/api/v1/admin/developer_apps/${app.id}`,
      payload: { developer_app: { deleted_at: null } },
    });
    expect(undeleted.statusCode).toBe(200);
    expect((await callMe(token)).statusCode).toBe(200);
  });
});

describe('the platform grants what the newest manifest version declares', () => {
  async function grantOf(appId: number, environment: 'sandbox' | 'production') {
    return db()
      .selectFrom('platform_app_permissions')
      .select(['semantic_version', 'company_tools', 'project_tools'])
      .where('developer_app_id', '=', appId)
      .where('environment', '=', environment)
      .executeTakeFirst();
  }

  it('is told on every new sandbox version and on promotion', async () => {
    const owner = await createUser(runtime);
    const admin = await createUser(runtime, { isAdmin: true });
    const app = await createApp(runtime, owner);
    const client = await signIn(runtime.app, owner);
    expect(await grantOf(app.id, 'sandbox')).toBeUndefined();

    const first = await createVersion(client, app.id, '1.0.0');
    expect(first.statusCode).toBe(201);
    expect(await grantOf(app.id, 'sandbox')).toEqual({
      semantic_version: '1.0.0',
      company_tools: { directory: 'readonly' },
      project_tools: { rfi: 'standard' },
    });

    const text = JSON.stringify({
      schema_version: '4.1',
      app_manifest: { uid: 'x', name: 'x' },
      fullscreen: { source_url: 'https://tiles.example/app', description: 'Dashboard' },
      permissions: { project: { rfi: 'admin', submittals: 'readonly' } },
    });
    expect((await createVersion(client, app.id, '1.1.0', { content: text })).statusCode).toBe(201);
    expect(await grantOf(app.id, 'sandbox')).toEqual({
      semantic_version: '1.1.0',
      company_tools: {},
      project_tools: { rfi: 'admin', submittals: 'readonly' },
    });

    const adminClient = await signIn(runtime.app, admin);
    const granted = await adminClient.request({
      method: 'PATCH',
      url: `/api/v1/admin/developer_apps/${app.id}`,
      payload: { developer_app: { production_access: 'granted' } },
    });
    expect(granted.statusCode).toBe(200);
    expect((await promote(client, first.json().id)).statusCode).toBe(201);
    expect(await grantOf(app.id, 'production')).toMatchObject({
      semantic_version: '1.0.0',
      project_tools: { rfi: 'standard' },
    });
  });
});

describe('sandboxes older than the sandbox platform', () => {
  it('get their company, team and permissions when the portal starts', async () => {
    const owner = await createUser(runtime);
    const app = await createApp(runtime, owner, 'Old Timer');
    const client = await signIn(runtime.app, owner);
    expect((await createVersion(client, app.id, '1.0.0')).statusCode).toBe(201);
    await provisionNow(runtime, app.id);
    // As a database from before: no company, no members, no permissions on the platform.
    await db().deleteFrom('platform_companies').where('developer_app_id', '=', app.id).execute();
    await db().deleteFrom('platform_app_members').where('developer_app_id', '=', app.id).execute();
    await db().deleteFrom('platform_app_permissions').where('developer_app_id', '=', app.id).execute();

    expect(
      await reconcileSandboxes({ db: runtime.database.db, platform: runtime.platform }, runtime.services),
    ).toBeGreaterThanOrEqual(1);
    const company = await db()
      .selectFrom('platform_companies')
      .select(['name', 'is_active'])
      .where('developer_app_id', '=', app.id)
      .executeTakeFirstOrThrow();
    expect(company).toEqual({ name: 'Old Timer Sandbox', is_active: true });
    expect(await companyUsersOf(app.id)).toEqual([{ portal_user_id: owner.id, is_admin: true }]);
    expect(
      await db()
        .selectFrom('platform_app_permissions')
        .select('semantic_version')
        .where('developer_app_id', '=', app.id)
        .where('environment', '=', 'sandbox')
        .executeTakeFirst(),
    ).toEqual({ semantic_version: '1.0.0' });
    // Nothing is left to do the second time.
    expect(
      await reconcileSandboxes({ db: runtime.database.db, platform: runtime.platform }, runtime.services),
    ).toBe(0);
  });
});
