import type { Readable } from 'node:stream';
import {
  DEFAULT_PER_PAGE,
  type EndpointDefinition,
  ERROR_STATUS,
  type ErrorCode,
  errorCodesOf,
  errorResponse,
} from '@lintel/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { scopeGuard } from './bearer';
import { answerKept, JSON_UTF8, type KeptJson } from './etag';
import { servedFilename } from './filenames';
import { readMultipartBody } from './multipart';
import { setPagingHeaders } from './paging';
import { authenticated } from './session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract the route was registered from (the error handler checks codes against it). */
    endpoint?: EndpointDefinition;
  }
}

/**
 * A check that runs before the input is validated, so a stranger learns nothing from a 422: signed in
 * (401), then the policy (404 for what the actor may not see, 403 for what they may not do).
 */
export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request of an endpoint, typed from its contract (params, query and body after validation). */
export type EndpointRequest<E extends EndpointDefinition> = FastifyRequest<{
  Params: Out<E['params']>;
  Querystring: Out<E['query']>;
  Body: Out<E['body']>;
}>;

/** What a `file` endpoint's handler answers: bytes (streamed), their type and how to present them. */
export interface FileResult {
  body: Readable | Buffer | string;
  contentType: string;
  size?: number;
  /** A download name: `Content-Disposition: attachment`; without it the file shows inline. */
  filename?: string;
  cacheControl?: string;
}

type ListItem<R> = R extends z.ZodArray<infer T> ? z.input<T> : never;

/** What the handler returns, typed from the contract: the body, the page of a list, or a file. */
export type EndpointResult<E extends EndpointDefinition> = E['kind'] extends 'list'
  ? { items: ListItem<E['response']>[]; total: number }
  : E['kind'] extends 'file'
    ? FileResult
    : E['status'] extends 204
      ? undefined
      : E['response'] extends z.ZodType
        ? z.input<E['response']>
        : undefined;

interface BaseRouteOptions {
  /** Policy checks (see Guard); signed-in is implied by the contract's `auth: 'user'`. */
  guards?: readonly Guard[];
  /**
   * Checks of the caller's credentials that run when the request arrives (onRequest), before the body is
   * read or parsed: a stranger gets 401 whatever the body, never a 400 or 422 about it.
   */
  credentials?: readonly Guard[];
}

interface PlainRouteOptions<E extends EndpointDefinition> extends BaseRouteOptions {
  kept?: false;
  handler: (request: EndpointRequest<E>, reply: FastifyReply) => Promise<EndpointResult<E>>;
  /**
   * A list whose items the handler builds with a presenter typed by the contract, writing the contract's
   * keys in the contract's order and nothing else: they are sent as JSON.stringify writes them, without
   * the contract's serializer parsing every item again on the way out (the same bytes; a test of the
   * route must show it, e.g. my-apps-one-statement.test.ts). For hot lists only.
   */
  sendAsPresented?: boolean;
}

/**
 * A kept answer (http/etag.ts): the JSON text exactly as the contract's serializer would write it (the
 * route's tests must show it), and for a list the total of its paging headers.
 */
export type KeptAnswer = KeptJson & { total?: number };

interface KeptRouteOptions<E extends EndpointDefinition> extends BaseRouteOptions {
  /**
   * The handler answers with a kept answer (e.g. from an AnswerCache): it goes out as it is, with its
   * ETag, or as 304 when the request's If-None-Match names the tag.
   */
  kept: true;
  handler: (request: EndpointRequest<E>, reply: FastifyReply) => Promise<KeptAnswer>;
}

export type RouteOptions<E extends EndpointDefinition> = PlainRouteOptions<E> | KeptRouteOptions<E>;

/**
 * The error answer of a set of codes (one status), built once and shared by every route answering that
 * set: ~150 routes use a few dozen sets, and each `describe` is a new zod schema the process keeps.
 */
const errorAnswers = new Map<string, z.ZodType>();
function errorAnswer(codes: readonly ErrorCode[]): z.ZodType {
  const description = `error.code: ${codes.join(', ')}`;
  let schema = errorAnswers.get(description);
  if (!schema) {
    schema = errorResponse.describe(description);
    errorAnswers.set(description, schema);
  }
  return schema;
}

/** The OpenAPI/validation schema of an endpoint: its parts, its success body and its error answers. */
function schemaOf(endpoint: EndpointDefinition) {
  const response: Record<number, z.ZodType> = {};
  const status = endpoint.status ?? 200;
  if (status === 204) response[204] = z.null().describe('No content');
  else if (endpoint.response && endpoint.kind !== 'file') response[status] = endpoint.response;
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(endpoint)) {
    const codes = byStatus.get(ERROR_STATUS[code]) ?? [];
    byStatus.set(ERROR_STATUS[code], [...codes, code]);
  }
  for (const [errorStatus, codes] of byStatus) {
    response[errorStatus] = errorAnswer(codes);
  }
  return {
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.files ? { consumes: ['application/json', 'multipart/form-data'] } : {}),
    response,
  };
}

/** Registers the route of one contract: the only way a module adds an endpoint (issue 7 "Contracts"). */
export function route<E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  options: RouteOptions<E>,
): void {
  const preValidation: Guard[] = [];
  if (endpoint.auth === 'user') preValidation.push(authenticated);
  preValidation.push(...(options.guards ?? []));
  if (endpoint.files) {
    preValidation.push(async (request) => {
      if (request.isMultipart()) await readMultipartBody(request, endpoint);
    });
  }
  const status = endpoint.status ?? 200;

  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: schemaOf(endpoint),
    config: { endpoint },
    ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
    // A personal access token's scope (issue 23) is checked first, before anything else about the call.
    onRequest: [scopeGuard(endpoint), ...(options.credentials ?? [])],
    preValidation,
    handler: async (request, reply) => {
      if (options.kept) {
        const kept = await options.handler(request as EndpointRequest<E>, reply);
        if (endpoint.kind === 'list') {
          const query = request.query as { per_page?: number } | undefined;
          setPagingHeaders(reply, kept.total ?? 0, query?.per_page ?? DEFAULT_PER_PAGE);
        }
        return answerKept(request, reply.status(status), kept);
      }
      const result = await options.handler(request as EndpointRequest<E>, reply);
      if (endpoint.kind === 'list') {
        const { items, total } = result as { items: unknown[]; total: number };
        const query = request.query as { per_page?: number } | undefined;
        setPagingHeaders(reply, total, query?.per_page ?? DEFAULT_PER_PAGE);
        if (options.sendAsPresented) return reply.status(status).type(JSON_UTF8).send(JSON.stringify(items));
        return reply.status(status).send(items);
      }
      if (endpoint.kind === 'file') return sendFile(reply, result as FileResult);
      if (status === 204) return reply.status(204).send(null);
      return reply.status(status).send(result);
    },
  });
}

function sendFile(reply: FastifyReply, file: FileResult): FastifyReply {
  reply.type(file.contentType).header('X-Content-Type-Options', 'nosniff');
  if (file.size !== undefined) reply.header('Content-Length', String(file.size));
  if (file.cacheControl) reply.header('Cache-Control', file.cacheControl);
  // Names stored before they were cleaned, too: no control or bidi characters, the type's extension.
  const filename = file.filename ? servedFilename(file.filename, file.contentType) : undefined;
  reply.header(
    'Content-Disposition',
    filename
      ? `attachment; filename="${filename.replace(/[^\w.-]+/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`
      : 'inline',
  );
  return reply.send(file.body);
}
