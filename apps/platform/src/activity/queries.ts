import type { PlatformDb } from '../db/schema';
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

// PLACEHOLDERS until the API activity work lands.
export async function apiCalls(
  _db: PlatformDb,
  _appId: number,
  _query: ApiCallQuery,
): Promise<{ calls: ApiCallSummary[]; nextBefore: number | null }> {
  return { calls: [], nextBefore: null };
}

export async function apiCall(
  _db: PlatformDb,
  _appId: number,
  _id: number,
): Promise<ApiCallDetail | undefined> {
  return undefined;
}

export async function apiCallsPerMinute(_db: PlatformDb, _appId: number, _since: Date): Promise<ApiMinute[]> {
  return [];
}
