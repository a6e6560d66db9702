import type { FastifyReply } from 'fastify';

/** The error codes of RFC 6749 §4.1.2.1 and §5.2 the server answers. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'access_denied'
  | 'server_error';

/** Doorkeeper's texts (platform-oauth.md §7): what the reference's clients see. */
export const DESCRIPTIONS: Record<OAuthErrorCode, string> = {
  invalid_request:
    'The request is missing a required parameter, includes an unsupported parameter value, or is otherwise malformed.',
  invalid_client:
    'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
  invalid_grant:
    'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
  unauthorized_client: 'The client is not authorized to perform this request using this method.',
  unsupported_grant_type: 'The authorization grant type is not supported by the authorization server.',
  unsupported_response_type: 'The authorization server does not support this response type.',
  invalid_scope: 'The requested scope is invalid, unknown, or malformed.',
  access_denied: 'The resource owner or authorization server denied the request.',
  server_error:
    'The authorization server encountered an unexpected condition which prevented it from fulfilling the request.',
};

/** The grants this server has (each environment offers some of them). */
const OFFERED_GRANTS = ['authorization_code', 'refresh_token', 'client_credentials'];

/** "The refresh token is invalid" (platform-oauth.md §7): every failed refresh reads the same. */
export const REFRESH_INVALID = 'The refresh token is invalid';

export interface OAuthFailure {
  error: OAuthErrorCode;
  description: string;
}

export function failure(error: OAuthErrorCode, description = DESCRIPTIONS[error]): OAuthFailure {
  return { error, description };
}

export function missing(parameter: string): OAuthFailure {
  return failure('invalid_request', `Missing required parameter: ${parameter}.`);
}

/**
 * The library's error, in our words: its code (`name`) chosen by RFC 6749, its message never shown (it
 * names the library's internals). A few codes are corrected where the RFC reads otherwise.
 */
export function fromLibrary(error: unknown, grantType: string | undefined): OAuthFailure {
  const name = (error as { name?: unknown } | null)?.name;
  const message = String((error as { message?: unknown } | null)?.message ?? '');
  const parameter = /^Missing parameter: `([a-z_]+)`/.exec(message)?.[1];
  switch (name) {
    case 'invalid_request':
      if (parameter === 'code_verifier') return failure('invalid_grant');
      if (parameter) return missing(parameter);
      // A redirect URI other than the authorization request's is a grant mismatch (RFC 6749 §5.2).
      if (message.includes('`redirect_uri` is invalid')) return failure('invalid_grant');
      if (message.includes('`redirect_uri` is not a valid URI')) return missing('redirect_uri');
      if (message.includes('`code_verifier`')) return failure('invalid_grant');
      return failure('invalid_request');
    case 'invalid_grant':
      if (grantType === 'refresh_token') return failure('invalid_grant', REFRESH_INVALID);
      return failure('invalid_grant');
    case 'unauthorized_client':
      // The library knows the password grant; this server does not offer it to anyone.
      return failure(grantType && OFFERED_GRANTS.includes(grantType) ? name : 'unsupported_grant_type');
    case 'invalid_client':
    case 'unsupported_grant_type':
    case 'unsupported_response_type':
    case 'invalid_scope':
    case 'access_denied':
      return failure(name);
    default:
      return failure('server_error');
  }
}

/**
 * RFC 6749 §5.2 at the token endpoint: `invalid_client` 401 with WWW-Authenticate, every other 400
 * (a server error 500); never cached.
 */
export function sendTokenError(reply: FastifyReply, failed: OAuthFailure) {
  const status = failed.error === 'invalid_client' ? 401 : failed.error === 'server_error' ? 500 : 400;
  if (failed.error === 'invalid_client') {
    reply.header(
      'WWW-Authenticate',
      `Bearer realm="Platform", error="invalid_client", error_description="${failed.description.replace(/["\\]/g, '')}"`,
    );
  }
  return reply
    .status(status)
    .header('Cache-Control', 'no-store')
    .header('Pragma', 'no-cache')
    .send({ error: failed.error, error_description: failed.description });
}
