import {
  addTrigger,
  apiCall,
  apiCalls,
  apiCallsPerMinute,
  appBucketUsage,
  createHook,
  createSandboxCompany,
  deleteHook,
  deliveryDetail,
  EmbeddedMarketplace,
  EmbeddedQuotaMinder,
  hookHealth,
  issueTestToken,
  listDeliveries,
  listHooks,
  type PlatformContext,
  type PlatformDb,
  redeliver,
  redeliverFailedSince,
  removeTrigger,
  revealSigningSecret,
  rotateSigningSecret,
  sandboxesWithoutCompany,
  sendTestEvent,
  setAppMembers,
  setAppPermissions,
  setSandboxActive,
  updateHook,
  webhookCatalogue,
} from '@lintel/platform';
import { QA_QUOTA_MINDER_SERVERS, QUOTA_MINDER_SERVERS } from '@lintel/shared';
import type { Config } from '../config';
import type { Db } from '../db/index';
import type { PlatformSandboxRow, PortalOAuthApplicationRow } from '../db/schema';
import { hashToken, randomToken, type SecretBox } from '../http/crypto';
import { EmbeddedWebhooks, type WebhookFunctions } from './embedded-webhooks';
import { platformRepository as repo } from './repository';
import type {
  AppMember,
  AppPermissionsGrant,
  BucketInput,
  Environment,
  EnvironmentBaseUrls,
  IssuedSecret,
  OAuthApplication,
  OAuthApplicationListing,
  OAuthApplicationQuery,
  Platform,
  PlatformActivity,
  PlatformJob,
  PlatformMarketplace,
  PlatformScheduler,
  PlatformWebhooks,
  PortalTransaction,
  RateLimitBucket,
  RotatedSecret,
  Sandbox,
  SandboxFinished,
  SandboxStatus,
  SandboxStatusSql,
  TestToken,
} from './types';

/** The platform's webhooks API (wh-api) and delivery engine (wh-delivery), as the adapter calls them. */
const platformWebhookFunctions: WebhookFunctions = {
  webhookCatalogue,
  listHooks: (db, companyId) => listHooks(db, companyId),
  createHook,
  updateHook,
  deleteHook,
  addTrigger,
  removeTrigger,
  listDeliveries,
  deliveryDetail,
  hookHealth,
  redeliver,
  redeliverFailedSince,
  sendTestEvent,
  revealSigningSecret,
  rotateSigningSecret,
};

export const SANDBOX_PROVISION_QUEUE = 'platform.sandbox.provision';

function toOAuthApplication(row: PortalOAuthApplicationRow): OAuthApplication {
  return {
    platformId: row.id,
    uid: row.uid,
    appId: row.developer_app_id,
    environment: row.environment,
    name: row.name,
    redirectUri: row.redirect_uri,
    confidential: row.confidential,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    secretRotatedAt: row.secret_rotated_at,
    secretRevealable:
      row.environment === 'production' && row.secret_sealed !== null && row.revoked_at === null,
    revoked: row.revoked_at !== null,
    previousSecretExpiresAt:
      row.previous_secret_expires_at !== null && row.previous_secret_expires_at > new Date()
        ? row.previous_secret_expires_at
        : null,
  };
}

/**
 * The platform as the portal runs it by default and in tests: its state lives in tables of its own in
 * our database and it behaves like the real one — a sandbox is provisioned by a job after
 * SANDBOX_PROVISION_DELAY_MS and ends live (or failed, with SANDBOX_PROVISION_OUTCOME=failed); secrets
 * are stored hashed, and sealed under SECRETS_KEY while they may be shown again.
 */
export class EmbeddedPlatform implements Platform {
  #listeners: ((event: SandboxFinished) => Promise<void>)[] = [];
  readonly marketplace: PlatformMarketplace;
  readonly webhooks: PlatformWebhooks;

  constructor(
    private readonly deps: {
      db: Db;
      /** Schedules the provisioning job inside the platform's own transaction. */
      schedule: (trx: Db, ...job: Parameters<PlatformScheduler>) => Promise<void>;
      config: Pick<Config, 'sandboxProvisionDelayMs' | 'sandboxProvisionOutcome' | 'qaHost' | 'publicUrl'>;
      /** Seals the secrets kept to be shown again. */
      secrets: SecretBox;
      /** The platform's HTTP side (its rate limiter answers the buckets' current use). */
      platformContext?: PlatformContext;
    },
  ) {
    this.marketplace = new EmbeddedMarketplace(deps.db);
    this.webhooks = new EmbeddedWebhooks({
      db: deps.db,
      context: () => deps.platformContext,
      functions: platformWebhookFunctions,
    });
    this.#quotaMinder = new EmbeddedQuotaMinder({
      db: deps.db,
      servers: deps.config.qaHost ? QA_QUOTA_MINDER_SERVERS : QUOTA_MINDER_SERVERS,
    });
  }

  /** The platform's own tables, in the portal's database. */
  private get platformDb(): PlatformDb {
    return this.deps.db;
  }

  setAppMembers(appId: number, members: readonly AppMember[]): Promise<void> {
    return setAppMembers(this.platformDb, appId, members);
  }

  async sandboxesWithoutCompany(limit: number): Promise<number[]> {
    return (await sandboxesWithoutCompany(this.platformDb, limit)).map((row) => row.appId);
  }

  async ensureSandboxCompany(appId: number, appName: string): Promise<void> {
    const row = await repo.sandboxOfApp(this.deps.db, appId);
    if (row?.status !== 'live' || row.company_id === null) return;
    await createSandboxCompany(this.platformDb, { companyId: row.company_id, appId, appName });
  }

  setAppActive(appId: number, active: boolean): Promise<void> {
    return setSandboxActive(this.platformDb, appId, active);
  }

  setAppPermissions(
    appId: number,
    environment: Environment,
    grant: AppPermissionsGrant | null,
  ): Promise<void> {
    return setAppPermissions(this.platformDb, appId, environment, grant);
  }

  baseUrls(): Record<Environment, EnvironmentBaseUrls> {
    const base = this.deps.config.publicUrl;
    return {
      sandbox: { auth: `${base}/sandbox`, api: `${base}/sandbox` },
      production: { auth: `${base}/production`, api: `${base}/production` },
    };
  }

  async issueTestToken(appId: number, portalUserId: number): Promise<TestToken | undefined> {
    const token = await issueTestToken(this.platformDb, appId, portalUserId);
    return token
      ? {
          accessToken: token.accessToken,
          refreshToken: token.refreshToken,
          expiresIn: token.expiresIn,
          createdAt: token.createdAt,
          companyId: token.companyId,
        }
      : undefined;
  }

  readonly activity: PlatformActivity = {
    calls: (appId, query) => apiCalls(this.platformDb, appId, query),
    call: (appId, callId) => apiCall(this.platformDb, appId, callId),
    perMinute: (appId, since) => apiCallsPerMinute(this.platformDb, appId, since),
    bucketUsage: async (appId) =>
      this.deps.platformContext
        ? appBucketUsage(this.platformDb, this.deps.platformContext.limiter, appId)
        : [],
  };

  // The rate-limit buckets (spec 1 §2): the embedded quota-minder keeps them in our database.
  readonly #quotaMinder: EmbeddedQuotaMinder;

  quotaMinderServers(): readonly string[] {
    return this.#quotaMinder.quotaMinderServers();
  }

  listBuckets(server: string): Promise<RateLimitBucket[]> {
    return this.#quotaMinder.listBuckets(server);
  }

  findBucket(server: string, id: number, within?: PortalTransaction): Promise<RateLimitBucket | undefined> {
    return this.#quotaMinder.findBucket(server, id, within);
  }

  createBucket(
    server: string,
    input: BucketInput,
    within?: PortalTransaction,
  ): Promise<RateLimitBucket | 'name_taken'> {
    return this.#quotaMinder.createBucket(server, input, within);
  }

  updateBucket(
    server: string,
    id: number,
    changes: Partial<BucketInput>,
    within?: PortalTransaction,
  ): Promise<RateLimitBucket | 'name_taken' | undefined> {
    return this.#quotaMinder.updateBucket(server, id, changes, within);
  }

  deleteBucket(server: string, id: number, within?: PortalTransaction): Promise<boolean> {
    return this.#quotaMinder.deleteBucket(server, id, within);
  }

  onSandboxFinished(listener: (event: SandboxFinished) => Promise<void>): void {
    this.#listeners.push(listener);
  }

  jobs(): PlatformJob[] {
    return [
      {
        name: SANDBOX_PROVISION_QUEUE,
        retryLimit: 10,
        retryDelaySeconds: 5,
        handle: (data) => this.finishProvisioning(data as { sandboxId: number; appName?: string }),
      },
    ];
  }

  async requestSandbox(appId: number, appName: string, now = new Date()): Promise<Sandbox> {
    const { db, config, schedule } = this.deps;
    const row = await db.transaction().execute(async (trx) => {
      const sandbox = await repo.insertSandbox(trx, appId, now);
      await schedule(
        trx,
        SANDBOX_PROVISION_QUEUE,
        { sandboxId: sandbox.id, appName },
        new Date(now.getTime() + config.sandboxProvisionDelayMs),
      );
      return sandbox;
    });
    return this.toSandbox(db, row);
  }

  /**
   * The provisioning job: a pending sandbox ends live or failed, then the listeners hear of it. When a
   * listener fails the job runs again; the sandbox is final by then and only the event is repeated.
   */
  async finishProvisioning(job: { sandboxId: number; appName?: string }, now = new Date()): Promise<void> {
    const { db, config } = this.deps;
    const finished = await db.transaction().execute(async (trx) => {
      const sandbox = await repo.findSandbox(trx, job.sandboxId);
      if (!sandbox) return undefined;
      if (sandbox.status !== 'pending') return sandbox;
      if (config.sandboxProvisionOutcome === 'failed') {
        return repo.finishSandbox(
          trx,
          sandbox.id,
          { status: 'failed', companyId: null, url: null, oauthApplicationId: null },
          now,
          true,
        );
      }
      const appName = job.appName ?? `App ${sandbox.developer_app_id}`;
      await this.makeLive(trx, sandbox.id, sandbox.developer_app_id, appName, now, true);
      return repo.findSandbox(trx, sandbox.id);
    });
    if (!finished || finished.status === 'pending') return;
    const event: SandboxFinished = {
      appId: finished.developer_app_id,
      sandboxId: finished.id,
      status: finished.status,
    };
    for (const listener of this.#listeners) await listener(event);
  }

  async generateFakeSandbox(
    appId: number,
    appName: string,
    now = new Date(),
  ): Promise<{ sandbox: Sandbox; secret: IssuedSecret }> {
    const { db } = this.deps;
    const secret = await db.transaction().execute(async (trx) => {
      const existing = await repo.sandboxOfApp(trx, appId);
      const sandbox = existing ?? (await repo.insertSandbox(trx, appId, now));
      return this.makeLive(trx, sandbox.id, appId, appName, now, false);
    });
    const sandbox = await this.sandboxOf(appId);
    if (!sandbox) throw new Error(`sandbox of app ${appId} vanished`);
    return { sandbox, secret };
  }

  private async makeLive(
    trx: Db,
    sandboxId: number,
    appId: number,
    appName: string,
    now: Date,
    onlyIfPending: boolean,
  ): Promise<IssuedSecret> {
    // Named after the app: the consent page asks "Allow {app name} to access …?".
    const issued = await this.issue(trx, appId, 'sandbox', appName, '', now);
    const companyId = 4_000_000 + sandboxId;
    await createSandboxCompany(trx, { companyId, appId, appName }, now);
    await repo.finishSandbox(
      trx,
      sandboxId,
      {
        status: 'live',
        companyId,
        // The company's page on the sandbox (apps/platform browser/company-page.ts); the sandbox card links it.
        url: `${this.deps.config.publicUrl}/sandbox/companies/${companyId}`,
        oauthApplicationId: issued.id,
      },
      now,
      onlyIfPending,
    );
    return { uid: issued.uid, secret: issued.secret };
  }

  private async toSandbox(db: Db, row: PlatformSandboxRow): Promise<Sandbox> {
    const oauth = row.oauth_application_id
      ? await repo.findOAuthApplicationById(db, row.oauth_application_id)
      : undefined;
    return {
      id: row.id,
      appId: row.developer_app_id,
      status: row.status,
      companyId: row.company_id,
      url: row.url,
      oauth: oauth ? toOAuthApplication(oauth) : null,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  async sandboxOf(appId: number): Promise<Sandbox | undefined> {
    const row = await repo.sandboxOfApp(this.deps.db, appId);
    return row ? this.toSandbox(this.deps.db, row) : undefined;
  }

  async sandboxStatuses(appIds: readonly number[]): Promise<Map<number, SandboxStatus>> {
    const rows = await repo.sandboxStatusesOfApps(this.deps.db, [...appIds]);
    return new Map(rows.map((row) => [row.developer_app_id, row.status]));
  }

  sandboxStatusSql(db: Db): SandboxStatusSql | undefined {
    return db === this.deps.db ? repo.sandboxStatusSql : undefined;
  }

  async findSandbox(sandboxId: number): Promise<Sandbox | undefined> {
    const row = await repo.findSandbox(this.deps.db, sandboxId);
    return row ? this.toSandbox(this.deps.db, row) : undefined;
  }

  async createProductionApplication(
    appId: number,
    appName: string,
    redirectUri: string,
    now = new Date(),
  ): Promise<IssuedSecret> {
    const issued = await this.deps.db
      .transaction()
      .execute((trx) => this.issue(trx, appId, 'production', appName, redirectUri, now));
    return { uid: issued.uid, secret: issued.secret };
  }

  async oauthApplicationOf(appId: number, environment: Environment): Promise<OAuthApplication | undefined> {
    const row = await repo.oauthApplicationOf(this.deps.db, appId, environment);
    return row ? toOAuthApplication(row) : undefined;
  }

  async findOAuthApplication(uid: string): Promise<OAuthApplication | undefined> {
    const row = await repo.findOAuthApplicationByUid(this.deps.db, uid);
    return row ? toOAuthApplication(row) : undefined;
  }

  async listOAuthApplications(
    query: OAuthApplicationQuery,
  ): Promise<{ applications: OAuthApplicationListing[]; total: number }> {
    // Monthly sandboxes and the platform's own applications have no portal app (appId null).
    const { rows, total } = await repo.listOAuthApplications(this.deps.db, query);
    return {
      applications: rows.map((row) => ({
        uid: row.uid,
        name: row.name,
        appId: row.developer_app_id,
        environment: row.environment,
        createdAt: row.created_at,
      })),
      total,
    };
  }

  // On PGlite's one connection a statement outside the caller's open transaction would wait for it
  // forever: the reset joins that transaction when given one.
  async resetSecret(uid: string, within?: PortalTransaction, now = new Date()): Promise<IssuedSecret> {
    const db = within ?? this.deps.db;
    const row = await repo.findOAuthApplicationByUid(db, uid);
    if (!row) throw new Error(`no OAuth application ${uid}`);
    if (row.revoked_at) throw new Error(`OAuth application ${uid} is revoked`);
    const secret = randomToken(32);
    await repo.rotateSecret(db, row.id, this.stored(secret), now);
    return { uid, secret };
  }

  async rotateSecret(
    uid: string,
    previousExpiresAt: Date,
    within?: PortalTransaction,
    now = new Date(),
  ): Promise<RotatedSecret> {
    const db = within ?? this.deps.db;
    const row = await repo.findOAuthApplicationByUid(db, uid);
    if (!row) throw new Error(`no OAuth application ${uid}`);
    if (row.revoked_at) throw new Error(`OAuth application ${uid} is revoked`);
    const secret = randomToken(32);
    await repo.rotateWithGrace(db, row.id, this.stored(secret), previousExpiresAt, now);
    return { uid, secret, previousSecretExpiresAt: previousExpiresAt };
  }

  async expirePreviousSecret(uid: string, within?: PortalTransaction, now = new Date()): Promise<boolean> {
    const db = within ?? this.deps.db;
    const row = await repo.findOAuthApplicationByUid(db, uid);
    if (!row) throw new Error(`no OAuth application ${uid}`);
    return repo.expirePreviousSecret(db, row.id, now);
  }

  async sandboxSecret(uid: string): Promise<string | null> {
    const row = await repo.findOAuthApplicationByUid(this.deps.db, uid);
    if (row?.environment !== 'sandbox' || !row.secret_sealed) return null;
    return this.deps.secrets.open(row.secret_sealed);
  }

  async revealSecret(uid: string, now = new Date()): Promise<string | null> {
    const row = await repo.findOAuthApplicationByUid(this.deps.db, uid);
    if (row?.environment !== 'production' || row.revoked_at) return null;
    const sealed = await repo.takeSealedSecret(this.deps.db, row.id, now);
    return sealed === null ? null : this.deps.secrets.open(sealed);
  }

  async revokeApplication(uid: string, now = new Date()): Promise<void> {
    const row = await repo.findOAuthApplicationByUid(this.deps.db, uid);
    if (row && !row.revoked_at) await repo.revoke(this.deps.db, row.id, now);
  }

  async appOwner(appId: number): Promise<number | null> {
    return repo.appOwner(this.deps.db, appId);
  }

  async setAppOwner(appId: number, ownerUserId: number, now = new Date()): Promise<void> {
    await repo.setAppOwner(this.deps.db, appId, ownerUserId, now);
  }

  /** What the platform keeps of a new secret: its hash, and its sealed copy while it may be shown. */
  private stored(secret: string): { hash: string; sealed: string } {
    return { hash: hashToken(secret), sealed: this.deps.secrets.seal(secret) };
  }

  async updateOAuthApplication(
    uid: string,
    changes: { redirectUri?: string; confidential?: boolean; name?: string },
  ): Promise<void> {
    const row = await repo.findOAuthApplicationByUid(this.deps.db, uid);
    if (!row) throw new Error(`no OAuth application ${uid}`);
    await repo.updateOAuthApplication(
      this.deps.db,
      row.id,
      {
        ...(changes.redirectUri !== undefined ? { redirect_uri: changes.redirectUri } : {}),
        ...(changes.confidential !== undefined ? { confidential: changes.confidential } : {}),
        ...(changes.name !== undefined ? { name: changes.name } : {}),
      },
      new Date(),
    );
  }

  /** Creates the OAuth application of one environment, or rotates its secret when it exists. */
  private async issue(
    trx: Db,
    appId: number,
    environment: Environment,
    name: string,
    redirectUri: string,
    now: Date,
  ) {
    const secret = randomToken(32);
    const existing = await repo.oauthApplicationOf(trx, appId, environment);
    if (existing) {
      const row = await repo.rotateSecret(trx, existing.id, this.stored(secret), now);
      return { id: row.id, uid: row.uid, secret };
    }
    const { hash, sealed } = this.stored(secret);
    const row = await repo.insertOAuthApplication(
      trx,
      { uid: randomToken(24), secretHash: hash, secretSealed: sealed, name, environment, appId, redirectUri },
      now,
    );
    return { id: row.id, uid: row.uid, secret };
  }
}
