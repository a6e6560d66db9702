export type Environment = 'production' | 'sandbox';
export type SandboxStatus = 'pending' | 'live' | 'failed';

/** An OAuth application on the platform: client id (uid), where it may redirect, whether it is confidential. */
export interface OAuthApplication {
  uid: string;
  appId: number;
  environment: Environment;
  name: string;
  redirectUri: string;
  confidential: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** When the secret was last reset; null while the first secret is in use. */
  secretRotatedAt: Date | null;
  /** Production: the current secret has not been revealed yet, so it can be, once. */
  secretRevealable: boolean;
  /** Production access was revoked or the app deleted: the application no longer works. */
  revoked: boolean;
}

/** A sandbox company on the platform, with its OAuth application once it is live. */
export interface Sandbox {
  id: number;
  appId: number;
  status: SandboxStatus;
  companyId: number | null;
  url: string | null;
  oauth: OAuthApplication | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A freshly generated or reset secret: the plain value exists only in this object, once. */
export interface IssuedSecret {
  uid: string;
  secret: string;
}

export interface SandboxFinished {
  appId: number;
  sandboxId: number;
  status: 'live' | 'failed';
}

/** A background job the platform adapter needs run (the portal's job queue runs it). */
export interface PlatformJob {
  name: string;
  retryLimit: number;
  retryDelaySeconds: number;
  handle(data: unknown): Promise<void>;
}

/** Puts a job of the platform's own on the portal's queue, to run after a delay. */
export type PlatformScheduler = (name: string, data: object, startAfter: Date) => Promise<void>;

/**
 * The door to the construction platform (ARCHITECTURE.md "The platform"): its sandboxes and OAuth
 * applications, in the platform's own terms. Nothing outside platform/ knows which implementation runs,
 * and none of it takes part in the portal's transactions: it is another system.
 */
export interface Platform {
  /** Asks for a sandbox; it starts pending and becomes live or failed later by itself. */
  requestSandbox(appId: number, appName: string): Promise<Sandbox>;
  /** Makes a sandbox live at once, for staff (canGenerateFakeSandbox); its new secret is returned once. */
  generateFakeSandbox(appId: number, appName: string): Promise<{ sandbox: Sandbox; secret: IssuedSecret }>;
  sandboxOf(appId: number): Promise<Sandbox | undefined>;
  /** The status of many apps' sandboxes at once (lists). */
  sandboxStatuses(appIds: readonly number[]): Promise<Map<number, SandboxStatus>>;
  findSandbox(sandboxId: number): Promise<Sandbox | undefined>;
  /**
   * Production OAuth credentials, created when production access is granted; when they exist revoked, the
   * same client id works again with a fresh secret.
   */
  createProductionApplication(appId: number, appName: string, redirectUri: string): Promise<IssuedSecret>;
  oauthApplicationOf(appId: number, environment: Environment): Promise<OAuthApplication | undefined>;
  findOAuthApplication(uid: string): Promise<OAuthApplication | undefined>;
  /** A sandbox OAuth application's secret, shown again on the sandbox card; null when it cannot be. */
  sandboxSecret(uid: string): Promise<string | null>;
  /**
   * A production secret, revealed once after it was issued or reset; null once it has been revealed (only
   * its hash is kept then) or for any other OAuth application.
   */
  revealSecret(uid: string): Promise<string | null>;
  /** Stops an application working (its secret and tokens); creating it again reissues a fresh secret. */
  revokeApplication(uid: string): Promise<void>;
  /** Revokes the old secret (and, on the real platform, its tokens) and issues a new one. */
  resetSecret(uid: string): Promise<IssuedSecret>;
  updateOAuthApplication(
    uid: string,
    changes: { redirectUri?: string; confidential?: boolean },
  ): Promise<void>;
  /** Called when a requested sandbox ends live or failed; a failing listener is called again later. */
  onSandboxFinished(listener: (event: SandboxFinished) => Promise<void>): void;
  /** The background jobs this adapter needs (the embedded platform's provisioning). */
  jobs(): PlatformJob[];
}
