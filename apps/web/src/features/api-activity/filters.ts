import {
  API_ACTIVITY_LIMITS,
  API_ENVIRONMENTS,
  API_METHODS,
  API_STATUS_CLASSES,
  type ApiActivityFilters,
  type ApiEnvironment,
  type ApiStatusClassFilter,
} from '@lintel/shared';

/** The time ranges offered: relative ones count back from each fetch; `custom` reads from/to. */
export const TIME_RANGES = ['all', '15m', '1h', '24h', '7d', 'custom'] as const;
export type TimeRange = (typeof TIME_RANGES)[number];

const RANGE_MS: Record<Exclude<TimeRange, 'all' | 'custom'>, number> = {
  '15m': 15 * 60_000,
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
};

/** The filters as the URL keeps them (`?status=4xx&method=POST&path=rfis&range=1h`). */
export interface ActivityFilters {
  status: ApiStatusClassFilter | null;
  method: (typeof API_METHODS)[number] | null;
  environment: ApiEnvironment | null;
  path: string;
  range: TimeRange;
  /** ISO-8601, with range `custom` only. */
  from: string | null;
  to: string | null;
}

export const NO_FILTERS: ActivityFilters = {
  status: null,
  method: null,
  environment: null,
  path: '',
  range: 'all',
  from: null,
  to: null,
};

function oneOf<const T extends string>(allowed: readonly T[], value: string | null): T | null {
  return allowed.find((entry) => entry === value) ?? null;
}

function isoOrNull(value: string | null): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** The filters a URL names; anything invalid is left out, never sent. */
export function filtersFromSearch(params: URLSearchParams): ActivityFilters {
  const range = oneOf(TIME_RANGES, params.get('range')) ?? 'all';
  return {
    status: oneOf(API_STATUS_CLASSES, params.get('status')),
    method: oneOf(API_METHODS, params.get('method')?.toUpperCase() ?? null),
    environment: oneOf(API_ENVIRONMENTS, params.get('environment')),
    path: (params.get('path') ?? '').slice(0, API_ACTIVITY_LIMITS.path),
    range,
    from: range === 'custom' ? isoOrNull(params.get('from')) : null,
    to: range === 'custom' ? isoOrNull(params.get('to')) : null,
  };
}

/** The URL of some filters, keeping the other parameters of `current`. */
export function searchWithFilters(current: URLSearchParams, filters: ActivityFilters): URLSearchParams {
  const next = new URLSearchParams(current);
  const entries: [string, string | null][] = [
    ['status', filters.status],
    ['method', filters.method],
    ['environment', filters.environment],
    ['path', filters.path.trim() || null],
    ['range', filters.range === 'all' ? null : filters.range],
    ['from', filters.range === 'custom' ? filters.from : null],
    ['to', filters.range === 'custom' ? filters.to : null],
  ];
  for (const [name, value] of entries) {
    if (value === null) next.delete(name);
    else next.set(name, value);
  }
  return next;
}

export function hasFilters(filters: ActivityFilters): boolean {
  return (
    filters.status !== null ||
    filters.method !== null ||
    filters.environment !== null ||
    filters.path.trim() !== '' ||
    filters.range !== 'all'
  );
}

/** What the server is asked for, at `now`: a relative range becomes its start time. */
export function apiFilters(filters: ActivityFilters, now = Date.now()): ApiActivityFilters {
  const out: ApiActivityFilters = {};
  if (filters.status) out.status = filters.status;
  if (filters.method) out.method = filters.method;
  if (filters.environment) out.environment = filters.environment;
  if (filters.path.trim()) out.path = filters.path.trim();
  if (filters.range === 'custom') {
    if (filters.from) out.from = filters.from;
    if (filters.to) out.to = filters.to;
    // A range given backwards is read the way it was meant.
    if (out.from && out.to && Date.parse(out.from) > Date.parse(out.to))
      [out.from, out.to] = [out.to, out.from];
  } else if (filters.range !== 'all') {
    out.from = new Date(now - RANGE_MS[filters.range]).toISOString();
  }
  return out;
}
