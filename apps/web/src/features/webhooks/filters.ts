import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_LIMITS,
  type WebhookDeliveryFilters,
  type WebhookDeliveryStatus,
} from '@lintel/shared';

/** The time ranges of the log: relative ones count back from each fetch; `custom` reads from/to. */
export const DELIVERY_RANGES = ['all', '1h', '24h', '7d', 'custom'] as const;
export type DeliveryRange = (typeof DELIVERY_RANGES)[number];

const RANGE_MS: Record<Exclude<DeliveryRange, 'all' | 'custom'>, number> = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
};

/** The log's filters as the URL keeps them (`?wh_status=failing&wh_resource=RFIs`). */
export interface DeliveryFilters {
  hookId: number | null;
  status: WebhookDeliveryStatus | null;
  resource: string | null;
  eventType: string | null;
  range: DeliveryRange;
  from: string | null;
  to: string | null;
}

export const NO_DELIVERY_FILTERS: DeliveryFilters = {
  hookId: null,
  status: null,
  resource: null,
  eventType: null,
  range: 'all',
  from: null,
  to: null,
};

// Prefixed: the classic page shows the API activity log (status, range…) on the same URL.
const PARAM = {
  hookId: 'wh_hook',
  status: 'wh_status',
  resource: 'wh_resource',
  eventType: 'wh_event',
  range: 'wh_range',
  from: 'wh_from',
  to: 'wh_to',
} as const;
/** The open delivery (`?wh_delivery=12`), so a pasted link shows it. */
export const DELIVERY_PARAM = 'wh_delivery';

function oneOf<const T extends string>(allowed: readonly T[], value: string | null): T | null {
  return allowed.find((entry) => entry === value) ?? null;
}

function isoOrNull(value: string | null): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function text(value: string | null, max: number): string | null {
  const trimmed = value?.trim().slice(0, max);
  return trimmed ? trimmed : null;
}

/** A positive id from the URL, else null. */
export function idOrNull(value: string | null): number | null {
  return value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;
}

/** The filters a URL names; anything invalid is left out, never sent. */
export function deliveryFiltersFromSearch(params: URLSearchParams): DeliveryFilters {
  const range = oneOf(DELIVERY_RANGES, params.get(PARAM.range)) ?? 'all';
  return {
    hookId: idOrNull(params.get(PARAM.hookId)),
    status: oneOf(WEBHOOK_DELIVERY_STATUSES, params.get(PARAM.status)),
    resource: text(params.get(PARAM.resource), WEBHOOK_LIMITS.resourceName),
    eventType: text(params.get(PARAM.eventType), WEBHOOK_LIMITS.eventType),
    range,
    from: range === 'custom' ? isoOrNull(params.get(PARAM.from)) : null,
    to: range === 'custom' ? isoOrNull(params.get(PARAM.to)) : null,
  };
}

/** The URL of some filters, keeping the other parameters of `current`. */
export function searchWithDeliveryFilters(
  current: URLSearchParams,
  filters: DeliveryFilters,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const entries: [string, string | null][] = [
    [PARAM.hookId, filters.hookId === null ? null : String(filters.hookId)],
    [PARAM.status, filters.status],
    [PARAM.resource, filters.resource],
    [PARAM.eventType, filters.eventType],
    [PARAM.range, filters.range === 'all' ? null : filters.range],
    [PARAM.from, filters.range === 'custom' ? filters.from : null],
    [PARAM.to, filters.range === 'custom' ? filters.to : null],
  ];
  for (const [name, value] of entries) {
    if (value === null) next.delete(name);
    else next.set(name, value);
  }
  return next;
}

export function hasDeliveryFilters(filters: DeliveryFilters): boolean {
  return (
    filters.hookId !== null ||
    filters.status !== null ||
    filters.resource !== null ||
    filters.eventType !== null ||
    filters.range !== 'all'
  );
}

/** What the server is asked for, at `now`: a relative range becomes its start time. */
export function apiDeliveryFilters(filters: DeliveryFilters, now = Date.now()): WebhookDeliveryFilters {
  const out: WebhookDeliveryFilters = {};
  if (filters.hookId !== null) out.hook_id = filters.hookId;
  if (filters.status) out.status = filters.status;
  if (filters.resource) out.resource_name = filters.resource;
  if (filters.eventType) out.event_type = filters.eventType;
  if (filters.range === 'custom') {
    if (filters.from) out.from = filters.from;
    if (filters.to) out.to = filters.to;
    if (out.from && out.to && Date.parse(out.from) > Date.parse(out.to))
      [out.from, out.to] = [out.to, out.from];
  } else if (filters.range !== 'all') {
    out.from = new Date(now - RANGE_MS[filters.range]).toISOString();
  }
  return out;
}
