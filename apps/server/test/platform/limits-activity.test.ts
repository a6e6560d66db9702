// Issue 21 "API activity", the recording half: every REST call is recorded in batches without slowing
// or failing the call; the records carry the route template and no token; storage stays bounded
// (30 days, a cap per app).
import { issueToken } from '@lintel/platform';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivityRecorder } from '../../../platform/src/activity/recorder';
import type { ApiCall } from '../../../platform/src/context';
import type { Runtime } from '../../src/runtime';
import { createApp, provisionNow } from '../apps-support';
import { createUser, startTestRuntime } from '../support';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime();
});
afterAll(() => runtime?.close());

async function sandboxToken() {
  const app = await createApp(runtime, await createUser(runtime));
  await provisionNow(runtime, app.id);
  const oauth = await runtime.platform.oauthApplicationOf(app.id, 'sandbox');
  if (!oauth) throw new Error('no sandbox application');
  const token = await issueToken(runtime.database.db, {
    oauthApplicationId: oauth.platformId,
    environment: 'sandbox',
    kind: 'client',
    userId: null,
    withRefresh: false,
  });
  const sandbox = await runtime.platform.sandboxOf(app.id);
  return { app, oauth, token: token.id, accessToken: token.accessToken, companyId: sandbox?.companyId ?? 0 };
}

function callsOf(appId: number) {
  return runtime.database.db
    .selectFrom('platform_api_calls')
    .selectAll()
    .where('developer_app_id', '=', appId)
    .orderBy('id')
    .execute();
}

function anyCall(appId: number, overrides: Partial<ApiCall> = {}): ApiCall {
  return {
    appId,
    environment: 'sandbox',
    clientId: 'client',
    tokenKind: 'client',
    tokenId: 1,
    companyId: null,
    method: 'GET',
    route: '/rest/v1.0/me',
    path: '/rest/v1.0/me',
    status: 200,
    durationMs: 1.5,
    rateLimit: 100,
    rateRemaining: 99,
    requestId: 'req-00000001',
    requestHeaders: {},
    responseError: null,
    occurredAt: new Date(),
    ...overrides,
  };
}

describe('recording API calls', () => {
  it('records each call after the flush: route template, status, rate, request id, headers without the token', async () => {
    const { app, oauth, token, accessToken, companyId } = await sandboxToken();
    const answered = await runtime.app.inject({
      method: 'GET',
      url: '/sandbox/rest/v1.0/me?verbose=1',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'platform-company-id': String(companyId),
        cookie: 'lintel_session=secret',
        'x-client-note': 'hello',
      },
    });
    expect(answered.statusCode).toBe(200);
    // Recorded later, in a batch: the answer did not wait for the write.
    await runtime.platformHttp.context.activity.flush();
    const [row, ...more] = await callsOf(app.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      environment: 'sandbox',
      client_id: oauth.uid,
      token_kind: 'client',
      token_id: token,
      company_id: companyId,
      method: 'GET',
      route: '/rest/v1.0/me',
      path: '/rest/v1.0/me',
      status: 200,
      rate_limit: 100,
      rate_remaining: 99,
      request_id: answered.headers['x-request-id'],
      response_error: null,
    });
    const headers = row?.request_headers as unknown as Record<string, string>;
    expect(headers['x-client-note']).toBe('hello');
    expect(headers['platform-company-id']).toBe(String(companyId));
    expect(Object.keys(headers)).not.toContain('authorization');
    expect(Object.keys(headers)).not.toContain('cookie');
    expect(JSON.stringify(row)).not.toContain(accessToken);
  });

  it('records a refused call with its 429 and the text answered', async () => {
    const { app, accessToken } = await sandboxToken();
    const burst = await Promise.all(
      Array.from({ length: 101 }, () =>
        runtime.app.inject({
          method: 'GET',
          url: '/sandbox/rest/v1.0/me',
          headers: { authorization: `Bearer ${accessToken}` },
        }),
      ),
    );
    expect(burst.filter((response) => response.statusCode === 429)).toHaveLength(1);
    await runtime.platformHttp.context.activity.flush();
    const rows = await callsOf(app.id);
    expect(rows).toHaveLength(101);
    const refused = rows.filter((row) => row.status === 429);
    expect(refused).toEqual([
      expect.objectContaining({ rate_remaining: 0, response_error: expect.stringContaining('surpassed') }),
    ]);
  });

  it('writes a busy stream in batches of one insert each, all of them', async () => {
    const { app } = await sandboxToken();
    const recorder = createActivityRecorder(runtime.database.db as never, {
      batchSize: 50,
      flushIntervalMs: 60_000,
    });
    for (let i = 0; i < 120; i++) recorder.record(anyCall(app.id, { requestId: `req-batch-${i}` }));
    await recorder.close();
    expect(recorder.stats()).toEqual({ recorded: 120, written: 120, dropped: 0 });
    expect(await callsOf(app.id)).toHaveLength(120);
  });

  it('never throws at the caller: a batch the database refuses is logged and counted as dropped', async () => {
    const { app } = await sandboxToken();
    const failures: { error: unknown; dropped: number }[] = [];
    const recorder = createActivityRecorder(runtime.database.db as never, {
      onError: (error, dropped) => failures.push({ error, dropped }),
    });
    // An environment the table's check refuses fails the whole batch.
    recorder.record(anyCall(app.id));
    recorder.record(anyCall(app.id, { environment: 'elsewhere' as never }));
    await expect(recorder.flush()).resolves.toBeUndefined();
    expect(failures).toHaveLength(1);
    expect(failures[0]?.dropped).toBe(2);
    expect(recorder.stats()).toMatchObject({ recorded: 2, written: 0, dropped: 2 });
    // The next batch is written as usual; after close nothing more is taken.
    recorder.record(anyCall(app.id));
    await recorder.close();
    recorder.record(anyCall(app.id));
    expect(recorder.stats()).toMatchObject({ recorded: 4, written: 1, dropped: 3 });
    expect(await callsOf(app.id)).toHaveLength(1);
  });

  it('drops calls beyond its buffer rather than grow without bound', async () => {
    const { app } = await sandboxToken();
    const recorder = createActivityRecorder(runtime.database.db as never, {
      maxBuffered: 10,
      batchSize: 100,
      flushIntervalMs: 60_000,
    });
    for (let i = 0; i < 15; i++) recorder.record(anyCall(app.id));
    await recorder.close();
    expect(recorder.stats()).toEqual({ recorded: 15, written: 10, dropped: 5 });
  });
});

describe('bounded storage', () => {
  it('deletes calls older than 30 days and keeps each app to its newest calls', async () => {
    const { app } = await sandboxToken();
    const other = await sandboxToken();
    const now = Date.now();
    const recorder = createActivityRecorder(runtime.database.db as never, {
      maxCallsPerApp: 5,
      sweepChunk: 2,
      flushIntervalMs: 60_000,
    });
    recorder.record(anyCall(app.id, { requestId: 'old', occurredAt: new Date(now - 31 * 86_400_000) }));
    recorder.record(anyCall(app.id, { requestId: 'month', occurredAt: new Date(now - 29 * 86_400_000) }));
    for (let i = 0; i < 7; i++) {
      recorder.record(
        anyCall(app.id, { requestId: `new-${i}`, occurredAt: new Date(now - (10 - i) * 1000) }),
      );
    }
    recorder.record(anyCall(other.app.id, { requestId: 'other' }));
    // The first flush starts a sweep (beside the writes): past 30 days, and past the cap of 5 (in chunks
    // of 2, as many rounds as needed).
    await recorder.flush();
    await recorder.sweep();
    const kept = (await callsOf(app.id)).map((row) => row.request_id).sort();
    expect(kept).toEqual(['new-2', 'new-3', 'new-4', 'new-5', 'new-6']);
    expect((await callsOf(other.app.id)).map((row) => row.request_id)).toEqual(['other']);
    await recorder.close();
  });

  it('runs the sweep at most once a minute, on a flush', async () => {
    const { app } = await sandboxToken();
    const recorder = createActivityRecorder(runtime.database.db as never, { flushIntervalMs: 60_000 });
    recorder.record(anyCall(app.id));
    await recorder.flush();
    await recorder.sweep();
    await sql`insert into platform_api_calls (developer_app_id, environment, client_id, method, route, path, status,
      duration_ms, request_id, occurred_at)
      values (${app.id}, 'sandbox', 'c', 'GET', '/', '/', 200, 1, 'ancient', ${new Date(Date.now() - 40 * 86_400_000)})`.execute(
      runtime.database.db,
    );
    recorder.record(anyCall(app.id));
    await recorder.flush();
    // Swept a moment ago: the old call waits for the next sweep.
    expect((await callsOf(app.id)).map((row) => row.request_id)).toContain('ancient');
    await recorder.sweep();
    expect((await callsOf(app.id)).map((row) => row.request_id)).not.toContain('ancient');
    await recorder.close();
  });
});
