import {
  type EndpointKey,
  type EndpointOf,
  type ErrorDetail,
  fillPath,
  type PathParamNames,
  type WithBlobs,
} from '@lintel/shared';
import type { z } from 'zod';
import { getCsrfToken } from './csrf';
import { type QueryParams, toQueryString } from './query-string';

export const API_BASE = '/api/v1';

/** A failed API call: the server's error body (ARCHITECTURE.md "HTTP conventions"), or a network failure. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly details: ErrorDetail[];
  readonly errors: string[];
  /** The server's id of the request (X-Request-Id), for the user to quote to support. */
  readonly requestId: string | undefined;

  constructor(
    status: number,
    code: string,
    message: string,
    details: ErrorDetail[] = [],
    errors: string[] = [message],
    requestId?: string | null,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.errors = errors;
    this.requestId = requestId || undefined;
  }

  /** The message of one field, e.g. `email`, when the server sent one. */
  detailFor(path: string): string | undefined {
    return this.details.find((detail) => detail.path === path)?.message;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  body?: unknown;
  query?: QueryParams;
  signal?: AbortSignal;
}

export interface ListResult<T> {
  items: T[];
  total: number;
  perPage: number;
  /** The response headers, for lists that send more (e.g. notifications' `Unread-Count`). */
  headers: Headers;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toDetails(value: unknown): ErrorDetail[] {
  if (!Array.isArray(value)) return [];
  // Code, params and label are read where they are used (an unknown code reads as `invalid` there).
  return value.flatMap((item) =>
    isRecord(item) && typeof item.path === 'string' && typeof item.message === 'string'
      ? [{ ...item, code: item.code ?? 'invalid' } as ErrorDetail]
      : [],
  );
}

/** Reads the error body; tolerates a proxy's HTML page or an empty body. */
export async function parseError(response: Response): Promise<ApiError> {
  return errorFromBody(
    response.status,
    response.statusText,
    await response.text().catch(() => ''),
    response.headers.get('x-request-id'),
  );
}

export function errorFromBody(
  status: number,
  statusText: string,
  text: string,
  requestId?: string | null,
): ApiError {
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const fallback = statusText || `HTTP ${status}`;
  if (isRecord(body)) {
    const errors = Array.isArray(body.errors)
      ? body.errors.filter((item): item is string => typeof item === 'string')
      : [];
    const error = isRecord(body.error) ? body.error : {};
    const code = typeof error.code === 'string' ? error.code : `http_${status}`;
    const message = typeof error.message === 'string' ? error.message : (errors[0] ?? fallback);
    const id = typeof error.requestId === 'string' ? error.requestId : requestId;
    return new ApiError(
      status,
      code,
      message,
      toDetails(error.details),
      errors.length ? errors : [message],
      id,
    );
  }
  return new ApiError(status, `http_${status}`, fallback, [], [fallback], requestId);
}

export function apiUrl(path: string, query?: QueryParams): string {
  const search = query ? toQueryString(query) : '';
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = getCsrfToken();
  if (method !== 'GET' && token) headers['X-CSRF-Token'] = token;

  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'network_error', 'The server could not be reached.');
  }
  if (!response.ok) throw await parseError(response);
  return response;
}

async function readJson<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * One untyped JSON call under /api/v1; throws ApiError on any non-2xx answer. Features call `call`;
 * this is its base, and serves only what no contract declares (the OpenAPI document itself).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return readJson<T>(await send(path, options));
}

/** A non-negative whole number from a response header, else the fallback. */
export function headerNumber(headers: Headers, name: string, fallback: number): number {
  const value = Number.parseInt(headers.get(name) ?? '', 10);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** A paged list: the body is the array, `Total` and `Per-Page` headers give the paging (base of `callList`). */
export async function apiList<T>(
  path: string,
  query: QueryParams,
  options: Pick<RequestOptions, 'signal'> = {},
): Promise<ListResult<T>> {
  const response = await send(path, { query, signal: options.signal });
  const items = (await readJson<T[]>(response)) ?? [];
  const requested = typeof query.per_page === 'number' ? query.per_page : items.length;
  return {
    items,
    total: headerNumber(response.headers, 'Total', items.length),
    perPage: headerNumber(response.headers, 'Per-Page', requested) || requested,
    headers: response.headers,
  };
}

// ——— Calls typed from the shared contracts (packages/shared/src/api): the key names the endpoint. ———

type Schema<S> = S extends z.ZodType ? S : never;
type PathInput<P extends string> = [PathParamNames<P>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParamNames<P>, string | number> };
type QueryInput<E> = E extends { query: z.ZodType }
  ? { query?: z.input<Schema<E['query']>> }
  : { query?: undefined };
type BodyInput<E> = E extends { body: z.ZodType }
  ? { body: WithBlobs<z.input<Schema<E['body']>>> }
  : { body?: undefined };

/** What a call of endpoint K takes: its path parameters, query and body, typed from the contract. */
export type CallInput<K extends EndpointKey> = PathInput<EndpointOf<K>['path']> &
  QueryInput<EndpointOf<K>> &
  BodyInput<EndpointOf<K>> & { signal?: AbortSignal };

/** What a call of endpoint K answers: the response body (nothing for 204). */
export type CallOutput<K extends EndpointKey> =
  EndpointOf<K> extends { status: 204 }
    ? undefined
    : EndpointOf<K> extends { response: z.ZodType }
      ? z.output<Schema<EndpointOf<K>['response']>>
      : undefined;

/** The item type of a list endpoint. */
export type ListItemOf<K extends EndpointKey> = CallOutput<K> extends readonly (infer T)[] ? T : never;

type Args<K extends EndpointKey> = [PathParamNames<EndpointOf<K>['path']>] extends [never]
  ? EndpointOf<K> extends { body: z.ZodType }
    ? [input: CallInput<K>]
    : [input?: CallInput<K>]
  : [input: CallInput<K>];

export function target(key: EndpointKey, params?: Record<string, string | number>) {
  const space = key.indexOf(' ');
  const method = key.slice(0, space) as Method;
  const path = fillPath(key.slice(space + 1), params).replace(/^\/api\/v1/, '');
  return { method, path };
}

/** Calls an endpoint by its contract key: `call('GET /api/v1/developer_apps/:id', { params: { id } })`. */
export async function call<K extends EndpointKey>(key: K, ...[input]: Args<K>): Promise<CallOutput<K>> {
  const { method, path } = target(key, input?.params as Record<string, string | number> | undefined);
  return apiRequest<CallOutput<K>>(path, {
    method,
    body: input?.body,
    query: input?.query as QueryParams | undefined,
    signal: input?.signal,
  });
}

/** Calls a list endpoint: the page of items with the `Total` and `Per-Page` headers read. */
export async function callList<K extends EndpointKey>(
  key: K,
  ...[input]: Args<K>
): Promise<ListResult<ListItemOf<K>>> {
  const { path } = target(key, input?.params as Record<string, string | number> | undefined);
  return apiList<ListItemOf<K>>(path, (input?.query ?? {}) as QueryParams, { signal: input?.signal });
}
