import { sql } from 'kysely';
import type { Db } from '../../db/index';

/** Every SQL statement about second factors: authenticator apps, recovery codes, passkeys, challenges. */
export const twoFactorRepository = {
  findTotp(db: Db, userId: number) {
    return db.selectFrom('user_totp_factors').selectAll().where('user_id', '=', userId).executeTakeFirst();
  },

  /** A new pending factor, replacing a pending one (a confirmed one is never touched here). */
  async upsertPendingTotp(db: Db, userId: number, secretSealed: string): Promise<boolean> {
    const row = await db
      .insertInto('user_totp_factors')
      .values({ user_id: userId, secret_sealed: secretSealed })
      .onConflict((c) =>
        c
          .column('user_id')
          .doUpdateSet({ secret_sealed: secretSealed, created_at: new Date(), last_used_step: null })
          .where('user_totp_factors.confirmed_at', 'is', null),
      )
      .returning('user_id')
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Records `step` as used unless it (or a later one) already was; false when the code was used. */
  async useStep(db: Db, userId: number, step: number, confirm?: Date): Promise<boolean> {
    let query = db
      .updateTable('user_totp_factors')
      .set(confirm ? { last_used_step: step, confirmed_at: confirm } : { last_used_step: step })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]));
    query = confirm ? query.where('confirmed_at', 'is', null) : query.where('confirmed_at', 'is not', null);
    const row = await query.returning('user_id').executeTakeFirst();
    return row !== undefined;
  },

  async deleteTotp(db: Db, userId: number): Promise<void> {
    await db.deleteFrom('user_totp_factors').where('user_id', '=', userId).execute();
    await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  },

  async replaceRecoveryCodes(db: Db, userId: number, hashes: string[]): Promise<void> {
    await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
    await db
      .insertInto('user_recovery_codes')
      .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
      .execute();
  },

  /** Marks an unused code used; false when it is unknown or was used. */
  async useRecoveryCode(db: Db, userId: number, codeHash: string, now: Date): Promise<boolean> {
    const row = await db
      .updateTable('user_recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },

  /** What a user has: a confirmed authenticator (and when), unused recovery codes, passkeys. */
  async summary(db: Db, userId: number) {
    const row = await db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('user_totp_factors')
          .select('confirmed_at')
          .where('user_id', '=', userId)
          .where('confirmed_at', 'is not', null)
          .as('totp_confirmed_at'),
        eb
          .selectFrom('user_recovery_codes')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('user_id', '=', userId)
          .where('used_at', 'is', null)
          .as('recovery_codes_left'),
        eb
          .selectFrom('user_passkeys')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('user_id', '=', userId)
          .as('passkeys'),
      ])
      .executeTakeFirstOrThrow();
    return {
      totpConfirmedAt: row.totp_confirmed_at ? new Date(row.totp_confirmed_at) : null,
      recoveryCodesLeft: Number(row.recovery_codes_left ?? 0),
      passkeys: Number(row.passkeys ?? 0),
    };
  },

  listPasskeys(db: Db, userId: number) {
    return db
      .selectFrom('user_passkeys')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  findPasskeyByCredential(db: Db, credentialId: string) {
    return db
      .selectFrom('user_passkeys')
      .selectAll()
      .where('credential_id', '=', credentialId)
      .executeTakeFirst();
  },

  insertPasskey(
    db: Db,
    passkey: {
      user_id: number;
      credential_id: string;
      public_key: string;
      counter: number;
      transports: string[];
      name: string;
    },
  ) {
    return db
      .insertInto('user_passkeys')
      .values({ ...passkey, transports: JSON.stringify(passkey.transports) })
      .onConflict((c) => c.column('credential_id').doNothing())
      .returningAll()
      .executeTakeFirst();
  },

  async usePasskey(db: Db, id: number, counter: number, now: Date): Promise<void> {
    await db.updateTable('user_passkeys').set({ counter, last_used_at: now }).where('id', '=', id).execute();
  },

  async deletePasskey(db: Db, userId: number, id: number): Promise<boolean> {
    const row = await db
      .deleteFrom('user_passkeys')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },

  async deletePasskeysOf(db: Db, userId: number): Promise<void> {
    await db.deleteFrom('user_passkeys').where('user_id', '=', userId).execute();
  },

  async insertChallenge(
    db: Db,
    challenge: {
      challenge_hash: string;
      user_id: number | null;
      purpose: 'registration' | 'authentication';
      expires_at: Date;
    },
    now: Date,
  ): Promise<void> {
    await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', now).execute();
    await db.insertInto('webauthn_challenges').values(challenge).execute();
  },

  /** Takes a live challenge (single use); false when unknown, expired, another purpose or another user's. */
  async consumeChallenge(
    db: Db,
    challengeHash: string,
    purpose: 'registration' | 'authentication',
    userId: number | null,
    now: Date,
  ): Promise<boolean> {
    let query = db
      .deleteFrom('webauthn_challenges')
      .where('challenge_hash', '=', challengeHash)
      .where('purpose', '=', purpose)
      .where('expires_at', '>', now);
    query = userId === null ? query.where('user_id', 'is', null) : query.where('user_id', '=', userId);
    const row = await query.returning('challenge_hash').executeTakeFirst();
    return row !== undefined;
  },
};
