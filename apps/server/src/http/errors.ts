import {
  type DetailCode,
  type DetailParams,
  detailsFromIssues,
  ERROR_STATUS,
  type ErrorCode,
  type ErrorDetail,
  type ErrorResponse,
  errorCodesOf,
  type IssueLike,
} from '@lintel/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export type { ErrorCode };

/** A refusal with one of the catalogue's codes; its status comes from the code (ERROR_STATUS). */
export class AppError extends Error {
  readonly statusCode: number;
  /** Sent as `Retry-After` (429, 503). */
  retryAfterSeconds?: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
    this.statusCode = ERROR_STATUS[code];
  }
}

/** One detail: what is wrong with the field at `path` (dotted: `developer_app.redirect_uri`). */
export function detail(path: string, code: DetailCode, message: string, params?: DetailParams): ErrorDetail {
  return params ? { path, code, message, params } : { path, code, message };
}

export const errors = {
  unauthenticated: () => new AppError('unauthenticated', 'You need to sign in first.'),
  invalidCredentials: () => new AppError('invalid_credentials', 'Invalid e-mail or password.'),
  emailNotConfirmed: () =>
    new AppError(
      'email_not_confirmed',
      'Please confirm your e-mail address before signing in. Check your inbox or ask for a new confirmation e-mail.',
    ),
  forbidden: (message = 'You are not allowed to do that.') => new AppError('forbidden', message),
  csrfInvalid: () => new AppError('csrf_invalid', 'Missing or invalid X-CSRF-Token header.'),
  notFound: (what = 'Record') => new AppError('not_found', `${what} not found.`),
  conflict: (message: string) => new AppError('conflict', message),
  gone: (message: string) => new AppError('gone', message),
  invalidToken: (message = 'This link is invalid or has expired. Please ask for a new one.') =>
    new AppError('invalid_token', message, [detail('token', 'invalid', 'is invalid or has expired')]),
  tooManyAttempts: () =>
    new AppError(
      'too_many_attempts',
      'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    ),
  validation: (details: ErrorDetail[]) =>
    new AppError(
      'validation_failed',
      details.map((d) => `${humanPath(d.path)} ${d.message}`).join('; '),
      details,
    ),
  /** 422 for one field. */
  field: (path: string, code: DetailCode, message: string, params?: DetailParams) =>
    errors.validation([detail(path, code, message, params)]),
};

function humanPath(path: string): string {
  if (!path) return 'Request';
  const label = path.replaceAll('_', ' ');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** One detail per field, from zod's issues (the shared mapping gives each its code). */
export function detailsFromZod(
  error: { issues: readonly IssueLike[] },
  prefix: string[] = [],
): ErrorDetail[] {
  return detailsFromIssues(error.issues, prefix);
}

export function errorBody(code: ErrorCode, message: string, details: ErrorDetail[] = []): ErrorResponse {
  const errorsList = details.length > 0 ? details.map((d) => `${humanPath(d.path)} ${d.message}`) : [message];
  return { errors: errorsList, error: { code, message, details } };
}

/**
 * Maps every failure to the one error body; never leaks a stack or an internal message. With
 * `strictContracts` (tests), an endpoint answering a code its contract does not declare is a bug: 500.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  options: { strictContracts?: boolean } = {},
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const refusal = toAppError(error);
    if (!refusal) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(errorBody('internal_error', 'Something went wrong on our side.'));
    }
    const endpoint = request.routeOptions.config.endpoint;
    if (options.strictContracts && endpoint && !errorCodesOf(endpoint).includes(refusal.code)) {
      request.log.error(
        { code: refusal.code, endpoint: `${endpoint.method} ${endpoint.path}` },
        'undeclared error code',
      );
      return reply
        .status(500)
        .send(
          errorBody(
            'internal_error',
            `${`${endpoint.method} ${endpoint.path}`} answered ${refusal.code}, which its contract does not declare.`,
          ),
        );
    }
    if (refusal.retryAfterSeconds !== undefined)
      reply.header('Retry-After', String(refusal.retryAfterSeconds));
    return reply.status(refusal.statusCode).send(errorBody(refusal.code, refusal.message, refusal.details));
  });
}

function toAppError(error: FastifyError): AppError | undefined {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const part = error.validationContext ?? 'body';
    const details = error.validation.map((issue) =>
      detail(
        issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || part,
        'invalid',
        issue.message ?? 'is invalid',
      ),
    );
    return errors.validation(details.filter((d, i) => details.findIndex((o) => o.path === d.path) === i));
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('malformed_json', 'The request body is not valid JSON.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('payload_too_large', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('unsupported_media_type', 'Unsupported content type.');
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return new AppError('malformed_json', 'The request body is not valid JSON.');
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return new AppError('too_many_requests', 'Too many requests. Please slow down.');
  if (status === 503)
    return new AppError('service_unavailable', 'The service is unavailable. Please try again.');
  if (status >= 400 && status < 500)
    return new AppError('bad_request', 'The request could not be understood.');
  return undefined;
}
