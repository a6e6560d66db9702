import OAuth2Server from '@node-oauth/oauth2-server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PlatformContext } from '../context';
import { invalidToken } from '../rest/pipeline';
import {
  ACCESS_TOKEN_SECONDS,
  burnRefreshToken,
  findTokenByValue,
  type PlatformEnvironment,
  revokeToken,
  verifyAccessToken,
} from '../tokens';
import { failure, fromLibrary, sendTokenError } from './errors';
import { createModel, findClient, secretMatches, type TokenRequestState } from './model';

/**
 * The body's fields as text, whatever the encoding (form, multipart, JSON). A field sent twice, nested or
 * not text is left out, so it reads as missing (invalid_request).
 */
function fieldsOf(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return fields;
  for (const [name, value] of Object.entries(body)) {
    if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}

/** HTTP Basic client credentials (RFC 6749 §2.3.1: each part form-urlencoded), when sent. */
function basicCredentials(request: FastifyRequest): { id: string; secret: string } | null | 'malformed' {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !/^basic\s/i.test(header)) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return 'malformed';
  try {
    return {
      id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
      secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
    };
  } catch {
    return 'malformed';
  }
}

function noStore(reply: FastifyReply) {
  return reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
}

/** POST {base}/oauth/token, GET {base}/oauth/token/info and POST {base}/oauth/revoke. */
export function tokenRoutes(app: FastifyInstance, ctx: PlatformContext, environment: PlatformEnvironment) {
  app.post('/oauth/token', async (request, reply) => {
    const fields = fieldsOf(request.body);
    const basic = basicCredentials(request);
    if (basic === 'malformed') return sendTokenError(reply, failure('invalid_client'));
    request.oauthClientId = basic ? basic.id : fields.client_id;
    const grantType = fields.grant_type;
    const state: TokenRequestState = {};
    // Any refresh call burns the refresh token it sends, before anything else can fail.
    if (grantType === 'refresh_token' && fields.refresh_token) {
      state.refresh = await burnRefreshToken(ctx.db, fields.refresh_token, environment, ctx.now());
    }
    const server = new OAuth2Server({
      model: createModel(ctx, environment, 'token', state),
      accessTokenLifetime: ACCESS_TOKEN_SECONDS,
      // Refresh tokens do not expire: they last until used (platform-oauth.md §4).
      refreshTokenLifetime: 100 * 365 * 24 * 3600,
      alwaysIssueNewRefreshToken: true,
      enablePlainPKCE: true,
    } as OAuth2Server.ServerOptions);
    // The library reads form fields only: every encoding is handed over as one; Basic credentials as
    // the library parses them (decoded here first, as RFC 6749 §2.3.1 encodes them).
    const body: Record<string, string> = { ...fields };
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': '1',
    };
    if (basic) {
      headers.authorization = `Basic ${Buffer.from(`${basic.id}:${basic.secret}`).toString('base64')}`;
    }
    try {
      const token = (await server.token(
        new OAuth2Server.Request({ method: 'POST', headers, query: {}, body }),
        new OAuth2Server.Response(),
      )) as OAuth2Server.Token & { createdAt: Date };
      return noStore(reply).send({
        access_token: token.accessToken,
        token_type: 'bearer',
        expires_in: ACCESS_TOKEN_SECONDS,
        ...(token.refreshToken ? { refresh_token: token.refreshToken } : {}),
        created_at: Math.floor(token.createdAt.getTime() / 1000),
      });
    } catch (error) {
      const failed = fromLibrary(error, grantType);
      if (failed.error === 'server_error') request.log.error({ err: error }, 'token request failed');
      return sendTokenError(reply, failed);
    }
  });

  app.get('/oauth/token/info', async (request, reply) => {
    const header = request.headers.authorization;
    const token = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
    const principal = token ? await verifyAccessToken(ctx.db, token, environment, ctx.now()) : null;
    if (!principal) return invalidToken(reply);
    request.oauthCaller = {
      appId: principal.appId,
      clientId: principal.clientId,
      tokenKind: principal.kind,
      tokenId: principal.tokenId,
    };
    const now = ctx.now();
    const expiresIn = Math.max(0, Math.floor((principal.expiresAt.getTime() - now.getTime()) / 1000));
    return noStore(reply).send({
      // The platform user of a user token; a client-credentials token has no resource owner (Doorkeeper: nil).
      resource_owner_id: principal.userId,
      scopes: [],
      expires_in_seconds: expiresIn,
      application: { uid: principal.clientId },
      created_at: Math.floor(principal.createdAt.getTime() / 1000),
      scope: '',
      expires_in: expiresIn,
    });
  });

  /**
   * RFC 7009: the client authenticates as at the token endpoint (a failure is invalid_client 401); then
   * the answer is 200 `{}` whatever the token was. A token of this client is revoked, access and refresh
   * together; one of another client, or unknown, is left alone (nothing tells the caller which).
   */
  app.post('/oauth/revoke', async (request, reply) => {
    const fields = fieldsOf(request.body);
    const basic = basicCredentials(request);
    if (basic === 'malformed') return sendTokenError(reply, failure('invalid_client'));
    const clientId = basic ? basic.id : fields.client_id;
    request.oauthClientId = clientId;
    const secret = basic ? basic.secret : fields.client_secret;
    const client = clientId ? await findClient(ctx.db, clientId, environment, ctx.now()) : undefined;
    const authenticated =
      client !== undefined && (secret ? secretMatches(client, secret) : !client.confidential);
    if (!client || !authenticated) return sendTokenError(reply, failure('invalid_client'));
    const value = fields.token;
    if (!value)
      return sendTokenError(reply, failure('invalid_request', 'Missing required parameter: token.'));
    {
      const found = await findTokenByValue(ctx.db, value, environment, fields.token_type_hint);
      if (found && found.oauthApplicationId === client.applicationId) {
        await revokeToken(ctx.db, found.id, ctx.now());
      }
    }
    return noStore(reply).send({});
  });
}
