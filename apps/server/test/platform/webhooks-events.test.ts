import {
  addTrigger,
  createHook,
  deleteHook,
  deliveryDetail,
  listDeliveries,
  listHooks,
  removeTrigger,
  updateHook,
  WebhookError,
} from '@lintel/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime';
import { startTestRuntime } from '../support';
import { clientToken, platformDb, type SandboxApp, sandboxApp, testProjectId } from './rest-support';
import { call, count, grantWebhooks, HOOKS, otherProjectId } from './webhooks-support';

// Issue 22: every change through the sample API raises an event in its transaction, with one delivery per
// hook that listens, whose body is the hook's payload version exactly (webhooks.md §4).

let runtime: Runtime;
let app: SandboxApp;
let token: string;
let projectA: number;
let projectB: number;
let clientId: string;
let serviceAccountId: number;
let companyHook: number;
let projectHook: number;
let architect: number;

beforeAll(async () => {
  runtime = await startTestRuntime();
  app = await sandboxApp(runtime);
  await grantWebhooks(runtime, app);
  token = await clientToken(runtime, app.oauthId);
  projectA = await testProjectId(runtime, app.companyId);
  projectB = await otherProjectId(runtime, app.companyId, projectA);
  const application = await platformDb(runtime)
    .selectFrom('platform_oauth_applications')
    .select('uid')
    .where('id', '=', app.oauthId)
    .executeTakeFirstOrThrow();
  clientId = application.uid;
  serviceAccountId = (await api('GET', '/sandbox/rest/v1.0/me')).json().id;
  const architectRow = await platformDb(runtime)
    .selectFrom('platform_users')
    .select('id')
    .where('login', '=', `test.architect+${app.companyId}@sandbox.platform.example`)
    .executeTakeFirstOrThrow();
  architect = Number(architectRow.id);

  const company = await api('POST', HOOKS, {
    hook: { api_version: 'v2', namespace: 'company', destination_url: 'https://company.example/hooks' },
  });
  companyHook = company.json().id;
  const bulk = await api('POST', `${HOOKS}/${companyHook}/triggers/bulk`, {
    triggers: [
      ...['create', 'update'].map((event_type) => ({ resource_name: 'Projects', event_type })),
      ...['create', 'update', 'delete'].map((event_type) => ({ resource_name: 'RFIs', event_type })),
      { resource_name: 'Submittals', event_type: 'delete' },
    ],
  });
  expect(bulk.statusCode).toBe(200);
  const project = await api('POST', HOOKS, {
    project_id: projectA,
    hook: { api_version: 'v4.0', namespace: 'project', destination_url: 'https://project.example/hooks' },
  });
  projectHook = project.json().id;
  for (const [resource_name, event_type] of [
    ['RFIs', 'create'],
    ['RFIs', 'delete'],
    ['Submittals', 'delete'],
  ]) {
    const response = await api('POST', `${HOOKS}/${projectHook}/triggers`, {
      project_id: projectA,
      trigger: { resource_name, event_type },
    });
    expect(response.statusCode).toBe(201);
  }
});
afterAll(() => runtime?.close());

function api(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) {
  return call(runtime, method, url, { token, company: app.companyId, body });
}

/** The deliveries made after `afterId`, oldest first, with their hook and parsed body. */
async function deliveriesAfter(afterId: number) {
  const rows = await platformDb(runtime)
    .selectFrom('platform_webhook_deliveries')
    .selectAll()
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    hook_id: Number(row.hook_id),
    payload: JSON.parse(row.body),
  }));
}

async function lastDeliveryId(): Promise<number> {
  const row = await platformDb(runtime)
    .selectFrom('platform_webhook_deliveries')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

const V2_KEYS = [
  'api_version',
  'company_id',
  'event_type',
  'id',
  'metadata',
  'project_id',
  'resource_id',
  'resource_name',
  'timestamp',
  'ulid',
  'user_id',
];
const METADATA_KEYS = [
  'source_application_id',
  'source_company_id',
  'source_operation_id',
  'source_project_id',
  'source_user_id',
];
const V4_KEYS = [
  'company_id',
  'id',
  'project_id',
  'reason',
  'resource_id',
  'resource_type',
  'timestamp',
  'user_id',
];
const MICROSECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

const rfiBody = () => ({
  rfi: { subject: 'Lap length at podium', rfi_manager_id: architect, question: { body: '6" or 12"?' } },
});

describe('payloads', () => {
  it('an RFI created in a project: the company hook gets v2.0, the project hook v4.0, every field exactly', async () => {
    const before = await lastDeliveryId();
    const created = await api('POST', `/sandbox/rest/v1.0/projects/${projectA}/rfis`, rfiBody());
    expect(created.statusCode).toBe(201);
    const rfiId = created.json().id;
    const deliveries = await deliveriesAfter(before);
    expect(deliveries.map((d) => d.hook_id)).toEqual([companyHook, projectHook]);
    const [v2, v4] = deliveries.map((d) => d.payload);
    const event = await platformDb(runtime)
      .selectFrom('platform_webhook_events')
      .selectAll()
      .where('id', '=', Number(deliveries[0]?.event_id))
      .executeTakeFirstOrThrow();

    expect(Object.keys(v2).sort()).toEqual(V2_KEYS);
    expect(Object.keys(v2.metadata).sort()).toEqual(METADATA_KEYS);
    expect(v2).toEqual({
      id: Number(event.id),
      ulid: event.ulid,
      timestamp: expect.stringMatching(MICROSECONDS),
      event_type: 'create',
      resource_name: 'RFIs',
      resource_id: rfiId,
      company_id: app.companyId,
      project_id: projectA,
      user_id: serviceAccountId,
      api_version: 'v2.0',
      metadata: {
        source_user_id: serviceAccountId,
        source_company_id: app.companyId,
        source_project_id: projectA,
        source_application_id: clientId,
        source_operation_id: null,
      },
    });
    expect(v2.ulid).toMatch(ULID);
    expect(new Date(v2.timestamp).getTime()).toBe(new Date(event.occurred_at).getTime());

    expect(Object.keys(v4).sort()).toEqual(V4_KEYS);
    expect(v4).toEqual({
      id: event.ulid,
      timestamp: v2.timestamp,
      reason: 'create',
      company_id: String(app.companyId),
      project_id: String(projectA),
      user_id: String(serviceAccountId),
      resource_type: 'RFIs',
      resource_id: String(rfiId),
    });
    // The body is stored exactly as it will be sent, queued.
    expect(deliveries.every((d) => d.status === 'queued' && d.attempts === 0)).toBe(true);
    expect(deliveries.map((d) => d.destination_url)).toEqual([
      'https://company.example/hooks',
      'https://project.example/hooks',
    ]);
  });

  it('a project hook hears only its own project', async () => {
    const before = await lastDeliveryId();
    const created = await api('POST', `/sandbox/rest/v1.0/projects/${projectB}/rfis`, rfiBody());
    expect(created.statusCode).toBe(201);
    const deliveries = await deliveriesAfter(before);
    expect(deliveries.map((d) => d.hook_id)).toEqual([companyHook]);
    expect(deliveries[0]?.payload).toMatchObject({ project_id: projectB, resource_id: created.json().id });
  });
});

describe('events for create, update and delete', () => {
  it('projects: create and update, with the project as resource and project', async () => {
    let before = await lastDeliveryId();
    const created = await api('POST', '/sandbox/rest/v1.0/projects', { project: { name: 'Annex' } });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    let deliveries = await deliveriesAfter(before);
    expect(
      deliveries.map((d) => [
        d.hook_id,
        d.payload.resource_name,
        d.payload.event_type,
        d.payload.resource_id,
      ]),
    ).toEqual([[companyHook, 'Projects', 'create', id]]);
    expect(deliveries[0]?.payload.project_id).toBe(id);
    before = await lastDeliveryId();
    expect(
      (await api('PATCH', `/sandbox/rest/v1.0/projects/${id}`, { project: { city: 'Lyon' } })).statusCode,
    ).toBe(200);
    deliveries = await deliveriesAfter(before);
    expect(
      deliveries.map((d) => [d.payload.resource_name, d.payload.event_type, d.payload.resource_id]),
    ).toEqual([['Projects', 'update', id]]);
  });

  it('RFIs: update, recycle (the delete) and retrieve (an update), each to the hooks listening', async () => {
    const created = await api('POST', `/sandbox/rest/v1.0/projects/${projectA}/rfis`, rfiBody());
    const id = created.json().id;
    const base = `/sandbox/rest/v1.0/projects/${projectA}/rfis/${id}`;
    const steps = [
      ['PATCH', base, { rfi: { reference: 'A-7' } }, 'update', [companyHook]],
      ['PATCH', `${base}/recycle`, undefined, 'delete', [companyHook, projectHook]],
      ['PATCH', `${base}/retrieve`, undefined, 'update', [companyHook]],
    ] as const;
    for (const [method, url, body, eventType, hooks] of steps) {
      const before = await lastDeliveryId();
      const response = await api(method, url, body);
      expect(response.statusCode, url).toBe(200);
      const deliveries = await deliveriesAfter(before);
      expect(deliveries.map((d) => d.hook_id)).toEqual(hooks);
      for (const delivery of deliveries) {
        const payload = delivery.payload;
        expect(payload.event_type ?? payload.reason).toBe(eventType);
        expect(String(payload.resource_id)).toBe(String(id));
      }
    }
    const recycled = await api(
      'GET',
      `/sandbox/rest/v1.0/projects/${projectA}/rfis?filters[status]=recycled`,
    );
    expect(recycled.json().map((r: { id: number }) => r.id)).not.toContain(id);
    // Recycling twice, or retrieving what is not in the bin: 422, no event.
    const events = await count(runtime, 'platform_webhook_events');
    expect((await api('PATCH', `${base}/retrieve`)).statusCode).toBe(422);
    expect(await count(runtime, 'platform_webhook_events')).toBe(events);
  });

  it('submittals: DELETE (v1.1) removes it and raises a delete to both hooks', async () => {
    const submittal = await platformDb(runtime)
      .selectFrom('platform_submittals')
      .select('id')
      .where('project_id', '=', projectA)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const before = await lastDeliveryId();
    const url = `/sandbox/rest/v1.1/projects/${projectA}/submittals/${submittal.id}`;
    expect((await api('DELETE', url)).statusCode).toBe(204);
    const deliveries = await deliveriesAfter(before);
    expect(deliveries.map((d) => d.hook_id)).toEqual([companyHook, projectHook]);
    expect(deliveries[0]?.payload).toMatchObject({
      resource_name: 'Submittals',
      event_type: 'delete',
      resource_id: Number(submittal.id),
    });
    expect(deliveries[1]?.payload).toMatchObject({
      resource_type: 'Submittals',
      reason: 'delete',
      resource_id: String(submittal.id),
    });
    expect((await api('GET', url)).statusCode).toBe(404);
    expect((await api('DELETE', url)).statusCode).toBe(404);
  });

  it('submittals: create (v1.1) and update (v1.0 twin) raise their events; bad bodies are refused with nothing raised', async () => {
    for (const event_type of ['create', 'update']) {
      const added = await api('POST', `${HOOKS}/${companyHook}/triggers`, {
        trigger: { resource_name: 'Submittals', event_type },
      });
      expect(added.statusCode).toBe(201);
    }
    let before = await lastDeliveryId();
    const created = await api('POST', `/sandbox/rest/v1.1/projects/${projectA}/submittals`, {
      submittal: {
        number: '07 10 00-4',
        title: 'Waterproofing membrane',
        status_id: 2,
        submittal_manager_id: architect,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const submittal = created.json();
    expect(submittal).toMatchObject({
      number: '07 10 00-4',
      title: 'Waterproofing membrane',
      status: { id: 2, name: 'Open' },
    });
    let deliveries = await deliveriesAfter(before);
    expect(
      deliveries.map((d) => [
        d.hook_id,
        d.payload.resource_name,
        d.payload.event_type,
        d.payload.resource_id,
      ]),
    ).toEqual([[companyHook, 'Submittals', 'create', submittal.id]]);
    before = await lastDeliveryId();
    const updated = await api('PATCH', `/sandbox/rest/v1.0/projects/${projectA}/submittals/${submittal.id}`, {
      submittal: { status_id: 3, title: null },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ title: '', status: { id: 3, name: 'Approved' } });
    deliveries = await deliveriesAfter(before);
    expect(deliveries.map((d) => [d.payload.event_type, d.payload.resource_id])).toEqual([
      ['update', submittal.id],
    ]);

    const events = await count(runtime, 'platform_webhook_events');
    const url = `/sandbox/rest/v1.1/projects/${projectA}/submittals`;
    expect((await api('POST', url, { submittal: { title: 'no number' } })).statusCode).toBe(422);
    expect((await api('POST', url, { submittal: { number: '1', status_id: 99 } })).statusCode).toBe(422);
    expect(
      (await api('POST', url, { submittal: { number: '1', submittal_manager_id: 999_999 } })).statusCode,
    ).toBe(422);
    const unknown = await api('POST', url, { submittal: { number: '1', location_id: 3 } });
    expect(unknown.statusCode).toBe(406);
    expect((await api('POST', url, { number: '1' })).statusCode).toBe(400);
    expect((await api('PATCH', `${url}/999999999`, { submittal: { title: 'x' } })).statusCode).toBe(404);
    expect(await count(runtime, 'platform_webhook_events')).toBe(events);
  });

  it('a change refused (422) raises nothing; a change nobody listens to is recorded with no delivery', async () => {
    const events = await count(runtime, 'platform_webhook_events');
    const deliveries = await count(runtime, 'platform_webhook_deliveries');
    const bad = await api('POST', `/sandbox/rest/v1.0/projects/${projectA}/rfis`, { rfi: { subject: 'x' } });
    expect(bad.statusCode).toBe(422);
    expect(await count(runtime, 'platform_webhook_events')).toBe(events);
    // Submittals create is not subscribed by anyone; Projects update to a company with no hooks either.
    const quiet = await sandboxApp(runtime, [], 'Quiet App');
    await grantWebhooks(runtime, quiet);
    const quietToken = await clientToken(runtime, quiet.oauthId);
    const quietProject = await testProjectId(runtime, quiet.companyId);
    const response = await call(runtime, 'PATCH', `/sandbox/rest/v1.0/projects/${quietProject}`, {
      token: quietToken,
      company: quiet.companyId,
      body: { project: { city: 'Porto' } },
    });
    expect(response.statusCode).toBe(200);
    expect(await count(runtime, 'platform_webhook_events')).toBe(events + 1);
    expect(await count(runtime, 'platform_webhook_deliveries')).toBe(deliveries);
  });
});

describe('the deliveries list', () => {
  let ids: number[];
  beforeAll(async () => {
    // Four more events to the company hook, then outcomes recorded as the delivery engine records them.
    for (let i = 0; i < 4; i += 1) {
      expect((await api('POST', `/sandbox/rest/v1.0/projects/${projectB}/rfis`, rfiBody())).statusCode).toBe(
        201,
      );
    }
    const rows = await platformDb(runtime)
      .selectFrom('platform_webhook_deliveries')
      .select('id')
      .where('hook_id', '=', companyHook)
      .orderBy('id', 'desc')
      .execute();
    ids = rows.map((row) => Number(row.id));
    const [okId, failingId, discardedId] = ids as [number, number, number];
    const db = platformDb(runtime);
    const at = (s: number) => new Date(Date.UTC(2026, 10, 27, 12, 0, s));
    await db
      .updateTable('platform_webhook_deliveries')
      .set({ status: 'ok', attempts: 1, completed_at: at(1) })
      .where('id', '=', okId)
      .execute();
    await db
      .updateTable('platform_webhook_deliveries')
      .set({ status: 'failing', attempts: 2, next_attempt_at: at(30) })
      .where('id', '=', failingId)
      .execute();
    await db
      .updateTable('platform_webhook_deliveries')
      .set({ status: 'discarded', attempts: 1, completed_at: at(9) })
      .where('id', '=', discardedId)
      .execute();
    await db
      .insertInto('platform_webhook_attempts')
      .values([
        {
          delivery_id: okId,
          outcome: 'ok',
          request_headers: '{}',
          response_status: 204,
          response_headers: '{"server":"r"}',
          response_body: '',
          response_error: null,
          started_at: at(0),
          completed_at: at(1),
        },
        {
          delivery_id: failingId,
          outcome: 'retried',
          request_headers: '{}',
          response_status: 500,
          response_headers: '{}',
          response_body: 'boom',
          response_error: 'status 500',
          started_at: at(2),
          completed_at: at(3),
        },
        {
          delivery_id: failingId,
          outcome: 'retried',
          request_headers: '{}',
          response_status: null,
          response_headers: null,
          response_body: null,
          response_error: 'timeout after 5 s',
          started_at: at(4),
          completed_at: at(9),
        },
        {
          delivery_id: discardedId,
          outcome: 'discarded',
          request_headers: '{}',
          response_status: null,
          response_headers: null,
          response_body: null,
          response_error: 'connection refused',
          started_at: at(8),
          completed_at: at(9),
        },
      ])
      .execute();
  });
  const deliveries = (query = '') => api('GET', `${HOOKS}/${companyHook}/deliveries${query}`);

  it('answers each delivery as the reference Delivery, newest first, from its row and latest attempt', async () => {
    const response = await deliveries();
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((d: { id: number }) => d.id)).toEqual(ids);
    const [ok, failing, discarded, queued] = list;
    expect(Object.keys(ok).sort()).toEqual(
      [
        'completed_at',
        'event',
        'event_id',
        'id',
        'outcome',
        'response_body',
        'response_error',
        'response_headers',
        'response_status',
        'started_at',
      ].sort(),
    );
    expect(ok).toMatchObject({
      outcome: 'ok',
      response_status: 204,
      response_headers: { server: 'r' },
      response_error: null,
      started_at: '2026-11-27T12:00:00.000Z',
      completed_at: '2026-11-27T12:00:01.000Z',
    });
    expect(Object.keys(ok.event).sort()).toEqual(V2_KEYS);
    expect(ok.event).toMatchObject({
      id: ok.event_id,
      api_version: 'v2.0',
      resource_name: 'RFIs',
      event_type: 'create',
    });
    expect(failing).toMatchObject({
      outcome: 'retried',
      response_status: null,
      response_error: 'timeout after 5 s',
    });
    expect(discarded).toMatchObject({ outcome: 'discarded', response_error: 'connection refused' });
    expect(queued).toMatchObject({
      outcome: null,
      response_status: null,
      started_at: null,
      completed_at: null,
    });
  });

  it("a v4.0 hook's deliveries still show the event in the v2 shape", async () => {
    const list = (await api('GET', `${HOOKS}/${projectHook}/deliveries?project_id=${projectA}`)).json();
    expect(list.length).toBeGreaterThan(0);
    for (const delivery of list) {
      expect(Object.keys(delivery.event).sort()).toEqual(V2_KEYS);
      expect(typeof delivery.event.resource_id).toBe('number');
    }
  });

  it.each([
    ['?filters[status]=any', 'all'],
    ['?filters[status]=successful', 'ok'],
    ['?filter[status]=successful', 'ok'],
    ['?filters[status]=failing', 'failing'],
    ['?filter[status]=discarded', 'discarded'],
  ] as const)('filters %s', async (query, expected) => {
    const response = await deliveries(query);
    expect(response.statusCode).toBe(200);
    const got = response.json().map((d: { id: number }) => d.id);
    const [okId, failingId, discardedId] = ids;
    expect(got).toEqual({ all: ids, ok: [okId], failing: [failingId], discarded: [discardedId] }[expected]);
  });

  it('pages by cursor: page_size, and page_start the last id of the previous page', async () => {
    const seen: number[] = [];
    let cursor: number | undefined;
    for (;;) {
      const response = await deliveries(`?page_size=2${cursor ? `&page_start=${cursor}` : ''}`);
      expect(response.statusCode).toBe(200);
      const page = response.json().map((d: { id: number }) => d.id);
      expect(page.length).toBeLessThanOrEqual(2);
      if (page.length === 0) break;
      seen.push(...page);
      cursor = page.at(-1);
    }
    expect(seen).toEqual(ids);
    expect((await deliveries()).json()).toHaveLength(ids.length); // default page 100
  });

  it.each([
    ['?page_size=0', 'page_size'],
    ['?page_size=10000', 'page_size'],
    ['?page_size=1001', 'page_size'],
    ['?page_size=ten', 'page_size'],
    ['?page_start=-3', 'page_start'],
    ['?filters[status]=broken', 'filters[status]'],
  ])('refuses %s with 400 in the REST error shape', async (query, field) => {
    const response = await deliveries(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty([field]);
    expect(typeof response.json().message).toBe('string');
  });
});

describe('the portal functions', () => {
  it('create, list, update, add and remove triggers, and delete a hook; bad input and other companies refused', async () => {
    const ctx = runtime.platformHttp.context;
    const db = platformDb(runtime);
    const actor = { userId: null, oauthApplicationId: null };
    const hook = await createHook(
      ctx,
      app.companyId,
      {
        namespace: 'portal',
        apiVersion: 'v4.0',
        destinationUrl: 'https://portal.example/h',
        authorization: 'Basic eA==',
      },
      actor,
    );
    expect(hook).toMatchObject({
      companyId: app.companyId,
      projectId: null,
      hasAuthorization: true,
      triggers: [],
    });
    const trigger = await addTrigger(
      ctx,
      app.companyId,
      hook.id,
      { resourceName: 'RFIs', eventType: 'update' },
      actor,
    );
    expect(trigger).toMatchObject({ hookId: hook.id, resourceName: 'RFIs', eventType: 'update' });
    const listed = (await listHooks(db, app.companyId)).find((h) => h.id === hook.id);
    expect(listed?.triggers).toEqual([trigger]);
    const updated = await updateHook(ctx, app.companyId, hook.id, {
      authorization: null,
      namespace: 'portal-2',
    });
    expect(updated).toMatchObject({ hasAuthorization: false, namespace: 'portal-2', triggers: [trigger] });

    await expect(
      createHook(
        ctx,
        app.companyId,
        { namespace: 'Bad', apiVersion: 'v2.0', destinationUrl: 'https://x.example' },
        actor,
      ),
    ).rejects.toMatchObject({ status: 422, errors: { namespace: [expect.any(String)] } });
    const stranger = await sandboxApp(runtime, [], 'Portal Stranger');
    await expect(updateHook(ctx, stranger.companyId, hook.id, { namespace: 'x' })).rejects.toBeInstanceOf(
      WebhookError,
    );
    await expect(
      addTrigger(ctx, stranger.companyId, hook.id, { resourceName: 'RFIs', eventType: 'create' }, actor),
    ).rejects.toMatchObject({ status: 404 });
    await expect(deleteHook(ctx, stranger.companyId, hook.id)).rejects.toMatchObject({ status: 404 });
    await expect(
      createHook(
        ctx,
        app.companyId,
        {
          namespace: 'p',
          apiVersion: 'v2.0',
          destinationUrl: 'https://x.example',
          projectId: await testProjectId(runtime, stranger.companyId),
        },
        actor,
      ),
    ).rejects.toMatchObject({ status: 404 });

    await removeTrigger(ctx, app.companyId, hook.id, trigger.id);
    await expect(removeTrigger(ctx, app.companyId, hook.id, trigger.id)).rejects.toMatchObject({
      status: 404,
    });
    await deleteHook(ctx, app.companyId, hook.id);
    expect((await listHooks(db, app.companyId)).map((h) => h.id)).not.toContain(hook.id);
  });

  it('lists deliveries with filters and a cursor, and shows one with its body and attempts; none of another company', async () => {
    const db = platformDb(runtime);
    const all = await listDeliveries(db, { companyId: app.companyId, limit: 100 });
    expect(all.length).toBeGreaterThan(5);
    expect(all.map((d) => d.id)).toEqual([...all.map((d) => d.id)].sort((a, b) => b - a));
    const projects = await listDeliveries(db, {
      companyId: app.companyId,
      resourceName: 'Projects',
      limit: 100,
    });
    expect(projects.length).toBeGreaterThan(0);
    expect(projects.every((d) => d.resourceName === 'Projects')).toBe(true);
    const deletes = await listDeliveries(db, { companyId: app.companyId, eventType: 'delete', limit: 100 });
    expect(deletes.every((d) => d.eventType === 'delete')).toBe(true);
    const ok = await listDeliveries(db, { companyId: app.companyId, status: 'ok', limit: 100 });
    expect(ok).toHaveLength(1);
    expect(ok[0]?.lastAttempt).toMatchObject({ outcome: 'ok', responseStatus: 204, durationMs: 1000 });
    const project = await listDeliveries(db, { companyId: app.companyId, hookId: projectHook, limit: 100 });
    expect(project.every((d) => d.hookId === projectHook)).toBe(true);
    const firstPage = await listDeliveries(db, { companyId: app.companyId, limit: 3 });
    const secondPage = await listDeliveries(db, {
      companyId: app.companyId,
      limit: 3,
      before: firstPage.at(-1)?.id as number,
    });
    expect([...firstPage, ...secondPage].map((d) => d.id)).toEqual(all.slice(0, 6).map((d) => d.id));
    const future = await listDeliveries(db, {
      companyId: app.companyId,
      from: new Date(Date.now() + 60_000),
      limit: 100,
    });
    expect(future).toEqual([]);
    const past = await listDeliveries(db, {
      companyId: app.companyId,
      to: new Date(Date.now() + 60_000),
      limit: 100,
    });
    expect(past).toHaveLength(all.length);

    const failing = (await listDeliveries(db, { companyId: app.companyId, status: 'failing', limit: 1 }))[0];
    const detail = await deliveryDetail(db, app.companyId, failing?.id as number);
    expect(detail).toMatchObject({
      status: 'failing',
      attempts: 2,
      destinationUrl: 'https://company.example/hooks',
    });
    expect(JSON.parse(detail?.body as string)).toMatchObject({ api_version: 'v2.0' });
    expect(detail?.attemptsLog.map((a) => a.responseError)).toEqual(['status 500', 'timeout after 5 s']);
    expect(detail?.lastAttempt?.responseError).toBe('timeout after 5 s');

    const stranger = await sandboxApp(runtime, [], 'Deliveries Stranger');
    expect(await deliveryDetail(db, stranger.companyId, failing?.id as number)).toBeNull();
    expect(await listDeliveries(db, { companyId: stranger.companyId, limit: 100 })).toEqual([]);
  });
});
