import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime';
import { createUser, startTestRuntime } from '../support';
import {
  clientToken,
  grant,
  platformDb,
  rest,
  type SandboxApp,
  sandboxApp,
  testProjectId,
  userToken,
} from './rest-support';

let runtime: Runtime;
let app: SandboxApp;
let developerUserId: number;
beforeAll(async () => {
  runtime = await startTestRuntime();
  const developer = await createUser(runtime, { name: 'Dana Developer' });
  app = await sandboxApp(runtime, [developer], 'Roof Sync');
  developerUserId = Number(
    (
      await platformDb(runtime)
        .selectFrom('platform_users')
        .select('id')
        .where('portal_user_id', '=', developer.id)
        .executeTakeFirstOrThrow()
    ).id,
  );
  await grant(runtime, app.appId, { rfi: 'readonly', submittals: 'readonly' });
});
afterAll(() => runtime?.close());

describe('a live sandbox company and its seeded data', () => {
  it('has the seeded users, the app members and the test project with its users', async () => {
    const token = await clientToken(runtime, app.oauthId);
    const companies = await rest(runtime, 'GET', '/sandbox/rest/v1.0/companies', {
      token,
      company: app.companyId,
    });
    expect(companies.statusCode).toBe(200);
    expect(companies.json()).toEqual([
      {
        id: app.companyId,
        name: 'Roof Sync Sandbox',
        is_active: true,
        logo_url: null,
        pcn_business_experience: null,
        my_company: false,
      },
    ]);
    const projectId = await testProjectId(runtime, app.companyId);
    const project = await rest(
      runtime,
      'GET',
      `/sandbox/rest/v1.0/projects/${projectId}?company_id=${app.companyId}`,
      {
        token,
        company: app.companyId,
      },
    );
    expect(project.statusCode).toBe(200);
    expect(project.json()).toMatchObject({
      id: projectId,
      name: '1234 – Sandbox Test Project',
      display_name: '1234 – Sandbox Test Project',
      project_number: '1234',
      active: true,
      city: 'Carpinteria',
      state_code: 'CA',
      country_code: 'US',
      total_value: 12500000,
      start_date: '2026-03-02',
      company: { id: app.companyId, name: 'Roof Sync Sandbox' },
    });
    expect(project.json().created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    const users = await rest(runtime, 'GET', `/sandbox/rest/v1.0/projects/${projectId}/users`, {
      token,
      company: app.companyId,
    });
    expect(users.statusCode).toBe(200);
    const names = users.json().map((user: { name: string }) => user.name);
    expect(names.sort()).toEqual(
      ['API Support', 'Dana Developer', 'Test Architect', 'Test Subcontractor', app.owner.name].sort(),
    );
    expect(users.json().map((user: { login: string }) => user.login)).toContain(
      `test.architect+${app.companyId}@sandbox.platform.example`,
    );
  });

  it('lists thirteen projects, twelve active by default', async () => {
    const token = await clientToken(runtime, app.oauthId);
    const active = await rest(runtime, 'GET', '/sandbox/rest/v1.0/projects', {
      token,
      company: app.companyId,
    });
    expect(active.statusCode).toBe(200);
    expect(active.headers.total).toBe('12');
    expect(active.json()[0].name).toBe('1234 – Sandbox Test Project');
    const all = await rest(runtime, 'GET', '/sandbox/rest/v1.1/projects?filters[by_status]=All', {
      token,
      company: app.companyId,
    });
    expect(all.headers.total).toBe('13');
    const inactive = await rest(runtime, 'GET', '/sandbox/rest/v1.0/projects?filters[by_status]=Inactive', {
      token,
      company: app.companyId,
    });
    expect(inactive.json().map((p: { name: string }) => p.name)).toEqual([
      'Greenfield Corporate Campus Building B',
    ]);
  });

  it('seeds RFIs and a submittal on the test project with construction content', async () => {
    const token = await clientToken(runtime, app.oauthId);
    const projectId = await testProjectId(runtime, app.companyId);
    const rfis = await rest(runtime, 'GET', `/sandbox/rest/v1.0/projects/${projectId}/rfis`, {
      token,
      company: app.companyId,
    });
    expect(rfis.statusCode).toBe(200);
    const first = rfis.json()[0];
    expect(first).toMatchObject({
      number: '1',
      subject: 'Clarify slab edge detail at grid C/4',
      status: 'open',
      due_date: '2026-12-18',
      rfi_manager: { name: 'Test Architect' },
      assignees: [{ name: 'Test Subcontractor' }],
      created_by: { name: 'API Support' },
    });
    expect(first.questions[0].body).toContain('7/S-501');
    expect(rfis.json()[1]).toMatchObject({
      status: 'closed',
      subject: 'Confirm door hardware set for Stair 2 doors',
    });

    const submittals = await rest(runtime, 'GET', `/sandbox/rest/v1.1/projects/${projectId}/submittals`, {
      token,
      company: app.companyId,
    });
    expect(submittals.statusCode).toBe(200);
    expect(submittals.json()).toEqual([
      expect.objectContaining({
        title: '03 30 00 – Cast-in-Place Concrete Mix Design',
        status: { id: 2, name: 'Open', status: 'Open' },
        specification_section: { id: null, number: '03 30 00', description: null },
        submittal_manager: expect.objectContaining({ name: 'Test Architect' }),
      }),
    ]);
    const show = await rest(
      runtime,
      'GET',
      `/sandbox/rest/v1.0/projects/${projectId}/submittals/${submittals.json()[0].id}`,
      {
        token,
        company: app.companyId,
      },
    );
    expect(show.json().title).toBe('03 30 00 – Cast-in-Place Concrete Mix Design');
  });

  it('seeds RFIs and submittals across the other projects, several statuses', async () => {
    const db = platformDb(runtime);
    const rfis = await db
      .selectFrom('platform_rfis')
      .innerJoin('platform_projects', 'platform_projects.id', 'platform_rfis.project_id')
      .select(['platform_rfis.status', 'platform_rfis.project_id'])
      .where('platform_projects.company_id', '=', app.companyId)
      .execute();
    expect(rfis.length).toBeGreaterThanOrEqual(15);
    expect(new Set(rfis.map((r) => r.status))).toEqual(new Set(['open', 'closed', 'draft']));
    expect(new Set(rfis.map((r) => r.project_id)).size).toBeGreaterThanOrEqual(10);
    const submittals = await db
      .selectFrom('platform_submittals')
      .innerJoin('platform_projects', 'platform_projects.id', 'platform_submittals.project_id')
      .select('platform_submittals.status')
      .where('platform_projects.company_id', '=', app.companyId)
      .execute();
    expect(submittals.length).toBeGreaterThanOrEqual(10);
    for (const status of ['Open', 'Approved', 'Revise and Resubmit']) {
      expect(submittals.map((s) => s.status)).toContain(status);
    }
  });

  it('answers /me for a user token as its user and for a client token as the app service account', async () => {
    const token = await userToken(runtime, app.oauthId, developerUserId);
    const me = await rest(runtime, 'GET', '/sandbox/rest/v1.0/me', { token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      id: developerUserId,
      login: expect.stringContaining('@example.test'),
      name: 'Dana Developer',
    });
    const companies = await rest(runtime, 'GET', '/sandbox/rest/v1.0/companies', { token });
    expect(companies.json().map((c: { id: number }) => c.id)).toEqual([app.companyId]);

    const client = await clientToken(runtime, app.oauthId);
    const missing = await rest(runtime, 'GET', '/sandbox/rest/v1.0/me', { token: client });
    expect(missing.statusCode).toBe(400);
    const service = await rest(runtime, 'GET', '/sandbox/rest/v1.0/me', {
      token: client,
      company: app.companyId,
    });
    expect(service.statusCode).toBe(200);
    expect(service.json()).toEqual({
      id: expect.any(Number),
      login: `service-account+${app.appId}.sandbox@platform.example`,
      name: 'Roof Sync Service Account',
    });
    const again = await rest(runtime, 'GET', '/sandbox/rest/v1.0/me', {
      token: client,
      company: app.companyId,
    });
    expect(again.json().id).toBe(service.json().id);
  });

  it('seeds each company in a few statements, fast enough to provision in every test', async () => {
    const started = performance.now();
    await sandboxApp(runtime);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
