import { type RawBuilder, sql } from 'kysely';
import { byName } from '../db/collation';
import { pageWithTotal, rowCount } from '../db/counts';
import type { Db } from '../db/index';
import type { PlatformSandboxRow, PortalOAuthApplicationRow } from '../db/schema';
import { likePattern } from '../http/paging';
import type { Environment, OAuthListEnvironment, SandboxStatus } from './types';

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

  /** The status of each app's sandbox: the two columns a list needs, not the whole row. */
  sandboxStatusesOfApps(
    db: Db,
    appIds: number[],
  ): Promise<Pick<PlatformSandboxRow, 'developer_app_id' | 'status'>[]> {
    if (appIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('platform_sandboxes')
      .select(['developer_app_id', 'status'])
      .where('developer_app_id', 'in', appIds)
      .execute();
  },

  /** The status of the sandbox of the app `appId` refers to, as an expression of a list's statement. */
  sandboxStatusSql(appId: RawBuilder<number>): RawBuilder<SandboxStatus | null> {
    return sql<SandboxStatus | null>`(select s.status from platform_sandboxes as s where s.developer_app_id = ${appId})`;
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
  ): Promise<PortalOAuthApplicationRow> {
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
      .executeTakeFirstOrThrow() as Promise<PortalOAuthApplicationRow>;
  },

  oauthApplicationOf(
    db: Db,
    appId: number,
    environment: Environment,
  ): Promise<PortalOAuthApplicationRow | undefined> {
    return db
      .selectFrom('platform_oauth_applications')
      .selectAll()
      .where('developer_app_id', '=', appId)
      .where('environment', '=', environment)
      .executeTakeFirst() as Promise<PortalOAuthApplicationRow | undefined>;
  },

  /** A portal app's OAuth application (the platform's own, without an app, are not the portal's). */
  findOAuthApplicationById(db: Db, id: number): Promise<PortalOAuthApplicationRow | undefined> {
    return db
      .selectFrom('platform_oauth_applications')
      .selectAll()
      .where('id', '=', id)
      .where('developer_app_id', 'is not', null)
      .where('environment', 'in', ['production', 'sandbox'])
      .executeTakeFirst() as Promise<PortalOAuthApplicationRow | undefined>;
  },

  /** A page of one environment's OAuth applications (no secret columns), for the admin list. */
  async listOAuthApplications(
    db: Db,
    query: {
      environment: OAuthListEnvironment;
      name?: string;
      uid?: string;
      search?: string;
      searchAppIds?: readonly number[];
      sort: { key: 'name' | 'uid'; direction: 'asc' | 'desc' }[];
      page: number;
      perPage: number;
    },
  ) {
    let base = db.selectFrom('platform_oauth_applications').where('environment', '=', query.environment);
    if (query.name) base = base.where('name', 'ilike', likePattern(query.name));
    if (query.uid) base = base.where('uid', 'ilike', likePattern(query.uid));
    if (query.search) {
      const pattern = likePattern(query.search);
      const appIds = query.searchAppIds ?? [];
      base = base.where((eb) =>
        eb.or([
          eb('name', 'ilike', pattern),
          eb('uid', 'ilike', pattern),
          ...(appIds.length > 0 ? [eb('developer_app_id', 'in', appIds)] : []),
        ]),
      );
    }
    let rows = base.select(['uid', 'name', 'developer_app_id', 'environment', 'created_at', 'id']);
    for (const term of query.sort)
      rows = rows.orderBy(term.key === 'name' ? byName('name') : 'uid', term.direction);
    const offset = (query.page - 1) * query.perPage;
    rows = rows.orderBy('id', 'asc').limit(query.perPage).offset(offset);
    // The unfiltered total is the environment's trigger-kept counter; a filtered one is counted with the
    // page or up to a cap (a search can match hundreds of thousands of applications).
    if (query.name || query.uid || query.search) return pageWithTotal(db, base.select('id'), rows, offset);
    return {
      rows: await rows.execute(),
      total: await rowCount(db, `platform_oauth_applications.${query.environment}`),
    };
  },

  /** A portal app's OAuth application by uid (the platform's own, without an app, are not the portal's). */
  findOAuthApplicationByUid(db: Db, uid: string): Promise<PortalOAuthApplicationRow | undefined> {
    return db
      .selectFrom('platform_oauth_applications')
      .selectAll()
      .where('uid', '=', uid)
      .where('developer_app_id', 'is not', null)
      .where('environment', 'in', ['production', 'sandbox'])
      .executeTakeFirst() as Promise<PortalOAuthApplicationRow | undefined>;
  },

  rotateSecret(
    db: Db,
    id: number,
    secret: { hash: string; sealed: string },
    now: Date,
  ): Promise<PortalOAuthApplicationRow> {
    return (
      db
        .updateTable('platform_oauth_applications')
        .set({
          secret_hash: secret.hash,
          secret_sealed: secret.sealed,
          secret_revealed_at: null,
          revoked_at: null,
          secret_rotated_at: now,
          // A reset ends a rotation's grace period: the previous secret stops with the current one.
          previous_secret_hash: null,
          previous_secret_expires_at: null,
          updated_at: now,
        })
        .where('id', '=', id)
        .returningAll()
        // Only a portal app's application is rotated (found through findOAuthApplicationBy…).
        .executeTakeFirstOrThrow() as Promise<PortalOAuthApplicationRow>
    );
  },

  /**
   * A rotation: the new secret becomes current and the current one's hash is kept until
   * `previousExpiresAt`; the tokens stay (secret_rotated_at is a reset's, which revokes them).
   */
  rotateWithGrace(
    db: Db,
    id: number,
    secret: { hash: string; sealed: string },
    previousExpiresAt: Date,
    now: Date,
  ): Promise<PortalOAuthApplicationRow> {
    return db
      .updateTable('platform_oauth_applications')
      .set((eb) => ({
        previous_secret_hash: eb.ref('secret_hash'),
        previous_secret_expires_at: previousExpiresAt,
        secret_hash: secret.hash,
        secret_sealed: secret.sealed,
        secret_revealed_at: null,
        updated_at: now,
      }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow() as Promise<PortalOAuthApplicationRow>;
  },

  /** Ends a grace period at once; false when none was running at `now`. */
  async expirePreviousSecret(db: Db, id: number, now: Date): Promise<boolean> {
    const result = await db
      .updateTable('platform_oauth_applications')
      .set({ previous_secret_hash: null, previous_secret_expires_at: null, updated_at: now })
      .where('id', '=', id)
      .where('previous_secret_expires_at', '>', now)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
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
    changes: { redirect_uri?: string; confidential?: boolean; name?: string },
    now: Date,
  ) {
    await db
      .updateTable('platform_oauth_applications')
      .set({ ...changes, updated_at: now })
      .where('id', '=', id)
      .execute();
  },

  async appOwner(db: Db, appId: number): Promise<number | null> {
    const row = await db
      .selectFrom('platform_app_owners')
      .select('owner_user_id')
      .where('developer_app_id', '=', appId)
      .executeTakeFirst();
    return row?.owner_user_id ?? null;
  },

  async setAppOwner(db: Db, appId: number, ownerUserId: number, now: Date): Promise<void> {
    await db
      .insertInto('platform_app_owners')
      .values({ developer_app_id: appId, owner_user_id: ownerUserId, updated_at: now })
      .onConflict((c) =>
        c.column('developer_app_id').doUpdateSet({ owner_user_id: ownerUserId, updated_at: now }),
      )
      .execute();
  },
};
