import { monotonicFactory } from 'ulid';
import type { PlatformContext } from '../context';
import type { PlatformDb } from '../db/schema';
import { scheduleDeliveries } from './delivery/index';
import { payloadBody, storedEvent } from './payloads';
import type { Executor, WebhookApiVersion, WebhookEventInput } from './types';

// Monotonic: two events of the same millisecond still sort in the order they were raised.
const nextUlid = monotonicFactory();

/**
 * A change made through the sample API, raised in the transaction that made it (`executor`), so the
 * event, its deliveries and their jobs exist exactly when the change does:
 * - records the event (a ULID, the time of the change);
 * - finds the hooks it triggers: the company's hooks, and the hooks of the event's project, with a
 *   trigger on (resource, event type);
 * - writes one queued delivery per hook with the exact body of the hook's payload version
 *   (webhooks.md §4), and hands them to the delivery engine (`scheduleDeliveries`).
 * Returns the event id and the deliveries made.
 */
export async function raiseEvent(
  ctx: PlatformContext,
  executor: Executor,
  event: WebhookEventInput,
): Promise<{ eventId: number; deliveryIds: number[] }> {
  const db = executor as unknown as PlatformDb;
  const now = ctx.now();
  const row = await db
    .insertInto('platform_webhook_events')
    .values({
      ulid: nextUlid(now.getTime()),
      company_id: event.companyId,
      project_id: event.projectId,
      user_id: event.userId,
      resource_name: event.resourceName,
      resource_id: event.resourceId,
      event_type: event.eventType,
      source_application_id: event.sourceApplicationId,
      occurred_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const stored = storedEvent(row);
  const hooks = await db
    .selectFrom('platform_webhook_triggers as t')
    .innerJoin('platform_webhook_hooks as h', 'h.id', 't.hook_id')
    .select(['h.id', 'h.api_version', 'h.destination_url'])
    // The trigger's own company, resource and event type: the (company_id, resource_name, event_type) index.
    .where('t.company_id', '=', event.companyId)
    .where('t.resource_name', '=', event.resourceName)
    .where('t.event_type', '=', event.eventType)
    .where((eb) =>
      event.projectId === null
        ? eb('h.project_id', 'is', null)
        : eb.or([eb('h.project_id', 'is', null), eb('h.project_id', '=', event.projectId)]),
    )
    .orderBy('h.id')
    .execute();
  if (hooks.length === 0) return { eventId: stored.id, deliveryIds: [] };
  const deliveries = await db
    .insertInto('platform_webhook_deliveries')
    .values(
      hooks.map((hook) => ({
        hook_id: hook.id,
        event_id: stored.id,
        destination_url: hook.destination_url,
        body: payloadBody(stored, hook.api_version as WebhookApiVersion),
        status: 'queued' as const,
        created_at: now,
      })),
    )
    .returning('id')
    .execute();
  const deliveryIds = deliveries.map((delivery) => Number(delivery.id)).sort((a, b) => a - b);
  await scheduleDeliveries(ctx, executor, deliveryIds);
  return { eventId: stored.id, deliveryIds };
}
