import { z } from 'zod';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from './paging';
import { id } from './query';

/**
 * API activity (issue 21): every call the platform answered for an app's tokens, newest first, with
 * filters, a cursor, per-minute counts and each rate-limit bucket's current use. Stripe's request log is
 * the model.
 */

export const API_ENVIRONMENTS = ['sandbox', 'production'] as const;
export const apiEnvironment = z.enum(API_ENVIRONMENTS);
export type ApiEnvironment = z.infer<typeof apiEnvironment>;

/** A status class of the filter: 2xx, 3xx, 4xx or 5xx. */
export const API_STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
export const apiStatusClass = z.enum(API_STATUS_CLASSES);
export type ApiStatusClassFilter = z.infer<typeof apiStatusClass>;

/** The methods the REST API answers, and so the method filter's values. */
export const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const API_ACTIVITY_LIMITS = {
  /** The longest path text the filter takes. */
  path: 200,
  /** How far back the summary's per-minute series reaches. */
  seriesMs: 24 * 60 * 60 * 1000,
} as const;

/** A call id: positive, within a JavaScript number (the table's ids are bigint). */
export const callId = z.coerce
  .number<number | string>()
  .int()
  .positive()
  .max(Number.MAX_SAFE_INTEGER, { message: `must be at most ${Number.MAX_SAFE_INTEGER}` });

const isoTime = z.iso.datetime({ offset: true, message: 'must be an ISO-8601 date-time' });

/** `filters[…]` of the list: an unknown filter is refused (422). */
export const apiActivityFilters = z
  .strictObject({
    environment: apiEnvironment.optional(),
    status: apiStatusClass.optional(),
    method: z
      .string()
      .trim()
      .transform((value) => value.toUpperCase())
      .pipe(z.enum(API_METHODS, { message: `must be one of ${API_METHODS.join(', ')}` }))
      .optional(),
    path: z
      .string()
      .trim()
      .max(API_ACTIVITY_LIMITS.path, { message: `must be at most ${API_ACTIVITY_LIMITS.path} characters` })
      .optional(),
    from: isoTime.optional(),
    to: isoTime.optional(),
  })
  .refine((filters) => !filters.from || !filters.to || Date.parse(filters.from) <= Date.parse(filters.to), {
    message: 'must not be after to',
    path: ['from'],
  });
export type ApiActivityFilters = z.input<typeof apiActivityFilters>;

/** The list's query: filters, the cursor (`before`: calls older than that call) and a page size. */
export const apiActivityQuery = z.strictObject({
  filters: apiActivityFilters.optional(),
  before: callId.optional(),
  per_page: z.coerce
    .number<number | string>()
    .int()
    .min(1, { message: 'must be at least 1' })
    .max(MAX_PER_PAGE, { message: `must be at most ${MAX_PER_PAGE}` })
    .default(DEFAULT_PER_PAGE),
});
export type ApiActivityQuery = z.input<typeof apiActivityQuery>;

export const apiCallParams = z.strictObject({ id, call_id: callId });

export const apiCallResponse = z.object({
  id: z.number().int(),
  occurred_at: z.string(),
  environment: apiEnvironment,
  token_kind: z.enum(['user', 'client']).nullable(),
  company_id: z.number().int().nullable(),
  method: z.string(),
  /** The route template (`/rest/v1.0/projects/:id`), or the path when no route matched. */
  route: z.string(),
  path: z.string(),
  status: z.number().int(),
  duration_ms: z.number(),
  rate_limit: z.number().int().nullable(),
  rate_remaining: z.number().int().nullable(),
  request_id: z.string(),
});
export type ApiCall = z.infer<typeof apiCallResponse>;

export const apiCallListResponse = z.object({
  calls: z.array(apiCallResponse),
  /** The cursor of the next (older) page; null when there is none. */
  next_before: z.number().int().nullable(),
});
export type ApiCallList = z.infer<typeof apiCallListResponse>;

export const apiCallDetailResponse = apiCallResponse.extend({
  client_id: z.string(),
  /** The request's headers, without the token or cookies. */
  request_headers: z.record(z.string(), z.string()),
  /** The body answered when the call failed (capped), else null. */
  response_error: z.string().nullable(),
});
export type ApiCallDetail = z.infer<typeof apiCallDetailResponse>;

export const apiMinuteResponse = z.object({
  minute: z.string(),
  calls: z.number().int(),
  errors: z.number().int(),
});
export type ApiMinute = z.infer<typeof apiMinuteResponse>;

export const bucketUsageResponse = z.object({
  environment: apiEnvironment,
  server: z.string(),
  /** The configured bucket's name; null when none is configured and the defaults apply. */
  bucket: z.string().nullable(),
  template: z.string(),
  fill_type: z.enum(['count', 'quota']),
  interval_ms: z.number().int(),
  limit: z.number().int(),
  used: z.number().int(),
  /** When the current window ends; null when nothing has been counted in it. */
  resets_at: z.string().nullable(),
});
export type BucketUsage = z.infer<typeof bucketUsageResponse>;

export const apiActivitySummaryResponse = z.object({
  /** The server's time of the answer: the series ends here and countdowns start from it. */
  generated_at: z.string(),
  /** The series' first minute (24 hours before generated_at). */
  since: z.string(),
  /** Calls and errors (status ≥ 400) per minute, oldest first; minutes without calls are left out. */
  per_minute: z.array(apiMinuteResponse),
  buckets: z.array(bucketUsageResponse),
});
export type ApiActivitySummary = z.infer<typeof apiActivitySummaryResponse>;

/** The start of the minute `time` falls in. */
function minuteStart(time: number): number {
  return Math.floor(time / 60_000) * 60_000;
}

/**
 * Every minute from `since` to `until` (inclusive), the series' counts where it has them and zeros
 * elsewhere: what the chart plots.
 */
export function fillMinutes(
  series: readonly ApiMinute[],
  since: string,
  until: string,
): { minute: number; calls: number; errors: number }[] {
  const counts = new Map(series.map((entry) => [minuteStart(Date.parse(entry.minute)), entry]));
  const out: { minute: number; calls: number; errors: number }[] = [];
  const end = minuteStart(Date.parse(until));
  for (let minute = minuteStart(Date.parse(since)); minute <= end; minute += 60_000) {
    const entry = counts.get(minute);
    out.push({ minute, calls: entry?.calls ?? 0, errors: entry?.errors ?? 0 });
  }
  return out;
}

/** The class of a status (`404` → `4xx`); null outside 200–599. */
export function statusClassOf(status: number): ApiStatusClassFilter | null {
  const found = API_STATUS_CLASSES[Math.floor(status / 100) - 2];
  return found ?? null;
}
