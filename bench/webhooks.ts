// Webhook delivery (issue 22): N events (default 10,000) raised as the sample API raises them (one
// transaction per event: the event, one delivery per hook, their jobs), each to every one of R local
// receivers (default 10) on 127.0.0.1, one of which fails (answers 500, or hangs with --failing hang).
// The portal runs in this process on a throwaway PostgreSQL database with its workers on, as a server
// does. Measures deliveries per second to the healthy receivers, event → delivery latency, and proves
// that none of the healthy receivers' events were lost, reordered or delayed by the failing one: a
// baseline phase with every receiver healthy runs the same load first, and the two are compared.
// Usage: npx tsx bench/webhooks.ts [--events 10000] [--receivers 10] [--rate 0] [--producers 4]
//        [--failing 500|hang] [--only baseline|failing] [--database lintel_bench_webhooks] [--keep-db]
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { newSigningSecret, type PlatformContext, scheduleDeliveries } from '@lintel/platform';
import { ulid } from 'ulid';
import { loadConfig } from '../apps/server/src/config';
import { type Runtime, startRuntime } from '../apps/server/src/runtime';
import { checkPostgres, dropDatabase, freshDatabase } from './lib/postgres';
import { loadAverage, parseArgs, percentile, sleep, table } from './lib/process';

const args = parseArgs(process.argv.slice(2));
const events = Number(args.get('events') ?? 10_000);
const receiverCount = Number(args.get('receivers') ?? 10);
/** Events per second the producers aim at; 0: as fast as they can. */
const rate = Number(args.get('rate') ?? 0);
const producers = Number(args.get('producers') ?? 4);
const failingMode = args.get('failing') ?? '500';
const only = args.get('only');
const DATABASE = args.get('database') ?? 'lintel_bench_webhooks';
const keepDb = args.get('keep-db') === 'true';
if (!Number.isInteger(events) || events < 10) throw new Error('--events must be a whole number ≥ 10');
if (!Number.isInteger(receiverCount) || receiverCount < 2) throw new Error('--receivers must be ≥ 2');
if (failingMode !== '500' && failingMode !== 'hang') throw new Error('--failing must be 500 or hang');

interface Receipt {
  id: number;
  /** The delivery's id (webhook-id msg_<id>). */
  delivery: number;
  /** The producer loop that raised the event. */
  producer: number;
  latencyMs: number;
  at: number;
}

/** A receiver on 127.0.0.1: answers 204, or fails. */
class Receiver {
  readonly receipts: Receipt[] = [];
  server: Server;
  url = '';
  constructor(readonly failing: boolean) {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const now = performance.now();
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          id: number;
          producer: number;
          raised: number;
        };
        const delivery = Number(String(request.headers['webhook-id']).replace(/^msg_/, ''));
        this.receipts.push({
          id: body.id,
          delivery,
          producer: body.producer,
          latencyMs: now - body.raised,
          at: now,
        });
        if (!this.failing) {
          response.writeHead(204).end();
        } else if (failingMode === '500') {
          response.writeHead(500, { 'content-type': 'text/plain' }).end('receiver is down');
        }
        // hang: never answered (the delivery times out after 5 s)
      });
    });
  }
  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }
  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

interface PhaseResult {
  phase: string;
  healthyDeliveries: number;
  expected: number;
  lost: number;
  duplicates: number;
  outOfOrder: number;
  produceMs: number;
  drainMs: number;
  deliveriesPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  failingReceived: number;
  failingQueued: number;
  load: string;
}

async function phase(name: string, withFailing: boolean): Promise<PhaseResult> {
  const url = await freshDatabase(DATABASE);
  const config = loadConfig({
    NODE_ENV: 'development',
    DATABASE_URL: url,
    DATA_DIR: path.join(os.tmpdir(), `lintel-bench-webhooks-${randomBytes(4).toString('hex')}`),
    SECRETS_KEY: randomBytes(32).toString('base64'),
    SEED_DEMO: 'false',
    RECONCILE_SANDBOXES: 'false',
    LOG_LEVEL: 'warn',
    WEBHOOKS_ALLOW_PRIVATE_DESTINATIONS: 'true',
  });
  const runtime: Runtime = await startRuntime(config, { workers: true, logger: { level: 'warn' } });
  const ctx: PlatformContext = runtime.platformHttp.context;
  const receivers = Array.from({ length: receiverCount }, (_, i) => new Receiver(withFailing && i === 0));
  await Promise.all(receivers.map((receiver) => receiver.start()));
  const now = new Date();
  const hooks: { id: number; url: string }[] = [];
  for (const receiver of receivers) {
    const row = await ctx.db
      .insertInto('platform_webhook_hooks')
      .values({
        company_id: 1,
        project_id: null,
        namespace: 'bench',
        api_version: 'v2.0',
        destination_url: receiver.url,
        destination_headers: JSON.stringify({ Authorization: 'Bearer bench' }),
        signing_secret_sealed: ctx.webhooks.secrets.seal(newSigningSecret()),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    hooks.push({ id: row.id, url: receiver.url });
  }

  // Producers: one transaction per event, as raiseEvent writes it.
  let next = 0;
  const started = performance.now();
  const raise = async (n: number, producer: number) => {
    await ctx.db.transaction().execute(async (trx) => {
      const at = new Date();
      const event = await trx
        .insertInto('platform_webhook_events')
        .values({
          ulid: ulid(),
          company_id: 1,
          project_id: 1,
          user_id: 1,
          resource_name: 'RFIs',
          resource_id: n,
          event_type: 'update',
          source_application_id: null,
          occurred_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const body = JSON.stringify({ id: n, producer, raised: performance.now() });
      const rows = await trx
        .insertInto('platform_webhook_deliveries')
        .values(
          hooks.map((hook) => ({
            hook_id: hook.id,
            event_id: event.id,
            destination_url: hook.url,
            body,
            status: 'queued' as const,
            redelivery_of: null,
            created_at: at,
          })),
        )
        .returning('id')
        .execute();
      await scheduleDeliveries(
        ctx,
        trx,
        rows.map((row) => row.id),
      );
    });
  };
  await Promise.all(
    Array.from({ length: producers }, async (_, producer) => {
      for (;;) {
        const n = next++;
        if (n >= events) return;
        if (rate > 0) {
          const due = started + (n / rate) * 1000;
          const wait = due - performance.now();
          if (wait > 0) await sleep(wait);
        }
        await raise(n, producer);
      }
    }),
  );
  const produceMs = performance.now() - started;
  const healthy = receivers.filter((receiver) => !receiver.failing);
  const expected = events * healthy.length;
  const deadline = performance.now() + 10 * 60_000;
  let lastProgress = performance.now();
  for (;;) {
    const got = healthy.reduce((sum, receiver) => sum + receiver.receipts.length, 0);
    if (got >= expected || performance.now() > deadline) break;
    if (performance.now() - lastProgress > 10_000) {
      console.log(`  ${name}: ${got} / ${expected} delivered to the healthy receivers`);
      lastProgress = performance.now();
    }
    await sleep(50);
  }
  // Whatever else arrives (duplicates) in the next second counts too.
  await sleep(1000);
  const last = Math.max(...healthy.flatMap((receiver) => receiver.receipts.map((receipt) => receipt.at)));
  const drainMs = last - started;
  let lost = 0;
  let duplicates = 0;
  let outOfOrder = 0;
  const latencies: number[] = [];
  for (const receiver of healthy) {
    const seen = new Set<number>();
    // Order: a producer raises its events one after another (each committed before the next starts), so
    // each receiver must get one producer's events in that order. Events of different producers are
    // concurrent transactions: they go out in the order they committed, which no id records.
    const previous = new Map<number, number>();
    for (const receipt of receiver.receipts) {
      if (seen.has(receipt.id)) duplicates++;
      seen.add(receipt.id);
      if (receipt.delivery < (previous.get(receipt.producer) ?? -1)) outOfOrder++;
      previous.set(receipt.producer, Math.max(previous.get(receipt.producer) ?? -1, receipt.delivery));
      latencies.push(receipt.latencyMs);
    }
    lost += events - seen.size;
  }
  latencies.sort((a, b) => a - b);
  const failing = receivers.find((receiver) => receiver.failing);
  const failingQueued = failing
    ? Number(
        (
          await ctx.db
            .selectFrom('platform_webhook_deliveries')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('destination_url', '=', failing.url)
            .where('status', 'in', ['queued', 'failing'])
            .executeTakeFirstOrThrow()
        ).n,
      )
    : 0;
  const result: PhaseResult = {
    phase: name,
    healthyDeliveries: healthy.reduce((sum, receiver) => sum + receiver.receipts.length, 0),
    expected,
    lost,
    duplicates,
    outOfOrder,
    produceMs,
    drainMs,
    deliveriesPerSecond: (expected - lost) / (drainMs / 1000),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    failingReceived: failing?.receipts.length ?? 0,
    failingQueued,
    load: loadAverage(),
  };
  await Promise.all(receivers.map((receiver) => receiver.close()));
  await runtime.close();
  if (!keepDb) await dropDatabase(DATABASE);
  return result;
}

const version = await checkPostgres();
console.log(
  `PostgreSQL ${version}; ${events} events × ${receiverCount} receivers, rate ${rate || 'max'}, ${producers} producers, failing receiver: ${failingMode}; load ${loadAverage()}`,
);
const results: PhaseResult[] = [];
if (only !== 'failing') results.push(await phase('all healthy (baseline)', false));
if (only !== 'baseline') results.push(await phase(`one failing (${failingMode})`, true));

const ms = (value: number) => `${value.toFixed(0)} ms`;
console.log(
  table(
    [
      'phase',
      'to healthy',
      'lost',
      'dup',
      'out of order',
      'raise 10k',
      'all delivered',
      'deliveries/s',
      'p50',
      'p95',
      'p99',
      'max',
      'failing got',
      'failing queued',
      'load after',
    ],
    results.map((r) => [
      r.phase,
      `${r.healthyDeliveries}/${r.expected}`,
      String(r.lost),
      String(r.duplicates),
      String(r.outOfOrder),
      `${(r.produceMs / 1000).toFixed(1)} s`,
      `${(r.drainMs / 1000).toFixed(1)} s`,
      r.deliveriesPerSecond.toFixed(0),
      ms(r.p50),
      ms(r.p95),
      ms(r.p99),
      ms(r.max),
      String(r.failingReceived),
      String(r.failingQueued),
      r.load,
    ]),
  ),
);
const bad = results.some((r) => r.lost > 0 || r.outOfOrder > 0);
process.exit(bad ? 1 : 0);
