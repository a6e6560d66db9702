import type { ErrorDetail } from '@lintel/shared';
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

  constructor(
    status: number,
    code: string,
    message: string,
    details: ErrorDetail[] = [],
    errors: string[] = [message],
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.errors = errors;
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toDetails(value: unknown): ErrorDetail[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) =>
    isRecord(item) && typeof item.path === 'string' && typeof item.message === 'string'
      ? [{ path: item.path, message: item.message }]
      : [],
  );
}

/** Reads the error body; tolerates a proxy's HTML page or an empty body. */
export async function parseError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const fallback = response.statusText || `HTTP ${response.status}`;
  if (isRecord(body)) {
    const errors = Array.isArray(body.errors)
      ? body.errors.filter((item): item is string => typeof item === 'string')
      : [];
    const error = isRecord(body.error) ? body.error : {};
    const code = typeof error.code === 'string' ? error.code : `http_${response.status}`;
    const message = typeof error.message === 'string' ? error.message : (errors[0] ?? fallback);
    return new ApiError(
      response.status,
      code,
      message,
      toDetails(error.details),
      errors.length ? errors : [message],
    );
  }
  return new ApiError(response.status, `http_${response.status}`, fallback);
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

/** One JSON call under /api/v1; throws ApiError on any non-2xx answer. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return readJson<T>(await send(path, options));
}

/** A non-negative whole number from a response header, else the fallback. */
export function headerNumber(headers: Headers, name: string, fallback: number): number {
  const value = Number.parseInt(headers.get(name) ?? '', 10);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** A paged list: the body is the array, `Total` and `Per-Page` headers give the paging. */
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

export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T = void>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
  list: apiList,
};
