// Issue 21 "Rate limits enforced from the buckets": every REST answer carries the window nearest
// exhaustion; over a limit the reference's 429; the admin's buckets (or the defaults) count per access
// token, per company for client credentials; a bucket changed by an admin applies within a second; a
// burst is counted exactly — also by two portals on one PostgreSQL database.

import { issueToken } from '@lintel/platform';
import { DEFAULT_BUCKET_TEMPLATES } from '@lintel/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/index';
import { type Runtime, startRuntime } from '../../src/runtime';
import { createApp, provisionNow } from '../apps-support';
import { type Client, createUser, signIn, startTestRuntime, testConfig } from '../support';

const RATE_LIMITED =
  'You have surpassed the max number of requests for an hour. Please wait until your limit resets.';
const SANDBOX_SERVER = 'Integrator_Sandbox';
const ME = '/sandbox/rest/v1.0/me';

let runtime: Runtime;
let admin: Client;
beforeAll(async () => {
  runtime = await startTestRuntime();
  admin = await signIn(runtime.app, await createUser(runtime, { isAdmin: true }));
});
afterAll(() => runtime?.close());

/** A fresh app with its sandbox, and its sandbox client id. */
async function sandboxApp(on = runtime) {
  const owner = await createUser(on);
  const app = await createApp(on, owner);
  await provisionNow(on, app.id);
  const oauth = await on.platform.oauthApplicationOf(app.id, 'sandbox');
  if (!oauth) throw new Error('no sandbox application');
  return { app, owner, oauth };
}

/** The sandbox company of each client token made here: a service account names it on every call. */
const companyOfToken = new Map<string, number>();

async function clientToken(oauthApplicationId: number, on = runtime): Promise<string> {
  const token = await issueToken(on.database.db, {
    oauthApplicationId,
    environment: 'sandbox',
    kind: 'client',
    userId: null,
    withRefresh: false,
  });
  const sandbox = await on.database.db
    .selectFrom('platform_sandboxes')
    .select('company_id')
    .where('oauth_application_id', '=', oauthApplicationId)
    .executeTakeFirstOrThrow();
  if (sandbox.company_id !== null) companyOfToken.set(token.accessToken, sandbox.company_id);
  return token.accessToken;
}

function call(token: string, options: { company?: number; on?: Runtime } = {}) {
  const company = options.company ?? companyOfToken.get(token);
  return (options.on ?? runtime).app.inject({
    method: 'GET',
    url: ME,
    headers: {
      authorization: `Bearer ${token}`,
      ...(company !== undefined ? { 'platform-company-id': String(company) } : {}),
    },
  });
}

const rate = (response: LightMyRequestResponse) => ({
  limit: Number(response.headers['x-rate-limit-limit']),
  remaining: Number(response.headers['x-rate-limit-remaining']),
  reset: Number(response.headers['x-rate-limit-reset']),
});

/** An admin's bucket for a client on the sandbox's server, made through the portal's admin API. */
let buckets = 0;
async function createBucket(clientId: string, spike: number, main = 7200, name?: string) {
  buckets += 1;
  const response = await admin.request({
    method: 'POST',
    url: `/api/v1/admin/quota_minder_servers/${SANDBOX_SERVER}/buckets`,
    payload: {
      data: {
        name: name ?? `Bucket ${buckets}`,
        client_id: clientId,
        domain: 'api.sandbox.test',
        bucket_templates: [
          { name: 'main', fill_type: 'count', interval_ms: 3_600_000, limit: main },
          { name: 'spike', fill_type: 'count', interval_ms: 10_000, limit: spike },
        ],
      },
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number };
}

async function setSpike(bucketId: number, spike: number, server = SANDBOX_SERVER) {
  const response = await admin.request({
    method: 'PATCH',
    url: `/api/v1/admin/quota_minder_servers/${server}/buckets`,
    payload: {
      data: {
        id: bucketId,
        bucket_templates: [
          { name: 'main', fill_type: 'count', interval_ms: 3_600_000, limit: 7200 },
          { name: 'spike', fill_type: 'count', interval_ms: 10_000, limit: spike },
        ],
      },
    },
  });
  expect(response.statusCode).toBe(200);
}

/** The limiter reads buckets through a cache of 500 ms: one wait of this covers it. */
const afterBucketCache = () => new Promise((resolve) => setTimeout(resolve, 600));

/** How many answers had each status: a call neither answered nor refused shows up by its own status. */
const statusCounts = (responses: LightMyRequestResponse[]) => {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
  return counts;
};

describe('the rate-limit headers', () => {
  it('carry the spike window of the default buckets on every answer, counting down', async () => {
    const { oauth } = await sandboxApp();
    const token = await clientToken(oauth.platformId);
    const before = Math.floor(Date.now() / 1000);
    const first = await call(token);
    // The call itself can take over a second on a loaded machine: the window starts somewhere in it.
    const after = Math.ceil(Date.now() / 1000);
    expect(first.statusCode).toBe(200);
    expect(rate(first)).toMatchObject({ limit: 100, remaining: 99 });
    // The spike window: 10 s from its first call (the header rounds up to a whole second).
    expect(rate(first).reset).toBeGreaterThanOrEqual(before + 9);
    expect(rate(first).reset).toBeLessThanOrEqual(after + 10);
    const second = await call(token);
    expect(rate(second)).toMatchObject({ limit: 100, remaining: 98 });
  });

  it('report the hourly window once it is the nearer one to exhaustion', async () => {
    const { oauth } = await sandboxApp();
    await createBucket(oauth.uid, 100, 4);
    await afterBucketCache();
    const token = await clientToken(oauth.platformId);
    const response = await call(token);
    // main: 3 of 4 left (75 %) is nearer than spike's 99 of 100.
    expect(rate(response)).toMatchObject({ limit: 4, remaining: 3 });
    expect(rate(response).reset).toBeGreaterThan(Math.floor(Date.now() / 1000) + 3500);
  });
});

describe('a call over a limit', () => {
  it('answers 429 with the reference text, the same headers and Retry-After', async () => {
    const { oauth } = await sandboxApp();
    await createBucket(oauth.uid, 2);
    await afterBucketCache();
    const token = await clientToken(oauth.platformId);
    expect((await call(token)).statusCode).toBe(200);
    expect((await call(token)).statusCode).toBe(200);
    const refused = await call(token);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^text\/plain/);
    expect(refused.body).toBe(RATE_LIMITED);
    expect(rate(refused)).toMatchObject({ limit: 2, remaining: 0 });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(10);
    expect(rate(refused).reset).toBeGreaterThan(Math.floor(Date.now() / 1000));
  });
});

describe('the buckets that count', () => {
  it("apply an admin's new bucket within a second, and a changed limit keeps the same window", async () => {
    const { oauth } = await sandboxApp();
    const token = await clientToken(oauth.platformId);
    expect(rate(await call(token)).limit).toBe(100);
    const bucket = await createBucket(oauth.uid, 3);
    await afterBucketCache();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await call(token));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers.map((answer) => rate(answer).remaining)).toEqual([2, 1, 0, 0]);
    // Raised to 5 in the same window: the 3 already counted stay counted, 2 more pass.
    await setSpike(bucket.id, 5);
    await afterBucketCache();
    const more = [];
    for (let i = 0; i < 3; i++) more.push((await call(token)).statusCode);
    expect(more).toEqual([200, 200, 429]);
  });

  it("count under the server's default bucket (client id *) when the client has none, and the built-in defaults when that is gone", async () => {
    const { oauth } = await sandboxApp();
    const token = await clientToken(oauth.platformId);
    const buckets = await admin.request({
      method: 'GET',
      url: `/api/v1/admin/quota_minder_servers/${SANDBOX_SERVER}/buckets`,
    });
    const fallback = (buckets.json().data as { id: number; client_id: string }[]).find(
      (bucket) => bucket.client_id === '*',
    );
    if (!fallback) throw new Error('no default bucket');
    try {
      await setSpike(fallback.id, 7);
      await afterBucketCache();
      expect(rate(await call(token))).toMatchObject({ limit: 7, remaining: 6 });
      const removed = await admin.request({
        method: 'DELETE',
        url: `/api/v1/admin/quota_minder_servers/${SANDBOX_SERVER}/buckets/${fallback.id}`,
      });
      expect(removed.statusCode).toBe(204);
      await afterBucketCache();
      const spike = DEFAULT_BUCKET_TEMPLATES[1];
      expect(rate(await call(token))).toMatchObject({ limit: spike.limit, remaining: spike.limit - 1 });
    } finally {
      // Other tests of this file count under the seeded default bucket's values again.
      const seeded = await admin.request({
        method: 'GET',
        url: `/api/v1/admin/quota_minder_servers/${SANDBOX_SERVER}/buckets`,
      });
      const still = (seeded.json().data as { id: number; client_id: string }[]).find(
        (bucket) => bucket.client_id === '*',
      );
      if (still) await setSpike(still.id, 100);
      else await createBucket('*', 100, 7200, 'default');
      await afterBucketCache();
    }
  });
});

describe('what a call is counted under', () => {
  it('counts two tokens of one app apart', async () => {
    const { oauth } = await sandboxApp();
    await createBucket(oauth.uid, 2);
    await afterBucketCache();
    const first = await clientToken(oauth.platformId);
    const second = await clientToken(oauth.platformId);
    expect((await call(first)).statusCode).toBe(200);
    expect((await call(first)).statusCode).toBe(200);
    expect((await call(first)).statusCode).toBe(429);
    const other = await call(second);
    expect(other.statusCode).toBe(200);
    expect(rate(other).remaining).toBe(1);
  });

  it('counts a client-credentials token per company, and a user token per token whatever company it names', async () => {
    const { app, owner, oauth } = await sandboxApp();
    await createBucket(oauth.uid, 2);
    await afterBucketCache();
    const client = await clientToken(oauth.platformId);
    for (let i = 0; i < 2; i++) expect((await call(client, { company: 1001 })).statusCode).not.toBe(429);
    expect((await call(client, { company: 1001 })).statusCode).toBe(429);
    const elsewhere = await call(client, { company: 1002 });
    expect(elsewhere.statusCode).not.toBe(429);
    expect(rate(elsewhere).remaining).toBe(1);

    // The owner's user token, as the consent page would have issued it.
    await runtime.platform.setAppMembers(app.id, [
      { portalUserId: owner.id, email: owner.email, name: owner.name, role: 'owner' },
    ]);
    const member = await runtime.database.db
      .selectFrom('platform_users')
      .select('id')
      .where('portal_user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    const user = await issueToken(runtime.database.db as never, {
      oauthApplicationId: oauth.platformId,
      environment: 'sandbox',
      kind: 'user',
      userId: member.id,
      withRefresh: true,
    });
    expect(rate(await call(user.accessToken, { company: 1001 })).remaining).toBe(1);
    expect(rate(await call(user.accessToken, { company: 1002 })).remaining).toBe(0);
    expect((await call(user.accessToken)).statusCode).toBe(429);
  });
});

describe('a burst', () => {
  it('of 200 concurrent calls against the default spike of 100 passes exactly 100, counted once', async () => {
    const { app, oauth } = await sandboxApp();
    const token = await clientToken(oauth.platformId);
    const responses = await Promise.all(Array.from({ length: 200 }, () => call(token)));
    expect(statusCounts(responses)).toEqual({ 200: 100, 429: 100 });
    // The refused calls are counted nowhere else: the hourly window holds the 100 answered.
    await runtime.platformHttp.context.activity.flush();
    const usage = await runtime.platform.activity.bucketUsage(app.id);
    const used = Object.fromEntries(
      usage.filter((row) => row.environment === 'sandbox').map((row) => [row.template, row.used]),
    );
    expect(used).toEqual({ main: 100, spike: 100 });
  });
});

describe("the portal's view of the buckets", () => {
  it('shows each template of the app with its current use and when it resets', async () => {
    const { app, oauth } = await sandboxApp();
    const token = await clientToken(oauth.platformId);
    const idle = await runtime.platform.activity.bucketUsage(app.id);
    expect(idle.filter((row) => row.environment === 'sandbox')).toEqual([
      expect.objectContaining({
        template: 'main',
        limit: 7200,
        used: 0,
        resetsAt: null,
        server: SANDBOX_SERVER,
      }),
      expect.objectContaining({ template: 'spike', limit: 100, used: 0, resetsAt: null, intervalMs: 10_000 }),
    ]);
    for (let i = 0; i < 3; i++) await call(token);
    await runtime.platformHttp.context.activity.flush();
    const usage = await runtime.platform.activity.bucketUsage(app.id);
    const spike = usage.find((row) => row.environment === 'sandbox' && row.template === 'spike');
    expect(spike).toMatchObject({ used: 3, limit: 100, fillType: 'count', bucket: 'default' });
    const left = (spike?.resetsAt?.getTime() ?? 0) - Date.now();
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(10_000);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two portals on one PostgreSQL database', () => {
  let second: Runtime;
  beforeAll(async () => {
    const database = await openDatabase({
      databaseUrl: runtime.database.connectionString,
      dataDir: 'unused',
    });
    second = await startRuntime(testConfig(), { database, workers: false });
  });
  afterAll(() => second?.close());

  it('count one burst exactly between them: 300 concurrent calls against a spike of 100', async () => {
    const { oauth } = await sandboxApp();
    const token = await clientToken(oauth.platformId);
    const responses = await Promise.all(
      Array.from({ length: 300 }, (_, i) => call(token, { on: i % 2 === 0 ? runtime : second })),
    );
    expect(statusCounts(responses)).toEqual({ 200: 100, 429: 200 });
  });

  it("see an admin's bucket change made on the other within a second", async () => {
    const { oauth } = await sandboxApp();
    const token = await clientToken(oauth.platformId);
    expect(rate(await call(token, { on: second })).limit).toBe(100);
    await createBucket(oauth.uid, 4);
    await afterBucketCache();
    expect(rate(await call(token, { on: second }))).toMatchObject({ limit: 4, remaining: 3 });
  });
});
