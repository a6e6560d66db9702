import {
  type DetailCode,
  type DetailParams,
  detailsFromIssues,
  ERROR_STATUS,
  type ErrorCode,
  type ErrorDetail,
  type ErrorResponse,
  englishFieldLabel,
  errorCodesOf,
  fieldLabelOf,
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

/** A path as people read it: the field's label ("Thumbnail", "Picture 1"), never the path itself. */
function humanPath(path: string): string {
  return englishFieldLabel(path);
}

/** Each detail with its field's label, when the label table knows the path (the web translates it). */
function labelled(details: ErrorDetail[]): ErrorDetail[] {
  return details.map((detail) => {
    const label = detail.label ?? fieldLabelOf(detail.path);
    return label ? { ...detail, label } : detail;
  });
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
  return { errors: errorsList, error: { code, message, details: labelled(details) } };
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
    const endpoint = request.routeOptions.config.endpoint;
    const refusal = withoutPathRoot(toAppError(error), endpoint?.errorPathRoot);
    if (!refusal) {
      request.log.error({ err: loggableError(error) }, 'request failed');
      return reply.status(500).send(errorBody('internal_error', 'Something went wrong on our side.'));
    }
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
    if (!(error instanceof AppError) && isSqlState(error.code)) {
      request.log.warn({ sqlState: error.code, answered: refusal.code }, 'the database refused a request');
    }
    if (refusal.retryAfterSeconds !== undefined)
      reply.header('Retry-After', String(refusal.retryAfterSeconds));
    return reply.status(refusal.statusCode).send(errorBody(refusal.code, refusal.message, refusal.details));
  });
}

/**
 * The refusal with `root.` left out of its detail paths (an endpoint's `errorPathRoot`), wherever the
 * detail came from: the body's schema, the multipart reader or the service.
 */
function withoutPathRoot(refusal: AppError | undefined, root: string | undefined): AppError | undefined {
  const prefix = `${root}.`;
  if (!refusal || !root || !refusal.details.some((d) => d.path.startsWith(prefix))) return refusal;
  const details = refusal.details.map((d) =>
    d.path.startsWith(prefix) ? { ...d, path: d.path.slice(prefix.length) } : d,
  );
  // A validation message names the fields (errors.validation), so it is written again from the new paths.
  const stripped =
    refusal.code === 'validation_failed'
      ? errors.validation(details)
      : new AppError(refusal.code, refusal.message, details);
  stripped.retryAfterSeconds = refusal.retryAfterSeconds;
  return stripped;
}

/**
 * SQLSTATEs (PostgreSQL and PGlite) that mean the input itself cannot be stored: NUL or an invalid byte in
 * text, an impossible date, a number out of range. The shared schemas refuse these first; this is the last
 * line of defence, so bad input is a 422 and never a 500.
 */
const INVALID_INPUT_SQLSTATES = new Set([
  '22001', // string_data_right_truncation
  '22003', // numeric_value_out_of_range
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
  '22021', // character_not_in_repertoire (NUL in text)
  '22P02', // invalid_text_representation
  '22P05', // untranslatable_character
]);

/** SQLSTATEs and socket errors of a lost or refused database connection: try again later (503). */
const CONNECTION_SQLSTATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
]);
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

const isSqlState = (code: unknown): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);

/**
 * What of an unexpected error goes to the log: never a database error's `detail`, `where` or query
 * parameters (a failed INSERT would otherwise log the row: a password hash, a token).
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof Error) || !isSqlState((error as { code?: unknown }).code)) return error;
  const { code, constraint, table, column } = error as unknown as {
    code: string;
    constraint?: string;
    table?: string;
    column?: string;
  };
  return {
    type: error.name,
    message: error.message,
    code,
    constraint,
    table,
    column,
    stack: error.stack,
  };
}

function databaseRefusal(error: { code?: unknown; message?: unknown }): AppError | undefined {
  const code = typeof error.code === 'string' ? error.code : undefined;
  if (code && INVALID_INPUT_SQLSTATES.has(code)) {
    return errors.validation([
      detail(
        '',
        'invalid',
        'holds a value that cannot be stored (a control character, an impossible date or number)',
      ),
    ]);
  }
  const lostConnection =
    (code && (CONNECTION_SQLSTATES.has(code) || CONNECTION_ERRNOS.has(code))) ||
    (typeof error.message === 'string' &&
      /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/.test(
        error.message,
      ));
  if (lostConnection)
    return new AppError('service_unavailable', 'The service is unavailable. Please try again.');
  return undefined;
}

function toAppError(error: FastifyError): AppError | undefined {
  if (error instanceof AppError) return error;
  const fromDatabase = databaseRefusal(error);
  if (fromDatabase) return fromDatabase;
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
