import type { FieldLabel } from './field-labels';
/**
 * The stable error codes of the API, one catalogue for both sides (CONVENTIONS.md): the server answers
 * them in `error.code`, the web turns each into translated text (`errors.code.<code>`).
 */
export const ERROR_CODES = [
  'bad_request',
  'malformed_json',
  'malformed_multipart',
  'unauthenticated',
  'invalid_credentials',
  'email_not_confirmed',
  'forbidden',
  'csrf_invalid',
  'not_found',
  'conflict',
  'gone',
  'payload_too_large',
  'unsupported_media_type',
  'validation_failed',
  'invalid_token',
  'too_many_attempts',
  'too_many_requests',
  'internal_error',
  'service_unavailable',
  'insufficient_scope',
  'two_factor_required',
  'two_factor_setup_required',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The HTTP status each code is answered with. */
export const ERROR_STATUS = {
  bad_request: 400,
  malformed_json: 400,
  malformed_multipart: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  email_not_confirmed: 403,
  forbidden: 403,
  csrf_invalid: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  invalid_token: 422,
  too_many_attempts: 429,
  too_many_requests: 429,
  internal_error: 500,
  service_unavailable: 503,
  insufficient_scope: 403,
  two_factor_required: 401,
  two_factor_setup_required: 403,
} as const satisfies Record<ErrorCode, number>;

/**
 * What is wrong with one field (`error.details[].code`); `params` fill the translated text
 * (`errors.detail.<code>`), e.g. `{max: 120}` for too_long. Areas add their own codes here, so the
 * web can translate every one of them.
 */
export const DETAIL_CODES = [
  'required',
  'too_long',
  'too_short',
  'too_many',
  'too_few',
  'too_large',
  'too_small',
  'invalid_type',
  'invalid_email',
  'invalid_url',
  'invalid_format',
  'invalid_choice',
  'invalid_date',
  'control_characters',
  'unknown_field',
  'invalid',
  'taken',
  'incorrect',
  'mismatch',
  'file_too_large',
  'file_type',
  'image_size',
  'image_too_large',
  'redirect_uri',
  'already_collaborator',
  'already_invited',
  'single_owner',
  'invitation_status',
] as const;
export type DetailCode = (typeof DETAIL_CODES)[number];

/** What is wrong with one field of a request (the `error.details` of an error body). */
export interface ErrorDetail {
  /** The field's dotted path, e.g. `pictures.2.description`. */
  path: string;
  /** English, for API clients; the web translates `code` and `params` instead. */
  message: string;
  code: DetailCode;
  params?: DetailParams;
  /** The field's name for people (field-labels.ts), when the path is one the label table knows. */
  label?: FieldLabel;
}
export type DetailParams = Record<string, string | number>;

/** The parts of a zod issue the mapping reads (zod's own issue type, loosely, so both sides can pass theirs). */
export interface IssueLike {
  code: string;
  message: string;
  path: readonly PropertyKey[];
  input?: unknown;
  expected?: unknown;
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  format?: unknown;
  values?: readonly unknown[];
  keys?: readonly string[];
  params?: Record<string, unknown>;
  /** An `invalid_union`'s issues, one list per alternative. */
  errors?: readonly (readonly IssueLike[])[];
}

/**
 * What an `invalid_union` issue ("Invalid input") means for the client: the problem of the alternative
 * the value came closest to — the deepest issue (`sort[]=bogus` fails inside the array alternative), and
 * among equally deep ones, any but a wrong type (`sort=bogus` is a string, so the list of allowed values
 * says more than "must be an array"). Other issues are their own explanation.
 */
function explainedIssue(issue: IssueLike): IssueLike {
  if (issue.code !== 'invalid_union' || !issue.errors) return issue;
  let best: IssueLike | undefined;
  for (const candidate of issue.errors.flat().map(explainedIssue)) {
    const deeper = best === undefined || candidate.path.length > best.path.length;
    const sameDepthBetter =
      best !== undefined &&
      candidate.path.length === best.path.length &&
      best.code === 'invalid_type' &&
      candidate.code !== 'invalid_type';
    if (deeper || sameDepthBetter) best = candidate;
  }
  return best ?? issue;
}

/**
 * A zod issue as an error detail: a stable code and its params from the issue's kind, the message the
 * schema wrote (English, for API clients). Custom checks name their code in `params.code`.
 */
export function detailFromIssue(issue: IssueLike, path: string): ErrorDetail {
  const explained = explainedIssue(issue);
  const { code, params } = issueCode(explained);
  return params
    ? { path, message: messageOf(explained), code, params }
    : { path, message: messageOf(explained), code };
}

function issueCode(issue: IssueLike): { code: DetailCode; params?: DetailParams } {
  const min = Number(issue.minimum);
  const max = Number(issue.maximum);
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? { code: 'required' }
        : { code: 'invalid_type', params: { expected: String(issue.expected) } };
    case 'too_small':
      if (issue.origin === 'string')
        return min <= 1 ? { code: 'required' } : { code: 'too_short', params: { min } };
      if (issue.origin === 'array' || issue.origin === 'set') return { code: 'too_few', params: { min } };
      if (issue.origin === 'date') return { code: 'invalid_date' };
      return { code: 'too_small', params: { min } };
    case 'too_big':
      if (issue.origin === 'string') return { code: 'too_long', params: { max } };
      if (issue.origin === 'array' || issue.origin === 'set') return { code: 'too_many', params: { max } };
      if (issue.origin === 'date') return { code: 'invalid_date' };
      return { code: 'too_large', params: { max } };
    case 'invalid_format':
      if (issue.format === 'email') return { code: 'invalid_email' };
      if (issue.format === 'url') return { code: 'invalid_url' };
      return { code: 'invalid_format' };
    case 'invalid_value':
      return {
        code: 'invalid_choice',
        params: { values: (issue.values ?? []).map(String).join(', ') },
      };
    case 'unrecognized_keys':
      return { code: 'unknown_field' };
    case 'custom': {
      const custom = issue.params?.code;
      if (typeof custom === 'string' && (DETAIL_CODES as readonly string[]).includes(custom)) {
        const rest = Object.fromEntries(
          Object.entries(issue.params ?? {}).filter(
            ([key, value]) => key !== 'code' && (typeof value === 'string' || typeof value === 'number'),
          ),
        ) as DetailParams;
        return Object.keys(rest).length > 0
          ? { code: custom as DetailCode, params: rest }
          : { code: custom as DetailCode };
      }
      return { code: 'invalid' };
    }
    default:
      return { code: 'invalid' };
  }
}

function messageOf(issue: IssueLike): string {
  if (issue.code === 'unrecognized_keys') return 'is not a known field';
  if (issue.code === 'invalid_type') {
    return issue.input === undefined ? "can't be blank" : `must be ${article(String(issue.expected))}`;
  }
  return issue.message;
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** The dotted path of a field (`pictures.2.description`), with an optional prefix (`headers`). */
export function issuePath(path: readonly PropertyKey[], prefix: readonly string[] = []): string {
  return [...prefix, ...path.map(String)].join('.');
}

/** One detail per field: the first problem of each path, in order (unknown keys get one each). */
export function detailsFromIssues(
  issues: readonly IssueLike[],
  prefix: readonly string[] = [],
): ErrorDetail[] {
  const seen = new Set<string>();
  const details: ErrorDetail[] = [];
  for (const issue of issues) {
    const paths =
      issue.code === 'unrecognized_keys' && issue.keys
        ? issue.keys.map((key) => issuePath([...issue.path, key], prefix))
        : [issuePath(issue.path, prefix)];
    for (const path of paths) {
      if (seen.has(path)) continue;
      seen.add(path);
      details.push(detailFromIssue(issue, path));
    }
  }
  return details;
}
