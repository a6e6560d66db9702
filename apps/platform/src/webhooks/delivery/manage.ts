import { sql } from 'kysely';
import { ulid } from 'ulid';
import type { PlatformContext } from '../../context';
import type { PlatformDb } from '../../db/schema';
import type { HookHealth } from '../types';
import { DISCARD_AFTER_MS, scheduleDeliveries } from './engine';

const DAY_MS = 24 * 3600_000;

/**
 * A hook's health for the portal: its success rate over 24 hours (ok attempts among ok and failed ones),
 * whether its URL is paused and when it is tried next, and how many of its deliveries were discarded
 * (ever) or are waiting.
 */
export async function hookHealth(db: PlatformDb, hookId: number, now: Date): Promise<HookHealth | null> {
  const hook = await db
    .selectFrom('platform_webhook_hooks')
    .select('destination_url')
    .where('id', '=', hookId)
    .executeTakeFirst();
  if (!hook) return null;
  const since = new Date(now.getTime() - DAY_MS);
  const [attempts, counts, destination] = await Promise.all([
    db
      .selectFrom('platform_webhook_attempts as a')
      .innerJoin('platform_webhook_deliveries as d', 'd.id', 'a.delivery_id')
      .select([
        sql<number>`count(*) filter (where a.outcome = 'ok')::int`.as('ok'),
        sql<number>`count(*) filter (where a.outcome in ('retried', 'failed'))::int`.as('failed'),
      ])
      .where('d.hook_id', '=', hookId)
      .where('a.started_at', '>=', since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('platform_webhook_deliveries')
      .select([
        sql<number>`count(*) filter (where status = 'discarded')::int`.as('discarded'),
        sql<number>`count(*) filter (where status in ('queued', 'failing'))::int`.as('queued'),
      ])
      .where('hook_id', '=', hookId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('platform_webhook_destinations')
      .select(['failing_since', 'next_attempt_at'])
      .where('destination_url', '=', hook.destination_url)
      .executeTakeFirst(),
  ]);
  const tried = attempts.ok + attempts.failed;
  const failingSince = destination?.failing_since ?? null;
  return {
    hookId,
    successRate24h: tried === 0 ? null : attempts.ok / tried,
    state: !failingSince
      ? 'healthy'
      : now.getTime() - failingSince.getTime() >= DISCARD_AFTER_MS
        ? 'discarding'
        : 'backing_off',
    failingSince: failingSince?.toISOString() ?? null,
    nextAttemptAt: failingSince ? (destination?.next_attempt_at?.toISOString() ?? null) : null,
    discardedCount: counts.discarded,
    queuedCount: counts.queued,
  };
}

/** A delivery made again: its id, or null when there is nothing to redeliver. */
export interface Redelivery {
  id: number;
}

async function companyHook(ctx: PlatformContext, companyId: number, hookId: number) {
  return ctx.db
    .selectFrom('platform_webhook_hooks')
    .select(['id', 'destination_url', 'api_version', 'company_id', 'project_id'])
    .where('id', '=', hookId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

/**
 * Delivers a delivery again: a new delivery of the same body to the hook's URL (as it is now), queued
 * behind whatever waits for that URL. It keeps the original's `webhook-id` (redelivery_of names the
 * first delivery), so a receiver that deduplicates sees the same message. Null: no such delivery of a
 * hook of this company.
 */
export async function redeliver(
  ctx: PlatformContext,
  companyId: number,
  deliveryId: number,
): Promise<Redelivery | null> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const original = await trx
      .selectFrom('platform_webhook_deliveries as d')
      .innerJoin('platform_webhook_hooks as h', 'h.id', 'd.hook_id')
      .select([
        'd.id',
        'd.hook_id',
        'd.event_id',
        'd.body',
        'd.is_test',
        'd.redelivery_of',
        'h.destination_url',
      ])
      .where('d.id', '=', deliveryId)
      .where('h.company_id', '=', companyId)
      .executeTakeFirst();
    if (!original) return null;
    const row = await trx
      .insertInto('platform_webhook_deliveries')
      .values({
        hook_id: original.hook_id,
        event_id: original.event_id,
        destination_url: original.destination_url,
        body: original.body,
        status: 'queued',
        is_test: original.is_test,
        redelivery_of: original.redelivery_of ?? original.id,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await scheduleDeliveries(ctx, trx, [row.id]);
    return { id: row.id };
  });
}

/**
 * Redelivers every delivery of the hook that failed for good (discarded) since `since`, oldest first,
 * each once (a message already redelivered after it, and not failed again, is not repeated). Answers the new
 * deliveries' ids; null when the hook is not this company's.
 */
export async function redeliverFailedSince(
  ctx: PlatformContext,
  companyId: number,
  hookId: number,
  since: Date,
): Promise<Redelivery[] | null> {
  const now = ctx.now();
  const hook = await companyHook(ctx, companyId, hookId);
  if (!hook) return null;
  return ctx.db.transaction().execute(async (trx) => {
    const failed = await trx
      .selectFrom('platform_webhook_deliveries as d')
      .select(['d.id', 'd.event_id', 'd.body', 'd.is_test', 'd.redelivery_of'])
      .where('d.hook_id', '=', hookId)
      .where('d.status', '=', 'discarded')
      .where('d.created_at', '>=', since)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('platform_webhook_deliveries as r')
              .select('r.id')
              .where('r.redelivery_of', '=', sql<number>`coalesce(d.redelivery_of, d.id)`)
              .whereRef('r.id', '>', 'd.id')
              .where('r.status', 'in', ['queued', 'ok']),
          ),
        ),
      )
      .orderBy('d.id')
      .limit(10_000)
      .execute();
    if (failed.length === 0) return [];
    const rows = await trx
      .insertInto('platform_webhook_deliveries')
      .values(
        failed.map((original) => ({
          hook_id: hookId,
          event_id: original.event_id,
          destination_url: hook.destination_url,
          body: original.body,
          status: 'queued' as const,
          is_test: original.is_test,
          redelivery_of: original.redelivery_of ?? original.id,
          created_at: now,
        })),
      )
      .returning('id')
      .execute();
    await scheduleDeliveries(
      ctx,
      trx,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ id: row.id }));
  });
}

/** An ISO-8601 UTC timestamp with microseconds, as the payloads carry (webhooks.md §4). */
function microsecondTimestamp(at: Date): string {
  return at.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/**
 * The body of a test event in the hook's payload version: every field of that version, with the
 * resource "Test" and the event type (v4.0: reason) "test", ids 0 where no record stands behind them.
 */
export function testEventBody(
  hook: { api_version: string; company_id: number; project_id: number | null },
  at: Date,
): string {
  if (hook.api_version === 'v4.0') {
    return JSON.stringify({
      id: ulid(at.getTime()),
      timestamp: microsecondTimestamp(at),
      reason: 'test',
      company_id: String(hook.company_id),
      project_id: hook.project_id === null ? null : String(hook.project_id),
      user_id: null,
      resource_type: 'Test',
      resource_id: '0',
    });
  }
  return JSON.stringify({
    id: 0,
    ulid: ulid(at.getTime()),
    timestamp: microsecondTimestamp(at),
    event_type: 'test',
    resource_name: 'Test',
    resource_id: 0,
    company_id: hook.company_id,
    ...(hook.project_id === null ? {} : { project_id: hook.project_id }),
    user_id: null,
    api_version: 'v2.0',
    metadata: {
      source_user_id: null,
      source_company_id: hook.company_id,
      source_project_id: hook.project_id,
      source_application_id: null,
      source_operation_id: null,
    },
  });
}

/** "Send test event": a test delivery (is_test) to the hook, queued like any other. Null: no such hook. */
export async function sendTestEvent(
  ctx: PlatformContext,
  companyId: number,
  hookId: number,
): Promise<Redelivery | null> {
  const now = ctx.now();
  const hook = await companyHook(ctx, companyId, hookId);
  if (!hook) return null;
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('platform_webhook_deliveries')
      .values({
        hook_id: hook.id,
        event_id: null,
        destination_url: hook.destination_url,
        body: testEventBody(hook, now),
        status: 'queued',
        is_test: true,
        redelivery_of: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await scheduleDeliveries(ctx, trx, [row.id]);
    return { id: row.id };
  });
}
