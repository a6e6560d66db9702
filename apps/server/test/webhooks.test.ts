import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeveloperAppRow } from '../src/db/schema';
import type { Runtime } from '../src/runtime';
import { type Actor, appWithTeam, createApp, provisionNow, statusByActor } from './apps-support';
import { type Client, createUser, errorOf, signIn, startTestRuntime } from './support';

let runtime: Runtime;
let app: DeveloperAppRow;
let clients: Record<Actor, Client>;
let receiver: Server;
let receiverUrl: string;
/** What the receiver answers next, and what it was sent. */
let answer = { status: 200, body: '{"ok":true}' };
const received: { headers: Record<string, unknown>; body: string }[] = [];

const base = (appId: number) => `/api/v1/developer_apps/${appId}/webhooks`;
const adminBase = (appId: number) => `/api/v1/admin/developer_apps/${appId}/webhooks`;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function createHook(client: Client, appId: number, hook: Record<string, unknown>) {
  return client.request({ method: 'POST', url: `${base(appId)}/hooks`, payload: { hook } });
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(answer.status, { 'content-type': 'application/json', 'x-receiver': 'test' });
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  runtime = await startTestRuntime({ workers: true });
  const team = await appWithTeam(runtime, 'Hooks App');
  app = team.app;
  clients = team.clients;
  await provisionNow(runtime, app.id);
});
afterAll(async () => {
  await runtime?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('Webhooks tab: who may do what', () => {
  it('shows the overview to collaborators and platform administrators, 404 to a stranger, 401 signed out', async () => {
    const expected = statusByActor(200, ['owner', 'admin', 'developer', 'platformAdmin']);
    for (const url of [base(app.id), `${base(app.id)}/deliveries`]) {
      for (const [actor, status] of Object.entries(expected) as [Actor, number][]) {
        const response = await clients[actor].request({ method: 'GET', url });
        expect({ url, actor, status: response.statusCode }).toEqual({ url, actor, status });
      }
    }
    const signedOut = await runtime.app.inject({ method: 'GET', url: base(app.id) });
    expect(signedOut.statusCode).toBe(401);
    const overview = (await clients.developer.request({ method: 'GET', url: base(app.id) })).json();
    expect(overview.company_id).toEqual(expect.any(Number));
    expect(overview.hooks).toEqual([]);
    expect(overview.resources.map((resource: { resource_name: string }) => resource.resource_name)).toEqual(
      expect.arrayContaining(['Projects', 'RFIs', 'Submittals']),
    );
    expect(overview.permissions).toEqual({
      can_manage: true,
      can_redeliver: true,
      can_view_secret: true,
      can_rotate_secret: false,
    });
  });

  it('lets collaborators add hooks; a platform administrator who is none may not (403), a stranger gets 404', async () => {
    const hook = { destination_url: receiverUrl, namespace: 'perm-check', api_version: 'v2.0' };
    expect((await createHook(clients.platformAdmin, app.id, hook)).statusCode).toBe(403);
    expect((await createHook(clients.stranger, app.id, hook)).statusCode).toBe(404);
    const created = await createHook(clients.developer, app.id, hook);
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const removed = await clients.developer.request({ method: 'DELETE', url: `${base(app.id)}/hooks/${id}` });
    expect(removed.statusCode).toBe(204);
  });

  it("refuses another app's hooks and deliveries as not found", async () => {
    const otherOwner = await createUser(runtime);
    const other = await createApp(runtime, otherOwner, 'Other Hooks');
    await provisionNow(runtime, other.id);
    const ownerOfOther = await signIn(runtime.app, otherOwner);
    const created = await createHook(ownerOfOther, other.id, {
      destination_url: receiverUrl,
      namespace: 'other',
      api_version: 'v2.0',
    });
    expect(created.statusCode).toBe(201);
    const foreign = created.json().id;
    for (const [method, url] of [
      ['PATCH', `${base(app.id)}/hooks/${foreign}`],
      ['DELETE', `${base(app.id)}/hooks/${foreign}`],
      ['POST', `${base(app.id)}/hooks/${foreign}/triggers`],
      ['POST', `${base(app.id)}/hooks/${foreign}/test_event`],
      ['POST', `${base(app.id)}/hooks/${foreign}/signing_secret/reveal`],
      ['POST', `${base(app.id)}/hooks/${foreign}/signing_secret/rotate`],
    ] as const) {
      const payload =
        method === 'PATCH'
          ? { hook: { namespace: 'stolen' } }
          : url.endsWith('triggers')
            ? { trigger: { resource_name: 'RFIs', event_type: 'create' } }
            : undefined;
      const response = await clients.owner.request({ method, url, ...(payload ? { payload } : {}) });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
    }
    const redelivery = await clients.owner.request({
      method: 'POST',
      url: `${base(app.id)}/deliveries/999999/redeliver`,
    });
    expect(redelivery.statusCode).toBe(404);
    expect(errorOf(redelivery).code).toBe('not_found');
  });
});

describe('Webhooks tab: bad input', () => {
  it('answers 422 on the field and creates nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { destination_url: 'http://169.254.169.254/latest', namespace: 'meta', api_version: 'v2.0' },
        'hook.destination_url',
      ],
      [
        { destination_url: 'http://10.0.0.1/hooks', namespace: 'private', api_version: 'v2.0' },
        'hook.destination_url',
      ],
      [{ destination_url: receiverUrl, namespace: 'Capitals', api_version: 'v2.0' }, 'hook.namespace'],
      [{ destination_url: receiverUrl, namespace: 'ok', api_version: 'v9.0' }, 'hook.api_version'],
      [{ destination_url: 'not a url', namespace: 'ok', api_version: 'v2.0' }, 'hook.destination_url'],
    ];
    for (const [hook, path] of cases) {
      const response = await createHook(clients.owner, app.id, hook);
      expect({ hook, status: response.statusCode }).toEqual({ hook, status: 422 });
      expect(errorOf(response).details.map((detail) => detail.path)).toContain(path);
    }
    const overview = (await clients.owner.request({ method: 'GET', url: base(app.id) })).json();
    expect(overview.hooks).toEqual([]);
    const tooMany = await clients.owner.request({
      method: 'GET',
      url: `${base(app.id)}/deliveries?per_page=10000`,
    });
    expect(tooMany.statusCode).toBe(422);
    const zero = await clients.owner.request({ method: 'GET', url: `${base(app.id)}/deliveries?per_page=0` });
    expect(zero.statusCode).toBe(422);
  });
});

describe('Webhooks tab: a hook, its deliveries and its secret', () => {
  let hookId: number;

  it('adds a hook and a trigger from the catalogue, refusing one outside it', async () => {
    const created = await createHook(clients.developer, app.id, {
      destination_url: receiverUrl,
      namespace: 'journey',
      api_version: 'v2.0',
      authorization: 'Bearer receiver-token',
    });
    expect(created.statusCode).toBe(201);
    const hook = created.json();
    hookId = hook.id;
    expect(hook).toMatchObject({ destination_url: receiverUrl, has_authorization: true, triggers: [] });
    expect(JSON.stringify(hook)).not.toContain('receiver-token');
    const trigger = await clients.developer.request({
      method: 'POST',
      url: `${base(app.id)}/hooks/${hookId}/triggers`,
      payload: { trigger: { resource_name: 'RFIs', event_type: 'create' } },
    });
    expect(trigger.statusCode).toBe(201);
    expect(trigger.json()).toMatchObject({ resource_name: 'RFIs', event_type: 'create', hook_id: hookId });
    const unknown = await clients.developer.request({
      method: 'POST',
      url: `${base(app.id)}/hooks/${hookId}/triggers`,
      payload: { trigger: { resource_name: 'Invoices', event_type: 'create' } },
    });
    expect(unknown.statusCode).toBe(422);
    expect(errorOf(unknown).details.map((detail) => detail.path)).toContain('trigger.resource_name');
    const overview = (await clients.developer.request({ method: 'GET', url: base(app.id) })).json();
    expect(overview.hooks[0].triggers).toHaveLength(1);
    expect(overview.hooks[0].health).toMatchObject({ state: 'healthy', discarded_count: 0 });
  });

  it('sends a test event and shows it delivered with the request and the response', async () => {
    const sent = await clients.developer.request({
      method: 'POST',
      url: `${base(app.id)}/hooks/${hookId}/test_event`,
    });
    expect(sent.statusCode).toBe(201);
    const deliveryId = sent.json().id;
    expect(sent.json()).toMatchObject({ is_test: true, hook_id: hookId });
    const detail = await until(
      async () =>
        (
          await clients.developer.request({ method: 'GET', url: `${base(app.id)}/deliveries/${deliveryId}` })
        ).json(),
      (body) => body.status === 'ok',
    );
    expect(detail.destination_url).toBe(receiverUrl);
    expect(JSON.parse(detail.body)).toEqual(expect.any(Object));
    const [attempt] = detail.attempts_log;
    expect(attempt).toMatchObject({ outcome: 'ok', response_status: 200, response_body: '{"ok":true}' });
    expect(attempt.response_headers['x-receiver']).toBe('test');
    expect(attempt.request_headers['webhook-signature']).toMatch(/^v1,/);
    // The receiver's credential is never shown back.
    expect(JSON.stringify(detail)).not.toContain('receiver-token');
    const list = (
      await clients.developer.request({
        method: 'GET',
        url: `${base(app.id)}/deliveries?filters[status]=ok&filters[hook_id]=${hookId}`,
      })
    ).json();
    expect(list.deliveries.map((delivery: { id: number }) => delivery.id)).toContain(deliveryId);
    expect(list.deliveries[0]).toMatchObject({ last_response_status: 200, attempts: 1 });
  });

  it('records a failing receiver and redelivers once it answers again', async () => {
    answer = { status: 500, body: 'receiver down' };
    const sent = await clients.owner.request({
      method: 'POST',
      url: `${base(app.id)}/hooks/${hookId}/test_event`,
    });
    const deliveryId = sent.json().id;
    const failing = await until(
      async () =>
        (
          await clients.owner.request({ method: 'GET', url: `${base(app.id)}/deliveries/${deliveryId}` })
        ).json(),
      (body) => body.attempts_log.length >= 1,
    );
    expect(failing.attempts_log[0]).toMatchObject({ response_status: 500, response_body: 'receiver down' });
    const health = (await clients.owner.request({ method: 'GET', url: base(app.id) })).json().hooks[0].health;
    expect(health.state).toBe('backing_off');
    answer = { status: 200, body: '{"ok":true}' };
    const again = await clients.owner.request({
      method: 'POST',
      url: `${base(app.id)}/deliveries/${deliveryId}/redeliver`,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().redelivery_of).toBe(deliveryId);
    await until(
      async () =>
        (
          await clients.owner.request({ method: 'GET', url: `${base(app.id)}/deliveries/${again.json().id}` })
        ).json(),
      (body) => body.status === 'ok',
    );
    const failed = await clients.owner.request({
      method: 'POST',
      url: `${base(app.id)}/hooks/${hookId}/redeliver_failed`,
      payload: { since: new Date(Date.now() - 3_600_000).toISOString() },
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.json().count).toEqual(expect.any(Number));
    const future = await clients.owner.request({
      method: 'POST',
      url: `${base(app.id)}/hooks/${hookId}/redeliver_failed`,
      payload: { since: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(future.statusCode).toBe(422);
  });

  it('reveals the signing secret to collaborators and lets owners and admins rotate it, audited', async () => {
    const revealed = await clients.developer.request({
      method: 'POST',
      url: `${base(app.id)}/hooks/${hookId}/signing_secret/reveal`,
    });
    expect(revealed.statusCode).toBe(200);
    expect(revealed.headers['cache-control']).toBe('no-store');
    const first = revealed.json().signing_secret;
    expect(first).toMatch(/^whsec_/);
    const refused = await clients.developer.request({
      method: 'POST',
      url: `${base(app.id)}/hooks/${hookId}/signing_secret/rotate`,
    });
    expect(refused.statusCode).toBe(403);
    const rotated = await clients.admin.request({
      method: 'POST',
      url: `${base(app.id)}/hooks/${hookId}/signing_secret/rotate`,
    });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().signing_secret).not.toBe(first);
    const expires = Date.parse(rotated.json().previous_expires_at);
    expect(expires - Date.now()).toBeGreaterThan(23 * 3_600_000);
    const audit = await runtime.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'webhook_hook.signing_secret_rotated')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ developer_app_id: app.id, subject_id: String(hookId) });
    expect(JSON.stringify(audit[0])).not.toContain(rotated.json().signing_secret);
  });

  it('gives platform administrators the admin routes (read, send again), others 403', async () => {
    const overview = await clients.platformAdmin.request({ method: 'GET', url: adminBase(app.id) });
    expect(overview.statusCode).toBe(200);
    expect(overview.json().permissions).toEqual({
      can_manage: false,
      can_redeliver: true,
      can_view_secret: false,
      can_rotate_secret: false,
    });
    const deliveries = await clients.platformAdmin.request({
      method: 'GET',
      url: `${adminBase(app.id)}/deliveries`,
    });
    expect(deliveries.statusCode).toBe(200);
    const [latest] = deliveries.json().deliveries;
    const detail = await clients.platformAdmin.request({
      method: 'GET',
      url: `${adminBase(app.id)}/deliveries/${latest.id}`,
    });
    expect(detail.statusCode).toBe(200);
    const test = await clients.platformAdmin.request({
      method: 'POST',
      url: `${adminBase(app.id)}/hooks/${hookId}/test_event`,
    });
    expect(test.statusCode).toBe(201);
    for (const actor of ['owner', 'developer', 'stranger'] as const) {
      const refused = await clients[actor].request({ method: 'GET', url: adminBase(app.id) });
      expect(refused.statusCode).toBe(403);
    }
  });
});
