import type {
  ApiCallDetail,
  ApiCallQuery,
  ApiCallSummary,
  ApiMinute,
  AppMemberInput,
  PlatformMarketplace,
  PortalTransaction,
  QuotaMinder,
  TemplateUsage,
} from '@lintel/platform';
import type { RawBuilder } from 'kysely';
import type { Db } from '../db/index';

export type {
  ApiCallDetail,
  ApiCallQuery,
  ApiCallSummary,
  ApiMinute,
  ApiStatusClass,
  BucketInput,
  BucketTemplate,
  DailyCount,
  EventOutcome,
  Installation,
  InstallationStatus,
  MarketplaceEvent,
  PlatformMarketplace,
  PortalTransaction,
  QuotaMinder,
  RateLimitBucket,
  TemplateUsage,
} from '@lintel/platform';
export { MARKETPLACE_EVENT_TYPES } from '@lintel/platform';

/** The status of the sandbox of the app whose id `appId` refers to (null when it has none), in SQL. */
export type SandboxStatusSql = (appId: RawBuilder<number>) => RawBuilder<SandboxStatus | null>;

/** A collaborator of an app, as the platform knows them: a user of the app's sandbox company. */
export type AppMember = AppMemberInput;

/** The permissions of an app's newest manifest version in one environment (manifest `permissions`). */
export interface AppPermissionsGrant {
  version: string;
  company: Record<string, unknown>;
  project: Record<string, unknown>;
}

/** Where an environment's OAuth server (auth) and REST API (api) are reached. */
export interface EnvironmentBaseUrls {
  auth: string;
  api: string;
}

/** A sandbox user token for a collaborator ("Get a test token"); the values exist here once. */
export interface TestToken {
  accessToken: string;
  refreshToken: string | null;
  expiresIn: number;
  createdAt: Date;
  companyId: number;
}

/** The app's REST API calls as the platform recorded them, and its rate-limit buckets' current use. */
export interface PlatformActivity {
  /** Newest first; `nextBefore` is the cursor of the next (older) page, null at the end. */
  calls(appId: number, query: ApiCallQuery): Promise<{ calls: ApiCallSummary[]; nextBefore: number | null }>;
  call(appId: number, callId: number): Promise<ApiCallDetail | undefined>;
  /** Calls and errors per minute since `since`, oldest first (minutes without calls left out). */
  perMinute(appId: number, since: Date): Promise<ApiMinute[]>;
  /** Each template of the buckets that apply to the app's client ids (sandbox and production). */
  bucketUsage(appId: number): Promise<(TemplateUsage & { environment: Environment })[]>;
}

export type Environment = 'production' | 'sandbox';
export type SandboxStatus = 'pending' | 'live' | 'failed';

/** An OAuth application on the platform: client id (uid), where it may redirect, whether it is confidential. */
export interface OAuthApplication {
  /** The platform's own record id of the application (the admin Sandbox form's "provider app id"). */
  platformId: number;
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
  /** While a rotation's grace period runs, when the previous secret stops working; null otherwise. */
  previousSecretExpiresAt: Date | null;
}

/** The environments whose OAuth applications the admin list reads (monthly sandboxes are a platform of their own). */
export type OAuthListEnvironment = Environment | 'monthly_sandbox';

/** One OAuth application as the admin list shows it: never its secret. */
export interface OAuthApplicationListing {
  uid: string;
  name: string;
  /** The portal app it belongs to, when it belongs to one. */
  appId: number | null;
  environment: OAuthListEnvironment;
  createdAt: Date;
}

/** A page of the platform's OAuth applications: filters match literally, case-insensitively. */
export interface OAuthApplicationQuery {
  environment: OAuthListEnvironment;
  name?: string;
  uid?: string;
  /** Name or uid, or an application of one of `searchAppIds`. */
  search?: string;
  /**
   * The portal's apps the search also matches (by the app's name or its owner's e-mail, which only the
   * portal knows): their applications are found as well.
   */
  searchAppIds?: readonly number[];
  sort: { key: 'name' | 'uid'; direction: 'asc' | 'desc' }[];
  page: number;
  perPage: number;
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

/** A rotated secret: the new one (its plain value, once) and when the previous one stops working. */
export interface RotatedSecret extends IssuedSecret {
  previousSecretExpiresAt: Date;
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
export interface Platform extends QuotaMinder {
  /** Asks for a sandbox; it starts pending and becomes live or failed later by itself. */
  requestSandbox(appId: number, appName: string): Promise<Sandbox>;
  /** Makes a sandbox live at once, for staff (canGenerateFakeSandbox); its new secret is returned once. */
  generateFakeSandbox(appId: number, appName: string): Promise<{ sandbox: Sandbox; secret: IssuedSecret }>;
  sandboxOf(appId: number): Promise<Sandbox | undefined>;
  /** The status of many apps' sandboxes at once (lists). */
  sandboxStatuses(appIds: readonly number[]): Promise<Map<number, SandboxStatus>>;
  /**
   * The status of one app's sandbox as an SQL expression, so that a list of `db` reads it in its own
   * statement instead of asking sandboxStatuses afterwards (one round trip less per page). Only an
   * implementation whose sandboxes are tables of that very database offers it (the embedded one), and
   * only for its own `db`; otherwise undefined, and lists ask sandboxStatuses.
   */
  sandboxStatusSql?(db: Db): SandboxStatusSql | undefined;
  findSandbox(sandboxId: number): Promise<Sandbox | undefined>;
  /**
   * Production OAuth credentials, created when production access is granted; when they exist revoked, the
   * same client id works again with a fresh secret.
   */
  createProductionApplication(appId: number, appName: string, redirectUri: string): Promise<IssuedSecret>;
  oauthApplicationOf(appId: number, environment: Environment): Promise<OAuthApplication | undefined>;
  findOAuthApplication(uid: string): Promise<OAuthApplication | undefined>;
  /** A page of one environment's OAuth applications, for the admin list. */
  listOAuthApplications(
    query: OAuthApplicationQuery,
  ): Promise<{ applications: OAuthApplicationListing[]; total: number }>;
  /** A sandbox OAuth application's secret, shown again on the sandbox card; null when it cannot be. */
  sandboxSecret(uid: string): Promise<string | null>;
  /**
   * A production secret, revealed once after it was issued or reset; null once it has been revealed (only
   * its hash is kept then) or for any other OAuth application.
   */
  revealSecret(uid: string): Promise<string | null>;
  /** Stops an application working (its secret and tokens); creating it again reissues a fresh secret. */
  revokeApplication(uid: string): Promise<void>;
  /**
   * Revokes the old secret (and, on the real platform, its tokens) and issues a new one; `within`, the
   * portal's transaction that records the reset (PortalTransaction).
   */
  resetSecret(uid: string, within?: PortalTransaction): Promise<IssuedSecret>;
  /**
   * Issues a new secret while the current one keeps working until `previousExpiresAt` (its tokens are
   * left alone); a rotation during a grace period drops the older secret at once. A reset ends a grace.
   */
  rotateSecret(uid: string, previousExpiresAt: Date, within?: PortalTransaction): Promise<RotatedSecret>;
  /** Ends a rotation's grace period at once: only the new secret works. False when none was running. */
  expirePreviousSecret(uid: string, within?: PortalTransaction): Promise<boolean>;
  /** Redirect URIs, app type and name (the app's, as the consent page shows it) of an OAuth application. */
  updateOAuthApplication(
    uid: string,
    changes: { redirectUri?: string; confidential?: boolean; name?: string },
  ): Promise<void>;
  /**
   * The platform's own record of who owns an app (a portal user id), kept apart from the portal's; null
   * when the platform has no record of the app.
   */
  appOwner(appId: number): Promise<number | null>;
  /** Tells the platform who owns an app now (app creation, ownership transfers, the admin's change). */
  setAppOwner(appId: number, ownerUserId: number): Promise<void>;
  /** Called when a requested sandbox ends live or failed; a failing listener is called again later. */
  onSandboxFinished(listener: (event: SandboxFinished) => Promise<void>): void;
  /** The background jobs this adapter needs (the embedded platform's provisioning). */
  jobs(): PlatformJob[];
  /** Installations of apps in companies and views of their marketplace listings (issue 12). */
  readonly marketplace: PlatformMarketplace;
  /** Tells the platform who works on an app now (every collaborator, after any change). */
  setAppMembers(appId: number, members: readonly AppMember[]): Promise<void>;
  /**
   * Apps whose live sandbox has no company on the platform yet (sandboxes older than the sandbox
   * platform), at most `limit`: the portal tells the platform about them (reconcileSandboxes).
   */
  sandboxesWithoutCompany(limit: number): Promise<number[]>;
  /** Builds the company of an app's live sandbox when it has none; nothing otherwise. */
  ensureSandboxCompany(appId: number, appName: string): Promise<void>;
  /** A deleted app's sandbox stops answering its tokens (active false); undeleting restores it. */
  setAppActive(appId: number, active: boolean): Promise<void>;
  /** Tells the platform the permissions of the app's newest manifest version in an environment. */
  setAppPermissions(
    appId: number,
    environment: Environment,
    grant: AppPermissionsGrant | null,
  ): Promise<void>;
  /** The auth and API base URLs of each environment. */
  baseUrls(): Record<Environment, EnvironmentBaseUrls>;
  /** A sandbox user token for a collaborator; undefined without a live sandbox or membership. */
  issueTestToken(appId: number, portalUserId: number): Promise<TestToken | undefined>;
  /** The app's API calls and rate-limit use (issue 21 "API activity"). */
  readonly activity: PlatformActivity;
  /** The webhooks of the app's sandbox company (issue 22). */
  readonly webhooks: PlatformWebhooks;
}

// The views of the platform's webhooks contract (apps/platform/src/webhooks/types.ts), as the adapter
// answers them: the same shapes, so the embedded platform's values pass through unchanged.
export type WebhookApiVersion = 'v2.0' | 'v4.0';
export type WebhookDeliveryStatus = 'queued' | 'ok' | 'failing' | 'discarded';

export interface WebhookTriggerView {
  id: number;
  hookId: number;
  resourceName: string;
  eventType: string;
  createdAt: string;
}

export interface WebhookHookView {
  id: number;
  companyId: number;
  projectId: number | null;
  namespace: string;
  apiVersion: WebhookApiVersion;
  destinationUrl: string;
  hasAuthorization: boolean;
  triggers: WebhookTriggerView[];
  createdAt: string;
  updatedAt: string;
}

export interface WebhookHookInput {
  namespace: string;
  apiVersion: WebhookApiVersion;
  destinationUrl: string;
  /** undefined: unchanged (update); null: none. */
  authorization?: string | null;
  projectId?: number | null;
}

export interface WebhookHookHealth {
  hookId: number;
  successRate24h: number | null;
  state: 'healthy' | 'backing_off' | 'discarding';
  failingSince: string | null;
  nextAttemptAt: string | null;
  discardedCount: number;
  queuedCount: number;
}

export interface WebhookAttemptView {
  id: number;
  outcome: 'ok' | 'retried' | 'failed' | 'discarded';
  requestHeaders: Record<string, string>;
  responseStatus: number | null;
  responseHeaders: Record<string, string> | null;
  responseBody: string | null;
  responseError: string | null;
  startedAt: string;
  completedAt: string;
  durationMs: number;
}

export interface WebhookDeliveryView {
  id: number;
  hookId: number;
  eventId: number | null;
  resourceName: string | null;
  eventType: string | null;
  status: WebhookDeliveryStatus;
  isTest: boolean;
  redeliveryOf: number | null;
  attempts: number;
  nextAttemptAt: string | null;
  createdAt: string;
  completedAt: string | null;
  lastAttempt: WebhookAttemptView | null;
}

export interface WebhookDeliveryDetail extends WebhookDeliveryView {
  destinationUrl: string;
  body: string;
  attemptsLog: WebhookAttemptView[];
}

export interface WebhookDeliveryQuery {
  hookId?: number;
  status?: WebhookDeliveryStatus;
  resourceName?: string;
  eventType?: string;
  from?: Date;
  to?: Date;
  before?: number;
  limit: number;
}

/** One resource triggers may name, with the event types it raises (the catalogue). */
export interface WebhookResourceEntry {
  resourceName: string;
  eventTypes: string[];
}

/** A signing secret as shown: the current one, and when the rotated-out one stops signing (else null). */
export interface WebhookSigningSecret {
  secret: string;
  previousExpiresAt: Date | null;
}

/** Who changes a hook: the portal user, as a user of the sandbox company. */
export interface WebhookActor {
  portalUserId: number;
}

/**
 * The platform refused a webhook change (a destination it will not call, an unknown resource or event
 * type, a namespace with capitals): the messages by input field (`destination_url`, `namespace`,
 * `resource_name`, `event_type`, `base`…).
 */
export class WebhookRefusal extends Error {
  constructor(
    message: string,
    readonly errors: Record<string, string[]>,
  ) {
    super(message);
  }
}

/**
 * The hooks, triggers and deliveries of an app's sandbox company, found from the app as the other
 * methods find its sandbox. Every method answers undefined (or false) when the record is not the app's,
 * and throws WebhookRefusal for input the platform refuses.
 */
export interface PlatformWebhooks {
  /** The app's live sandbox company; null while there is none. */
  companyOf(appId: number): Promise<number | null>;
  catalogue(): WebhookResourceEntry[];
  hooks(appId: number): Promise<WebhookHookView[]>;
  hook(appId: number, hookId: number): Promise<WebhookHookView | undefined>;
  createHook(appId: number, input: WebhookHookInput, actor: WebhookActor): Promise<WebhookHookView>;
  updateHook(
    appId: number,
    hookId: number,
    input: Partial<WebhookHookInput>,
    actor: WebhookActor,
  ): Promise<WebhookHookView | undefined>;
  deleteHook(appId: number, hookId: number): Promise<boolean>;
  addTrigger(
    appId: number,
    hookId: number,
    trigger: { resourceName: string; eventType: string },
    actor: WebhookActor,
  ): Promise<WebhookTriggerView | undefined>;
  removeTrigger(appId: number, hookId: number, triggerId: number): Promise<boolean>;
  health(appId: number, hookIds: readonly number[]): Promise<Map<number, WebhookHookHealth>>;
  /** Newest first; `nextBefore` is the cursor of the next (older) page, null at the end. */
  deliveries(
    appId: number,
    query: WebhookDeliveryQuery,
  ): Promise<{ deliveries: WebhookDeliveryView[]; nextBefore: number | null }>;
  delivery(appId: number, deliveryId: number): Promise<WebhookDeliveryDetail | undefined>;
  /** A new delivery of the same payload, queued now. */
  redeliver(appId: number, deliveryId: number): Promise<WebhookDeliveryView | undefined>;
  /** Every failing or discarded delivery of the hook since `since`, again; how many were queued. */
  redeliverFailedSince(appId: number, hookId: number, since: Date): Promise<number | undefined>;
  sendTestEvent(appId: number, hookId: number): Promise<WebhookDeliveryView | undefined>;
  revealSigningSecret(appId: number, hookId: number): Promise<WebhookSigningSecret | undefined>;
  /** A new secret; the old one keeps signing beside it for 24 hours. */
  rotateSigningSecret(appId: number, hookId: number): Promise<WebhookSigningSecret | undefined>;
}
