/// <reference path="./library.d.ts" />
import OAuth2Server from '@node-oauth/oauth2-server';
import AuthorizeHandler from '@node-oauth/oauth2-server/lib/handlers/authorize-handler';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PlatformContext } from '../context';
import { hashToken, randomToken } from '../crypto';
import type { PlatformDb } from '../db/schema';
import type { PlatformEnvironment } from '../tokens';
import { DESCRIPTIONS, failure, fromLibrary, missing, type OAuthFailure } from './errors';
import { CODE_SECONDS, createModel, findClient, type OAuthClient } from './model';
import { codePage, consentPage, errorPage, formTargetOf, type Lang, langOf, oobErrorPage } from './pages';

/** The out-of-band redirect URI: the code is shown to the user, who pastes it into the app. */
export const OOB = 'urn:ietf:wg:oauth:2.0:oob';
const PKCE_CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;
const PLACEHOLDER_NAME = /^Sandbox of app \d+$/;

/** The parameters of an authorization request, from the query (GET) or the consent form (POST). */
interface AuthorizeParams {
  response_type?: string | undefined;
  client_id?: string | undefined;
  redirect_uri?: string | undefined;
  state?: string | undefined;
  code_challenge?: string | undefined;
  code_challenge_method?: string | undefined;
}
const PARAM_NAMES = [
  'response_type',
  'client_id',
  'redirect_uri',
  'state',
  'code_challenge',
  'code_challenge_method',
] as const;

/** Repeated or nested parameters are malformed (RFC 6749 §3.1): kept as `''` so they fail validation. */
function paramsOf(source: unknown): AuthorizeParams {
  const input = (source ?? {}) as Record<string, unknown>;
  const params: AuthorizeParams = {};
  for (const name of PARAM_NAMES) {
    const value = input[name];
    if (value === undefined) continue;
    params[name] = typeof value === 'string' ? value : '';
  }
  return params;
}

type Checked =
  | { kind: 'page'; status: number; key: 'unknownClient' | 'badRedirect' }
  | { kind: 'refused'; client: OAuthClient; redirectUri: string; failed: OAuthFailure }
  | { kind: 'ok'; client: OAuthClient; redirectUri: string };

/**
 * Validates a request as Doorkeeper does (platform-oauth.md §3): an unknown client or an unregistered
 * redirect URI is shown to the user; anything else wrong goes back to the client (or is shown, out of band).
 */
async function check(
  db: PlatformDb,
  environment: PlatformEnvironment,
  params: AuthorizeParams,
): Promise<Checked> {
  const found = params.client_id ? await findClient(db, params.client_id, environment) : undefined;
  if (!found) return { kind: 'page', status: 400, key: 'unknownClient' };
  const { secretHash: _secret, previousSecretHash: _previous, name: _name, ...client } = found;
  const redirectUri = params.redirect_uri;
  if (!redirectUri || !client.redirectUris.includes(redirectUri))
    return { kind: 'page', status: 400, key: 'badRedirect' };
  if (redirectUri !== OOB && formTargetOf(redirectUri) === undefined) {
    return { kind: 'page', status: 400, key: 'badRedirect' };
  }
  const refuse = (failed: OAuthFailure): Checked => ({ kind: 'refused', client, redirectUri, failed });
  if (!params.response_type) return refuse(missing('response_type'));
  if (params.response_type !== 'code') return refuse(failure('unsupported_response_type'));
  // Production credentials are service accounts: no user authorizes them here (RFC 6749 §4.1.2.1).
  if (!client.grants.includes('authorization_code')) return refuse(failure('unauthorized_client'));
  if (params.state !== undefined && !/^[\x20-\x7e]*$/.test(params.state)) {
    return refuse(failure('invalid_request', 'Invalid parameter: state.'));
  }
  if (params.code_challenge_method !== undefined && params.code_challenge === undefined) {
    return refuse(missing('code_challenge'));
  }
  if (params.code_challenge !== undefined) {
    const method = params.code_challenge_method ?? 'plain';
    if (method !== 'plain' && method !== 'S256') {
      return refuse(failure('invalid_request', 'Invalid code_challenge_method: use S256 or plain.'));
    }
    if (!PKCE_CHALLENGE.test(params.code_challenge)) {
      return refuse(failure('invalid_request', 'Invalid parameter: code_challenge.'));
    }
  }
  return { kind: 'ok', client, redirectUri };
}

/** Back to the client with the outcome (RFC 6749 §4.1.2), state unchanged; out of band: shown instead. */
function sendBack(
  reply: FastifyReply,
  lang: Lang,
  redirectUri: string,
  state: string | undefined,
  outcome: { code: string } | OAuthFailure,
  nativeUrl: string,
) {
  if (redirectUri === OOB) {
    if ('code' in outcome)
      return reply.redirect(`${nativeUrl}?code=${encodeURIComponent(outcome.code)}`, 302);
    return oobErrorPage(reply, lang, outcome.error, outcome.description);
  }
  const url = new URL(redirectUri);
  if ('code' in outcome) {
    url.searchParams.set('code', outcome.code);
  } else {
    url.searchParams.set('error', outcome.error);
    url.searchParams.set('error_description', outcome.description);
  }
  if (state !== undefined && state !== '') url.searchParams.set('state', state);
  return reply.header('Cache-Control', 'no-store').redirect(url.toString(), 302);
}

/** The portal user as a member of the app's sandbox company, with the names the consent page shows. */
async function membership(db: PlatformDb, appId: number, portalUserId: number) {
  const company = await db
    .selectFrom('platform_companies')
    .select(['id', 'name'])
    .where('developer_app_id', '=', appId)
    .where('environment', '=', 'sandbox')
    .executeTakeFirst();
  if (!company) return { company: undefined, user: undefined };
  const user = await db
    .selectFrom('platform_users as u')
    .innerJoin('platform_company_users as cu', 'cu.user_id', 'u.id')
    .select(['u.id', 'u.name'])
    .where('u.portal_user_id', '=', portalUserId)
    .where('cu.company_id', '=', company.id)
    .executeTakeFirst();
  return { company, user };
}

/**
 * The app's name as the platform knows it. The sandbox application carries a placeholder name
 * ("Sandbox of app N"), so: that application's own name when it is a real one, else the production
 * application's (named after the app when production access was granted), else the sandbox company's
 * name, which the platform makes as "<app name> Sandbox".
 */
async function appName(db: PlatformDb, client: OAuthClient, companyName: string): Promise<string> {
  const rows = await db
    .selectFrom('platform_oauth_applications')
    .select(['id', 'name', 'environment'])
    .where('developer_app_id', '=', client.appId)
    .execute();
  const own = rows.find((row) => row.id === client.applicationId);
  if (own && !PLACEHOLDER_NAME.test(own.name)) return own.name;
  const production = rows.find((row) => row.environment === 'production');
  if (production && !PLACEHOLDER_NAME.test(production.name)) return production.name;
  return companyName.replace(/ Sandbox$/, '');
}

/** What the consent form was issued for: the same request, to the letter. */
function requestHash(environment: PlatformEnvironment, params: AuthorizeParams): string {
  return hashToken(JSON.stringify([environment, ...PARAM_NAMES.map((name) => params[name] ?? null)]));
}

/** A consent page's anti-forgery value: random, stored hashed, bound to the user and the request. */
async function issueConsent(ctx: PlatformContext, userId: number, hash: string): Promise<string> {
  const now = ctx.now();
  const nonce = randomToken(32);
  await ctx.db.deleteFrom('platform_oauth_consents').where('expires_at', '<', now).execute();
  await ctx.db
    .insertInto('platform_oauth_consents')
    .values({
      nonce_hash: hashToken(nonce),
      user_id: userId,
      request_hash: hash,
      expires_at: new Date(now.getTime() + CODE_SECONDS * 1000),
      created_at: now,
    })
    .execute();
  return nonce;
}

/** Uses a consent form's value up: true once, for its user and request, before it expires. */
async function takeConsent(
  ctx: PlatformContext,
  nonce: unknown,
  userId: number,
  hash: string,
): Promise<boolean> {
  if (typeof nonce !== 'string' || nonce.length === 0 || nonce.length > 200) return false;
  const taken = await ctx.db
    .deleteFrom('platform_oauth_consents')
    .where('nonce_hash', '=', hashToken(nonce))
    .where('user_id', '=', userId)
    .where('request_hash', '=', hash)
    .where('expires_at', '>', ctx.now())
    .returning('nonce_hash')
    .executeTakeFirst();
  return taken !== undefined;
}

/**
 * The library's authorization handler without its redirect building: that uses node's deprecated
 * url.parse, and sendBack builds the redirect (or the out-of-band page) itself anyway.
 */
class CodeIssuer extends AuthorizeHandler {
  override buildSuccessRedirectUri() {
    return {};
  }
  override buildErrorRedirectUri() {
    return {};
  }
  override updateResponse() {}
}

/** GET and POST {base}/oauth/authorize, and the out-of-band code page {base}/oauth/authorize/native. */
export function authorizeRoutes(
  app: FastifyInstance,
  ctx: PlatformContext,
  environment: PlatformEnvironment,
) {
  const base = environment === 'sandbox' ? '/sandbox' : '/production';
  const action = `${base}/oauth/authorize`;
  const nativeUrl = `${base}/oauth/authorize/native`;

  /** Everything both methods share: the checks, the sign-in, the membership. */
  async function prepare(request: FastifyRequest, reply: FastifyReply, params: AuthorizeParams) {
    const lang = langOf(request);
    const checked = await check(ctx.db, environment, params);
    if (checked.kind === 'page') return { done: errorPage(reply, lang, checked.status, checked.key) };
    if (checked.kind === 'refused') {
      return {
        done: sendBack(reply, lang, checked.redirectUri, params.state, checked.failed, nativeUrl),
      };
    }
    const identity = await ctx.identify(request);
    if (!identity) {
      const query = new URLSearchParams(
        PARAM_NAMES.flatMap((name): [string, string][] => {
          const value = params[name];
          return value === undefined ? [] : [[name, value]];
        }),
      );
      const returnTo = request.method === 'GET' ? request.url : `${action}?${query.toString()}`;
      return { done: reply.header('Cache-Control', 'no-store').redirect(ctx.signInUrl(returnTo), 302) };
    }
    const { company, user } = await membership(ctx.db, checked.client.appId, identity.portalUserId);
    const name = await appName(ctx.db, checked.client, company?.name ?? '');
    if (!company || !user) {
      return {
        done: errorPage(reply, lang, 403, 'notMember', { app: name, company: company?.name ?? name }),
      };
    }
    return { lang, client: checked.client, redirectUri: checked.redirectUri, company, user, appName: name };
  }

  app.get('/oauth/authorize', async (request, reply) => {
    const params = paramsOf(request.query);
    request.oauthClientId = params.client_id;
    const ready = await prepare(request, reply, params);
    if ('done' in ready) return ready.done;
    const nonce = await issueConsent(ctx, ready.user.id, requestHash(environment, params));
    return consentPage(reply, ready.lang, {
      action,
      app: ready.appName,
      company: ready.company.name,
      user: ready.user.name,
      fields: { ...params, authenticity_token: nonce },
      formTarget: ready.redirectUri === OOB ? undefined : formTargetOf(ready.redirectUri),
    });
  });

  app.post('/oauth/authorize', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const params = paramsOf(body);
    request.oauthClientId = params.client_id;
    const ready = await prepare(request, reply, params);
    if ('done' in ready) return ready.done;
    const { lang, redirectUri, user } = ready;
    if (!(await takeConsent(ctx, body.authenticity_token, user.id, requestHash(environment, params)))) {
      return errorPage(reply, lang, 403, 'formExpired');
    }
    if (body.decision !== 'allow') {
      return sendBack(
        reply,
        lang,
        redirectUri,
        params.state,
        failure('access_denied', DESCRIPTIONS.access_denied),
        nativeUrl,
      );
    }
    // The library makes and saves the code (with its PKCE challenge) through our model.
    const handler = new CodeIssuer({
      model: createModel(ctx, environment, 'authorize'),
      authorizationCodeLifetime: CODE_SECONDS,
      allowEmptyState: true,
      authenticateHandler: { handle: async () => ({ id: user.id }) },
      enablePlainPKCE: true,
    });
    try {
      const code = await handler.handle(
        new OAuth2Server.Request({
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          query: {},
          body: { ...params },
        }),
        new OAuth2Server.Response(),
      );
      return sendBack(reply, lang, redirectUri, params.state, { code: code.authorizationCode }, nativeUrl);
    } catch (error) {
      const failed = fromLibrary(error, 'authorization_code');
      if (failed.error === 'server_error') request.log.error({ err: error }, 'authorization failed');
      return sendBack(reply, lang, redirectUri, params.state, failed, nativeUrl);
    }
  });

  app.get('/oauth/authorize/native', async (request, reply) => {
    const code = (request.query as Record<string, unknown>).code;
    return codePage(
      reply,
      langOf(request),
      // Only what could be one of our codes is shown: the page cannot be made to display any text.
      typeof code === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(code) ? code : undefined,
    );
  });
}
