import type { Db } from '../db/index';
import type { PlatformOAuthApplicationRow, PlatformSandboxRow } from '../db/schema';

export type Environment = 'production' | 'sandbox';

/** A freshly generated or reset secret: the plain value exists only in this object, once. */
export interface IssuedSecret {
  uid: string;
  secret: string;
}

export type SandboxFinishedListener = (
  trx: Db,
  event: { appId: number; sandboxId: number; status: 'live' | 'failed' },
) => Promise<void>;

export interface SandboxView {
  sandbox: PlatformSandboxRow;
  oauth: PlatformOAuthApplicationRow | null;
}

/**
 * The door to the construction platform (ARCHITECTURE.md "The platform"): its sandboxes and OAuth
 * applications. Nothing outside platform/ knows which implementation runs. Every method that changes
 * something takes the caller's transaction.
 */
export interface Platform {
  /** Asks for a sandbox; it starts pending and becomes live or failed later by itself. */
  requestSandbox(trx: Db, appId: number, appName: string): Promise<PlatformSandboxRow>;
  /** Makes a sandbox live at once, for staff (canGenerateFakeSandbox). */
  generateFakeSandbox(trx: Db, appId: number, appName: string): Promise<IssuedSecret>;
  sandboxOf(db: Db, appId: number): Promise<SandboxView | undefined>;
  sandboxesOf(db: Db, appIds: number[]): Promise<Map<number, PlatformSandboxRow>>;
  findSandbox(db: Db, sandboxId: number): Promise<PlatformSandboxRow | undefined>;
  /** Production OAuth credentials, created when production access is granted. */
  createProductionApplication(
    trx: Db,
    appId: number,
    appName: string,
    redirectUri: string,
  ): Promise<IssuedSecret>;
  oauthApplicationOf(
    db: Db,
    appId: number,
    environment: Environment,
  ): Promise<PlatformOAuthApplicationRow | undefined>;
  findOAuthApplication(db: Db, uid: string): Promise<PlatformOAuthApplicationRow | undefined>;
  /** Revokes the old secret (and, on the real platform, its tokens) and issues a new one. */
  resetSecret(trx: Db, oauthApplicationId: number): Promise<IssuedSecret>;
  updateOAuthApplication(
    trx: Db,
    oauthApplicationId: number,
    changes: { redirect_uri?: string; confidential?: boolean },
  ): Promise<void>;
  /** Told, inside the transaction that changed it, when a requested sandbox ends live or failed. */
  onSandboxFinished: SandboxFinishedListener;
  /** The job handler that finishes provisioning; registered with the job queue. */
  finishProvisioning(job: { sandboxId: number }): Promise<void>;
}
