// Issue 24 "Metrics for Prometheus": GET /metrics in the text exposition format with a Bearer
// METRICS_TOKEN on the portal's port, or without one on METRICS_PORT; off unless one of the two is set;
// requests per route template and status class, the pool, the job queues, mails, sign-in refusals, the
// platform's 429s per app, process memory and event-loop lag.

import { issueToken } from '@lintel/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime';
import { createApp, provisionNow } from './apps-support';
import { freePort } from './server-process';
import { createUser, errorOf, signIn, startTestRuntime } from './support';

const TOKEN = 'metrics-token-for-the-tests';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses the text exposition format back into samples (comments skipped). */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[pair[1] as string] = pair[2] as string;
    }
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

function sampleValue(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  return samples.find(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )?.value;
}

async function scrape(runtime: Runtime): Promise<Sample[]> {
  const response = await runtime.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(response.body);
}

describe('metrics off (neither METRICS_TOKEN nor METRICS_PORT)', () => {
  let runtime: Runtime;
  beforeAll(async () => {
    runtime = await startTestRuntime();
  });
  afterAll(() => runtime?.close());

  it('has no /metrics at all: 404 in the error shape, even with a token', async () => {
    const response = await runtime.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('not_found');
    expect(runtime.metrics.enabled).toBe(false);
  });
});

describe('metrics on the portal port with METRICS_TOKEN', () => {
  let runtime: Runtime;
  beforeAll(async () => {
    runtime = await startTestRuntime({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => runtime?.close());

  it('refuses a missing or wrong token with 401 and reveals nothing', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const response = await runtime.app.inject({
        method: 'GET',
        url: '/metrics',
        ...(authorization ? { headers: { authorization } } : {}),
      });
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('unauthenticated');
      expect(response.body).not.toContain('lintel_');
    }
  });

  it('counts requests per route template and status class, with their durations', async () => {
    const before = await scrape(runtime);
    const labels = { method: 'GET', route: '/api/v1/health/live', status_class: '2xx' };
    const counted = sampleValue(before, 'lintel_http_requests_total', labels) ?? 0;
    for (let i = 0; i < 3; i++) await runtime.app.inject({ method: 'GET', url: '/api/v1/health/live' });
    await runtime.app.inject({ method: 'GET', url: '/api/v1/developer_apps/12345' });
    const after = await scrape(runtime);
    expect(sampleValue(after, 'lintel_http_requests_total', labels)).toBe(counted + 3);
    expect(sampleValue(after, 'lintel_http_request_duration_seconds_count', labels)).toBe(counted + 3);
    expect(sampleValue(after, 'lintel_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      counted + 3,
    );
    // The template, not the path: one series however many apps are asked for.
    expect(
      sampleValue(after, 'lintel_http_requests_total', {
        route: '/api/v1/developer_apps/:id',
        status_class: '4xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(after.some((sample) => sample.labels.route?.includes('12345'))).toBe(false);
  });

  it('counts refused sign-ins and times the queries', async () => {
    const user = await createUser(runtime);
    const before = await scrape(runtime);
    const failed = sampleValue(before, 'lintel_sign_in_refusals_total', { reason: 'failed' }) ?? 0;
    const wrong = await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/session',
      payload: { email: user.email, password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);
    await signIn(runtime.app, user);
    const after = await scrape(runtime);
    expect(sampleValue(after, 'lintel_sign_in_refusals_total', { reason: 'failed' })).toBe(failed + 1);
    expect(sampleValue(after, 'lintel_db_query_duration_seconds_count')).toBeGreaterThan(
      sampleValue(before, 'lintel_db_query_duration_seconds_count') ?? 0,
    );
  });

  it('shows the job queues: a waiting mail, its age, and the process memory and event-loop lag', async () => {
    // Workers are off in this runtime: a password-reset mail waits in mail.deliver.
    const user = await createUser(runtime);
    const asked = await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/password_resets',
      payload: { email: user.email },
    });
    expect(asked.statusCode).toBeLessThan(300);
    const samples = await scrape(runtime);
    expect(sampleValue(samples, 'lintel_jobs_waiting', { queue: 'mail.deliver' })).toBeGreaterThanOrEqual(1);
    expect(
      sampleValue(samples, 'lintel_jobs_oldest_waiting_seconds', { queue: 'mail.deliver' }),
    ).toBeGreaterThanOrEqual(0);
    expect(sampleValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    if (runtime.database.kind === 'postgres') {
      expect(sampleValue(samples, 'lintel_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(sampleValue(samples, 'lintel_db_pool_connections', { state: 'waiting' })).toBe(0);
    }
  });

  it("counts the platform's 429s per app", async () => {
    const owner = await createUser(runtime);
    const app = await createApp(runtime, owner);
    await provisionNow(runtime, app.id);
    const oauth = await runtime.platform.oauthApplicationOf(app.id, 'sandbox');
    if (!oauth) throw new Error('no sandbox application');
    const admin = await signIn(runtime.app, await createUser(runtime, { isAdmin: true }));
    const bucket = await admin.request({
      method: 'POST',
      url: '/api/v1/admin/quota_minder_servers/Integrator_Sandbox/buckets',
      payload: {
        data: {
          name: 'Tight',
          client_id: oauth.uid,
          domain: 'api.sandbox.test',
          bucket_templates: [{ name: 'spike', fill_type: 'count', interval_ms: 10_000, limit: 1 }],
        },
      },
    });
    expect(bucket.statusCode, bucket.body).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const token = await issueToken(runtime.database.db, {
      oauthApplicationId: oauth.platformId,
      environment: 'sandbox',
      kind: 'client',
      userId: null,
      withRefresh: false,
    });
    const sandbox = await runtime.platform.sandboxOf(app.id);
    const call = () =>
      runtime.app.inject({
        method: 'GET',
        url: '/sandbox/rest/v1.0/me',
        headers: {
          authorization: `Bearer ${token.accessToken}`,
          'platform-company-id': String(sandbox?.companyId ?? 0),
        },
      });
    const statuses = [(await call()).statusCode, (await call()).statusCode, (await call()).statusCode];
    expect(statuses).toEqual([200, 429, 429]);
    const samples = await scrape(runtime);
    expect(sampleValue(samples, 'lintel_platform_rate_limited_total', { app_id: String(app.id) })).toBe(2);
  });
});

describe('metrics on METRICS_PORT', () => {
  let runtime: Runtime;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    runtime = await startTestRuntime({ env: { METRICS_PORT: String(port), HOST: '127.0.0.1' } });
  });
  afterAll(() => runtime?.close());

  it('serves /metrics there without a token, and nothing else; not on the portal port', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    const samples = parse(await response.text());
    expect(sampleValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status).toBe(404);
    const portal = await runtime.app.inject({ method: 'GET', url: '/metrics' });
    expect(portal.statusCode).toBe(404);
  });
});
