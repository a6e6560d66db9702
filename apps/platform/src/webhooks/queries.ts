import type { PlatformDb, PlatformWebhookAttemptRow } from '../db/schema';
import { type PayloadV2, payloadV2, storedEvent } from './payloads';
import type { AttemptView, DeliveryDetail, DeliveryQuery, DeliveryStatus, DeliveryView } from './types';

const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function attemptView(row: PlatformWebhookAttemptRow): AttemptView {
  const startedAt = new Date(row.started_at);
  const completedAt = new Date(row.completed_at);
  return {
    id: Number(row.id),
    outcome: row.outcome,
    requestHeaders: row.request_headers ?? {},
    responseStatus: row.response_status,
    responseHeaders: row.response_headers,
    responseBody: row.response_body,
    responseError: row.response_error,
    startedAt: startedAt.toISOString(),
    completedAt: completedAt.toISOString(),
    durationMs: Math.max(0, completedAt.getTime() - startedAt.getTime()),
  };
}

/** The newest attempt of each delivery, by delivery id. */
export async function latestAttempts(
  db: PlatformDb,
  deliveryIds: number[],
): Promise<Map<number, PlatformWebhookAttemptRow>> {
  if (deliveryIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('platform_webhook_attempts')
    .selectAll()
    .distinctOn('delivery_id')
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('delivery_id')
    .orderBy('id', 'desc')
    .execute();
  return new Map(rows.map((row) => [Number(row.delivery_id), row]));
}

/** Deliveries of a company's hooks, joined with their event (none for a test event). */
export function deliveryRows(db: PlatformDb, companyId: number) {
  return db
    .selectFrom('platform_webhook_deliveries as d')
    .innerJoin('platform_webhook_hooks as h', 'h.id', 'd.hook_id')
    .leftJoin('platform_webhook_events as e', 'e.id', 'd.event_id')
    .where('h.company_id', '=', companyId);
}

const DELIVERY_COLUMNS = [
  'd.id',
  'd.hook_id',
  'd.event_id',
  'd.destination_url',
  'd.body',
  'd.status',
  'd.is_test',
  'd.redelivery_of',
  'd.attempts',
  'd.next_attempt_at',
  'd.created_at',
  'd.completed_at',
  'e.resource_name',
  'e.event_type',
] as const;

type DeliveryRow = {
  id: number;
  hook_id: number;
  event_id: number | null;
  destination_url: string;
  body: string;
  status: DeliveryStatus;
  is_test: boolean;
  redelivery_of: number | null;
  attempts: number;
  next_attempt_at: Date | null;
  created_at: Date;
  completed_at: Date | null;
  resource_name: string | null;
  event_type: string | null;
};

function deliveryView(row: DeliveryRow, last: PlatformWebhookAttemptRow | undefined): DeliveryView {
  return {
    id: Number(row.id),
    hookId: Number(row.hook_id),
    eventId: row.event_id === null ? null : Number(row.event_id),
    resourceName: row.resource_name,
    eventType: row.event_type,
    status: row.status,
    isTest: row.is_test,
    redeliveryOf: row.redelivery_of === null ? null : Number(row.redelivery_of),
    attempts: Number(row.attempts),
    nextAttemptAt: isoOrNull(row.next_attempt_at),
    createdAt: new Date(row.created_at).toISOString(),
    completedAt: isoOrNull(row.completed_at),
    lastAttempt: last ? attemptView(last) : null,
  };
}

/**
 * The deliveries log of a company (the portal's): newest first, filtered by hook, status, resource, event
 * type and creation time, `before` the last id of the previous page; each with its last attempt.
 */
export async function listDeliveries(db: PlatformDb, query: DeliveryQuery): Promise<DeliveryView[]> {
  let rows = deliveryRows(db, query.companyId).select(DELIVERY_COLUMNS);
  if (query.hookId !== undefined) rows = rows.where('d.hook_id', '=', query.hookId);
  if (query.status !== undefined) rows = rows.where('d.status', '=', query.status);
  if (query.resourceName !== undefined) rows = rows.where('e.resource_name', '=', query.resourceName);
  if (query.eventType !== undefined) rows = rows.where('e.event_type', '=', query.eventType);
  if (query.from !== undefined) rows = rows.where('d.created_at', '>=', query.from);
  if (query.to !== undefined) rows = rows.where('d.created_at', '<=', query.to);
  if (query.before !== undefined) rows = rows.where('d.id', '<', query.before);
  const page = (await rows
    .orderBy('d.id', 'desc')
    .limit(Math.max(1, Math.min(query.limit, 1000)))
    .execute()) as DeliveryRow[];
  const last = await latestAttempts(
    db,
    page.map((row) => Number(row.id)),
  );
  return page.map((row) => deliveryView(row, last.get(Number(row.id))));
}

/** One delivery of the company with the exact body sent and every attempt (oldest first); null when not the company's. */
export async function deliveryDetail(
  db: PlatformDb,
  companyId: number,
  deliveryId: number,
): Promise<DeliveryDetail | null> {
  if (!Number.isSafeInteger(deliveryId) || deliveryId <= 0) return null;
  const row = (await deliveryRows(db, companyId)
    .select(DELIVERY_COLUMNS)
    .where('d.id', '=', deliveryId)
    .executeTakeFirst()) as DeliveryRow | undefined;
  if (!row) return null;
  const attempts = await db
    .selectFrom('platform_webhook_attempts')
    .selectAll()
    .where('delivery_id', '=', row.id)
    .orderBy('id')
    .execute();
  return {
    ...deliveryView(row, attempts.at(-1)),
    destinationUrl: row.destination_url,
    body: row.body,
    attemptsLog: attempts.map(attemptView),
  };
}

/** `filters[status]` of the REST deliveries list (webhooks.md §2) as delivery statuses; undefined: any. */
export const REST_DELIVERY_STATUSES: Record<string, DeliveryStatus[] | undefined> = {
  any: undefined,
  successful: ['ok'],
  failing: ['failing'],
  discarded: ['discarded'],
};

/**
 * One page of a hook's deliveries as the REST API answers them (webhooks.md §3 Delivery): newest first,
 * after the cursor (`page_start`, the last id of the previous page), each from its row and latest attempt,
 * with `event` in the v2 shape whatever the hook's version (a test event: its body as sent).
 */
export async function restDeliveries(
  db: PlatformDb,
  companyId: number,
  hookId: number,
  options: { statuses: DeliveryStatus[] | undefined; pageStart: number | undefined; pageSize: number },
) {
  let rows = db
    .selectFrom('platform_webhook_deliveries as d')
    .innerJoin('platform_webhook_hooks as h', 'h.id', 'd.hook_id')
    .leftJoin('platform_webhook_events as e', 'e.id', 'd.event_id')
    .select([
      'd.id',
      'd.event_id',
      'd.body',
      'e.id as e_id',
      'e.ulid',
      'e.company_id',
      'e.project_id',
      'e.user_id',
      'e.resource_name',
      'e.resource_id',
      'e.event_type',
      'e.source_application_id',
      'e.occurred_at',
    ])
    .where('h.company_id', '=', companyId)
    .where('d.hook_id', '=', hookId);
  if (options.statuses) rows = rows.where('d.status', 'in', options.statuses);
  if (options.pageStart !== undefined) rows = rows.where('d.id', '<', options.pageStart);
  const page = await rows.orderBy('d.id', 'desc').limit(options.pageSize).execute();
  const last = await latestAttempts(
    db,
    page.map((row) => Number(row.id)),
  );
  return page.map((row) => {
    const attempt = last.get(Number(row.id));
    let event: PayloadV2 | unknown = null;
    if (row.e_id !== null && row.ulid !== null) {
      event = payloadV2(
        storedEvent({
          id: row.e_id,
          ulid: row.ulid,
          company_id: row.company_id as number,
          project_id: row.project_id,
          user_id: row.user_id,
          resource_name: row.resource_name as string,
          resource_id: row.resource_id as number,
          event_type: row.event_type as string,
          source_application_id: row.source_application_id,
          occurred_at: row.occurred_at as Date,
        }),
      );
    } else {
      try {
        event = JSON.parse(row.body);
      } catch {
        event = null;
      }
    }
    return {
      id: Number(row.id),
      event_id: row.event_id === null ? null : Number(row.event_id),
      event,
      outcome: attempt?.outcome ?? null,
      response_status: attempt?.response_status ?? null,
      response_headers: attempt?.response_headers ?? null,
      response_body: attempt?.response_body ?? null,
      response_error: attempt?.response_error ?? null,
      started_at: attempt ? new Date(attempt.started_at).toISOString() : null,
      completed_at: attempt ? new Date(attempt.completed_at).toISOString() : null,
    };
  });
}
