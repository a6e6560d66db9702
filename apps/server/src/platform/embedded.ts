import type { Config } from '../config';
import type { Db } from '../db/index';
import { hashToken, randomToken } from '../http/crypto';
import type { JobQueue } from '../jobs/queue';
import { platformRepository as repo } from './repository';
import type { Environment, IssuedSecret, Platform, SandboxFinishedListener } from './types';

export const SANDBOX_PROVISION_QUEUE = 'platform.sandbox.provision';

/**
 * The platform as the portal runs it by default and in tests: its state lives in our database and it
 * behaves like the real one — a sandbox is provisioned by a job after SANDBOX_PROVISION_DELAY_MS and
 * ends live (or failed, with SANDBOX_PROVISION_OUTCOME=failed); secrets are stored hashed.
 */
export class EmbeddedPlatform implements Platform {
  onSandboxFinished: SandboxFinishedListener = async () => {};

  constructor(
    private readonly deps: {
      db: Db;
      queue: JobQueue;
      config: Pick<Config, 'sandboxProvisionDelayMs' | 'sandboxProvisionOutcome'>;
    },
  ) {}

  async requestSandbox(trx: Db, appId: number, _appName: string, now = new Date()) {
    const sandbox = await repo.insertSandbox(trx, appId, now);
    await this.deps.queue.send(
      trx,
      SANDBOX_PROVISION_QUEUE,
      { sandboxId: sandbox.id },
      { startAfter: new Date(now.getTime() + this.deps.config.sandboxProvisionDelayMs) },
    );
    return sandbox;
  }

  async finishProvisioning(job: { sandboxId: number }, now = new Date()): Promise<void> {
    const { db, config } = this.deps;
    await db.transaction().execute(async (trx) => {
      const sandbox = await repo.findSandbox(trx, job.sandboxId);
      if (sandbox?.status !== 'pending') return;
      if (config.sandboxProvisionOutcome === 'failed') {
        await repo.finishSandbox(
          trx,
          sandbox.id,
          { status: 'failed', companyId: null, url: null, oauthApplicationId: null },
          now,
          true,
        );
        await this.onSandboxFinished(trx, {
          appId: sandbox.developer_app_id,
          sandboxId: sandbox.id,
          status: 'failed',
        });
        return;
      }
      await this.makeLive(trx, sandbox.id, sandbox.developer_app_id, now, true);
      await this.onSandboxFinished(trx, {
        appId: sandbox.developer_app_id,
        sandboxId: sandbox.id,
        status: 'live',
      });
    });
  }

  async generateFakeSandbox(
    trx: Db,
    appId: number,
    _appName: string,
    now = new Date(),
  ): Promise<IssuedSecret> {
    const existing = await repo.sandboxOfApp(trx, appId);
    const sandbox = existing ?? (await repo.insertSandbox(trx, appId, now));
    return this.makeLive(trx, sandbox.id, appId, now, false);
  }

  private async makeLive(
    trx: Db,
    sandboxId: number,
    appId: number,
    now: Date,
    onlyIfPending: boolean,
  ): Promise<IssuedSecret> {
    const issued = await this.issue(trx, appId, 'sandbox', `Sandbox of app ${appId}`, '', now);
    const companyId = 4_000_000 + sandboxId;
    await repo.finishSandbox(
      trx,
      sandboxId,
      {
        status: 'live',
        companyId,
        url: `https://sandbox.platform.example/companies/${companyId}`,
        oauthApplicationId: issued.id,
      },
      now,
      onlyIfPending,
    );
    return { uid: issued.uid, secret: issued.secret };
  }

  async sandboxOf(db: Db, appId: number) {
    const sandbox = await repo.sandboxOfApp(db, appId);
    if (!sandbox) return undefined;
    const oauth = sandbox.oauth_application_id
      ? ((await repo.findOAuthApplicationById(db, sandbox.oauth_application_id)) ?? null)
      : null;
    return { sandbox, oauth };
  }

  async sandboxesOf(db: Db, appIds: number[]) {
    return new Map((await repo.sandboxesOfApps(db, appIds)).map((row) => [row.developer_app_id, row]));
  }

  findSandbox(db: Db, sandboxId: number) {
    return repo.findSandbox(db, sandboxId);
  }

  async createProductionApplication(
    trx: Db,
    appId: number,
    appName: string,
    redirectUri: string,
    now = new Date(),
  ) {
    const issued = await this.issue(trx, appId, 'production', appName, redirectUri, now);
    return { uid: issued.uid, secret: issued.secret };
  }

  oauthApplicationOf(db: Db, appId: number, environment: Environment) {
    return repo.oauthApplicationOf(db, appId, environment);
  }

  findOAuthApplication(db: Db, uid: string) {
    return repo.findOAuthApplicationByUid(db, uid);
  }

  async resetSecret(trx: Db, oauthApplicationId: number, now = new Date()): Promise<IssuedSecret> {
    const secret = randomToken(32);
    const row = await repo.rotateSecret(trx, oauthApplicationId, hashToken(secret), now);
    return { uid: row.uid, secret };
  }

  async updateOAuthApplication(
    trx: Db,
    oauthApplicationId: number,
    changes: { redirect_uri?: string; confidential?: boolean },
  ) {
    await repo.updateOAuthApplication(trx, oauthApplicationId, changes, new Date());
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
      const row = await repo.rotateSecret(trx, existing.id, hashToken(secret), now);
      return { id: row.id, uid: row.uid, secret };
    }
    const row = await repo.insertOAuthApplication(
      trx,
      { uid: randomToken(24), secretHash: hashToken(secret), name, environment, appId, redirectUri },
      now,
    );
    return { id: row.id, uid: row.uid, secret };
  }
}
