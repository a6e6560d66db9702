import { issueToken } from '@lintel/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime';
import { createApp } from '../apps-support';
import { createUser, startTestRuntime } from '../support';
import {
  clientToken,
  grant,
  platformDb,
  platformUserId,
  rest,
  type SandboxApp,
  sandboxApp,
  testProjectId,
  userToken,
} from './rest-support';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime();
});
afterAll(() => runtime?.close());

const rfiBody = (managerId: number) => ({
  rfi: {
    subject: 'Confirm waterproofing lap at podium',
    rfi_manager_id: managerId,
    question: { body: 'Lap 6" or 12"?' },
  },
});

async function architectOf(companyId: number) {
  const row = await platformDb(runtime)
    .selectFrom('platform_users')
    .select('id')
    .where('login', '=', `test.architect+${companyId}@sandbox.platform.example`)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

describe('client-credentials tokens: the manifest tool level × the action', () => {
  let app: SandboxApp;
  let projectId: number;
  let architect: number;
  let token: string;
  beforeAll(async () => {
    app = await sandboxApp(runtime);
    projectId = await testProjectId(runtime, app.companyId);
    architect = await architectOf(app.companyId);
    token = await clientToken(runtime, app.oauthId);
  });

  const levels = ['none', 'readonly', 'standard', 'admin'] as const;
  const matrix = levels.map((level) => ({
    level,
    read: level === 'none' ? 403 : 200,
    create: level === 'standard' || level === 'admin' ? 201 : 403,
  }));

  it.each(matrix)('rfi at $level: read $read, create $create', async ({ level, read, create }) => {
    await grant(runtime, app.appId, level === 'none' ? {} : { rfi: level });
    const call = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
      rest(runtime, method, url, { token, company: app.companyId, body });
    const list = await call('GET', `/sandbox/rest/v1.0/projects/${projectId}/rfis`);
    expect(list.statusCode).toBe(read);
    const rfiId = Number(
      (
        await platformDb(runtime)
          .selectFrom('platform_rfis')
          .select('id')
          .where('project_id', '=', projectId)
          .executeTakeFirstOrThrow()
      ).id,
    );
    expect((await call('GET', `/sandbox/rest/v1.0/projects/${projectId}/rfis/${rfiId}`)).statusCode).toBe(
      read,
    );
    const before = await platformDb(runtime)
      .selectFrom('platform_rfis')
      .select('id')
      .where('project_id', '=', projectId)
      .execute();
    const created = await call('POST', `/sandbox/rest/v1.0/projects/${projectId}/rfis`, rfiBody(architect));
    expect(created.statusCode).toBe(create);
    const patched = await call('PATCH', `/sandbox/rest/v1.0/projects/${projectId}/rfis/${rfiId}`, {
      rfi: { reference: 'A-1' },
    });
    expect(patched.statusCode).toBe(create === 201 ? 200 : 403);
    if (create === 403) {
      expect(created.json().message).toBe(
        `Permission too low: the app's project tool RFIs is ${{ none: 'None', readonly: 'Read Only' }[level as 'none']}; this needs Standard or higher`,
      );
      const after = await platformDb(runtime)
        .selectFrom('platform_rfis')
        .select('id')
        .where('project_id', '=', projectId)
        .execute();
      expect(after).toHaveLength(before.length);
    }
    if (read === 403) expect(list.json().errors).toContain('Permission too low');
    // Projects are readable by every token of the company, whatever the grant.
    expect((await call('GET', '/sandbox/rest/v1.0/projects')).statusCode).toBe(200);
  });

  it.each(matrix)('submittals at $level: read $read', async ({ level, read }) => {
    await grant(runtime, app.appId, level === 'none' ? { rfi: 'admin' } : { submittals: level });
    const list = await rest(runtime, 'GET', `/sandbox/rest/v1.1/projects/${projectId}/submittals`, {
      token,
      company: app.companyId,
    });
    expect(list.statusCode).toBe(read);
    const v10 = await rest(runtime, 'GET', `/sandbox/rest/v1.0/projects/${projectId}/submittals`, {
      token,
      company: app.companyId,
    });
    expect(v10.statusCode).toBe(read);
  });

  it('projects: creating and updating need the company tool Portfolio at Standard', async () => {
    const body = { project: { name: 'Annex' } };
    await grant(runtime, app.appId, { rfi: 'admin' }, { portfolio: 'readonly' });
    const refused = await rest(runtime, 'POST', '/sandbox/rest/v1.0/projects', {
      token,
      company: app.companyId,
      body,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('company tool Portfolio is Read Only');
    const patch = await rest(runtime, 'PATCH', `/sandbox/rest/v1.0/projects/${projectId}`, {
      token,
      company: app.companyId,
      body,
    });
    expect(patch.statusCode).toBe(403);
    await grant(runtime, app.appId, {}, { portfolio: 'standard' });
    const created = await rest(runtime, 'POST', '/sandbox/rest/v1.0/projects', {
      token,
      company: app.companyId,
      body,
    });
    expect(created.statusCode).toBe(201);
  });

  it('the project Admin tool at admin grants every project tool', async () => {
    await grant(runtime, app.appId, { admin: 'admin' });
    const created = await rest(runtime, 'POST', `/sandbox/rest/v1.0/projects/${projectId}/rfis`, {
      token,
      company: app.companyId,
      body: rfiBody(architect),
    });
    expect(created.statusCode).toBe(201);
  });

  it('a new manifest version applies to the next request of the same token', async () => {
    await grant(runtime, app.appId, {});
    const url = `/sandbox/rest/v1.0/projects/${projectId}/rfis`;
    expect((await rest(runtime, 'GET', url, { token, company: app.companyId })).statusCode).toBe(403);
    await runtime.platform.setAppPermissions(app.appId, 'sandbox', {
      version: '1.1.0',
      company: {},
      project: { rfi: 'readonly' },
    });
    expect((await rest(runtime, 'GET', url, { token, company: app.companyId })).statusCode).toBe(200);
    // Another environment's grant does not count here.
    await runtime.platform.setAppPermissions(app.appId, 'sandbox', null);
    await runtime.platform.setAppPermissions(app.appId, 'production', {
      version: '1.1.0',
      company: {},
      project: { rfi: 'admin' },
    });
    expect((await rest(runtime, 'GET', url, { token, company: app.companyId })).statusCode).toBe(403);
  });
});

describe('authorization-code tokens act as their user', () => {
  let app: SandboxApp;
  let developerId: number;
  let projectId: number;
  let architect: number;
  let developerPortalUser: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    developerPortalUser = await createUser(runtime, { name: 'Devon Developer' });
    app = await sandboxApp(runtime, [developerPortalUser]);
    developerId = await platformUserId(runtime, developerPortalUser.id);
    projectId = await testProjectId(runtime, app.companyId);
    architect = await architectOf(app.companyId);
    // No manifest grant at all: user tokens do not depend on it.
    await runtime.platform.setAppPermissions(app.appId, 'sandbox', null);
  });

  it('a company admin (the owner) sees every project and may create projects and RFIs', async () => {
    const token = await userToken(runtime, app.oauthId, app.ownerUserId);
    const projects = await rest(runtime, 'GET', '/sandbox/rest/v1.0/projects', {
      token,
      company: app.companyId,
    });
    expect(projects.headers.total).toBe('12');
    const created = await rest(runtime, 'POST', '/sandbox/rest/v1.0/projects', {
      token,
      company: app.companyId,
      body: { project: { name: 'Owner Project' } },
    });
    expect(created.statusCode).toBe(201);
    const rfi = await rest(runtime, 'POST', `/sandbox/rest/v1.0/projects/${projectId}/rfis`, {
      token,
      company: app.companyId,
      body: rfiBody(architect),
    });
    expect(rfi.statusCode).toBe(201);
    expect(rfi.json().created_by.id).toBe(app.ownerUserId);
  });

  it('a developer works in the projects they belong to: reads and creates RFIs there, 404 elsewhere, 403 on company tools', async () => {
    const token = await userToken(runtime, app.oauthId, developerId);
    const projects = await rest(runtime, 'GET', '/sandbox/rest/v1.0/projects', {
      token,
      company: app.companyId,
    });
    expect(projects.json().map((p: { id: number }) => p.id)).toEqual([projectId]);
    const rfis = await rest(runtime, 'GET', `/sandbox/rest/v1.0/projects/${projectId}/rfis`, {
      token,
      company: app.companyId,
    });
    expect(rfis.statusCode).toBe(200);
    const submittals = await rest(runtime, 'GET', `/sandbox/rest/v1.1/projects/${projectId}/submittals`, {
      token,
      company: app.companyId,
    });
    expect(submittals.statusCode).toBe(200);
    const created = await rest(runtime, 'POST', `/sandbox/rest/v1.0/projects/${projectId}/rfis`, {
      token,
      company: app.companyId,
      body: rfiBody(architect),
    });
    expect(created.statusCode).toBe(201);
    const harbor = await platformDb(runtime)
      .selectFrom('platform_projects')
      .select('id')
      .where('company_id', '=', app.companyId)
      .where('project_number', '=', '2101')
      .executeTakeFirstOrThrow();
    const elsewhere = await rest(runtime, 'GET', `/sandbox/rest/v1.0/projects/${harbor.id}/rfis`, {
      token,
      company: app.companyId,
    });
    expect(elsewhere.statusCode).toBe(404);
    const project = await rest(runtime, 'POST', '/sandbox/rest/v1.0/projects', {
      token,
      company: app.companyId,
      body: { project: { name: 'Not mine to create' } },
    });
    expect(project.statusCode).toBe(403);
    // /me and /companies need no company header for a user token.
    expect((await rest(runtime, 'GET', '/sandbox/rest/v1.0/companies', { token })).statusCode).toBe(200);
    expect((await rest(runtime, 'GET', '/sandbox/rest/v1.0/projects', { token })).statusCode).toBe(400);
  });

  it("a member added later joins the test project; a removed member's token stops on the next request", async () => {
    const late = await createUser(runtime, { name: 'Lee Late' });
    const members = [
      { portalUserId: app.owner.id, email: app.owner.email, name: app.owner.name, role: 'owner' as const },
      {
        portalUserId: developerPortalUser.id,
        email: developerPortalUser.email,
        name: developerPortalUser.name,
        role: 'developer' as const,
      },
    ];
    await runtime.platform.setAppMembers(app.appId, [
      ...members,
      { portalUserId: late.id, email: late.email, name: late.name, role: 'admin' },
    ]);
    const lateId = await platformUserId(runtime, late.id);
    const lateToken = await userToken(runtime, app.oauthId, lateId);
    const projects = await rest(runtime, 'GET', '/sandbox/rest/v1.0/projects', {
      token: lateToken,
      company: app.companyId,
    });
    expect(projects.headers.total).toBe('13');
    const users = await rest(runtime, 'GET', `/sandbox/rest/v1.0/projects/${projectId}/users`, {
      token: lateToken,
      company: app.companyId,
    });
    expect(users.json().map((u: { id: number }) => u.id)).toContain(lateId);

    const developerToken = await userToken(runtime, app.oauthId, developerId);
    await runtime.platform.setAppMembers(app.appId, [members[0] as (typeof members)[0]]);
    const removed = await rest(runtime, 'GET', `/sandbox/rest/v1.0/projects/${projectId}/rfis`, {
      token: developerToken,
      company: app.companyId,
    });
    expect(removed.statusCode).toBe(401);
    const gone = await platformDb(runtime)
      .selectFrom('platform_project_users')
      .select('user_id')
      .where('project_id', '=', projectId)
      .where('user_id', 'in', [developerId, lateId])
      .execute();
    expect(gone).toEqual([]);
  });

  it("a user of two sandboxes acts only in the company of the token's app", async () => {
    const second = await sandboxApp(runtime, [], 'Second App');
    await runtime.platform.setAppMembers(second.appId, [
      { portalUserId: second.owner.id, email: second.owner.email, name: second.owner.name, role: 'owner' },
      { portalUserId: app.owner.id, email: app.owner.email, name: app.owner.name, role: 'developer' },
    ]);
    const token = await userToken(runtime, app.oauthId, app.ownerUserId);
    const companies = await rest(runtime, 'GET', '/sandbox/rest/v1.0/companies', { token });
    expect(companies.json().map((c: { id: number }) => c.id)).toEqual([app.companyId, second.companyId]);
    const there = await rest(runtime, 'GET', '/sandbox/rest/v1.0/projects', {
      token,
      company: second.companyId,
    });
    expect(there.statusCode).toBe(403);
    expect(there.json().message).toBe('App is not connected to this company');
  });
});

describe('production client credentials act in the companies that installed the app', () => {
  it('lists and reads in an installing company and is refused in others', async () => {
    const owner = await createUser(runtime);
    const app = await createApp(runtime, owner, 'Crane Planner');
    const otherApp = await createApp(runtime, owner, 'Other Planner');
    await runtime.platform.createProductionApplication(
      app.id,
      'Crane Planner',
      'https://crane.example/callback',
    );
    const oauth = await runtime.platform.oauthApplicationOf(app.id, 'production');
    if (!oauth) throw new Error('no production application');
    const acme = await runtime.platform.marketplace.install(app.id, {
      companyName: 'Acme Builders',
      companyIsDemo: false,
      userEmailAddress: 'pat@acme.example',
    });
    await runtime.platform.marketplace.install(otherApp.id, {
      companyName: 'Beta Contractors',
      companyIsDemo: false,
      userEmailAddress: 'kim@beta.example',
    });
    // The same company installing a second app stays one company.
    await runtime.platform.marketplace.install(otherApp.id, {
      companyName: 'Acme Builders',
      companyIsDemo: false,
      userEmailAddress: 'pat@acme.example',
    });
    const companies = await platformDb(runtime)
      .selectFrom('platform_companies')
      .select(['id', 'name'])
      .where('environment', '=', 'production')
      .orderBy('id')
      .execute();
    const acmeId = Number(companies.find((c) => c.name === 'Acme Builders')?.id);
    const betaId = Number(companies.find((c) => c.name === 'Beta Contractors')?.id);
    expect(companies.filter((c) => c.name === 'Acme Builders')).toHaveLength(1);
    expect(acmeId).toBeGreaterThan(8_000_000);

    const token = (
      await issueToken(platformDb(runtime), {
        oauthApplicationId: oauth.platformId,
        environment: 'production',
        kind: 'client',
        userId: null,
        withRefresh: false,
      })
    ).accessToken;
    const listed = await rest(runtime, 'GET', '/production/rest/v1.0/companies', { token, company: acmeId });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([expect.objectContaining({ id: acmeId, name: 'Acme Builders' })]);
    const projects = await rest(runtime, 'GET', '/production/rest/v1.0/projects', { token, company: acmeId });
    expect(projects.statusCode).toBe(200);
    expect(projects.json()).toEqual([
      expect.objectContaining({
        name: 'Headquarters Office Renovation',
        company: { id: acmeId, name: 'Acme Builders' },
      }),
    ]);
    const me = await rest(runtime, 'GET', '/production/rest/v1.0/me', { token, company: acmeId });
    expect(me.json()).toMatchObject({
      name: 'Crane Planner Service Account',
      login: `service-account+${app.id}.production@platform.example`,
    });

    // RFIs follow the production manifest grant.
    const projectId = projects.json()[0].id;
    const refused = await rest(runtime, 'GET', `/production/rest/v1.0/projects/${projectId}/rfis`, {
      token,
      company: acmeId,
    });
    expect(refused.statusCode).toBe(403);
    await runtime.platform.setAppPermissions(app.id, 'production', {
      version: '1.0.0',
      company: {},
      project: { rfi: 'readonly' },
    });
    const read = await rest(runtime, 'GET', `/production/rest/v1.0/projects/${projectId}/rfis`, {
      token,
      company: acmeId,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual([]);

    const beta = await rest(runtime, 'GET', '/production/rest/v1.0/projects', { token, company: betaId });
    expect(beta.statusCode).toBe(403);
    expect(beta.json().message).toBe('App is not connected to this company');

    await runtime.platform.marketplace.uninstall(app.id, acme.id, 'pat@acme.example');
    const after = await rest(runtime, 'GET', '/production/rest/v1.0/projects', { token, company: acmeId });
    expect(after.statusCode).toBe(403);
  });
});
