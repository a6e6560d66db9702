// Issue 21: the OAuth endpoints are public, so each client address gets a limit per minute
// (PLATFORM_OAUTH_REQUESTS_PER_MINUTE), and every OAuth call of a known client shows in its app's API
// activity like a REST call (the token endpoint's failures are what a developer most needs to see).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime';
import { startTestRuntime } from '../support';
import { form, sandboxApp } from './oauth-support';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime({ env: { PLATFORM_OAUTH_REQUESTS_PER_MINUTE: '4' } });
});
afterAll(() => runtime?.close());

function tokenCall(fields: Record<string, string>, address = '127.0.0.1') {
  return runtime.app.inject({
    method: 'POST',
    url: '/sandbox/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form(fields),
    remoteAddress: address,
  });
}

async function oauthCallsOf(appId: number) {
  await runtime.platformHttp.context.activity.flush();
  return runtime.database.db
    .selectFrom('platform_api_calls')
    .selectAll()
    .where('developer_app_id', '=', appId)
    .where('route', 'like', '/oauth/%')
    .orderBy('id')
    .execute();
}

describe('the OAuth endpoints', () => {
  it('answer one address at most its limit per minute, then 429 with Retry-After; another address is counted apart', async () => {
    const { uid, secret } = await sandboxApp(runtime, 'Crane Limits');
    const credentials = { grant_type: 'client_credentials', client_id: uid, client_secret: secret };
    const answers = [];
    for (let call = 0; call < 5; call++) answers.push(await tokenCall(credentials, '10.9.0.1'));
    expect(answers.slice(0, 4).map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const refused = answers[4];
    expect(refused?.statusCode).toBe(429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused?.json()).toMatchObject({ error: 'too_many_requests' });

    // Wrong secrets count too: guessing is what the limit is for.
    const other = await tokenCall({ ...credentials, client_secret: 'wrong' }, '10.9.0.2');
    expect(other.statusCode).toBe(401);
    expect((await tokenCall(credentials, '10.9.0.2')).statusCode).toBe(200);
  });

  it("show in the app's API activity: the token calls with their status and error, never the secret; an unknown client's in no one's", async () => {
    const { app, uid, secret } = await sandboxApp(runtime, 'Crane Activity');
    const ok = await tokenCall(
      { grant_type: 'client_credentials', client_id: uid, client_secret: secret },
      '10.9.1.1',
    );
    expect(ok.statusCode).toBe(200);
    const wrong = await tokenCall(
      { grant_type: 'client_credentials', client_id: uid, client_secret: 'not-the-secret' },
      '10.9.1.1',
    );
    expect(wrong.statusCode).toBe(401);
    const info = await runtime.app.inject({
      method: 'GET',
      url: '/sandbox/oauth/token/info',
      headers: { authorization: `Bearer ${ok.json().access_token}` },
      remoteAddress: '10.9.1.1',
    });
    expect(info.statusCode).toBe(200);
    const unknown = await tokenCall(
      { grant_type: 'client_credentials', client_id: 'no-such-client', client_secret: secret },
      '10.9.1.1',
    );
    expect(unknown.statusCode).toBe(401);

    // Recorded after each answer, so two calls close together may be stored in either order.
    const calls = (await oauthCallsOf(app.id)).sort(
      (a, b) => a.route.localeCompare(b.route) || a.status - b.status,
    );
    expect(calls.map((call) => [call.method, call.route, call.status])).toEqual([
      ['POST', '/oauth/token', 200],
      ['POST', '/oauth/token', 401],
      ['GET', '/oauth/token/info', 200],
    ]);
    expect(calls[1]?.response_error).toContain('invalid_client');
    expect(calls[2]?.token_kind).toBe('client');
    expect(calls.every((call) => call.client_id === uid && call.environment === 'sandbox')).toBe(true);
    const stored = JSON.stringify(calls);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(ok.json().access_token);
  });
});
