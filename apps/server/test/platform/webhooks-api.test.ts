import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime';
import { createUser, startTestRuntime } from '../support';
import {
  clientToken,
  grant,
  platformDb,
  platformUserId,
  type SandboxApp,
  sandboxApp,
  testProjectId,
  userToken,
} from './rest-support';
import { call, count, grantWebhooks, HOOKS, otherProjectId } from './webhooks-support';

// Issue 22: the webhooks API as webhooks.md §2–3 describes it, on the sandbox's API base.

let runtime: Runtime;
let app: SandboxApp;
let token: string;
let projectId: number;
beforeAll(async () => {
  runtime = await startTestRuntime();
  app = await sandboxApp(runtime);
  await grantWebhooks(runtime, app);
  token = await clientToken(runtime, app.oauthId);
  projectId = await testProjectId(runtime, app.companyId);
});
afterAll(() => runtime?.close());

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  call(runtime, method, url, { token, company: app.companyId, body });

const hookBody = (overrides: Record<string, unknown> = {}, scope: Record<string, unknown> = {}) => ({
  ...scope,
  hook: {
    api_version: 'v2',
    namespace: 'roof-sync',
    destination_url: 'https://receiver.example/hooks',
    ...overrides,
  },
});

async function newHook(overrides: Record<string, unknown> = {}, scope: Record<string, unknown> = {}) {
  const response = await api('POST', HOOKS, hookBody(overrides, scope));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}

describe('hooks', () => {
  it('creates a company hook ("v2" read as v2.0), never answers the Authorization header back, lists, updates and deletes it', async () => {
    const created = await api(
      'POST',
      HOOKS,
      hookBody(
        { destination_headers: { Authorization: 'Bearer s3cret-value' } },
        { company_id: app.companyId },
      ),
    );
    expect(created.statusCode).toBe(201);
    const hook = created.json();
    expect(Object.keys(hook).sort()).toEqual(
      [
        'api_version',
        'created_at',
        'destination_headers',
        'destination_url',
        'id',
        'namespace',
        'owned_by_company_id',
        'owned_by_project_id',
        'owned_by_user_id',
        'updated_at',
      ].sort(),
    );
    expect(hook).toMatchObject({
      api_version: 'v2.0',
      namespace: 'roof-sync',
      destination_url: 'https://receiver.example/hooks',
      destination_headers: { Authorization: '[FILTERED]' },
      owned_by_company_id: app.companyId,
      owned_by_project_id: null,
    });
    expect(typeof hook.owned_by_user_id).toBe('number');
    expect(created.body).not.toContain('s3cret-value');
    const row = await platformDb(runtime)
      .selectFrom('platform_webhook_hooks')
      .selectAll()
      .where('id', '=', hook.id)
      .executeTakeFirstOrThrow();
    expect(row.destination_headers).toEqual({ Authorization: 'Bearer s3cret-value' });
    expect(row.oauth_application_id).toBe(app.oauthId);
    // The signing secret is sealed, and opens to a Standard Webhooks secret.
    expect(row.signing_secret_sealed).not.toContain('whsec_');
    const secret = runtime.platformHttp.context.webhooks.secrets.open(row.signing_secret_sealed);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64').length).toBeGreaterThanOrEqual(24);

    const listed = await api('GET', `${HOOKS}?company_id=${app.companyId}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((h: { id: number }) => h.id)).toContain(hook.id);
    expect(listed.body).not.toContain('s3cret-value');
    expect((await api('GET', `${HOOKS}?namespace=other-app`)).json()).toEqual([]);
    expect((await api('GET', `${HOOKS}?namespace=*`)).json().length).toBeGreaterThan(0);
    expect((await api('GET', `${HOOKS}?api_version=v4.0`)).json()).toEqual([]);

    const patched = await api('PATCH', `${HOOKS}/${hook.id}`, {
      company_id: app.companyId,
      hook: { destination_url: 'https://receiver.example/v4', api_version: 'v4', destination_headers: null },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      api_version: 'v4.0',
      destination_url: 'https://receiver.example/v4',
      destination_headers: {},
      namespace: 'roof-sync',
    });

    const deleted = await api('DELETE', `${HOOKS}/${hook.id}?company_id=${app.companyId}`);
    expect(deleted.statusCode).toBe(204);
    expect((await api('DELETE', `${HOOKS}/${hook.id}`)).statusCode).toBe(404);
    expect((await api('PATCH', `${HOOKS}/${hook.id}`, { hook: { namespace: 'x' } })).statusCode).toBe(404);
  });

  it('creates a project hook, lists it under its project only, and finds it only in its project scope', async () => {
    const other = await otherProjectId(runtime, app.companyId, projectId);
    const hook = await newHook({ namespace: 'project-hook' }, { project_id: projectId });
    const listed = await api('GET', `${HOOKS}?project_id=${projectId}`);
    expect(listed.json()).toEqual([
      expect.objectContaining({ id: hook.id, owned_by_project_id: projectId, owned_by_company_id: null }),
    ]);
    expect((await api('GET', `${HOOKS}?project_id=${other}`)).json()).toEqual([]);
    expect((await api('GET', HOOKS)).json().map((h: { id: number }) => h.id)).not.toContain(hook.id);
    expect(
      (await api('PATCH', `${HOOKS}/${hook.id}`, { project_id: other, hook: { namespace: 'a' } })).statusCode,
    ).toBe(404);
    expect(
      (await api('PATCH', `${HOOKS}/${hook.id}`, { project_id: projectId, hook: { namespace: 'a' } }))
        .statusCode,
    ).toBe(200);
  });

  it.each([
    ['a namespace with capitals', { namespace: 'RoofSync' }, 'namespace'],
    ['a namespace with a space', { namespace: 'roof sync' }, 'namespace'],
    ['no namespace', { namespace: undefined }, 'namespace'],
    ['an unknown version', { api_version: 'v3.0' }, 'api_version'],
    ['no version', { api_version: undefined }, 'api_version'],
    ['no URL', { destination_url: undefined }, 'destination_url'],
    ['a URL that is not one', { destination_url: 'not a url' }, 'destination_url'],
    ['an ftp URL', { destination_url: 'ftp://receiver.example/' }, 'destination_url'],
    ['an http URL to the internet', { destination_url: 'http://receiver.example/hooks' }, 'destination_url'],
    [
      'the cloud metadata address',
      { destination_url: 'https://169.254.169.254/latest/meta-data' },
      'destination_url',
    ],
    ['the IPv6 metadata address', { destination_url: 'https://[fd00:ec2::254]/' }, 'destination_url'],
    ['http to a private address', { destination_url: 'http://10.0.0.1/hooks' }, 'destination_url'],
    ['a header other than Authorization', { destination_headers: { 'X-Token': 'a' } }, 'destination_headers'],
    [
      'an Authorization with a line break',
      { destination_headers: { Authorization: 'a\r\nX: b' } },
      'destination_headers.Authorization',
    ],
  ])('refuses %s with 422 naming the field, creating nothing', async (_name, overrides, field) => {
    const before = await count(runtime, 'platform_webhook_hooks');
    const response = await api('POST', HOOKS, hookBody(overrides));
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toContain(field);
    expect(typeof response.json().message).toBe('string');
    expect(await count(runtime, 'platform_webhook_hooks')).toBe(before);
  });

  it('refuses loopback and private destinations when private destinations are not allowed (production)', async () => {
    const deps = runtime.platformHttp.context.webhooks;
    deps.allowPrivateDestinations = false;
    try {
      for (const url of [
        'http://127.0.0.1:9/hook',
        'https://127.0.0.1/hook',
        'https://10.0.0.1/hook',
        'https://192.168.1.4/',
      ]) {
        const response = await api('POST', HOOKS, hookBody({ destination_url: url }));
        expect(response.statusCode, url).toBe(422);
        expect(response.json().errors.destination_url).toBeDefined();
      }
    } finally {
      deps.allowPrivateDestinations = true;
    }
    // Outside production a local receiver works.
    await newHook({ destination_url: 'http://127.0.0.1:9/hook', namespace: 'local' });
  });

  it('answers a malformed body 400, unknown fields 406, a foreign scope 400/404, and creates nothing', async () => {
    const before = await count(runtime, 'platform_webhook_hooks');
    expect((await api('POST', HOOKS, { namespace: 'x' })).statusCode).toBe(400);
    const unknown = await api('POST', HOOKS, hookBody({ secret: 'x' }));
    expect(unknown.statusCode).toBe(406);
    expect(unknown.json().errors).toHaveProperty('secret');
    expect((await api('POST', HOOKS, hookBody({}, { company_id: app.companyId + 1 }))).statusCode).toBe(400);
    expect((await api('POST', HOOKS, hookBody({}, { project_id: 999_999_999 }))).statusCode).toBe(404);
    expect(await count(runtime, 'platform_webhook_hooks')).toBe(before);
  });
});

describe('triggers', () => {
  let hookId: number;
  beforeAll(async () => {
    hookId = (await newHook({ namespace: 'triggers' })).id;
  });
  const triggers = () => `${HOOKS}/${hookId}/triggers`;

  it('creates a trigger with the reference fields, lists it and deletes it', async () => {
    const created = await api('POST', triggers(), {
      company_id: app.companyId,
      api_version: 'v2',
      trigger: { resource_name: 'RFIs', event_type: 'create' },
    });
    expect(created.statusCode).toBe(201);
    const trigger = created.json();
    expect(trigger).toEqual({
      id: expect.any(Number),
      webhook_hook_id: hookId,
      resource_name: 'RFIs',
      resource_id: null,
      event_type: 'create',
      company_id: app.companyId,
      project_id: null,
      user_id: expect.any(Number),
      created_at: expect.any(String),
    });
    expect((await api('GET', triggers())).json()).toEqual([trigger]);
    const again = await api('POST', triggers(), { trigger: { resource_name: 'RFIs', event_type: 'create' } });
    expect(again.statusCode).toBe(422);
    expect(await count(runtime, 'platform_webhook_triggers')).toBe(1);
    expect((await api('DELETE', `${triggers()}/${trigger.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `${triggers()}/${trigger.id}`)).statusCode).toBe(404);
    expect((await api('GET', triggers())).json()).toEqual([]);
  });

  it.each([
    ['an unknown resource', { resource_name: 'Widgets', event_type: 'create' }, 'resource_name'],
    ['a resource in the wrong case', { resource_name: 'rfis', event_type: 'create' }, 'resource_name'],
    ['an unknown event type', { resource_name: 'RFIs', event_type: 'archive' }, 'event_type'],
    [
      'an event type the resource does not raise',
      { resource_name: 'Projects', event_type: 'delete' },
      'event_type',
    ],
    ['no event type', { resource_name: 'RFIs' }, 'event_type'],
  ])('refuses %s with 422, creating nothing', async (_name, trigger, field) => {
    const response = await api('POST', triggers(), { trigger });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toContain(field);
    expect((await api('GET', triggers())).json()).toEqual([]);
  });

  it('refuses a company resource on a project hook and an unknown api_version', async () => {
    const projectHook = await newHook({ namespace: 'p-triggers' }, { project_id: projectId });
    const response = await api('POST', `${HOOKS}/${projectHook.id}/triggers`, {
      project_id: projectId,
      trigger: { resource_name: 'Projects', event_type: 'create' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.resource_name[0]).toContain('company resource');
    const version = await api('POST', triggers(), {
      api_version: 'v9',
      trigger: { resource_name: 'RFIs', event_type: 'create' },
    });
    expect(version.statusCode).toBe(422);
    expect((await api('GET', triggers())).json()).toEqual([]);
  });

  it('bulk-creates: 200 when all succeed, 207 with the failures named, 413 over the limit with nothing done', async () => {
    const all = await api('POST', `${triggers()}/bulk`, {
      api_version: 'v2',
      triggers: [
        { resource_name: 'RFIs', event_type: 'create' },
        { resource_name: 'RFIs', event_type: 'update' },
      ],
    });
    expect(all.statusCode).toBe(200);
    expect(Object.keys(all.json())).toEqual(['success']);
    expect(all.json().success.map((t: { event_type: string }) => t.event_type)).toEqual(['create', 'update']);

    const mixed = await api('POST', `${triggers()}/bulk`, {
      triggers: [
        { resource_name: 'RFIs', event_type: 'delete' },
        { resource_name: 'Widgets', event_type: 'create' },
        { resource_name: 'RFIs', event_type: 'create' },
      ],
    });
    expect(mixed.statusCode).toBe(207);
    expect(mixed.json().success).toHaveLength(1);
    expect(mixed.json().failed).toEqual([
      {
        code: 422,
        message: expect.stringContaining('resource_name'),
        trigger: { resource_name: 'Widgets', event_type: 'create' },
        errors: { resource_name: [expect.any(String)] },
      },
      {
        code: 422,
        message: expect.any(String),
        trigger: { resource_name: 'RFIs', event_type: 'create' },
        errors: { event_type: [expect.any(String)] },
      },
    ]);

    const before = await count(runtime, 'platform_webhook_triggers');
    const tooMany = await api('POST', `${triggers()}/bulk`, {
      triggers: Array.from({ length: 101 }, () => ({ resource_name: 'Submittals', event_type: 'create' })),
    });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().errors).toContain('at most 100');
    expect(await count(runtime, 'platform_webhook_triggers')).toBe(before);
    expect((await api('POST', `${triggers()}/bulk`, { triggers: [] })).statusCode).toBe(400);
  });

  it('bulk-deletes: 200 when all are removed, 207 naming the ones not found', async () => {
    const listed = (await api('GET', triggers())).json() as { id: number }[];
    expect(listed.length).toBeGreaterThanOrEqual(3);
    const [first, second, ...rest] = listed.map((t) => t.id);
    const ok = await api('DELETE', `${triggers()}/bulk`, { triggers: [first, second] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: [first, second] });
    const partial = await api('DELETE', `${triggers()}/bulk`, { triggers: [first, ...rest] });
    expect(partial.statusCode).toBe(207);
    expect(partial.json().success).toEqual(rest);
    expect(partial.json().failed).toEqual([
      { code: 404, message: 'Trigger not found', trigger: first, errors: { id: ['not found'] } },
    ]);
    expect((await api('GET', triggers())).json()).toEqual([]);
  });
});

describe('another company', () => {
  it('answers 404 for its hooks, their triggers and deliveries, and changes nothing', async () => {
    const stranger = await sandboxApp(runtime, [], 'Other App');
    await grantWebhooks(runtime, stranger);
    const strangerToken = await clientToken(runtime, stranger.oauthId);
    const theirs = await call(runtime, 'POST', HOOKS, {
      token: strangerToken,
      company: stranger.companyId,
      body: hookBody({ namespace: 'theirs' }),
    });
    expect(theirs.statusCode).toBe(201);
    const id = theirs.json().id;
    const trigger = await call(runtime, 'POST', `${HOOKS}/${id}/triggers`, {
      token: strangerToken,
      company: stranger.companyId,
      body: { trigger: { resource_name: 'RFIs', event_type: 'create' } },
    });
    expect(trigger.statusCode).toBe(201);
    const triggerId = trigger.json().id;
    const triggersBefore = await count(runtime, 'platform_webhook_triggers');

    for (const [method, url, body] of [
      ['PATCH', `${HOOKS}/${id}`, { hook: { namespace: 'mine' } }],
      ['DELETE', `${HOOKS}/${id}`, undefined],
      ['GET', `${HOOKS}/${id}/triggers`, undefined],
      ['POST', `${HOOKS}/${id}/triggers`, { trigger: { resource_name: 'RFIs', event_type: 'update' } }],
      [
        'POST',
        `${HOOKS}/${id}/triggers/bulk`,
        { triggers: [{ resource_name: 'RFIs', event_type: 'update' }] },
      ],
      ['DELETE', `${HOOKS}/${id}/triggers/${triggerId}`, undefined],
      ['DELETE', `${HOOKS}/${id}/triggers/bulk`, { triggers: [triggerId] }],
      ['GET', `${HOOKS}/${id}/deliveries`, undefined],
    ] as const) {
      const response = await api(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ errors: 'Hook not found', message: 'Hook not found' });
    }
    // Nor through its own company header: the token is not connected there.
    expect((await call(runtime, 'GET', HOOKS, { token, company: stranger.companyId })).statusCode).toBe(403);
    expect(await count(runtime, 'platform_webhook_triggers')).toBe(triggersBefore);
    const still = await call(runtime, 'GET', HOOKS, { token: strangerToken, company: stranger.companyId });
    expect(still.json()).toEqual([expect.objectContaining({ id, namespace: 'theirs' })]);
  });
});

describe('the Webhooks API permission', () => {
  let permApp: SandboxApp;
  let permToken: string;
  let developerId: number;
  beforeAll(async () => {
    const developer = await createUser(runtime);
    permApp = await sandboxApp(runtime, [developer], 'Perm App');
    permToken = await clientToken(runtime, permApp.oauthId);
    developerId = await platformUserId(runtime, developer.id);
  });

  const endpoints = (company: number) =>
    [
      ['GET', HOOKS, undefined],
      ['POST', HOOKS, hookBody({ namespace: `perm-${Math.random().toString(36).slice(2, 8)}` })],
      ['GET', '/sandbox/rest/v1.0/webhooks/resources', undefined],
      ['GET', '/sandbox/rest/v1.0/webhooks/resources/api_versions', undefined],
    ].map(([method, url, body]) => ({ method, url, body, company })) as {
      method: 'GET' | 'POST';
      url: string;
      body: unknown;
      company: number;
    }[];

  it.each([
    ['none', { webhooks: undefined }, 403],
    ['readonly', { webhooks: 'readonly' }, 403],
    ['standard', { webhooks: 'standard' }, 'ok'],
    ['admin', { webhooks: 'admin' }, 'ok'],
    ['company Admin tool at admin', { admin: 'admin' }, 'ok'],
  ] as const)('a client token with Webhooks API at %s', async (_name, tools, expected) => {
    const company = Object.fromEntries(Object.entries(tools).filter(([, level]) => level !== undefined));
    await grant(runtime, permApp.appId, {}, company as Record<string, string>);
    const before = await count(runtime, 'platform_webhook_hooks');
    for (const endpoint of endpoints(permApp.companyId)) {
      const response = await call(runtime, endpoint.method, endpoint.url, {
        token: permToken,
        company: endpoint.company,
        body: endpoint.body,
      });
      if (expected === 403) {
        expect(response.statusCode, endpoint.url).toBe(403);
        expect(response.json().message).toBe(
          `Permission too low: the app's company tool Webhooks API is ${tools.webhooks === 'readonly' ? 'Read Only' : 'None'}; this needs Standard or higher`,
        );
        expect(response.json().errors).toBe(response.json().message);
      } else {
        expect(response.statusCode, endpoint.url).toBeLessThan(300);
      }
    }
    expect(await count(runtime, 'platform_webhook_hooks')).toBe(before + (expected === 403 ? 0 : 1));
  });

  it('a user token: company admins may always (no manifest grant needed), other users never', async () => {
    await runtime.platform.setAppPermissions(permApp.appId, 'sandbox', null);
    const ownerToken = await userToken(runtime, permApp.oauthId, permApp.ownerUserId);
    for (const endpoint of endpoints(permApp.companyId)) {
      const response = await call(runtime, endpoint.method, endpoint.url, {
        token: ownerToken,
        company: endpoint.company,
        body: endpoint.body,
      });
      expect(response.statusCode, endpoint.url).toBeLessThan(300);
    }
    const developerToken = await userToken(runtime, permApp.oauthId, developerId);
    const before = await count(runtime, 'platform_webhook_hooks');
    for (const endpoint of endpoints(permApp.companyId)) {
      const response = await call(runtime, endpoint.method, endpoint.url, {
        token: developerToken,
        company: endpoint.company,
        body: endpoint.body,
      });
      expect(response.statusCode, endpoint.url).toBe(403);
      expect(response.json()).toEqual({
        errors: 'Permission too low: the company tool Webhooks API needs a company admin',
        message: 'Permission too low: the company tool Webhooks API needs a company admin',
      });
    }
    expect(await count(runtime, 'platform_webhook_hooks')).toBe(before);
  });
});

describe('submittal writes need Submittals at Standard', () => {
  it.each([
    ['readonly', 403],
    ['standard', 201],
  ] as const)('at %s: create %s', async (level, status) => {
    await grant(
      runtime,
      app.appId,
      { rfi: 'standard', submittals: level },
      { portfolio: 'standard', webhooks: 'standard' },
    );
    const url = `/sandbox/rest/v1.1/projects/${projectId}/submittals`;
    const created = await api('POST', url, { submittal: { number: `01 00 00-${level}` } });
    expect(created.statusCode).toBe(status);
    const existing = await platformDb(runtime)
      .selectFrom('platform_submittals')
      .select('id')
      .where('project_id', '=', projectId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(
      (await api('PATCH', `${url}/${existing.id}`, { submittal: { description: 'x' } })).statusCode,
    ).toBe(status === 201 ? 200 : 403);
    if (status === 403) expect((await api('DELETE', `${url}/${existing.id}`)).statusCode).toBe(403);
    await grantWebhooks(runtime, app);
  });
});

describe('the resource catalogue', () => {
  it('lists Projects, RFIs and Submittals with their event types, per version and scope', async () => {
    const resources = await api('GET', '/sandbox/rest/v1.0/webhooks/resources');
    expect(resources.statusCode).toBe(200);
    expect(resources.json()).toEqual([
      {
        name: 'Projects',
        api_version: 'v2.0',
        product_category: 'Portfolio',
        tools: ['Portfolio'],
        except: ['delete'],
        create: true,
        update: true,
        delete: false,
      },
      expect.objectContaining({ name: 'RFIs', except: [], create: true, update: true, delete: true }),
      expect.objectContaining({ name: 'Submittals', except: [], create: true, update: true, delete: true }),
    ]);
    const v4 = await api('GET', '/sandbox/rest/v1.0/webhooks/resources?api_version=v4');
    expect(v4.json().every((r: { api_version: string }) => r.api_version === 'v4.0')).toBe(true);
    const project = await api('GET', `/sandbox/rest/v1.0/webhooks/resources?project_id=${projectId}`);
    expect(project.json().map((r: { name: string }) => r.name)).toEqual(['RFIs', 'Submittals']);
    expect((await api('GET', '/sandbox/rest/v1.0/webhooks/resources?api_version=v3')).statusCode).toBe(400);
    const versions = await api('GET', '/sandbox/rest/v1.0/webhooks/resources/api_versions');
    expect(versions.json()).toEqual(['v2.0', 'v4.0']);
  });
});
