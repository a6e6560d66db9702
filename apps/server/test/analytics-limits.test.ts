// Issue 20 "Safety found by probing": POST /api/v1/analytics stored unlimited 10 kB events for any
// signed-in user. Now a body cap (413, unread) and a per-user rate (429 with Retry-After).
import { ANALYTICS_BODY_LIMIT_BYTES } from '@lintel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_RATE } from '../src/modules/manifests/routes';
import type { Runtime } from '../src/runtime';
import { type Client, countRows, createUser, errorOf, signIn, startTestRuntime } from './support';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime();
});
afterAll(() => runtime?.close());

const track = (client: Client, payload: unknown) =>
  client.request({ method: 'POST', url: '/api/v1/analytics', payload: payload as Record<string, unknown> });

describe('POST /api/v1/analytics', () => {
  it('refuses an event larger than the cap with 413 and stores nothing', async () => {
    const client = await signIn(runtime.app, await createUser(runtime));
    const before = await countRows(runtime, 'analytics_events');
    // Twenty properties of 500 characters each: what the schema alone let through (about 10 kB).
    const properties = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`p${i}`, 'x'.repeat(500)]));
    const response = await track(client, { key: 'opted_in', additional_properties: properties });
    expect(JSON.stringify({ key: 'opted_in', additional_properties: properties }).length).toBeGreaterThan(
      ANALYTICS_BODY_LIMIT_BYTES,
    );
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).code).toBe('payload_too_large');
    expect(await countRows(runtime, 'analytics_events')).toBe(before);
    // An ordinary event still goes through.
    const small = await track(client, { key: 'opted_in', additional_properties: { source: 'modal' } });
    expect(small.statusCode).toBe(204);
    expect(await countRows(runtime, 'analytics_events')).toBe(before + 1);
  });

  it('takes a bounded number of events per user a minute, then 429 with Retry-After and stores nothing', async () => {
    const client = await signIn(runtime.app, await createUser(runtime));
    const other = await signIn(runtime.app, await createUser(runtime));
    for (let n = 0; n < ANALYTICS_RATE.perUser; n++) {
      expect((await track(client, { key: 'metrics_report_clicked' })).statusCode).toBe(204);
    }
    const before = await countRows(runtime, 'analytics_events');
    const refused = await track(client, { key: 'metrics_report_clicked' });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).code).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countRows(runtime, 'analytics_events')).toBe(before);
    // The limit is the user's: another user is still heard.
    expect((await track(other, { key: 'metrics_report_clicked' })).statusCode).toBe(204);
  });
});
