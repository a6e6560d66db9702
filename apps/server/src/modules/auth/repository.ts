import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { preparedOnce } from '../../db/prepared';
import type { NewUser, SessionRow, UserRow, UserTokenPurpose, UserUpdate } from '../../db/schema';

function sessionLookup(db: Db, id: string, now: Date) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .selectAll('u')
    .select([
      's.id as session_id',
      's.csrf_token as session_csrf_token',
      's.created_at as session_created_at',
      's.last_seen_at as session_last_seen_at',
      's.expires_at as session_expires_at',
      's.ip as session_ip',
      's.user_agent as session_user_agent',
      's.public_id as session_public_id',
    ])
    .where('s.id', '=', id)
    .where('s.expires_at', '>', now);
}

type SessionLookupQuery = ReturnType<ReturnType<typeof sessionLookup>['compile']>;
const compiledLookups = new WeakMap<Db, SessionLookupQuery>();

/** The session lookup compiled for `db`; its parameters are (session id, now), in that order. */
function compiledSessionLookup(db: Db): SessionLookupQuery {
  let compiled = compiledLookups.get(db);
  if (!compiled) {
    const probe = { id: 'session-id', now: new Date(0) };
    compiled = sessionLookup(db, probe.id, probe.now).compile();
    const [first, second, ...rest] = compiled.parameters;
    if (first !== probe.id || second !== probe.now || rest.length > 0)
      throw new Error(`unexpected parameters of the session lookup: ${compiled.sql}`);
    // Prepared once per PostgreSQL connection: it runs before every signed-in request's own statements.
    compiled = preparedOnce(compiled);
    compiledLookups.set(db, compiled);
  }
  return compiled;
}

/** Every SQL statement about users, their tokens, sessions and sign-in attempts. */
export const authRepository = {
  findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  },

  findUser(db: Db, id: number): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Inserts unless the e-mail is taken; returns undefined when it is (the first account is never touched). */
  insertUser(db: Db, user: NewUser): Promise<UserRow | undefined> {
    return db
      .insertInto('users')
      .values({ ...user, email: user.email.toLowerCase() })
      .onConflict((c) => c.column('email').doNothing())
      .returningAll()
      .executeTakeFirst();
  },

  updateUser(db: Db, id: number, changes: UserUpdate): Promise<UserRow> {
    return db
      .updateTable('users')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  async insertToken(db: Db, userId: number, purpose: UserTokenPurpose, tokenHash: string, expiresAt: Date) {
    await db
      .insertInto('user_tokens')
      .values({ user_id: userId, purpose, token_hash: tokenHash, expires_at: expiresAt })
      .execute();
  },

  /** Marks a live token used and returns its user id; undefined when unknown, used, expired or another purpose. */
  async consumeToken(
    db: Db,
    purpose: UserTokenPurpose,
    tokenHash: string,
    now: Date,
  ): Promise<number | undefined> {
    const row = await db
      .updateTable('user_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id;
  },

  /** Voids the unused tokens of one purpose, so only the newest link works. */
  async revokeTokens(db: Db, userId: number, purpose: UserTokenPurpose, now: Date): Promise<void> {
    await db
      .updateTable('user_tokens')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
  },

  async insertSession(
    db: Db,
    session: Omit<SessionRow, 'created_at' | 'last_seen_at' | 'public_id'>,
  ): Promise<void> {
    await db.insertInto('sessions').values(session).execute();
  },

  /**
   * The live session and its user, in one round trip. This runs on every signed-in request, so its SQL
   * is built and compiled once per database and then sent with each request's parameters.
   */
  async findActiveSession(
    db: Db,
    id: string,
    now: Date,
  ): Promise<{ session: SessionRow; user: UserRow } | undefined> {
    const query: SessionLookupQuery = { ...compiledSessionLookup(db), parameters: [id, now] };
    const { rows } = await db.executeQuery(query);
    const row = rows[0];
    if (!row) return undefined;
    const {
      session_id,
      session_csrf_token,
      session_created_at,
      session_last_seen_at,
      session_expires_at,
      session_ip,
      session_user_agent,
      session_public_id,
      ...user
    } = row;
    return {
      user,
      session: {
        id: session_id,
        user_id: user.id,
        csrf_token: session_csrf_token,
        created_at: session_created_at,
        last_seen_at: session_last_seen_at,
        expires_at: session_expires_at,
        ip: session_ip,
        user_agent: session_user_agent,
        public_id: session_public_id,
      },
    };
  },

  async touchSession(db: Db, id: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
      .where('id', '=', id)
      .execute();
  },

  async deleteSession(db: Db, id: string): Promise<void> {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
  },

  async deleteSessionsOf(db: Db, userId: number, exceptId?: string): Promise<void> {
    let query = db.deleteFrom('sessions').where('user_id', '=', userId);
    if (exceptId) query = query.where('id', '!=', exceptId);
    await query.execute();
  },

  async deleteExpiredSessions(db: Db, now: Date): Promise<void> {
    await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  },

  /**
   * Reserves one failed attempt before the password is checked, atomically (issue 8: twenty requests at
   * once must not all be evaluated): under an advisory lock on the account and on the address, counts the
   * failures since `since` per (account, address), per address and per account, and records one more
   * unless a limit is reached. The caller forgives the reservation when the password was right.
   */
  async reserveAttempt(
    db: Db,
    key: { email: string; ip: string },
    since: Date,
    limits: { pair: number; ip: number; account: number },
  ): Promise<{ id: number } | { limit: 'pair' | 'ip' | 'account' }> {
    const { email, ip } = key;
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`login:${email}`}, 0))`.execute(trx);
      await sql`select pg_advisory_xact_lock(hashtextextended(${`login-ip:${ip}`}, 0))`.execute(trx);
      const row = await trx
        .selectFrom('login_attempts')
        .select([
          sql<number>`count(*) filter (where email = ${email} and ip = ${ip})`.as('pair'),
          sql<number>`count(*) filter (where ip = ${ip})`.as('ip'),
          sql<number>`count(*) filter (where email = ${email})`.as('account'),
        ])
        .where('succeeded', '=', false)
        .where('created_at', '>', since)
        .where((eb) => eb.or([eb('email', '=', email), eb('ip', '=', ip)]))
        .executeTakeFirstOrThrow();
      if (Number(row.pair) >= limits.pair) return { limit: 'pair' as const };
      if (Number(row.ip) >= limits.ip) return { limit: 'ip' as const };
      if (Number(row.account) >= limits.account) return { limit: 'account' as const };
      const reserved = await trx
        .insertInto('login_attempts')
        .values({ email, ip, succeeded: false })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: reserved.id };
    });
  },

  /**
   * The password was right: this address's failures for the account are forgiven (the reservation
   * included) and the success is recorded. Other addresses' failures stay, so an attacker's count does
   * not reset when the owner signs in.
   */
  async forgiveAttempts(db: Db, key: { email: string; ip: string }): Promise<void> {
    await db
      .deleteFrom('login_attempts')
      .where('email', '=', key.email)
      .where('ip', '=', key.ip)
      .where('succeeded', '=', false)
      .execute();
    await db.insertInto('login_attempts').values({ email: key.email, ip: key.ip, succeeded: true }).execute();
  },

  async setAdmin(db: Db, email: string): Promise<UserRow | undefined> {
    return db
      .updateTable('users')
      .set({ is_admin: true, updated_at: new Date() })
      .where('email', '=', email.toLowerCase())
      .returningAll()
      .executeTakeFirst();
  },
};
