// Issue 22 "Delivery … as pg-boss jobs": the server's queue runs the deliveries. A receiver that hangs
// (5 s timeouts, then backoff) never holds up the deliveries to another URL.
import { newSigningSecret, type PlatformContext, scheduleDeliveries } from '@lintel/platform';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime';
import { startTestRuntime } from '../support';
import { hang, Receiver } from './webhooks-receivers';

let runtime: Runtime;
let ctx: PlatformContext;
const receivers: Receiver[] = [];

beforeAll(async () => {
  runtime = await startTestRuntime({ workers: true });
  ctx = runtime.platformHttp.context;
});
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
  await runtime?.close();
});

async function hookTo(url: string, secret: string): Promise<number> {
  const now = new Date();
  const row = await ctx.db
    .insertInto('platform_webhook_hooks')
    .values({
      company_id: 9100,
      project_id: null,
      namespace: 'lintel-jobs',
      api_version: 'v2.0',
      destination_url: url,
      destination_headers: '{}',
      signing_secret_sealed: ctx.webhooks.secrets.seal(secret),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function raise(hookId: number, url: string, n: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('platform_webhook_deliveries')
      .values({
        hook_id: hookId,
        event_id: null,
        destination_url: url,
        body: JSON.stringify({ id: n }),
        status: 'queued',
        redelivery_of: null,
        created_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await scheduleDeliveries(ctx, trx, [row.id]);
  });
}

async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('deliveries as jobs of the server', () => {
  it('deliver in order to a healthy URL while another hangs', async () => {
    const stuck = await Receiver.start();
    const healthy = await Receiver.start();
    receivers.push(stuck, healthy);
    stuck.behaviour = hang;
    const secret = newSigningSecret();
    const stuckHook = await hookTo(stuck.url, secret);
    const healthyHook = await hookTo(healthy.url, secret);

    await raise(stuckHook, stuck.url, 0);
    await until(() => stuck.received.length === 1, 5000);
    const started = Date.now();
    for (let n = 1; n <= 30; n++) await raise(healthyHook, healthy.url, n);
    // All thirty arrive while the stuck receiver still holds its one request (it times out at 5 s).
    await until(() => healthy.received.length === 30, 4000);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(healthy.received.map((got) => JSON.parse(got.body).id)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    for (const got of healthy.received)
      expect(new Webhook(secret).verify(got.body, got.headers)).toBeTruthy();

    // The stuck one times out after 5 s and is retried after its backoff, by another job.
    await until(async () => {
      const attempt = await ctx.db
        .selectFrom('platform_webhook_attempts as a')
        .innerJoin('platform_webhook_deliveries as d', 'd.id', 'a.delivery_id')
        .select('a.response_error')
        .where('d.hook_id', '=', stuckHook)
        .executeTakeFirst();
      return attempt?.response_error === 'Timed out after 5 s';
    }, 8000);
    await until(() => stuck.received.length === 2, 5000);
  });
});
