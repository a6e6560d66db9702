import { sql } from 'kysely';
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
    .where((eb) =>
      eb.or([eb('a.secret_rotated_at', 'is', null), eb('a.secret_rotated_at', '<=', eb.ref('t.created_at'))]),
    )
    .where((eb) =>
      eb.or([
        eb('t.environment', '=', 'production'),
        eb.not(
          eb.exists(
            eb
              .selectFrom('platform_companies as c')
              .select(sql`1`.as('one'))
              .whereRef('c.developer_app_id', '=', 'a.developer_app_id')
              .where('c.environment', '=', 'sandbox')
              .where('c.is_active', '=', false),
          ),
        ),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb('t.kind', '=', 'client'),
        eb('t.environment', '=', 'production'),
        eb.exists(
          eb
            .selectFrom('platform_app_members as m')
            .select(sql`1`.as('one'))
            .whereRef('m.developer_app_id', '=', 'a.developer_app_id')
            .whereRef('m.user_id', '=', 't.user_id'),
        ),
      ]),
    )
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
