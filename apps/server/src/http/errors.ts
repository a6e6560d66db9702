import type { ErrorDetail, ErrorResponse } from '@lintel/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';

/** The stable error codes of the API: one catalogue, snake_case (CONVENTIONS.md). */
export type ErrorCode =
  | 'bad_request'
  | 'malformed_json'
  | 'unauthenticated'
  | 'invalid_credentials'
  | 'email_not_confirmed'
  | 'forbidden'
  | 'csrf_invalid'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'validation_failed'
  | 'invalid_token'
  | 'too_many_attempts'
  | 'internal_error';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
  }
}

export const errors = {
  unauthenticated: () => new AppError(401, 'unauthenticated', 'You need to sign in first.'),
  invalidCredentials: () => new AppError(401, 'invalid_credentials', 'Invalid e-mail or password.'),
  emailNotConfirmed: () =>
    new AppError(
      403,
      'email_not_confirmed',
      'Please confirm your e-mail address before signing in. Check your inbox or ask for a new confirmation e-mail.',
    ),
  forbidden: () => new AppError(403, 'forbidden', 'You are not allowed to do that.'),
  csrfInvalid: () => new AppError(403, 'csrf_invalid', 'Missing or invalid X-CSRF-Token header.'),
  notFound: (what = 'Record') => new AppError(404, 'not_found', `${what} not found.`),
  invalidToken: () =>
    new AppError(422, 'invalid_token', 'This link is invalid or has expired. Please ask for a new one.', [
      { path: 'token', message: 'is invalid or has expired' },
    ]),
  tooManyAttempts: () =>
    new AppError(
      429,
      'too_many_attempts',
      'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    ),
  validation: (details: ErrorDetail[]) =>
    new AppError(
      422,
      'validation_failed',
      details.map((d) => `${humanPath(d.path)} ${d.message}`).join('; '),
      details,
    ),
  field: (path: string, message: string) => errors.validation([{ path, message }]),
};

function humanPath(path: string): string {
  if (!path) return 'Request';
  const label = path.replaceAll('_', ' ');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** One detail per field: the first problem of each path, in order. */
export function detailsFromZod(error: Pick<ZodError, 'issues'>, prefix: string[] = []): ErrorDetail[] {
  const seen = new Set<string>();
  const details: ErrorDetail[] = [];
  for (const issue of error.issues) {
    const keys =
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => [...issue.path, key])
        : [issue.path as PropertyKey[]];
    for (const key of keys) {
      const path = [...prefix, ...key.map(String)].join('.');
      if (seen.has(path)) continue;
      seen.add(path);
      details.push({
        path,
        message: issue.code === 'unrecognized_keys' ? 'is not a known field' : messageOf(issue),
      });
    }
  }
  return details;
}

function messageOf(issue: ZodError['issues'][number]): string {
  if (issue.code === 'invalid_type') {
    return issue.input === undefined ? "can't be blank" : `must be ${article(issue.expected)}`;
  }
  return issue.message;
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

export function errorBody(code: string, message: string, details: ErrorDetail[] = []): ErrorResponse {
  const errorsList = details.length > 0 ? details.map((d) => `${humanPath(d.path)} ${d.message}`) : [message];
  return { errors: errorsList, error: { code, message, details } };
}

/** Maps every failure to the one error body; never leaks a stack or an internal message. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = error.validationContext ?? 'body';
      const details = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || part,
        message: issue.message ?? 'is invalid',
      }));
      const unique = details.filter((d, i) => details.findIndex((o) => o.path === d.path) === i);
      const err = errors.validation(unique);
      return reply.status(422).send(errorBody(err.code, err.message, unique));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send(errorBody('malformed_json', 'The request body is not valid JSON.'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_PARTS_LIMIT':
      case 'FST_FILES_LIMIT':
        return reply.status(413).send(errorBody('payload_too_large', 'The request body is too large.'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send(errorBody('unsupported_media_type', 'Unsupported content type.'));
    }
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return reply.status(400).send(errorBody('malformed_json', 'The request body is not valid JSON.'));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(errorBody('too_many_attempts', 'Too many requests. Please slow down.'));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody('bad_request', 'The request could not be understood.'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('internal_error', 'Something went wrong on our side.'));
  });
}
