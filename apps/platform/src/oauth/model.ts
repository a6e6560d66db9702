import type OAuth2Server from '@node-oauth/oauth2-server';
import type { PlatformContext } from '../context';
import { hashToken, randomToken, safeEqual } from '../crypto';
import type { PlatformDb } from '../db/schema';
import {
  ACCESS_TOKEN_SECONDS,
  issueToken,
  type PlatformEnvironment,
  type RefreshableToken,
  revokeTokensOfCode,
  sandboxCompanyActive,
  verifyAccessToken,
} from '../tokens';

/** Authorization codes work once, for ten minutes (platform-oauth.md §3). */
export const CODE_SECONDS = 600;

/** An OAuth application as the library sees it (its `id` is our row id, as text). */
export interface OAuthClient extends OAuth2Server.Client {
  id: string;
  grants: string[];
  redirectUris: string[];
  applicationId: number;
  uid: string;
  appId: number;
  confidential: boolean;
}

/** The user a code or user token acts as; `{ client: true }` for the app's service account. */
interface OAuthUser extends OAuth2Server.User {
  id?: number;
}

/** Grants each environment offers: production credentials are service accounts (client_credentials only). */
export const GRANTS: Record<PlatformEnvironment, string[]> = {
  sandbox: ['authorization_code', 'refresh_token', 'client_credentials'],
  production: ['client_credentials'],
};

/** The registered redirect URIs: one per line, matched exactly (trailing slash included). */
export function redirectUrisOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** An OAuth application with what authenticates it: its secret's hash, and its previous one's in a grace. */
export type FoundClient = OAuthClient & {
  secretHash: string;
  previousSecretHash: string | null;
  name: string;
};

/**
 * Whether a client secret is the application's: its current one, or — during the grace period of a
 * rotation (issue 23) — its previous one. Both hashes are always compared, so the time taken does not
 * tell which matched.
 */
export function secretMatches(
  client: Pick<FoundClient, 'secretHash' | 'previousSecretHash'>,
  secret: string,
): boolean {
  const hash = hashToken(secret);
  const current = safeEqual(hash, client.secretHash);
  const previous = client.previousSecretHash !== null && safeEqual(hash, client.previousSecretHash);
  return current || previous;
}

/**
 * A working OAuth application of this environment with a portal app (not revoked), by client id; its
 * previous secret only while its grace period runs at `now`.
 */
export async function findClient(
  db: PlatformDb,
  uid: string,
  environment: PlatformEnvironment,
  now: Date = new Date(),
): Promise<FoundClient | undefined> {
  if (uid.length === 0 || uid.length > 200) return undefined;
  const row = await db
    .selectFrom('platform_oauth_applications')
    .select(['id', 'uid', 'name', 'secret_hash', 'redirect_uri', 'confidential', 'developer_app_id'])
    .select((eb) =>
      eb
        .case()
        .when('previous_secret_expires_at', '>', now)
        .then(eb.ref('previous_secret_hash'))
        .else(null)
        .end()
        .as('previous_secret_hash'),
    )
    .where('uid', '=', uid)
    .where('environment', '=', environment)
    .where('revoked_at', 'is', null)
    .where('developer_app_id', 'is not', null)
    // A deleted app's sandbox company is inactive: its sandbox credentials stop with it.
    .$if(environment === 'sandbox', (query) =>
      query.where(sandboxCompanyActive('platform_oauth_applications.developer_app_id')),
    )
    .executeTakeFirst();
  if (!row || row.developer_app_id === null) return undefined;
  return {
    id: String(row.id),
    grants: GRANTS[environment],
    redirectUris: redirectUrisOf(row.redirect_uri),
    applicationId: row.id,
    uid: row.uid,
    appId: row.developer_app_id,
    confidential: row.confidential,
    secretHash: row.secret_hash,
    previousSecretHash: row.previous_secret_hash,
    name: row.name,
  };
}

/** What one token request learnt before the library ran: the refresh token it burned, if still good. */
export interface TokenRequestState {
  refresh?: RefreshableToken | null;
}

/**
 * The library's model over our own tables (codes and tokens stored hashed). Built per request: a refresh
 * call burns its refresh token before the library runs, and the model hands the library only that.
 */
export function createModel(
  ctx: PlatformContext,
  environment: PlatformEnvironment,
  endpoint: 'authorize' | 'token',
  state: TokenRequestState = {},
) {
  const { db } = ctx;
  return {
    async getClient(clientId: string, clientSecret: string | null): Promise<OAuthClient | false> {
      const client = await findClient(db, clientId, environment, ctx.now());
      if (!client) return false;
      const { secretHash: _hash, previousSecretHash: _previous, name: _name, ...rest } = client;
      // The authorization page names the client only. At the token endpoint the library lets a PKCE
      // exchange come without a secret: only a public (not confidential) client may do that.
      if (clientSecret) {
        if (!secretMatches(client, clientSecret)) return false;
      } else if (endpoint === 'token' && client.confidential) {
        return false;
      }
      return rest;
    },

    async generateAuthorizationCode(): Promise<string> {
      return randomToken(32);
    },

    async saveAuthorizationCode(
      code: Pick<
        OAuth2Server.AuthorizationCode,
        'authorizationCode' | 'expiresAt' | 'redirectUri' | 'scope' | 'codeChallenge' | 'codeChallengeMethod'
      >,
      client: OAuthClient,
      user: OAuthUser,
    ): Promise<OAuth2Server.AuthorizationCode> {
      const now = ctx.now();
      const expiresAt = new Date(now.getTime() + CODE_SECONDS * 1000);
      if (user.id === undefined) throw new Error('a code needs a user');
      await db
        .insertInto('platform_oauth_codes')
        .values({
          code_hash: hashToken(code.authorizationCode),
          oauth_application_id: client.applicationId,
          user_id: user.id,
          redirect_uri: code.redirectUri,
          code_challenge: code.codeChallenge ?? null,
          code_challenge_method: code.codeChallenge
            ? ((code.codeChallengeMethod ?? 'plain') as 'plain' | 'S256')
            : null,
          expires_at: expiresAt,
          created_at: now,
        })
        .execute();
      return { ...code, expiresAt, client, user };
    },

    /** A code seen again after its use is a replay: every token issued from it is revoked. */
    async getAuthorizationCode(value: string): Promise<OAuth2Server.AuthorizationCode | false> {
      const codeHash = hashToken(value);
      const row = await db
        .selectFrom('platform_oauth_codes')
        .selectAll()
        .where('code_hash', '=', codeHash)
        .executeTakeFirst();
      if (!row) return false;
      if (row.used_at !== null) {
        await revokeTokensOfCode(db, codeHash, ctx.now());
        return false;
      }
      return {
        authorizationCode: value,
        // The library compares with the wall clock; shift so that it answers as our clock would.
        expiresAt: new Date(Date.now() + (row.expires_at.getTime() - ctx.now().getTime())),
        redirectUri: row.redirect_uri,
        client: { id: String(row.oauth_application_id), grants: [] },
        user: { id: row.user_id },
        ...(row.code_challenge
          ? { codeChallenge: row.code_challenge, codeChallengeMethod: row.code_challenge_method ?? 'plain' }
          : {}),
      };
    },

    /** Marks the code used (before PKCE is checked: a wrong verifier burns it too). */
    async revokeAuthorizationCode(code: OAuth2Server.AuthorizationCode): Promise<boolean> {
      const codeHash = hashToken(code.authorizationCode);
      const result = await db
        .updateTable('platform_oauth_codes')
        .set({ used_at: ctx.now() })
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows > 0n) return true;
      // Another request used it in between: a replay as well.
      await revokeTokensOfCode(db, codeHash, ctx.now());
      return false;
    },

    async getRefreshToken(value: string): Promise<OAuth2Server.RefreshToken | false> {
      const refresh = state.refresh;
      if (!refresh) return false;
      return {
        refreshToken: value,
        client: { id: String(refresh.oauthApplicationId), grants: [] },
        user: { id: refresh.userId },
        tokenId: refresh.tokenId,
      };
    },

    /** A successful refresh ends the old access token too: the answer carries a new pair. */
    async revokeToken(token: OAuth2Server.RefreshToken): Promise<boolean> {
      await db
        .updateTable('platform_oauth_tokens')
        .set({ revoked_at: ctx.now() })
        .where('id', '=', token.tokenId as number)
        .execute();
      return true;
    },

    async getUserFromClient(): Promise<OAuthUser> {
      return { client: true };
    },

    async saveToken(
      token: OAuth2Server.Token,
      client: OAuthClient,
      user: OAuthUser,
    ): Promise<OAuth2Server.Token & { createdAt: Date }> {
      const isUser = typeof user.id === 'number';
      const issued = await issueToken(
        db,
        {
          oauthApplicationId: client.applicationId,
          environment,
          kind: isUser ? 'user' : 'client',
          userId: isUser ? (user.id as number) : null,
          // A renewed token keeps its chain's code, so that a replay of the code ends the whole chain.
          codeHash: token.authorizationCode
            ? hashToken(token.authorizationCode as string)
            : (state.refresh?.codeHash ?? null),
          withRefresh: isUser,
        },
        ctx.now(),
      );
      return {
        accessToken: issued.accessToken,
        accessTokenExpiresAt: new Date(Date.now() + ACCESS_TOKEN_SECONDS * 1000),
        ...(issued.refreshToken ? { refreshToken: issued.refreshToken } : {}),
        client,
        user,
        createdAt: issued.createdAt,
      };
    },

    async getAccessToken(value: string): Promise<OAuth2Server.Token | false> {
      const principal = await verifyAccessToken(db, value, environment, ctx.now());
      if (!principal) return false;
      return {
        accessToken: value,
        accessTokenExpiresAt: principal.expiresAt,
        client: { id: String(principal.oauthApplicationId), grants: [] },
        user: principal.userId === null ? { client: true } : { id: principal.userId },
      };
    },
  };
}
