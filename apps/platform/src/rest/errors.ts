import type { FastifyInstance } from 'fastify';

/** Field errors as the REST API answers them: `{"field": ["message", …]}`. */
export type FieldErrors = Record<string, string[]>;

/**
 * An error answer of the REST API. v1 bodies are not uniform on the real platform (rest-api.md §6); ours
 * are always `{"errors": …, "message": "…"}` (the reference's suggested sandbox shape): `errors` is the
 * text, or the field errors of a 400/406/422.
 */
export class RestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: string | FieldErrors = message,
  ) {
    super(message);
  }
}

/** 400: malformed input (a bad query parameter, a body that is not the resource under its name). */
export const badRequest = (message: string, errors?: FieldErrors) => new RestError(400, message, errors);
/** 403: the token may read this but not do that (permission too low, app not installed, not a user). */
export const forbidden = (message: string) => new RestError(403, message);
/** 404: not found, or not readable by this token (the reference answers both alike). */
export const notFound = (what: string) => new RestError(404, `${what} not found`);
/** 406: fields the resource does not have. */
export const unknownFields = (fields: readonly string[], resource: string, accepted: readonly string[]) =>
  new RestError(
    406,
    `Unknown ${resource} field${fields.length === 1 ? '' : 's'}: ${fields.join(', ')}`,
    Object.fromEntries(
      fields.map((field) => [field, [`is not a ${resource} field (accepted: ${accepted.join(', ')})`]]),
    ),
  );
/** 422: the fields are the resource's but their values break its rules. */
export const unprocessable = (errors: FieldErrors) =>
  new RestError(
    422,
    `Validation failed: ${Object.entries(errors)
      .map(([field, messages]) => `${field} ${messages.join(', ')}`)
      .join('; ')}`,
    errors,
  );

/** Answers RestErrors in the scope; anything else goes on to the platform's error handler. */
export function restErrors(scope: FastifyInstance) {
  scope.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof RestError) {
      return reply.status(error.status).send({ errors: error.errors, message: error.message });
    }
    const failure = error as { statusCode?: number; message?: string };
    const status =
      failure.statusCode && failure.statusCode >= 400 && failure.statusCode < 500 ? failure.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'platform REST request failed');
    const message = status === 500 ? 'Internal Server Error' : (failure.message ?? 'Bad Request');
    return reply.status(status).send({ errors: message, message });
  });
}
