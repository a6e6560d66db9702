import type { z } from 'zod';
import type { ErrorCode } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A file a multipart endpoint accepts: its size cap and the types recognised from its bytes. */
export interface FileField {
  maxBytes: number;
  /** MIME types, checked against the file's content on the server (never its name or declared type). */
  accept: readonly string[];
  /** How many files one request may carry under this name; 1 unless said. */
  maxCount?: number;
}

/**
 * One endpoint of the API, declared once (issue 7 "Contracts"): the server registers its route from it,
 * the OpenAPI document is generated from it, and the web's calls are typed from it.
 */
export interface EndpointDefinition {
  method: HttpMethod;
  /** Fastify-style path: `/api/v1/developer_apps/:id`. */
  path: `/api/v1/${string}`;
  summary: string;
  tags: readonly string[];
  /** `user`: a session is needed (401 otherwise, before anything else is looked at). */
  auth: 'public' | 'user';
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * Multipart: text fields carry the body in bracket form (`developer_app[name]`); these are its files,
   * by field name; `N` stands for an index (`submission[pictures_attributes][N][file]`).
   */
  files?: Readonly<Record<string, FileField>>;
  /**
   * The body key that 422 detail paths leave out (`submission`): the listing's saves name the form's
   * fields (`feature_bullets.1`), as its submit does, not the wrapper the body travels in.
   */
  errorPathRoot?: string;
  /** The largest body this endpoint reads, in bytes, when below BODY_LIMIT_BYTES: 413 beyond, unread. */
  bodyLimit?: number;
  /** The success status; 200 unless said (202: accepted, the work follows by e-mail). */
  status?: 200 | 201 | 202 | 204;
  /** The success body (for `list`, the array); none for 204. */
  response?: z.ZodType;
  /** `list`: an array body with `Total` and `Per-Page` headers; `file`: bytes, not JSON. */
  kind?: 'json' | 'list' | 'file';
  /** The error codes this endpoint answers besides those every endpoint may (see COMMON_ERRORS). */
  errors: readonly ErrorCode[];
}

export type Endpoint<D extends EndpointDefinition = EndpointDefinition> = D & {
  readonly key: `${D['method']} ${D['path']}`;
};

/** Declares an endpoint; its `key` ("GET /api/v1/developer_apps/:id") names it for the typed web client. */
export function endpoint<const D extends EndpointDefinition>(definition: D): Endpoint<D> {
  return { ...definition, key: `${definition.method} ${definition.path}` } as Endpoint<D>;
}

/** Codes any endpoint may answer, so no contract needs to list them. */
export const COMMON_ERRORS = [
  'bad_request',
  'malformed_json',
  'payload_too_large',
  'unsupported_media_type',
  'too_many_requests',
  'internal_error',
  'service_unavailable',
] as const satisfies readonly ErrorCode[];

/** The codes an endpoint may answer: its own, the common ones, and those its shape implies. */
export function errorCodesOf(definition: EndpointDefinition): ErrorCode[] {
  const codes = new Set<ErrorCode>([...COMMON_ERRORS, ...definition.errors]);
  if (definition.auth === 'user') codes.add('unauthenticated');
  if (definition.method !== 'GET') codes.add('csrf_invalid');
  // A personal access token (issue 23): one that is unknown, expired or revoked is 401 on any route; one
  // without the route's scope (api/scopes.ts) is 403.
  codes.add('unauthenticated');
  codes.add('insufficient_scope');
  if (definition.params || definition.query || definition.body || definition.files) {
    codes.add('validation_failed');
  }
  if (definition.params) codes.add('not_found');
  // A multipart body the parser cannot read (no boundary, truncated): 400, as malformed JSON is.
  if (definition.files) codes.add('malformed_multipart');
  // REQUIRE_ADMIN_2FA: an administrator without a second factor is refused every admin route.
  if (definition.path.startsWith('/api/v1/admin/')) codes.add('two_factor_setup_required');
  return [...codes];
}

/** `/api/v1/developer_apps/:id` → `/api/v1/developer_apps/{id}` (the OpenAPI form). */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

/** The names of a path's parameters, as a type: `PathParams<'/a/:id/b/:uid'>` is `'id' | 'uid'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Fills a path's parameters: `/api/v1/developer_apps/:id` with `{id: 7}` → `/api/v1/developer_apps/7`. */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
