import type { Db } from '../db/index';
import type { PlatformOAuthApplicationRow, PlatformSandboxRow } from '../db/schema';
import type { Environment } from './types';

/** Every SQL statement of the embedded platform. */
export const platformRepository = {
  insertSandbox(db: Db, appId: number, now: Date): Promise<PlatformSandboxRow> {
    return db
      .insertInto('platform_sandboxes')
      .values({
        developer_app_id: appId,
        status: 'pending',
        created_at: now,
        updated_at: now,
        company_id: null,
        url: null,
        oauth_application_id: null,
      })
      .onConflict((c) => c.column('developer_app_id').doUpdateSet({ status: 'pending', updated_at: now }))
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  findSandbox(db: Db, id: number): Promise<PlatformSandboxRow | undefined> {
    return db.selectFrom('platform_sandboxes').selectAll().where('id', '=', id).executeTakeFirst();
  },

  sandboxOfApp(db: Db, appId: number): Promise<PlatformSandboxRow | undefined> {
    return db
      .selectFrom('platform_sandboxes')
      .selectAll()
      .where('developer_app_id', '=', appId)
      .executeTakeFirst();
  },

  sandboxesOfApps(db: Db, appIds: number[]): Promise<PlatformSandboxRow[]> {
    if (appIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('platform_sandboxes').selectAll().where('developer_app_id', 'in', appIds).execute();
  },

  /** Moves a pending sandbox on; returns undefined when it was no longer pending (idempotent job). */
  finishSandbox(
    db: Db,
    id: number,
    outcome: {
      status: 'live' | 'failed';
      companyId: number | null;
      url: string | null;
      oauthApplicationId: number | null;
    },
    now: Date,
    onlyIfPending: boolean,
  ): Promise<PlatformSandboxRow | undefined> {
    let query = db
      .updateTable('platform_sandboxes')
      .set({
        status: outcome.status,
        company_id: outcome.companyId,
        url: outcome.url,
        oauth_application_id: outcome.oauthApplicationId,
        updated_at: now,
      })
      .where('id', '=', id);
    if (onlyIfPending) query = query.where('status', '=', 'pending');
    return query.returningAll().executeTakeFirst();
  },

  insertOAuthApplication(
    db: Db,
    values: {
      uid: string;
      secretHash: string;
      secretSealed: string;
      name: string;
      environment: Environment;
      appId: number;
      redirectUri: string;
    },
    now: Date,
  ): Promise<PlatformOAuthApplicationRow> {
    return db
      .insertInto('platform_oauth_applications')
      .values({
        uid: values.uid,
        secret_hash: values.secretHash,
        secret_sealed: values.secretSealed,
        name: values.name,
        environment: values.environment,
        developer_app_id: values.appId,
        redirect_uri: values.redirectUri,
        created_at: now,
        updated_at: now,
        secret_rotated_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  oauthApplicationOf(
    db: Db,
    appId: number,
    environment: Environment,
  ): Promise<PlatformOAuthApplicationRow | undefined> {
    return db
      .selectFrom('platform_oauth_applications')
      .selectAll()
      .where('developer_app_id', '=', appId)
      .where('environment', '=', environment)
      .executeTakeFirst();
  },

  findOAuthApplicationById(db: Db, id: number): Promise<PlatformOAuthApplicationRow | undefined> {
    return db.selectFrom('platform_oauth_applications').selectAll().where('id', '=', id).executeTakeFirst();
  },

  findOAuthApplicationByUid(db: Db, uid: string): Promise<PlatformOAuthApplicationRow | undefined> {
    return db.selectFrom('platform_oauth_applications').selectAll().where('uid', '=', uid).executeTakeFirst();
  },

  rotateSecret(
    db: Db,
    id: number,
    secret: { hash: string; sealed: string },
    now: Date,
  ): Promise<PlatformOAuthApplicationRow> {
    return db
      .updateTable('platform_oauth_applications')
      .set({
        secret_hash: secret.hash,
        secret_sealed: secret.sealed,
        secret_revealed_at: null,
        revoked_at: null,
        secret_rotated_at: now,
        updated_at: now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  async revoke(db: Db, id: number, now: Date): Promise<void> {
    await db
      .updateTable('platform_oauth_applications')
      .set({ revoked_at: now, secret_sealed: null, updated_at: now })
      .where('id', '=', id)
      .execute();
  },

  /** Takes the sealed copy out, once: the row keeps only the hash and when it was revealed. */
  async takeSealedSecret(db: Db, id: number, now: Date): Promise<string | null> {
    return db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('platform_oauth_applications')
        .select('secret_sealed')
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!row?.secret_sealed) return null;
      await trx
        .updateTable('platform_oauth_applications')
        .set({ secret_sealed: null, secret_revealed_at: now, updated_at: now })
        .where('id', '=', id)
        .execute();
      return row.secret_sealed;
    });
  },

  async updateOAuthApplication(
    db: Db,
    id: number,
    changes: { redirect_uri?: string; confidential?: boolean },
    now: Date,
  ) {
    await db
      .updateTable('platform_oauth_applications')
      .set({ ...changes, updated_at: now })
      .where('id', '=', id)
      .execute();
  },
};
