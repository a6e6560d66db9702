import { type RawBuilder, sql } from 'kysely';
import { hashToken, randomToken } from './crypto';
import type { PlatformDb } from './db/schema';

/** Access tokens live 90 minutes for every grant (platform-oauth.md §4). */
export const ACCESS_TOKEN_SECONDS = 5400;

export type PlatformEnvironment = 'sandbox' | 'production';

/** Who a valid access token speaks for: what the REST API, the limits and the activity log see. */
export interface Principal {
  tokenId: number;
  /** user: acts as `userId` (authorization code); client: the app's service account (client credentials). */
  kind: 'user' | 'client';
  environment: PlatformEnvironment;
  oauthApplicationId: number;
  /** The OAuth client id (uid): the key of the app's rate-limit buckets. */
  clientId: string;
  appId: number;
  /** The platform user of a user token; null for client credentials. */
  userId: number | null;
  createdAt: Date;
  expiresAt: Date;
}

export interface IssuedToken {
  id: number;
  accessToken: string;
  refreshToken: string | null;
  createdAt: Date;
  expiresIn: number;
}

/**
 * Issues an access token (and a refresh token unless it is a client-credentials token). Only hashes are
 * stored; the plain values exist in the returned object once.
 */
export async function issueToken(
  db: PlatformDb,
  input: {
    oauthApplicationId: number;
    environment: PlatformEnvironment;
    kind: 'user' | 'client';
    userId: number | null;
    codeHash?: string | null;
    withRefresh: boolean;
  },
  now = new Date(),
): Promise<IssuedToken> {
  const accessToken = randomToken(32);
  const refreshToken = input.withRefresh ? randomToken(32) : null;
  // Kept to the millisecond (a secret reset in the same second must still stop it); reported in seconds.
  const createdAt = now;
  const row = await db
    .insertInto('platform_oauth_tokens')
    .values({
      oauth_application_id: input.oauthApplicationId,
      environment: input.environment,
      kind: input.kind,
      user_id: input.userId,
      code_hash: input.codeHash ?? null,
      access_hash: hashToken(accessToken),
      refresh_hash: refreshToken ? hashToken(refreshToken) : null,
      created_at: createdAt,
      expires_at: new Date(createdAt.getTime() + ACCESS_TOKEN_SECONDS * 1000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, accessToken, refreshToken, createdAt, expiresIn: ACCESS_TOKEN_SECONDS };
}

/**
 * The principal of a bearer token, or null when the token is unknown, expired or revoked, belongs to
 * another environment, or has been stopped since: its application revoked (production access revoked,
 * app deleted), its secret reset after the token was issued, its sandbox company made inactive (the app
 * deleted), or — for a user token of a sandbox — its user no longer a member of the app (a removed
 * collaborator). Checked on every request.
 */
export async function verifyAccessToken(
  db: PlatformDb,
  token: string,
  environment: PlatformEnvironment,
  now = new Date(),
): Promise<Principal | null> {
  if (token.length === 0 || token.length > 200) return null;
  const row = await db
    .selectFrom('platform_oauth_tokens as t')
    .innerJoin('platform_oauth_applications as a', 'a.id', 't.oauth_application_id')
    .select([
      't.id',
      't.kind',
      't.environment',
      't.user_id',
      't.created_at',
      't.expires_at',
      'a.id as application_id',
      'a.uid',
      'a.developer_app_id',
    ])
    .where('t.access_hash', '=', hashToken(token))
    .where('t.environment', '=', environment)
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', now)
    .where('a.revoked_at', 'is', null)
    .where(tokenStillStands())
    .executeTakeFirst();
  if (!row || row.developer_app_id === null) return null;
  return {
    tokenId: row.id,
    kind: row.kind,
    environment: row.environment,
    oauthApplicationId: row.application_id,
    clientId: row.uid,
    appId: row.developer_app_id,
    userId: row.user_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

/**
 * Whether an app's sandbox company is active (not deleted with its app), for a column holding the app's
 * id: a deleted app's sandbox credentials, tokens and refreshes stop with it.
 */
export function sandboxCompanyActive(appIdColumn: string): RawBuilder<boolean> {
  return sql<boolean>`not exists (
    select 1 from platform_companies c
    where c.developer_app_id = ${sql.ref(appIdColumn)} and c.environment = 'sandbox' and not c.is_active)`;
}

/**
 * What stops a token besides its own expiry and revocation, for a query over platform_oauth_tokens `t`
 * joined to its application `a`: the secret reset after it was issued, its sandbox company inactive (the
 * app deleted), or — a sandbox user token — its user no longer a member of the app (a removed collaborator).
 */
function tokenStillStands(): RawBuilder<boolean> {
  return sql<boolean>`(a.secret_rotated_at is null or a.secret_rotated_at <= t.created_at)
    and (t.environment = 'production' or ${sandboxCompanyActive('a.developer_app_id')})
    and (t.kind = 'client' or t.environment = 'production' or exists (
      select 1 from platform_app_members m
      where m.developer_app_id = a.developer_app_id and m.user_id = t.user_id))`;
}

/** Revokes one token (access and refresh together); false when there was nothing to revoke. */
export async function revokeToken(db: PlatformDb, tokenId: number, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('platform_oauth_tokens')
    .set({ revoked_at: now })
    .where('id', '=', tokenId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** What a refresh call may renew: the token whose refresh token was sent, still good when it was burned. */
export interface RefreshableToken {
  tokenId: number;
  oauthApplicationId: number;
  userId: number;
  /** The code the first token of the chain came from: a replay of it revokes the renewed tokens too. */
  codeHash: string | null;
}

/**
 * A refresh call burns the refresh token it sends, whatever it answers (platform-oauth.md §4: "any refresh
 * call, successful or failed, permanently invalidates the refresh token that was sent"). Returns the token
 * when this call was the first to send it and it may still be renewed: not revoked, of this environment,
 * its application working, its secret not reset since, its sandbox company active (the app not deleted),
 * its user still a member of the app (sandbox).
 */
export async function burnRefreshToken(
  db: PlatformDb,
  refreshToken: string,
  environment: PlatformEnvironment,
  now = new Date(),
): Promise<RefreshableToken | null> {
  if (refreshToken.length === 0 || refreshToken.length > 200) return null;
  const burned = await db
    .updateTable('platform_oauth_tokens')
    .set({ refresh_used_at: now })
    .where('refresh_hash', '=', hashToken(refreshToken))
    .where('refresh_used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!burned) return null;
  const row = await db
    .selectFrom('platform_oauth_tokens as t')
    .innerJoin('platform_oauth_applications as a', 'a.id', 't.oauth_application_id')
    .select(['t.id', 't.oauth_application_id', 't.user_id', 't.code_hash'])
    .where('t.id', '=', burned.id)
    .where('t.kind', '=', 'user')
    .where('t.environment', '=', environment)
    .where('t.revoked_at', 'is', null)
    .where('a.revoked_at', 'is', null)
    .where('a.developer_app_id', 'is not', null)
    .where(tokenStillStands())
    .executeTakeFirst();
  if (!row || row.user_id === null) return null;
  return {
    tokenId: row.id,
    oauthApplicationId: row.oauth_application_id,
    userId: row.user_id,
    codeHash: row.code_hash,
  };
}

/** A reused authorization code revokes every token issued from it (RFC 6749 §4.1.2). */
export async function revokeTokensOfCode(db: PlatformDb, codeHash: string, now = new Date()): Promise<void> {
  await db
    .updateTable('platform_oauth_tokens')
    .set({ revoked_at: now })
    .where('code_hash', '=', codeHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * The token an access or refresh token value belongs to, in an environment (revocation: either may be
 * sent, RFC 7009 §2.1); `hint` only orders the look-up.
 */
export async function findTokenByValue(
  db: PlatformDb,
  value: string,
  environment: PlatformEnvironment,
  hint?: string,
): Promise<{ id: number; oauthApplicationId: number } | undefined> {
  if (value.length === 0 || value.length > 200) return undefined;
  const hash = hashToken(value);
  const columns =
    hint === 'refresh_token'
      ? (['refresh_hash', 'access_hash'] as const)
      : (['access_hash', 'refresh_hash'] as const);
  for (const column of columns) {
    const row = await db
      .selectFrom('platform_oauth_tokens')
      .select(['id', 'oauth_application_id'])
      .where(column, '=', hash)
      .where('environment', '=', environment)
      .executeTakeFirst();
    if (row) return { id: row.id, oauthApplicationId: row.oauth_application_id };
  }
  return undefined;
}
