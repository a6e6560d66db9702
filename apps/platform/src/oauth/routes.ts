/**
 * The platform's OAuth 2.0 server, wire-compatible with the reference (platform-oauth.md).
 *
 * Grant handling is @node-oauth/oauth2-server's, not ours: it is maintained (the community fork of
 * oauth2-server, RFC 6749 and RFC 7636 PKCE, S256 and plain), and model-based, so it runs the grants
 * while we keep our own storage — codes and tokens hashed in the platform's tables, the reference's
 * rules (single-use refresh tokens, replayed codes revoking their tokens) in our model. Around it: the
 * consent pages, token info and revocation (the library has neither), and RFC 6749 §5.2 error bodies of
 * our own (the library's never reach a client).
 */
import type { FastifyInstance } from 'fastify';
import type { PlatformContext } from '../context';
import type { PlatformEnvironment } from '../tokens';
import { authorizeRoutes } from './authorize';
import { failure, sendTokenError } from './errors';
import { oauthGuard } from './guard';
import { tokenRoutes } from './token';

export function oauthRoutes(app: FastifyInstance, ctx: PlatformContext, environment: PlatformEnvironment) {
  app.register(async (scope) => {
    // A body that does not parse (bad JSON, an unknown content type, too large) is a malformed request.
    scope.setErrorHandler((error: { statusCode?: number }, request, reply) => {
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return sendTokenError(reply, failure('invalid_request'));
      }
      request.log.error({ err: error }, 'OAuth request failed');
      return sendTokenError(reply, failure('server_error'));
    });
    oauthGuard(scope, ctx, environment);
    authorizeRoutes(scope, ctx, environment);
    tokenRoutes(scope, ctx, environment);
  });
}
