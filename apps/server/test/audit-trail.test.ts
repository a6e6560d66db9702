import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/schema';
import { recordAudit } from '../src/modules/audit/recorder';
import type { Runtime } from '../src/runtime';
import { type Client, createApp, createUser, errorOf, signIn, startTestRuntime } from './support';

let runtime: Runtime;
let admin: Client;
let otherAdmin: Client;
let developer: Client;
let gone: UserRow;
let appId: number;

const url = '/api/v1/admin/audit_events';

async function event(
  actor: UserRow,
  action: Parameters<typeof recordAudit>[2]['action'],
  createdAt: string,
  extra: { developerAppId?: number; changes?: Record<string, Record<string, unknown>> } = {},
) {
  await recordAudit(
    runtime.database.db,
    { userId: actor.id, clientAddress: '203.0.113.9' },
    {
      action,
      subjectType: action.split('.')[0] ?? 'x',
      subjectId: extra.developerAppId ?? 7,
      developerAppId: extra.developerAppId ?? null,
      changes: extra.changes ?? {},
    },
  );
  // created_at is written by the database only: tests place events in time directly.
  await sql`update audit_events set created_at = ${createdAt}::timestamptz
    where id = (select max(id) from audit_events)`.execute(runtime.database.db);
}

beforeAll(async () => {
  runtime = await startTestRuntime();
  admin = await signIn(
    runtime.app,
    await createUser(runtime, { isAdmin: true, email: 'ada@example.test', name: 'Ada' }),
  );
  otherAdmin = await signIn(
    runtime.app,
    await createUser(runtime, { isAdmin: true, email: 'bob@example.test', name: 'Bob' }),
  );
  developer = await signIn(runtime.app, await createUser(runtime));
  gone = await createUser(runtime, { isAdmin: true, email: 'gone@example.test' });
  const app = await createApp(runtime, { owner: developer.user, name: 'Audited app' });
  appId = app.id;
  await event(admin.user, 'developer_app.owner_changed', '2026-03-01T10:00:00Z', {
    developerAppId: appId,
    changes: { before: { owner_id: 1 }, after: { owner_id: 2 } },
  });
  await event(otherAdmin.user, 'developer_app.undeleted', '2026-03-02T23:59:59Z', { developerAppId: appId });
  await event(admin.user, 'rate_limit_bucket.created', '2026-03-03T00:00:00Z');
  await event(otherAdmin.user, 'notification.created', '2026-03-05T12:00:00Z');
  await event(gone, 'rate_limit_bucket.deleted', '2026-03-06T12:00:00Z');
  await runtime.database.db.deleteFrom('users').where('id', '=', gone.id).execute();
});
afterAll(() => runtime?.close());

const list = (query = '') => admin.request({ method: 'GET', url: `${url}${query}` });
const actions = (response: { json(): unknown }) =>
  (response.json() as { action: string }[]).map((e) => e.action);

describe('GET /api/v1/admin/audit_events', () => {
  it('is 401 signed out and 403 for a developer or an employee', async () => {
    expect((await runtime.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const refused = await developer.request({ method: 'GET', url });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('forbidden');
    const employee = await signIn(runtime.app, await createUser(runtime, { isEmployee: true }));
    expect((await employee.request({ method: 'GET', url })).statusCode).toBe(403);
    expect((await developer.request({ method: 'GET', url: `${url}/actors` })).statusCode).toBe(403);
  });

  it('lists every event newest first with its actor, subject, changes, address and paging headers', async () => {
    const response = await list('?per_page=2');
    expect(response.statusCode).toBe(200);
    expect(response.headers.total).toBe('5');
    expect(response.headers['per-page']).toBe('2');
    expect(actions(response)).toEqual(['rate_limit_bucket.deleted', 'notification.created']);
    const [deleted] = response.json();
    expect(deleted.actor).toBeNull();
    const page3 = await list('?per_page=2&page=3');
    expect(page3.json()).toEqual([
      {
        id: expect.any(Number),
        action: 'developer_app.owner_changed',
        actor: { id: admin.user.id, name: 'Ada', email: 'ada@example.test' },
        subject_type: 'developer_app',
        subject_id: String(appId),
        developer_app_id: appId,
        changes: { before: { owner_id: 1 }, after: { owner_id: 2 } },
        client_address: '203.0.113.9',
        created_at: '2026-03-01T10:00:00.000Z',
      },
    ]);
    expect(actions(await list('?sort[]=created_at&per_page=1'))).toEqual(['developer_app.owner_changed']);
  });

  it('filters by actor, app, action and an inclusive date range, together', async () => {
    expect(actions(await list(`?filters[actor_id]=${otherAdmin.user.id}`))).toEqual([
      'notification.created',
      'developer_app.undeleted',
    ]);
    expect(actions(await list(`?filters[developer_app_id]=${appId}`))).toEqual([
      'developer_app.undeleted',
      'developer_app.owner_changed',
    ]);
    expect(actions(await list('?filters[action]=rate_limit_bucket.created'))).toEqual([
      'rate_limit_bucket.created',
    ]);
    expect(actions(await list('?filters[from]=2026-03-02&filters[to]=2026-03-03'))).toEqual([
      'rate_limit_bucket.created',
      'developer_app.undeleted',
    ]);
    expect(actions(await list('?filters[from]=2026-03-05T12:00:00Z'))).toEqual([
      'rate_limit_bucket.deleted',
      'notification.created',
    ]);
    expect(actions(await list('?filters[to]=2026-03-01T10:00:00.000Z'))).toEqual([
      'developer_app.owner_changed',
    ]);
    const combined = await list(
      `?filters[actor_id]=${admin.user.id}&filters[developer_app_id]=${appId}&filters[action]=developer_app.owner_changed&filters[from]=2026-03-01&filters[to]=2026-03-01`,
    );
    expect(actions(combined)).toEqual(['developer_app.owner_changed']);
    expect(combined.headers.total).toBe('1');
    const none = await list(`?filters[actor_id]=${developer.user.id}`);
    expect(none.json()).toEqual([]);
    expect(none.headers.total).toBe('0');
  });

  it.each([
    ['an unknown action', '?filters[action]=developer_app.exploded', 'filters.action'],
    ['a non-numeric actor', '?filters[actor_id]=abc', 'filters.actor_id'],
    ['a negative app id', '?filters[developer_app_id]=-3', 'filters.developer_app_id'],
    ['an impossible date', '?filters[from]=2026-02-30', 'filters.from'],
    ['a date that is no date', '?filters[to]=yesterday', 'filters.to'],
    ['to before from', '?filters[from]=2026-03-05&filters[to]=2026-03-01', 'filters.to'],
    ['an unknown filter', '?filters[subject]=x', 'filters.subject'],
    ['an unknown sort key', '?sort[]=action', 'sort'],
    ['per_page 0', '?per_page=0', 'per_page'],
    ['per_page 10,000', '?per_page=10000', 'per_page'],
  ])('refuses %s with 422', async (_label, query, path) => {
    const response = await list(query);
    expect(response.statusCode).toBe(422);
    const error = errorOf(response);
    expect(error.code).toBe('validation_failed');
    expect(error.details.map((d) => d.path)).toContain(path);
  });
});

describe('GET /api/v1/admin/audit_events/actors', () => {
  it('finds the users who made audited changes by e-mail', async () => {
    const response = await admin.request({ method: 'GET', url: `${url}/actors?search=BOB@` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ id: otherAdmin.user.id, name: 'Bob', email: 'bob@example.test' }]);
    const all = await admin.request({ method: 'GET', url: `${url}/actors` });
    expect(all.json().map((a: { email: string }) => a.email)).toEqual([
      'ada@example.test',
      'bob@example.test',
    ]);
    const developers = await admin.request({
      method: 'GET',
      url: `${url}/actors?search=${developer.user.email}`,
    });
    expect(developers.json()).toEqual([]);
  });
});
