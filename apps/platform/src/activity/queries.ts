import { sql } from 'kysely';
import type { PlatformApiCallRow, PlatformDb } from '../db/schema';
import type { PlatformEnvironment } from '../tokens';

export type ApiStatusClass = '2xx' | '3xx' | '4xx' | '5xx';

/** Filters of the API activity list; `before` is the cursor (calls older than that id), newest first. */
export interface ApiCallQuery {
  environment?: PlatformEnvironment;
  status?: ApiStatusClass;
  method?: string;
  /** Part of the path. */
  path?: string;
  from?: Date;
  to?: Date;
  before?: number;
  limit: number;
}

export interface ApiCallSummary {
  id: number;
  occurredAt: Date;
  environment: PlatformEnvironment;
  tokenKind: 'user' | 'client' | null;
  companyId: number | null;
  method: string;
  route: string;
  path: string;
  status: number;
  durationMs: number;
  rateLimit: number | null;
  rateRemaining: number | null;
  requestId: string;
}

export interface ApiCallDetail extends ApiCallSummary {
  clientId: string;
  /** The request's headers, without the token or cookies. */
  requestHeaders: Record<string, string>;
  /** The error answered, when the call failed. */
  responseError: string | null;
}

/** Calls and errors (4xx and 5xx) of one minute. */
export interface ApiMinute {
  minute: Date;
  calls: number;
  errors: number;
}

const SUMMARY_COLUMNS = [
  'id',
  'occurred_at',
  'environment',
  'token_kind',
  'company_id',
  'method',
  'route',
  'path',
  'status',
  'duration_ms',
  'rate_limit',
  'rate_remaining',
  'request_id',
] as const;

type SummaryRow = Pick<PlatformApiCallRow, (typeof SUMMARY_COLUMNS)[number]>;

function summaryOf(row: SummaryRow): ApiCallSummary {
  return {
    id: Number(row.id),
    occurredAt: row.occurred_at,
    environment: row.environment,
    tokenKind: row.token_kind,
    companyId: row.company_id === null ? null : Number(row.company_id),
    method: row.method,
    route: row.route,
    path: row.path,
    status: row.status,
    durationMs: row.duration_ms,
    rateLimit: row.rate_limit,
    rateRemaining: row.rate_remaining,
    requestId: row.request_id,
  };
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

const STATUS_CLASSES: Record<ApiStatusClass, number> = { '2xx': 2, '3xx': 3, '4xx': 4, '5xx': 5 };

/**
 * One page of an app's calls, newest first, in one statement: it walks the index platform_api_calls_app_time
 * (developer_app_id, occurred_at desc, id desc) from the cursor's row down, so the first page reads only
 * the rows it returns (plus those the filters skip). The cursor is a call id; the keyset is (occurred_at,
 * id), since calls recorded in batches need not reach the table in time order. A cursor that is not a
 * call of this app yields an empty page.
 */
export async function apiCalls(
  db: PlatformDb,
  appId: number,
  query: ApiCallQuery,
): Promise<{ calls: ApiCallSummary[]; nextBefore: number | null }> {
  let select = db
    .selectFrom('platform_api_calls')
    .select(SUMMARY_COLUMNS)
    .where('developer_app_id', '=', appId);
  if (query.environment) select = select.where('environment', '=', query.environment);
  // `status / 100` is the expression of the index platform_api_calls_app_class_time.
  if (query.status) select = select.where(sql<number>`status / 100`, '=', STATUS_CLASSES[query.status]);
  if (query.method) select = select.where('method', '=', query.method.toUpperCase());
  if (query.path) select = select.where(sql<boolean>`path ilike ${likeContains(query.path)} escape '\\'`);
  if (query.from) select = select.where('occurred_at', '>=', query.from);
  if (query.to) select = select.where('occurred_at', '<', query.to);
  if (query.before !== undefined) {
    const cursor = query.before;
    select = select.where(
      sql<boolean>`(occurred_at, id) < (select c.occurred_at, c.id from platform_api_calls c where c.id = ${cursor} and c.developer_app_id = ${appId})`,
    );
  }
  const rows = await select
    .orderBy('occurred_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit).map(summaryOf);
  const last = page.at(-1);
  return { calls: page, nextBefore: rows.length > query.limit && last ? last.id : null };
}

/** One call of an app with its request headers (the recorder kept no token or cookie) and the error answered. */
export async function apiCall(db: PlatformDb, appId: number, id: number): Promise<ApiCallDetail | undefined> {
  const row = await db
    .selectFrom('platform_api_calls')
    .select([...SUMMARY_COLUMNS, 'client_id', 'request_headers', 'response_error'])
    .where('id', '=', id)
    .where('developer_app_id', '=', appId)
    .executeTakeFirst();
  if (!row) return undefined;
  const headers =
    typeof row.request_headers === 'string' ? JSON.parse(row.request_headers) : row.request_headers;
  return {
    ...summaryOf(row),
    clientId: row.client_id,
    requestHeaders: headers ?? {},
    responseError: row.response_error,
  };
}

/** Calls and errors (status ≥ 400) per minute since `since`, oldest first; minutes without calls are left out. */
export async function apiCallsPerMinute(db: PlatformDb, appId: number, since: Date): Promise<ApiMinute[]> {
  const minute = sql<Date>`date_trunc('minute', occurred_at)`;
  const rows = await db
    .selectFrom('platform_api_calls')
    .select([
      minute.as('minute'),
      sql<number>`count(*)::int`.as('calls'),
      sql<number>`(count(*) filter (where status >= 400))::int`.as('errors'),
    ])
    .where('developer_app_id', '=', appId)
    .where('occurred_at', '>=', since)
    .groupBy(minute)
    .orderBy(minute)
    .execute();
  return rows.map((row) => ({ minute: new Date(row.minute), calls: row.calls, errors: row.errors }));
}
