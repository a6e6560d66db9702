import type { Db } from '../../db/index';
import type { PersonalAccessTokenRow, SessionRow, UserRow } from '../../db/schema';

function tokenLookup(db: Db, tokenHash: string, now: Date) {
  return db
    .selectFrom('personal_access_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .selectAll('u')
    .select([
      't.id as token_id',
      't.name as token_name',
      't.scopes as token_scopes',
      't.expires_at as token_expires_at',
      't.created_at as token_created_at',
      't.last_used_at as token_last_used_at',
      't.last_used_ip as token_last_used_ip',
    ])
    .where('t.token_hash', '=', tokenHash)
    .where((eb) => eb.or([eb('t.expires_at', 'is', null), eb('t.expires_at', '>', now)]));
}

type TokenLookupQuery = ReturnType<ReturnType<typeof tokenLookup>['compile']>;
const compiledLookups = new WeakMap<Db, TokenLookupQuery>();

/**
 * The token lookup compiled once per database, as the session lookup is (auth/repository.ts): it runs on
 * every bearer request, so it must cost no more than the cookie's. Parameters: (hash, now).
 */
function compiledTokenLookup(db: Db): TokenLookupQuery {
  let compiled = compiledLookups.get(db);
  if (!compiled) {
    const probe = { hash: 'token-hash', now: new Date(0) };
    compiled = tokenLookup(db, probe.hash, probe.now).compile();
    const [first, second, ...rest] = compiled.parameters;
    if (first !== probe.hash || second !== probe.now || rest.length > 0)
      throw new Error(`unexpected parameters of the token lookup: ${compiled.sql}`);
    compiledLookups.set(db, compiled);
  }
  return compiled;
}

export type TokenSummary = Omit<PersonalAccessTokenRow, 'token_hash'>;

const SUMMARY = [
  'id',
  'user_id',
  'name',
  'scopes',
  'expires_at',
  'created_at',
  'last_used_at',
  'last_used_ip',
] as const;

/** Every SQL statement about personal access tokens, the account's sessions and its known browsers. */
export const accessTokenRepository = {
  /** The live token (not expired; revoked ones are deleted) and its user, in one indexed round trip. */
  async findActive(
    db: Db,
    tokenHash: string,
    now: Date,
  ): Promise<{ token: TokenSummary; user: UserRow } | undefined> {
    const query: TokenLookupQuery = { ...compiledTokenLookup(db), parameters: [tokenHash, now] };
    const { rows } = await db.executeQuery(query);
    const row = rows[0];
    if (!row) return undefined;
    const {
      token_id,
      token_name,
      token_scopes,
      token_expires_at,
      token_created_at,
      token_last_used_at,
      token_last_used_ip,
      ...user
    } = row;
    return {
      user,
      token: {
        id: token_id,
        user_id: user.id,
        name: token_name,
        scopes: token_scopes,
        expires_at: token_expires_at,
        created_at: token_created_at,
        last_used_at: token_last_used_at,
        last_used_ip: token_last_used_ip,
      },
    };
  },

  async touch(db: Db, id: number, at: Date, ip: string): Promise<void> {
    await db
      .updateTable('personal_access_tokens')
      .set({ last_used_at: at, last_used_ip: ip })
      .where('id', '=', id)
      .execute();
  },

  insert(
    db: Db,
    token: { user_id: number; name: string; token_hash: string; scopes: string[]; expires_at: Date | null },
  ): Promise<TokenSummary> {
    return db
      .insertInto('personal_access_tokens')
      .values({ ...token, scopes: JSON.stringify(token.scopes) })
      .returning(SUMMARY)
      .executeTakeFirstOrThrow();
  },

  listOf(db: Db, userId: number): Promise<TokenSummary[]> {
    return db
      .selectFrom('personal_access_tokens')
      .select(SUMMARY)
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .execute();
  },

  async countOf(db: Db, userId: number): Promise<number> {
    const row = await db
      .selectFrom('personal_access_tokens')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** Deletes one of the user's tokens; the deleted token, or undefined when the user has no such token. */
  delete(db: Db, userId: number, id: number): Promise<TokenSummary | undefined> {
    return db
      .deleteFrom('personal_access_tokens')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returning(SUMMARY)
      .executeTakeFirst();
  },

  async deleteAllOf(db: Db, userId: number): Promise<number> {
    const rows = await db
      .deleteFrom('personal_access_tokens')
      .where('user_id', '=', userId)
      .returning('id')
      .execute();
    return rows.length;
  },

  liveSessionsOf(db: Db, userId: number, now: Date): Promise<SessionRow[]> {
    return db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .orderBy('last_seen_at', 'desc')
      .orderBy('public_id', 'desc')
      .execute();
  },

  async deleteSession(db: Db, userId: number, publicId: number): Promise<boolean> {
    const rows = await db
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('public_id', '=', publicId)
      .returning('public_id')
      .execute();
    return rows.length > 0;
  },

  async deleteOtherSessions(db: Db, userId: number, exceptId: string): Promise<number> {
    const rows = await db
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('id', '!=', exceptId)
      .returning('public_id')
      .execute();
    return rows.length;
  },

  /**
   * Records that the user signed in from `signature`; true when it is new for an account that had signed
   * in before (the first browser of an account is not news).
   */
  async rememberBrowser(db: Db, userId: number, signature: string, now: Date): Promise<boolean> {
    const inserted = await db
      .insertInto('user_known_browsers')
      .values({ user_id: userId, signature, first_seen_at: now })
      .onConflict((c) => c.columns(['user_id', 'signature']).doNothing())
      .returning('signature')
      .executeTakeFirst();
    if (!inserted) return false;
    const earlier = await db
      .selectFrom('user_known_browsers')
      .select('signature')
      .where('user_id', '=', userId)
      .where('signature', '!=', signature)
      .limit(1)
      .executeTakeFirst();
    return earlier !== undefined;
  },
};
