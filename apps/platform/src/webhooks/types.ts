/**
 * The webhooks contract (issue 22) between the platform's REST API and events (`routes.ts`, `hooks.ts`,
 * `events.ts`, `payloads.ts`, `catalogue.ts`), its delivery engine (`delivery/`) and the portal (through
 * the adapter). Each function named here is exported from the package's index by the file that owns it.
 */
import type { Kysely } from 'kysely';

/** Seals a secret kept to be used again (the portal's SECRETS_KEY box), and opens it. */
export interface SecretSealer {
  seal(plain: string): string;
  open(sealed: string): string;
}

/** Anything that runs SQL: the database or one of its transactions (jobs sent in it exist iff it commits). */
// biome-ignore lint/suspicious/noExplicitAny: a transaction of the portal's database is not a PlatformDb
export type Executor = Kysely<any>;

/** The job queue the portal runs (pg-boss in the same database), as the platform needs it. */
export interface PlatformJobs {
  send(
    executor: Executor,
    name: string,
    data: object,
    options?: { startAfter?: Date; singletonKey?: string },
  ): Promise<void>;
  /** Enqueues several jobs of one queue in one statement (optional: without it, `send` one by one). */
  insert?(executor: Executor, name: string, jobs: { data: object; singletonKey?: string }[]): Promise<void>;
}

/** What the webhooks side needs beyond the database; part of PlatformContext as `webhooks`. */
export interface WebhookDeps {
  secrets: SecretSealer;
  jobs: PlatformJobs;
  /** WEBHOOKS_ALLOW_PRIVATE_DESTINATIONS: http to loopback allowed (default outside production). */
  allowPrivateDestinations: boolean;
}

export type WebhookApiVersion = 'v2.0' | 'v4.0';
export type WebhookEventType = 'create' | 'update' | 'delete';
export type DeliveryStatus = 'queued' | 'ok' | 'failing' | 'discarded';
export type AttemptOutcome = 'ok' | 'retried' | 'failed' | 'discarded';

/** A change the sample API made, as events.ts raises it. */
export interface WebhookEventInput {
  companyId: number;
  projectId: number | null;
  userId: number | null;
  /** `Projects`, `RFIs`, `Submittals` (the catalogue's names). */
  resourceName: string;
  resourceId: number;
  eventType: WebhookEventType;
  /** The client id of the app whose token made the change. */
  sourceApplicationId: string | null;
}

export interface TriggerView {
  id: number;
  hookId: number;
  resourceName: string;
  eventType: string;
  createdAt: string;
}

export interface HookView {
  id: number;
  companyId: number;
  projectId: number | null;
  namespace: string;
  apiVersion: WebhookApiVersion;
  destinationUrl: string;
  /** Whether an Authorization header is configured (its value is never shown back). */
  hasAuthorization: boolean;
  triggers: TriggerView[];
  createdAt: string;
  updatedAt: string;
}

export interface HookInput {
  namespace: string;
  apiVersion: WebhookApiVersion;
  destinationUrl: string;
  /** undefined: unchanged (update); null: none. */
  authorization?: string | null;
  projectId?: number | null;
}

export interface HookHealth {
  hookId: number;
  /** ok / (ok + failed attempts) over the last 24 hours; null when nothing was attempted. */
  successRate24h: number | null;
  state: 'healthy' | 'backing_off' | 'discarding';
  failingSince: string | null;
  nextAttemptAt: string | null;
  discardedCount: number;
  queuedCount: number;
}

export interface AttemptView {
  id: number;
  outcome: AttemptOutcome;
  requestHeaders: Record<string, string>;
  responseStatus: number | null;
  responseHeaders: Record<string, string> | null;
  responseBody: string | null;
  responseError: string | null;
  startedAt: string;
  completedAt: string;
  durationMs: number;
}

export interface DeliveryView {
  id: number;
  hookId: number;
  eventId: number | null;
  resourceName: string | null;
  eventType: string | null;
  status: DeliveryStatus;
  isTest: boolean;
  redeliveryOf: number | null;
  attempts: number;
  nextAttemptAt: string | null;
  createdAt: string;
  completedAt: string | null;
  /** The last attempt's answer, for the list. */
  lastAttempt: AttemptView | null;
}

export interface DeliveryDetail extends DeliveryView {
  destinationUrl: string;
  /** The exact JSON body sent. */
  body: string;
  attemptsLog: AttemptView[];
}

export interface DeliveryQuery {
  companyId: number;
  hookId?: number;
  status?: DeliveryStatus;
  resourceName?: string;
  eventType?: string;
  from?: Date;
  to?: Date;
  /** The last id of the previous page (newest first). */
  before?: number;
  limit: number;
}
