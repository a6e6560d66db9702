import { issueToken } from '@lintel/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeveloperAppRow } from '../src/db/schema';
import type { Runtime } from '../src/runtime';
import { type Actor, appWithTeam, provisionNow, statusByActor } from './apps-support';
import { type Client, createApp, createUser, errorOf, signIn, startTestRuntime } from './support';

let runtime: Runtime;
let app: DeveloperAppRow;
let clients: Record<Actor, Client>;
let accessToken: string;

const base = (appId: number) => `/api/v1/developer_apps/${appId}/api_activity`;
const adminBase = (appId: number) => `/api/v1/admin/developer_apps/${appId}/api_activity`;

interface CallRow {
  method?: string;
  path?: string;
  route?: string;
  status?: number;
  environment?: 'sandbox' | 'production';
  occurredAt: Date;
  headers?: Record<string, string>;
  error?: string | null;
}

/** Calls written straight to the platform's table, as the recorder writes them. */
async function insertCalls(appId: number, rows: CallRow[]): Promise<number[]> {
  const inserted = await runtime.database.db
    .insertInto('platform_api_calls')
    .values(
      rows.map((row, index) => ({
        developer_app_id: appId,
        environment: row.environment ?? 'sandbox',
        client_id: 'client-uid',
        token_kind: 'client' as const,
        token_id: 1,
        company_id: 42,
        method: row.method ?? 'GET',
        route: row.route ?? row.path ?? '/rest/v1.0/projects',
        path: row.path ?? '/rest/v1.0/projects',
        status: row.status ?? 200,
        duration_ms: 3.25,
        rate_limit: 100,
        rate_remaining: 99 - index,
        request_id: `req-${index}-${Math.random().toString(36).slice(2)}`,
        request_headers: JSON.stringify(row.headers ?? { 'user-agent': 'test' }),
        response_error: row.error ?? null,
        occurred_at: row.occurredAt,
      })),
    )
    .returning('id')
    .execute();
  return inserted.map((row) => Number(row.id));
}

async function clearCalls(appId: number) {
  await runtime.database.db.deleteFrom('platform_api_calls').where('developer_app_id', '=', appId).execute();
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

beforeAll(async () => {
  runtime = await startTestRuntime();
  const team = await appWithTeam(runtime, 'Activity App');
  app = team.app;
  clients = team.clients;
  await provisionNow(runtime, app.id);
  const oauth = await runtime.platform.oauthApplicationOf(app.id, 'sandbox');
  if (!oauth) throw new Error('no sandbox application');
  const token = await issueToken(runtime.database.db as never, {
    oauthApplicationId: oauth.platformId,
    environment: 'sandbox',
    kind: 'client',
    userId: null,
    withRefresh: false,
  });
  accessToken = token.accessToken;
});
afterAll(() => runtime?.close());

describe('API activity: who may read it', () => {
  it('answers the collaborators and platform administrators, and 404 to a stranger, on every endpoint', async () => {
    const [callId] = await insertCalls(app.id, [{ occurredAt: minutesAgo(1) }]);
    const expected = statusByActor(200, ['owner', 'admin', 'developer', 'platformAdmin']);
    for (const url of [base(app.id), `${base(app.id)}/summary`, `${base(app.id)}/${callId}`]) {
      for (const [actor, status] of Object.entries(expected) as [Actor, number][]) {
        const response = await clients[actor].request({ method: 'GET', url });
        expect({ url, actor, status: response.statusCode }).toEqual({ url, actor, status });
        if (status === 404) expect(errorOf(response).code).toBe('not_found');
      }
    }
    await clearCalls(app.id);
  });

  it('asks for a session first', async () => {
    const response = await runtime.app.inject({ method: 'GET', url: base(app.id) });
    expect(response.statusCode).toBe(401);
  });

  it("gives platform administrators any app's calls on the admin routes, deleted apps too; others 403", async () => {
    const owner = await createUser(runtime);
    const deleted = await createApp(runtime, { owner, deleted: true });
    const [callId] = await insertCalls(deleted.id, [{ occurredAt: minutesAgo(2), status: 500 }]);
    const list = await clients.platformAdmin.request({ method: 'GET', url: adminBase(deleted.id) });
    expect(list.statusCode).toBe(200);
    expect(list.json().calls.map((call: { id: number }) => call.id)).toEqual([callId]);
    const detail = await clients.platformAdmin.request({
      method: 'GET',
      url: `${adminBase(deleted.id)}/${callId}`,
    });
    expect(detail.statusCode).toBe(200);
    const summary = await clients.platformAdmin.request({
      method: 'GET',
      url: `${adminBase(deleted.id)}/summary`,
    });
    expect(summary.statusCode).toBe(200);
    // The developer routes do not show a deleted app, even to platform administrators.
    const developerRoute = await clients.platformAdmin.request({ method: 'GET', url: base(deleted.id) });
    expect(developerRoute.statusCode).toBe(404);
    const ownerClient = await signIn(runtime.app, owner);
    for (const client of [ownerClient, clients.owner]) {
      const refused = await client.request({ method: 'GET', url: adminBase(deleted.id) });
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).code).toBe('forbidden');
    }
    const missing = await clients.platformAdmin.request({ method: 'GET', url: adminBase(999_999) });
    expect(missing.statusCode).toBe(404);
  });
});

describe('API activity: a real call through the sandbox', () => {
  it('shows the call, newest first, with its details and without the token', async () => {
    const call = await runtime.app.inject({
      method: 'GET',
      url: '/sandbox/rest/v1.0/me',
      headers: { authorization: `Bearer ${accessToken}`, cookie: 'secret=1', 'user-agent': 'activity-test' },
    });
    await runtime.platformHttp.context.activity.flush();
    const list = await clients.developer.request({ method: 'GET', url: base(app.id) });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.next_before).toBeNull();
    expect(body.calls).toHaveLength(1);
    const [summary] = body.calls;
    expect(summary).toMatchObject({
      environment: 'sandbox',
      token_kind: 'client',
      method: 'GET',
      path: '/rest/v1.0/me',
      route: '/rest/v1.0/me',
      status: call.statusCode,
      request_id: call.headers['x-request-id'],
    });
    expect(Object.keys(summary).sort()).toEqual(
      [
        'company_id',
        'duration_ms',
        'environment',
        'id',
        'method',
        'occurred_at',
        'path',
        'rate_limit',
        'rate_remaining',
        'request_id',
        'route',
        'status',
        'token_kind',
      ].sort(),
    );
    const detail = await clients.developer.request({ method: 'GET', url: `${base(app.id)}/${summary.id}` });
    expect(detail.statusCode).toBe(200);
    const shown = detail.json();
    expect(shown.request_headers['user-agent']).toBe('activity-test');
    expect(shown.request_headers).not.toHaveProperty('authorization');
    expect(shown.request_headers).not.toHaveProperty('cookie');
    expect(detail.body).not.toContain(accessToken);
    expect(typeof shown.client_id).toBe('string');
    if (call.statusCode >= 400) expect(shown.response_error).toBeTruthy();
    else expect(shown.response_error).toBeNull();
    await clearCalls(app.id);
  });
});

describe('API activity: the list', () => {
  it('filters by status class, method, path (wildcards literal), environment and time range', async () => {
    await insertCalls(app.id, [
      { occurredAt: minutesAgo(50), method: 'GET', path: '/rest/v1.0/projects', status: 200 },
      { occurredAt: minutesAgo(40), method: 'POST', path: '/rest/v1.0/projects/1/rfis', status: 422 },
      { occurredAt: minutesAgo(30), method: 'GET', path: '/rest/v1.0/projects/1/rfis', status: 404 },
      { occurredAt: minutesAgo(20), method: 'GET', path: '/rest/v1.0/100%_done', status: 500 },
      { occurredAt: minutesAgo(10), method: 'GET', path: '/rest/v1.0/1000x_done', status: 302 },
      {
        occurredAt: minutesAgo(5),
        method: 'GET',
        path: '/rest/v1.0/me',
        status: 200,
        environment: 'production',
      },
    ]);
    const paths = async (query: string) => {
      const response = await clients.owner.request({ method: 'GET', url: `${base(app.id)}?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().calls.map((call: { path: string }) => call.path);
    };
    expect(await paths('')).toEqual([
      '/rest/v1.0/me',
      '/rest/v1.0/1000x_done',
      '/rest/v1.0/100%_done',
      '/rest/v1.0/projects/1/rfis',
      '/rest/v1.0/projects/1/rfis',
      '/rest/v1.0/projects',
    ]);
    expect(await paths('filters[status]=4xx')).toEqual([
      '/rest/v1.0/projects/1/rfis',
      '/rest/v1.0/projects/1/rfis',
    ]);
    expect(await paths('filters[status]=5xx')).toEqual(['/rest/v1.0/100%_done']);
    expect(await paths('filters[status]=3xx')).toEqual(['/rest/v1.0/1000x_done']);
    expect(await paths('filters[status]=4xx&filters[method]=post')).toEqual(['/rest/v1.0/projects/1/rfis']);
    expect(await paths('filters[path]=RFIS')).toHaveLength(2);
    expect(await paths(`filters[path]=${encodeURIComponent('0%_')}`)).toEqual(['/rest/v1.0/100%_done']);
    expect(await paths('filters[environment]=production')).toEqual(['/rest/v1.0/me']);
    const from = encodeURIComponent(minutesAgo(35).toISOString());
    const to = encodeURIComponent(minutesAgo(15).toISOString());
    expect(await paths(`filters[from]=${from}&filters[to]=${to}`)).toEqual([
      '/rest/v1.0/100%_done',
      '/rest/v1.0/projects/1/rfis',
    ]);
    await clearCalls(app.id);
  });

  it('pages older calls with the cursor, ties in time kept in id order, and never shows another app', async () => {
    const same = minutesAgo(3);
    const ids = await insertCalls(app.id, [
      { occurredAt: minutesAgo(9) },
      { occurredAt: same },
      { occurredAt: same },
      { occurredAt: same },
      { occurredAt: minutesAgo(1) },
    ]);
    const other = await createApp(runtime, { owner: await createUser(runtime) });
    const [foreign] = await insertCalls(other.id, [{ occurredAt: minutesAgo(2) }]);
    const seen: number[] = [];
    let before: number | null = null;
    let pages = 0;
    do {
      const url = `${base(app.id)}?per_page=2${before === null ? '' : `&before=${before}`}`;
      const response = await clients.admin.request({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      seen.push(...body.calls.map((call: { id: number }) => call.id));
      before = body.next_before;
      pages += 1;
    } while (before !== null && pages < 10);
    const [oldest, tieA, tieB, tieC, newest] = ids as [number, number, number, number, number];
    expect(seen).toEqual([newest, tieC, tieB, tieA, oldest]);
    expect(pages).toBe(3);
    // Another app's call is not a cursor here, nor a call to open.
    const foreignCursor = await clients.owner.request({
      method: 'GET',
      url: `${base(app.id)}?before=${foreign}`,
    });
    expect(foreignCursor.json().calls).toEqual([]);
    const foreignDetail = await clients.owner.request({ method: 'GET', url: `${base(app.id)}/${foreign}` });
    expect(foreignDetail.statusCode).toBe(404);
    expect(errorOf(foreignDetail).code).toBe('not_found');
    await clearCalls(app.id);
  });

  it('answers 422 with the error shape for every bad parameter, never a 500', async () => {
    const bad = [
      'per_page=0',
      'per_page=100000',
      'per_page=abc',
      'before=-1',
      'before=abc',
      'filters[status]=6xx',
      'filters[method]=BREW',
      'filters[environment]=staging',
      'filters[from]=yesterday',
      `filters[from]=${encodeURIComponent(minutesAgo(1).toISOString())}&filters[to]=${encodeURIComponent(minutesAgo(60).toISOString())}`,
      `filters[path]=${'a'.repeat(201)}`,
      'filters[owner]=me',
      'unknown=1',
    ];
    for (const query of bad) {
      const response = await clients.owner.request({ method: 'GET', url: `${base(app.id)}?${query}` });
      expect({ query, status: response.statusCode }).toEqual({ query, status: 422 });
      const error = errorOf(response);
      expect(error.code).toBe('validation_failed');
      expect(error.details.length).toBeGreaterThan(0);
    }
    for (const callId of ['abc', '0', '-5', '1.5']) {
      const response = await clients.owner.request({ method: 'GET', url: `${base(app.id)}/${callId}` });
      expect({ callId, status: response.statusCode }).toEqual({ callId, status: 422 });
      expect(errorOf(response).code).toBe('validation_failed');
    }
    const missing = await clients.owner.request({ method: 'GET', url: `${base(app.id)}/987654321` });
    expect(missing.statusCode).toBe(404);
  });
});

describe('API activity: the summary', () => {
  it('counts calls and errors (status ≥ 400) per minute over the last 24 hours, oldest first', async () => {
    const minuteAgo = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60_000);
    const older = new Date(minuteAgo.getTime() - 10 * 60_000);
    await insertCalls(app.id, [
      { occurredAt: new Date(older.getTime() + 1_000), status: 200 },
      { occurredAt: new Date(minuteAgo.getTime() + 1_000), status: 200 },
      { occurredAt: new Date(minuteAgo.getTime() + 2_000), status: 404 },
      { occurredAt: new Date(minuteAgo.getTime() + 3_000), status: 503 },
      { occurredAt: new Date(Date.now() - 25 * 3600_000), status: 500 },
    ]);
    const response = await clients.developer.request({ method: 'GET', url: `${base(app.id)}/summary` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.per_minute).toEqual([
      { minute: older.toISOString(), calls: 1, errors: 0 },
      { minute: minuteAgo.toISOString(), calls: 3, errors: 2 },
    ]);
    expect(Date.parse(body.generated_at) - Date.parse(body.since)).toBeLessThanOrEqual(
      24 * 3600_000 + 60_000,
    );
    expect(Date.parse(body.generated_at) - Date.parse(body.since)).toBeGreaterThanOrEqual(24 * 3600_000);
    expect(Array.isArray(body.buckets)).toBe(true);
    for (const bucket of body.buckets) {
      expect(Object.keys(bucket).sort()).toEqual(
        [
          'bucket',
          'environment',
          'fill_type',
          'interval_ms',
          'limit',
          'resets_at',
          'server',
          'template',
          'used',
        ].sort(),
      );
    }
    await clearCalls(app.id);
  });
});
