import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { PlatformContext } from '../../context';
import type { Executor } from '../types';
import { DELIVERY_TIMEOUT_MS, type PostOutcome, postWebhook } from './post';
import { signatureHeader, signingSecrets } from './secrets';

/**
 * The delivery engine (issue 22, webhooks.md §5). Deliveries to one destination URL go out one at a
 * time, in the order they were made: a worker takes the URL (a lease on its platform_webhook_destinations
 * row), posts its oldest pending delivery, records the attempt, and goes on while they succeed. A failure
 * pauses the whole URL: the failing delivery is tried again after 1 s, 2 s, 4 s … up to 1 h, and every
 * later delivery to that URL waits behind it; after 12 hours of failure every delivery waiting for the
 * URL is discarded and the URL starts afresh. Any success resets it.
 *
 * The jobs are pg-boss jobs in the portal's queue (`ctx.webhooks.jobs`), one per "this URL has work",
 * so a worker never sleeps on a failing URL: a paused URL's job is sent with startAfter = the next
 * attempt's time, and other URLs' jobs run meanwhile. At least once: a delivery is recorded only after
 * its answer, so a worker killed in the middle leaves it pending; its lease runs out and the sweeper
 * (or pg-boss retrying the job, whose heartbeat stopped) hands the URL to another worker, which posts it
 * again with the same `webhook-id`.
 */

export const DELIVER_QUEUE = 'webhooks.deliver';
export const FIRST_BACKOFF_MS = 1000;
export const MAX_BACKOFF_MS = 3600_000;
export const DISCARD_AFTER_MS = 12 * 3600_000;
/** How long a worker's hold on a URL lasts without renewal (renewed after every delivery). */
export const LEASE_MS = 30_000;
/** A worker drains one URL this long, then hands it to a new job (fairness between busy URLs). */
export const SLICE_MS = 10_000;

export interface DeliverJob {
  url: string;
}

export const USER_AGENT = 'Lintel-Webhooks/1.0';

/**
 * Queues the delivery of these (new, queued) deliveries, in the executor's transaction: one job per
 * destination URL, so the jobs exist if and only if the deliveries do.
 */
export async function scheduleDeliveries(
  ctx: PlatformContext,
  executor: Executor,
  deliveryIds: readonly number[],
): Promise<void> {
  if (deliveryIds.length === 0) return;
  const rows: { destination_url: string }[] = await executor
    .selectFrom('platform_webhook_deliveries')
    .select('destination_url')
    .distinct()
    .where('id', 'in', [...deliveryIds])
    .execute();
  const jobs = ctx.webhooks.jobs;
  if (jobs.insert && rows.length > 1) {
    // An event for many hooks: one statement for all its URLs' jobs, inside the change's transaction.
    await jobs.insert(
      executor,
      DELIVER_QUEUE,
      rows.map((row) => ({
        data: { url: row.destination_url } satisfies DeliverJob,
        singletonKey: row.destination_url,
      })),
    );
    return;
  }
  for (const row of rows) {
    await jobs.send(executor, DELIVER_QUEUE, { url: row.destination_url } satisfies DeliverJob, {
      singletonKey: row.destination_url,
    });
  }
}

/** The backoff before the next attempt after `failures` consecutive failures (1 s doubling, 1 h cap). */
export function backoffMs(failures: number): number {
  if (failures <= 1) return FIRST_BACKOFF_MS;
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.min(failures - 1, 32));
}

export interface DrainOptions {
  /** Stop after this long and leave the rest to a new job (default SLICE_MS). */
  sliceMs?: number;
  leaseMs?: number;
  timeoutMs?: number;
  /**
   * Abandons the drain at once, as a killed process would: the request in flight is dropped, nothing
   * is recorded and the lease is kept until it runs out (tests of at-least-once; shutdown).
   */
  signal?: AbortSignal;
}

export type DrainResult = 'busy' | 'idle' | 'paused' | 'sliced' | 'discarded' | 'abandoned';

interface DestinationState {
  failing_since: Date | null;
  consecutive_failures: number;
  next_attempt_at: Date | null;
}

/**
 * The job: takes the URL if no live worker holds it, then posts its pending deliveries in order until
 * none is left, one fails, or the slice is used up. Answers what happened (tests).
 */
export async function drainDestination(
  ctx: PlatformContext,
  url: string,
  options: DrainOptions = {},
): Promise<DrainResult> {
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const token = randomUUID();
  const state = await acquire(ctx, url, token, leaseMs);
  if (!state) return 'busy';
  let keepLease = false;
  let result: DrainResult = 'idle';
  try {
    result = await drainHeld(ctx, url, token, state, options);
    keepLease = result === 'abandoned';
    return result;
  } finally {
    if (!keepLease) {
      await release(ctx, url, token);
      // A job sent while this worker held the URL found it busy and left its delivery to this worker:
      // if one came in after the last look, the URL gets a new job.
      if (result === 'idle' && (await hasReadyWork(ctx, url))) {
        await ctx.webhooks.jobs.send(ctx.db, DELIVER_QUEUE, { url } satisfies DeliverJob, {
          singletonKey: url,
        });
      }
    }
  }
}

async function acquire(
  ctx: PlatformContext,
  url: string,
  token: string,
  leaseMs: number,
): Promise<DestinationState | undefined> {
  const until = sql<Date>`now() + ${`${leaseMs} milliseconds`}::interval`;
  return ctx.db
    .insertInto('platform_webhook_destinations')
    .values({ destination_url: url, lease_token: token, lease_until: until })
    .onConflict((conflict) =>
      conflict
        .column('destination_url')
        .doUpdateSet({ lease_token: token, lease_until: until })
        .where((eb) =>
          eb.or([
            eb('platform_webhook_destinations.lease_until', 'is', null),
            eb('platform_webhook_destinations.lease_until', '<', sql<Date>`now()`),
          ]),
        ),
    )
    .returning(['failing_since', 'consecutive_failures', 'next_attempt_at'])
    .executeTakeFirst();
}

async function release(ctx: PlatformContext, url: string, token: string): Promise<void> {
  await ctx.db
    .updateTable('platform_webhook_destinations')
    .set({ lease_token: null, lease_until: null })
    .where('destination_url', '=', url)
    .where('lease_token', '=', token)
    .execute();
}

/** Whether the URL has a pending delivery that is due now (not waiting for a backoff). */
async function hasReadyWork(ctx: PlatformContext, url: string): Promise<boolean> {
  const found = await ctx.db
    .selectFrom('platform_webhook_deliveries as d')
    .leftJoin('platform_webhook_destinations as s', 's.destination_url', 'd.destination_url')
    .select('d.id')
    .where('d.destination_url', '=', url)
    .where('d.status', 'in', ['queued', 'failing'])
    .where((eb) => eb.or([eb('s.next_attempt_at', 'is', null), eb('s.next_attempt_at', '<=', ctx.now())]))
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}

interface PendingDelivery {
  id: number;
  hook_id: number;
  body: string;
  attempts: number;
  redelivery_of: number | null;
  destination_headers: Record<string, string>;
  signing_secret_sealed: string;
  previous_signing_secret_sealed: string | null;
  previous_secret_expires_at: Date | null;
}

/** Deliveries fetched at once from a URL's queue (posted one by one, in order). */
const PENDING_BATCH = 25;

/** The oldest pending deliveries of the URL, oldest first. */
async function nextPending(ctx: PlatformContext, url: string): Promise<PendingDelivery[]> {
  return ctx.db
    .selectFrom('platform_webhook_deliveries as d')
    .innerJoin('platform_webhook_hooks as h', 'h.id', 'd.hook_id')
    .select([
      'd.id',
      'd.hook_id',
      'd.body',
      'd.attempts',
      'd.redelivery_of',
      'h.destination_headers',
      'h.signing_secret_sealed',
      'h.previous_signing_secret_sealed',
      'h.previous_secret_expires_at',
    ])
    .where('d.destination_url', '=', url)
    .where('d.status', 'in', ['queued', 'failing'])
    .orderBy('d.id')
    .limit(PENDING_BATCH)
    .execute();
}

/** The Standard Webhooks message id: the same for every attempt and every redelivery of one delivery. */
export function messageId(delivery: { id: number; redelivery_of: number | null }): string {
  return `msg_${delivery.redelivery_of ?? delivery.id}`;
}

async function drainHeld(
  ctx: PlatformContext,
  url: string,
  token: string,
  initial: DestinationState,
  options: DrainOptions,
): Promise<DrainResult> {
  const sliceEnds = Date.now() + (options.sliceMs ?? SLICE_MS);
  const leaseMs = options.leaseMs ?? LEASE_MS;
  let state = initial;
  let leaseRenewedAt = Date.now();
  let pending: PendingDelivery[] = [];
  // Successes are recorded together, one statement (one commit) per batch: a worker killed before the
  // record delivers them again, which at-least-once allows.
  const done: Success[] = [];
  const flush = async () => {
    if (done.length > 0) await recordSuccesses(ctx, done.splice(0));
  };
  for (;;) {
    const now = ctx.now();
    if (state.next_attempt_at && state.next_attempt_at.getTime() > now.getTime()) {
      // Paused: a job waits for next_attempt_at. This one ran early (sent for a new event, or a clock
      // ahead of the database's): it makes sure that one exists (dropped if a job already waits).
      await ctx.webhooks.jobs.send(ctx.db, DELIVER_QUEUE, { url } satisfies DeliverJob, {
        singletonKey: url,
        startAfter: state.next_attempt_at,
      });
      return 'paused';
    }
    if (pending.length === 0) {
      await flush();
      pending = await nextPending(ctx, url);
      if (pending.length === 0) return 'idle';
    }
    const delivery = pending.shift() as PendingDelivery;
    if (Date.now() >= sliceEnds) {
      await flush();
      await ctx.webhooks.jobs.send(ctx.db, DELIVER_QUEUE, { url } satisfies DeliverJob, {
        singletonKey: url,
      });
      return 'sliced';
    }
    const outcome = await attempt(ctx, url, delivery, options);
    if (outcome === 'abandoned') return 'abandoned';
    const completedAt = ctx.now();
    const renew = Date.now() - leaseRenewedAt > leaseMs / 3;
    const clean = !state.failing_since && state.consecutive_failures === 0 && !state.next_attempt_at;
    if (outcome.result.ok && clean && !renew) {
      done.push({ delivery, attempt: outcome, completedAt });
      continue;
    }
    await flush();
    const next = await goneIsFine(
      ctx.db.transaction().execute(async (trx) => {
        if (outcome.result.ok) {
          await recordAttempt(trx, delivery.id, 'ok', outcome, completedAt);
          await trx
            .updateTable('platform_webhook_deliveries')
            .set({
              status: 'ok',
              attempts: delivery.attempts + 1,
              next_attempt_at: null,
              completed_at: completedAt,
            })
            .where('id', '=', delivery.id)
            .execute();
          const cleared: DestinationState = {
            failing_since: null,
            consecutive_failures: 0,
            next_attempt_at: null,
          };
          if (state.failing_since || state.consecutive_failures > 0 || state.next_attempt_at || renew) {
            await updateDestination(trx, url, token, cleared, renew ? leaseMs : null);
          }
          return { state: cleared, discarded: false };
        }
        const failingSince = state.failing_since ?? outcome.startedAt;
        if (completedAt.getTime() - failingSince.getTime() >= DISCARD_AFTER_MS) {
          await recordAttempt(trx, delivery.id, 'failed', outcome, completedAt);
          await trx
            .updateTable('platform_webhook_deliveries')
            .set({
              status: 'discarded',
              attempts: delivery.attempts + 1,
              next_attempt_at: null,
              completed_at: completedAt,
            })
            .where('id', '=', delivery.id)
            .execute();
          await discardQueue(trx, url, completedAt);
          const fresh: DestinationState = {
            failing_since: null,
            consecutive_failures: 0,
            next_attempt_at: null,
          };
          await updateDestination(trx, url, token, fresh, leaseMs);
          return { state: fresh, discarded: true };
        }
        const failures = state.consecutive_failures + 1;
        const discardAt = failingSince.getTime() + DISCARD_AFTER_MS;
        const nextAt = new Date(Math.min(completedAt.getTime() + backoffMs(failures), discardAt));
        await recordAttempt(trx, delivery.id, 'retried', outcome, completedAt);
        await trx
          .updateTable('platform_webhook_deliveries')
          .set({ status: 'failing', attempts: delivery.attempts + 1, next_attempt_at: nextAt })
          .where('id', '=', delivery.id)
          .execute();
        const paused: DestinationState = {
          failing_since: failingSince,
          consecutive_failures: failures,
          next_attempt_at: nextAt,
        };
        await updateDestination(trx, url, token, paused, leaseMs);
        await ctx.webhooks.jobs.send(trx, DELIVER_QUEUE, { url } satisfies DeliverJob, {
          singletonKey: url,
          startAfter: nextAt,
        });
        return { state: paused, discarded: false };
      }),
    );
    if (next === undefined) {
      // The hook was deleted while its delivery was out: nothing to record; look at the queue again.
      pending = [];
      continue;
    }
    if (renew) leaseRenewedAt = Date.now();
    state = next.state;
    if (next.discarded) return 'discarded';
    if (state.next_attempt_at) return 'paused';
  }
}

/** What `work` answers, or undefined when the delivery was deleted meanwhile (its hook was). */
async function goneIsFine<T>(work: Promise<T>): Promise<T | undefined> {
  try {
    return await work;
  } catch (error) {
    if ((error as { code?: string }).code === '23503') return undefined;
    throw error;
  }
}

interface AttemptResult {
  result: PostOutcome;
  requestHeaders: Record<string, string>;
  startedAt: Date;
}

async function attempt(
  ctx: PlatformContext,
  url: string,
  delivery: PendingDelivery,
  options: DrainOptions,
): Promise<AttemptResult | 'abandoned'> {
  const startedAt = ctx.now();
  const msgId = messageId(delivery);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': msgId,
    'webhook-timestamp': String(Math.floor(startedAt.getTime() / 1000)),
  };
  try {
    headers['webhook-signature'] = signatureHeader(
      signingSecrets(ctx.webhooks.secrets, delivery, startedAt),
      msgId,
      startedAt,
      delivery.body,
    );
  } catch (error) {
    // A secret that does not open (SECRETS_KEY changed): nothing unsigned goes out; retried like a failure.
    return {
      result: { ok: false, status: null, headers: null, body: null, error: `Not signed: ${String(error)}` },
      requestHeaders: headers,
      startedAt,
    };
  }
  const authorization = delivery.destination_headers?.Authorization;
  const sent = authorization ? { ...headers, authorization } : headers;
  try {
    const result = await postWebhook(url, sent, delivery.body, {
      allowPrivate: ctx.webhooks.allowPrivateDestinations,
      timeoutMs: options.timeoutMs ?? DELIVERY_TIMEOUT_MS,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    // The log shows that an Authorization header went, never its value.
    return {
      result,
      requestHeaders: authorization ? { ...headers, authorization: '[set]' } : headers,
      startedAt,
    };
  } catch (error) {
    if (options.signal?.aborted) return 'abandoned';
    throw error;
  }
}

interface Success {
  delivery: PendingDelivery;
  attempt: AttemptResult;
  completedAt: Date;
}

/** Records successful deliveries and their attempts in one statement. */
async function recordSuccesses(ctx: PlatformContext, successes: Success[]): Promise<void> {
  const rows = successes.map(
    ({ delivery, attempt, completedAt }) =>
      sql`(${delivery.id}::bigint, ${delivery.attempts + 1}::int, ${JSON.stringify(attempt.requestHeaders)}::jsonb,
        ${attempt.result.status}::smallint, ${attempt.result.headers ? JSON.stringify(attempt.result.headers) : null}::jsonb,
        ${attempt.result.body}::text, ${attempt.startedAt}::timestamptz, ${completedAt}::timestamptz)`,
  );
  const statement = sql`with done (id, attempts, request_headers, status, headers, body, started_at, completed_at) as (
      values ${sql.join(rows)}
    ),
    logged as (
      insert into platform_webhook_attempts
        (delivery_id, outcome, request_headers, response_status, response_headers, response_body,
         response_error, started_at, completed_at)
      select id, 'ok', request_headers, status, headers, body, null, started_at, completed_at from done
    )
    update platform_webhook_deliveries d
    set status = 'ok', attempts = done.attempts, next_attempt_at = null, completed_at = done.completed_at
    from done
    where d.id = done.id`;
  try {
    await statement.execute(ctx.db);
  } catch (error) {
    if ((error as { code?: string }).code !== '23503' || successes.length === 1) {
      if ((error as { code?: string }).code === '23503') return;
      throw error;
    }
    // A hook was deleted while its deliveries were out: record the others one by one.
    for (const success of successes) await recordSuccesses(ctx, [success]);
  }
}

async function recordAttempt(
  trx: Executor,
  deliveryId: number,
  outcome: 'ok' | 'retried' | 'failed',
  attempt: AttemptResult,
  completedAt: Date,
): Promise<void> {
  await trx
    .insertInto('platform_webhook_attempts')
    .values({
      delivery_id: deliveryId,
      outcome,
      request_headers: JSON.stringify(attempt.requestHeaders),
      response_status: attempt.result.status,
      response_headers: attempt.result.headers ? JSON.stringify(attempt.result.headers) : null,
      response_body: attempt.result.body,
      response_error: attempt.result.error,
      started_at: attempt.startedAt,
      completed_at: completedAt,
    })
    .execute();
}

async function updateDestination(
  trx: Executor,
  url: string,
  token: string,
  state: DestinationState,
  renewLeaseMs: number | null,
): Promise<void> {
  await trx
    .updateTable('platform_webhook_destinations')
    .set({
      failing_since: state.failing_since,
      consecutive_failures: state.consecutive_failures,
      next_attempt_at: state.next_attempt_at,
      ...(renewLeaseMs
        ? { lease_until: sql<Date>`now() + ${`${renewLeaseMs} milliseconds`}::interval` }
        : {}),
    })
    .where('destination_url', '=', url)
    .where('lease_token', '=', token)
    .execute();
}

export const DISCARD_REASON = 'Discarded: the destination failed for 12 hours; its queue was flushed';

/** Every delivery still waiting for the URL is discarded, each with a `discarded` attempt saying why. */
async function discardQueue(trx: Executor, url: string, at: Date): Promise<number> {
  const waiting: { id: number }[] = await trx
    .updateTable('platform_webhook_deliveries')
    .set({ status: 'discarded', next_attempt_at: null, completed_at: at })
    .where('destination_url', '=', url)
    .where('status', 'in', ['queued', 'failing'])
    .returning('id')
    .execute();
  if (waiting.length === 0) return 0;
  await trx
    .insertInto('platform_webhook_attempts')
    .values(
      waiting.map((row) => ({
        delivery_id: row.id,
        outcome: 'discarded' as const,
        request_headers: '{}',
        response_status: null,
        response_headers: null,
        response_body: null,
        response_error: DISCARD_REASON,
        started_at: at,
        completed_at: at,
      })),
    )
    .execute();
  return waiting.length;
}

/**
 * Sends a job for every URL that has deliveries due and no live worker: what a killed worker left
 * behind (its lease ran out), or a job lost any other way. The server runs it every few seconds.
 */
export async function sweepDestinations(ctx: PlatformContext): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('platform_webhook_deliveries as d')
    .leftJoin('platform_webhook_destinations as s', 's.destination_url', 'd.destination_url')
    .select('d.destination_url')
    .distinct()
    .where('d.status', 'in', ['queued', 'failing'])
    .where((eb) =>
      eb.and([
        eb.or([eb('s.lease_until', 'is', null), eb('s.lease_until', '<', sql<Date>`now()`)]),
        eb.or([eb('s.next_attempt_at', 'is', null), eb('s.next_attempt_at', '<=', ctx.now())]),
      ]),
    )
    .execute();
  for (const row of rows) {
    // Its own key: a job waiting for a later time under the URL's key does not hold this one back.
    await ctx.webhooks.jobs.send(ctx.db, DELIVER_QUEUE, { url: row.destination_url } satisfies DeliverJob, {
      singletonKey: `sweep:${row.destination_url}`,
    });
  }
  return rows.map((row) => row.destination_url);
}

/** A job as the portal's queue registers it (its JobDefinition). */
export interface WebhookJobDefinition {
  name: string;
  retryLimit: number;
  retryDelaySeconds: number;
  heartbeatSeconds: number;
  /** At most one waiting job per URL: the jobs of a burst of events to one URL collapse into one. */
  policy: 'short';
  batchSize: number;
  concurrency: number;
  handle(data: DeliverJob): Promise<void>;
}

/**
 * The queue the server declares and works. A job whose worker died (heartbeat stopped) is retried;
 * by then the dead worker's lease has run out or soon will (the sweeper covers the gap).
 */
export function webhookDeliveryJobs(ctx: PlatformContext): WebhookJobDefinition[] {
  return [
    {
      name: DELIVER_QUEUE,
      retryLimit: 10,
      retryDelaySeconds: 1,
      heartbeatSeconds: 30,
      policy: 'short',
      batchSize: 1,
      concurrency: 10,
      handle: async (job) => {
        await drainDestination(ctx, job.url);
      },
    },
  ];
}

/** Runs the sweeper every `intervalMs` until stopped (the server, while its workers run). */
export function startDeliverySweeper(
  ctx: PlatformContext,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): { stop(): void } {
  const timer = setInterval(() => {
    sweepDestinations(ctx).catch((error) => options.onError?.(error));
  }, options.intervalMs ?? 15_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
