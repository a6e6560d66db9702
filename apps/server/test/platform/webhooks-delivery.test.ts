// Issue 22 "Delivery as the reference says", "signed deliveries" and "Safe outbound calls": the delivery
// engine against local receivers on 127.0.0.1, on a fake clock, its jobs run by the test.
import {
  DELIVER_QUEUE,
  drainDestination,
  hookHealth,
  newSigningSecret,
  type PlatformContext,
  redeliver,
  redeliverFailedSince,
  revealSigningSecret,
  rotateSigningSecret,
  scheduleDeliveries,
  sendTestEvent,
  sweepDestinations,
} from '@lintel/platform';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime';
import { startTestRuntime } from '../support';
import { answer, closedPort, fakeContext, hang, Receiver } from './webhooks-receivers';

let runtime: Runtime;
let base: PlatformContext;
const receivers: Receiver[] = [];
let companySequence = 5000;

beforeAll(async () => {
  runtime = await startTestRuntime();
  base = runtime.platformHttp.context;
});
afterAll(() => runtime?.close());
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

async function receiver(): Promise<Receiver> {
  const started = await Receiver.start();
  receivers.push(started);
  return started;
}

interface HookOptions {
  url: string;
  secret?: string;
  authorization?: string;
  apiVersion?: 'v2.0' | 'v4.0';
  companyId?: number;
}

/** A hook row as wh-api's createHook writes it (inserted directly: the API is another helper's). */
async function insertHook(ctx: PlatformContext, options: HookOptions) {
  const secret = options.secret ?? newSigningSecret();
  const companyId = options.companyId ?? ++companySequence;
  const now = ctx.now();
  const hook = await ctx.db
    .insertInto('platform_webhook_hooks')
    .values({
      company_id: companyId,
      project_id: null,
      namespace: 'lintel-test',
      api_version: options.apiVersion ?? 'v2.0',
      destination_url: options.url,
      destination_headers: JSON.stringify(
        options.authorization ? { Authorization: options.authorization } : {},
      ),
      signing_secret_sealed: ctx.webhooks.secrets.seal(secret),
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'company_id'])
    .executeTakeFirstOrThrow();
  return { id: hook.id, companyId: hook.company_id, secret, url: options.url };
}

/** Queued deliveries of `bodies` to the hook, scheduled as raiseEvent does (same transaction). */
async function queue(
  ctx: PlatformContext,
  hook: { id: number; url: string },
  bodies: string[],
): Promise<number[]> {
  return ctx.db.transaction().execute(async (trx) => {
    const rows = await trx
      .insertInto('platform_webhook_deliveries')
      .values(
        bodies.map((body) => ({
          hook_id: hook.id,
          event_id: null,
          destination_url: hook.url,
          body,
          status: 'queued' as const,
          redelivery_of: null,
          created_at: ctx.now(),
        })),
      )
      .returning('id')
      .execute();
    const ids = rows.map((row) => row.id);
    await scheduleDeliveries(ctx, trx, ids);
    return ids;
  });
}

async function delivery(ctx: PlatformContext, id: number) {
  return ctx.db
    .selectFrom('platform_webhook_deliveries')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function attempts(ctx: PlatformContext, deliveryId: number) {
  return ctx.db
    .selectFrom('platform_webhook_attempts')
    .selectAll()
    .where('delivery_id', '=', deliveryId)
    .orderBy('id')
    .execute();
}

const event = (n: number) =>
  JSON.stringify({ id: n, ulid: `01J${String(n).padStart(23, '0')}`, event_type: 'create' });

describe('a delivery', () => {
  it('is one JSON POST with the Authorization header and Standard Webhooks headers a receiver verifies', async () => {
    const { ctx, jobs } = fakeContext(base);
    const inbox = await receiver();
    const hook = await insertHook(ctx, { url: inbox.url, authorization: 'Bearer s3cret-token' });
    const body = event(1);
    const [id] = await queue(ctx, hook, [body]);
    expect(jobs.sent).toEqual([{ name: DELIVER_QUEUE, data: { url: inbox.url }, startAfter: undefined }]);

    expect(await drainDestination(ctx, hook.url)).toBe('idle');
    expect(inbox.received).toHaveLength(1);
    const got = inbox.received[0];
    expect(got?.body).toBe(body);
    expect(got?.headers['content-type']).toBe('application/json');
    expect(got?.headers.authorization).toBe('Bearer s3cret-token');
    expect(got?.headers['webhook-id']).toBe(`msg_${id}`);
    expect(got?.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    // As a receiver checks it: the library throws on a bad signature or a stale timestamp.
    expect(new Webhook(hook.secret).verify(got?.body ?? '', got?.headers ?? {})).toEqual(JSON.parse(body));
    expect(() => new Webhook(newSigningSecret()).verify(got?.body ?? '', got?.headers ?? {})).toThrow();

    const row = await delivery(ctx, id as number);
    expect(row).toMatchObject({ status: 'ok', attempts: 1 });
    const [logged] = await attempts(ctx, id as number);
    expect(logged).toMatchObject({
      outcome: 'ok',
      response_status: 200,
      response_body: 'ok',
      response_error: null,
    });
    expect(logged?.request_headers).toMatchObject({ 'webhook-id': `msg_${id}`, authorization: '[set]' });
    expect(JSON.stringify(logged?.request_headers)).not.toContain('s3cret-token');
    expect(logged?.response_headers).toMatchObject({ 'content-type': 'text/plain' });
  });

  it('after a rotation carries two signatures, each verifying with its secret, for 24 hours', async () => {
    const { ctx, clock } = fakeContext(base);
    const inbox = await receiver();
    const hook = await insertHook(ctx, { url: inbox.url });
    const rotated = await rotateSigningSecret(ctx, hook.id);
    expect(rotated?.secret).toMatch(/^whsec_/);
    expect(rotated?.secret).not.toBe(hook.secret);
    expect((await revealSigningSecret(ctx, hook.id))?.secret).toBe(rotated?.secret);

    await queue(ctx, hook, [event(2)]);
    await drainDestination(ctx, hook.url);
    const got = inbox.received[0];
    expect(got?.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    // Verification checks the timestamp against the real clock: the fake one started at the real time.
    for (const secret of [hook.secret, rotated?.secret ?? '']) {
      expect(new Webhook(secret).verify(got?.body ?? '', got?.headers ?? {})).toMatchObject({ id: 2 });
    }

    clock.advance(24 * 3600_000 + 1000);
    expect((await revealSigningSecret(ctx, hook.id))?.previousSecretExpiresAt).toBeNull();
    await queue(ctx, hook, [event(3)]);
    await drainDestination(ctx, hook.url);
    expect(inbox.received[1]?.headers['webhook-signature']?.split(' ')).toHaveLength(1);
  });

  it('records 500, timeout, refused, a redirect, TLS and an oversized body in plain words', async () => {
    const { ctx } = fakeContext(base);
    const inbox = await receiver();

    inbox.behaviour = answer(500, 'database is down');
    let hook = await insertHook(ctx, { url: inbox.url });
    let [id] = await queue(ctx, hook, [event(10)]);
    expect(await drainDestination(ctx, hook.url)).toBe('paused');
    let [logged] = await attempts(ctx, id as number);
    expect(logged).toMatchObject({
      outcome: 'retried',
      response_status: 500,
      response_body: 'database is down',
      response_error: 'HTTP 500',
    });
    expect(await delivery(ctx, id as number)).toMatchObject({ status: 'failing', attempts: 1 });

    const redirecting = await receiver();
    redirecting.behaviour = answer(302, '', { location: inbox.url });
    hook = await insertHook(ctx, { url: redirecting.url });
    [id] = await queue(ctx, hook, [event(11)]);
    await drainDestination(ctx, hook.url);
    [logged] = await attempts(ctx, id as number);
    expect(logged).toMatchObject({
      response_status: 302,
      response_error: 'HTTP 302 (redirects are not followed)',
    });
    expect(redirecting.received).toHaveLength(1);

    const big = await receiver();
    big.behaviour = answer(200, 'x'.repeat(50_000));
    hook = await insertHook(ctx, { url: big.url });
    [id] = await queue(ctx, hook, [event(12)]);
    await drainDestination(ctx, hook.url);
    [logged] = await attempts(ctx, id as number);
    expect(logged?.outcome).toBe('ok');
    expect(logged?.response_body).toHaveLength(10 * 1024);

    const port = await closedPort();
    hook = await insertHook(ctx, { url: `http://127.0.0.1:${port}/hook` });
    [id] = await queue(ctx, hook, [event(13)]);
    await drainDestination(ctx, hook.url);
    [logged] = await attempts(ctx, id as number);
    expect(logged).toMatchObject({
      outcome: 'retried',
      response_status: null,
      response_error: 'Connection refused',
    });

    // https to a server that speaks plain http: the handshake fails.
    const plain = await receiver();
    hook = await insertHook(ctx, { url: `https://127.0.0.1:${plain.port}/hook` });
    [id] = await queue(ctx, hook, [event(14)]);
    await drainDestination(ctx, hook.url);
    [logged] = await attempts(ctx, id as number);
    expect(logged?.response_error).toMatch(/^TLS error: /);

    const slow = await receiver();
    slow.behaviour = hang;
    hook = await insertHook(ctx, { url: slow.url });
    [id] = await queue(ctx, hook, [event(15)]);
    const started = Date.now();
    await drainDestination(ctx, hook.url);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4900);
    expect(Date.now() - started).toBeLessThan(7000);
    [logged] = await attempts(ctx, id as number);
    expect(logged).toMatchObject({ outcome: 'retried', response_error: 'Timed out after 5 s' });
  });
});

describe('a failing destination', () => {
  it('pauses every later delivery to its URL, retries the failing one with backoff, and resumes on success', async () => {
    const { ctx, clock, jobs } = fakeContext(base);
    const inbox = await receiver();
    inbox.behaviour = answer(503, 'busy');
    const hook = await insertHook(ctx, { url: inbox.url });
    const [first, second, third] = await queue(ctx, hook, [event(20), event(21), event(22)]);
    jobs.sent.length = 0;

    expect(await drainDestination(ctx, hook.url)).toBe('paused');
    expect(inbox.received).toHaveLength(1);
    const start = clock.now.getTime();
    // Its job waits for the next attempt; run early, the drain sends nothing.
    expect(jobs.sent.at(-1)?.startAfter?.getTime()).toBe(start + 1000);
    expect(await drainDestination(ctx, hook.url)).toBe('paused');
    expect(inbox.received).toHaveLength(1);

    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const destination = await ctx.db
        .selectFrom('platform_webhook_destinations')
        .selectAll()
        .where('destination_url', '=', hook.url)
        .executeTakeFirstOrThrow();
      waits.push((destination.next_attempt_at?.getTime() ?? 0) - clock.now.getTime());
      clock.now = destination.next_attempt_at ?? clock.now;
      await drainDestination(ctx, hook.url);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
    // Only the first delivery was ever tried: the later ones waited behind it.
    expect(inbox.received.map((got) => JSON.parse(got.body).id)).toEqual([20, 20, 20, 20, 20]);
    expect(await hookHealth(ctx.db, hook.id, clock.now)).toMatchObject({
      state: 'backing_off',
      successRate24h: 0,
      queuedCount: 3,
      discardedCount: 0,
    });

    inbox.behaviour = answer(204);
    clock.advance(16_000);
    expect(await drainDestination(ctx, hook.url)).toBe('idle');
    expect(inbox.received.map((got) => JSON.parse(got.body).id)).toEqual([20, 20, 20, 20, 20, 20, 21, 22]);
    for (const id of [first, second, third]) expect((await delivery(ctx, id as number)).status).toBe('ok');
    expect((await attempts(ctx, first as number)).map((row) => row.outcome)).toEqual([
      'retried',
      'retried',
      'retried',
      'retried',
      'retried',
      'ok',
    ]);
    const health = await hookHealth(ctx.db, hook.id, clock.now);
    expect(health).toMatchObject({
      state: 'healthy',
      nextAttemptAt: null,
      failingSince: null,
      queuedCount: 0,
    });
    expect(health?.successRate24h).toBeCloseTo(3 / 8);
  });

  it('is capped at an hour between attempts, and after 12 hours its queue is discarded and the next event starts afresh', async () => {
    const { ctx, clock } = fakeContext(base);
    const inbox = await receiver();
    inbox.behaviour = answer(500, 'still down');
    const hook = await insertHook(ctx, { url: inbox.url });
    const [first, second] = await queue(ctx, hook, [event(30), event(31)]);
    const failingSince = clock.now.getTime();

    const waits: number[] = [];
    let result = await drainDestination(ctx, hook.url);
    while (result === 'paused') {
      const destination = await ctx.db
        .selectFrom('platform_webhook_destinations')
        .select('next_attempt_at')
        .where('destination_url', '=', hook.url)
        .executeTakeFirstOrThrow();
      const next = destination.next_attempt_at?.getTime() ?? 0;
      waits.push(next - clock.now.getTime());
      clock.now = new Date(next);
      result = await drainDestination(ctx, hook.url);
    }
    expect(result).toBe('discarded');
    expect(Math.max(...waits)).toBe(3600_000);
    expect(waits.slice(0, 13)).toEqual(
      [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 3600].map((s) => s * 1000),
    );
    // The last attempt is made at 12 hours exactly.
    expect(clock.now.getTime() - failingSince).toBe(12 * 3600_000);
    expect(inbox.received.every((got) => JSON.parse(got.body).id === 30)).toBe(true);

    expect(await delivery(ctx, first as number)).toMatchObject({ status: 'discarded' });
    expect((await attempts(ctx, first as number)).at(-1)?.outcome).toBe('failed');
    expect(await delivery(ctx, second as number)).toMatchObject({ status: 'discarded', attempts: 0 });
    const [discarded] = await attempts(ctx, second as number);
    expect(discarded).toMatchObject({
      outcome: 'discarded',
      response_error: expect.stringMatching(/12 hours/),
    });
    expect(await hookHealth(ctx.db, hook.id, clock.now)).toMatchObject({
      state: 'healthy',
      discardedCount: 2,
      queuedCount: 0,
    });

    // The next event starts afresh: it is tried at once, and a failure pauses for 1 s again.
    const sent = inbox.received.length;
    const [third] = await queue(ctx, hook, [event(32)]);
    expect(await drainDestination(ctx, hook.url)).toBe('paused');
    expect(inbox.received).toHaveLength(sent + 1);
    expect((await delivery(ctx, third as number)).next_attempt_at?.getTime()).toBe(
      clock.now.getTime() + 1000,
    );
  });

  it('never holds up another URL', async () => {
    const { ctx } = fakeContext(base);
    const broken = await receiver();
    broken.behaviour = answer(500);
    const healthy = await receiver();
    const bad = await insertHook(ctx, { url: broken.url });
    const good = await insertHook(ctx, { url: healthy.url });
    await queue(ctx, bad, [event(40), event(41)]);
    await queue(ctx, good, [event(42), event(43)]);
    expect(await drainDestination(ctx, bad.url)).toBe('paused');
    expect(await drainDestination(ctx, good.url)).toBe('idle');
    expect(healthy.received.map((got) => JSON.parse(got.body).id)).toEqual([42, 43]);
  });
});

describe('at least once', () => {
  it('delivers again what a worker killed mid-delivery left, with the same webhook-id', async () => {
    const { ctx, jobs } = fakeContext(base);
    const inbox = await receiver();
    inbox.behaviour = hang;
    const hook = await insertHook(ctx, { url: inbox.url });
    const [id] = await queue(ctx, hook, [event(50)]);

    // The worker dies while the receiver is answering: nothing is recorded, its lease stays.
    const killed = new AbortController();
    const draining = drainDestination(ctx, hook.url, { signal: killed.signal, leaseMs: 500 });
    while (inbox.received.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    killed.abort();
    expect(await draining).toBe('abandoned');
    expect(await delivery(ctx, id as number)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await attempts(ctx, id as number)).toEqual([]);

    // While the lease holds nobody else takes the URL; once it has run out the sweeper hands it on.
    expect(await drainDestination(ctx, hook.url)).toBe('busy');
    jobs.sent.length = 0;
    expect(await sweepDestinations(ctx)).not.toContain(hook.url);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await sweepDestinations(ctx)).toContain(hook.url);
    expect(jobs.sent.map((job) => job.data.url)).toContain(hook.url);

    inbox.behaviour = answer(200);
    expect(await drainDestination(ctx, hook.url)).toBe('idle');
    expect(inbox.received).toHaveLength(2);
    expect(inbox.received[1]?.headers['webhook-id']).toBe(inbox.received[0]?.headers['webhook-id']);
    expect(await delivery(ctx, id as number)).toMatchObject({ status: 'ok', attempts: 1 });
  });
});

describe('redelivery and test events', () => {
  it('redelivers one delivery with the same body and webhook-id, and 404s what is not the company’s', async () => {
    const { ctx } = fakeContext(base);
    const inbox = await receiver();
    const hook = await insertHook(ctx, { url: inbox.url });
    const [id] = await queue(ctx, hook, [event(60)]);
    await drainDestination(ctx, hook.url);

    const again = await redeliver(ctx, hook.companyId, id as number);
    expect(again).not.toBeNull();
    expect(await delivery(ctx, again?.id as number)).toMatchObject({
      status: 'queued',
      redelivery_of: id,
      body: event(60),
      hook_id: hook.id,
    });
    await drainDestination(ctx, hook.url);
    expect(inbox.received).toHaveLength(2);
    expect(inbox.received[1]?.body).toBe(inbox.received[0]?.body);
    expect(inbox.received[1]?.headers['webhook-id']).toBe(`msg_${id}`);

    expect(await redeliver(ctx, hook.companyId + 1, id as number)).toBeNull();
    expect(await redeliver(ctx, hook.companyId, 987_654_321)).toBeNull();
  });

  it('redelivers every discarded delivery since a time, once', async () => {
    const { ctx, clock } = fakeContext(base);
    const inbox = await receiver();
    const hook = await insertHook(ctx, { url: inbox.url });
    const since = clock.now;
    const ids = await queue(ctx, hook, [event(70), event(71), event(72)]);
    await ctx.db
      .updateTable('platform_webhook_deliveries')
      .set({ status: 'discarded', completed_at: clock.now })
      .where('id', 'in', ids.slice(0, 2))
      .execute();
    await drainDestination(ctx, hook.url);

    const again = await redeliverFailedSince(ctx, hook.companyId, hook.id, since);
    expect(again).toHaveLength(2);
    expect(await redeliverFailedSince(ctx, hook.companyId, hook.id, since)).toEqual([]);
    expect(await redeliverFailedSince(ctx, hook.companyId + 1, hook.id, since)).toBeNull();
    await drainDestination(ctx, hook.url);
    expect(inbox.received.map((got) => JSON.parse(got.body).id)).toEqual([72, 70, 71]);
  });

  it('sends a test event in the hook’s payload version', async () => {
    const { ctx } = fakeContext(base);
    const inbox = await receiver();
    const v2 = await insertHook(ctx, { url: inbox.url });
    const v4 = await insertHook(ctx, { url: inbox.url, apiVersion: 'v4.0' });
    const sent = await sendTestEvent(ctx, v2.companyId, v2.id);
    await sendTestEvent(ctx, v4.companyId, v4.id);
    expect(await delivery(ctx, sent?.id as number)).toMatchObject({ is_test: true, event_id: null });
    await drainDestination(ctx, inbox.url);
    const [two, four] = inbox.received.map((got) => JSON.parse(got.body));
    expect(two).toMatchObject({
      api_version: 'v2.0',
      event_type: 'test',
      resource_name: 'Test',
      company_id: v2.companyId,
      metadata: { source_company_id: v2.companyId },
    });
    expect(two.ulid).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(two.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(four).toMatchObject({ reason: 'test', resource_type: 'Test', company_id: String(v4.companyId) });
    expect(four).not.toHaveProperty('ulid');
    expect(
      new Webhook(v4.secret).verify(inbox.received[1]?.body ?? '', inbox.received[1]?.headers ?? {}),
    ).toBeTruthy();
    expect(await sendTestEvent(ctx, v2.companyId + 1, v2.id)).toBeNull();
  });
});

describe('safe outbound calls at connect time', () => {
  it('refuses a loopback receiver when private destinations are not allowed, sending nothing', async () => {
    const { ctx } = fakeContext(base, { allowPrivate: false });
    const inbox = await receiver();
    const hook = await insertHook(ctx, { url: inbox.url });
    const [id] = await queue(ctx, hook, [event(80)]);
    expect(await drainDestination(ctx, hook.url)).toBe('paused');
    expect(inbox.received).toEqual([]);
    const [logged] = await attempts(ctx, id as number);
    expect(logged).toMatchObject({
      outcome: 'retried',
      response_status: null,
      response_error: 'Refused: 127.0.0.1 resolves to a loopback, private or link-local address',
    });

    // The same receiver by name: refused once resolved (what a rebinding name would get).
    const named = await insertHook(ctx, { url: `http://localhost:${inbox.port}/hook` });
    const [other] = await queue(ctx, named, [event(81)]);
    await drainDestination(ctx, named.url);
    expect(inbox.received).toEqual([]);
    expect((await attempts(ctx, other as number))[0]?.response_error).toBe(
      'Refused: localhost resolves to a loopback, private or link-local address',
    );
  });
});
