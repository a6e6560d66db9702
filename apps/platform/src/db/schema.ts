import type { ColumnType, Generated, Kysely, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A calendar date, kept as YYYY-MM-DD text (never a Date: no time-zone shift). */
type CalendarDate = ColumnType<string | null, string | null | undefined, string | null>;
type Json<T> = ColumnType<T, string, string>;

// ---- Tables the portal's migrations created before the platform had a workspace of its own ----

/** The embedded platform's own record of who owns an app (0013_admin_apps). */
export interface PlatformAppOwnersTable {
  developer_app_id: number;
  owner_user_id: number;
  updated_at: Timestamp;
}

export interface PlatformOAuthApplicationsTable {
  id: Generated<number>;
  uid: string;
  secret_hash: string;
  name: string;
  /** monthly_sandbox and the platform's own applications have no portal app (0014). */
  environment: 'production' | 'sandbox' | 'monthly_sandbox';
  developer_app_id: number | null;
  redirect_uri: Generated<string>;
  confidential: Generated<boolean>;
  secret_rotated_at: NullableTimestamp;
  /** The secret sealed under SECRETS_KEY while it may still be shown (sandbox: always; production: until revealed). */
  secret_sealed: string | null;
  secret_revealed_at: NullableTimestamp;
  /** Set when production access is revoked or the app deleted: the application no longer works. */
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** After a rotation, the previous secret's hash, accepted until previous_secret_expires_at (0010). */
  previous_secret_hash: Generated<string | null>;
  previous_secret_expires_at: NullableTimestamp;
}

export interface PlatformSandboxesTable {
  id: Generated<number>;
  developer_app_id: number;
  status: ColumnType<'pending' | 'live' | 'failed', 'pending' | 'live' | 'failed' | undefined>;
  company_id: number | null;
  url: string | null;
  oauth_application_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The embedded quota-minder's rate-limit buckets (platform/), per server. */
export interface PlatformRateLimitBucketsTable {
  id: Generated<number>;
  server: string;
  name: string;
  client_id: string;
  domain: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PlatformRateLimitBucketTemplatesTable {
  id: Generated<number>;
  bucket_id: number;
  position: number;
  name: string;
  fill_type: 'count' | 'quota';
  interval_ms: number;
  limit: number;
}

/** An installation of an app in a company, as the platform reports it (issue 12). */
export interface PlatformInstallationsTable {
  id: Generated<number>;
  developer_app_id: number;
  company_name: string;
  company_is_demo: boolean;
  user_email_address: string | null;
  status: 'installed' | 'uninstalled';
  /** The production company this installation is in (0001_sandbox_companies); set when it is recorded. */
  company_id: ColumnType<number | null, number | null | undefined, number | null>;
  installed_at: Timestamp;
  updated_at: Timestamp;
}

/** One marketplace view of an app's listing: one per visitor and day. */
export interface PlatformMarketplaceViewsTable {
  id: Generated<number>;
  developer_app_id: number;
  visitor_key: string;
  /** The UTC day, written as YYYY-MM-DD. */
  day: ColumnType<Date, string, string>;
  viewed_at: Timestamp;
}

/** A daily aggregate, kept up to date as the events arrive. */
export interface PlatformDailyCountsTable {
  developer_app_id: number;
  day: ColumnType<Date, string, string>;
  count: number;
}

export type PlatformSandboxRow = Selectable<PlatformSandboxesTable>;

export type PlatformOAuthApplicationRow = Selectable<PlatformOAuthApplicationsTable>;

export type PlatformRateLimitBucketRow = Selectable<PlatformRateLimitBucketsTable>;

export type PlatformRateLimitBucketTemplateRow = Selectable<PlatformRateLimitBucketTemplatesTable>;

export type PlatformInstallationRow = Selectable<PlatformInstallationsTable>;

/** An OAuth application of a portal app: production or sandbox, with its app. */
export type PortalOAuthApplicationRow = PlatformOAuthApplicationRow & {
  developer_app_id: number;
  environment: 'production' | 'sandbox';
};

// ---- The sandbox platform (issue 21): companies, their users and data, tokens, API calls ----

/**
 * A company on the platform. A sandbox company belongs to one portal app (its id is 4,000,000 + the
 * sandbox's id, the id the sandbox has always reported); production companies are the ones that
 * installed an app from the marketplace.
 */
export interface PlatformCompaniesTable {
  id: number;
  name: string;
  environment: 'sandbox' | 'production';
  /** The app whose sandbox this company is; null for production companies. */
  developer_app_id: number | null;
  is_active: Generated<boolean>;
  created_at: Timestamp;
}
export type PlatformCompanyRow = Selectable<PlatformCompaniesTable>;

/** A user of the platform; ids are global (the same user in every company). */
export interface PlatformUsersTable {
  id: Generated<number>;
  /** The portal account this user is (developers signing in through the portal); null for seeded users. */
  portal_user_id: number | null;
  login: string;
  name: string;
  created_at: Timestamp;
}
export type PlatformUserRow = Selectable<PlatformUsersTable>;

/** A portal collaborator of an app: a user of the app's sandbox company (owner and admins as admins). */
export interface PlatformAppMembersTable {
  developer_app_id: number;
  user_id: number;
  is_admin: Generated<boolean>;
}

export interface PlatformCompanyUsersTable {
  company_id: number;
  user_id: number;
  is_admin: Generated<boolean>;
}

export interface PlatformProjectsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  display_name: string;
  project_number: string | null;
  address: string | null;
  city: string | null;
  state_code: string | null;
  country_code: string | null;
  zip: string | null;
  phone: string | null;
  description: string | null;
  active: Generated<boolean>;
  square_feet: number | null;
  start_date: CalendarDate;
  completion_date: CalendarDate;
  total_value: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  time_zone: Generated<string>;
  origin_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type PlatformProjectRow = Selectable<PlatformProjectsTable>;

export interface PlatformProjectUsersTable {
  project_id: number;
  user_id: number;
}

export interface PlatformRfisTable {
  id: Generated<number>;
  project_id: number;
  number: number;
  subject: string;
  status: 'open' | 'closed' | 'draft' | 'recycled';
  question_body: string;
  answer_body: string | null;
  due_date: CalendarDate;
  private: Generated<boolean>;
  reference: string | null;
  location: string | null;
  schedule_impact: string | null;
  cost_impact: string | null;
  rfi_manager_id: number | null;
  assignee_ids: ColumnType<number[], number[] | undefined, number[]>;
  created_by_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type PlatformRfiRow = Selectable<PlatformRfisTable>;

export interface PlatformSubmittalsTable {
  id: Generated<number>;
  project_id: number;
  number: string;
  revision: Generated<number>;
  title: string;
  description: string | null;
  status: string;
  type: string | null;
  due_date: CalendarDate;
  issue_date: CalendarDate;
  received_date: CalendarDate;
  private: Generated<boolean>;
  submittal_manager_id: number | null;
  created_by_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type PlatformSubmittalRow = Selectable<PlatformSubmittalsTable>;

/** Tool levels as the manifest grants them (a tool left out is "none"). */
export type ToolLevel = 'readonly' | 'standard' | 'admin';
export type ToolLevels = Record<string, ToolLevel>;

/**
 * What an app's service account may do in one environment: the permissions of its newest manifest
 * version there, told by the portal (the platform keeps the manifests on the real one too).
 */
export interface PlatformAppPermissionsTable {
  developer_app_id: number;
  environment: 'sandbox' | 'production';
  semantic_version: string | null;
  company_tools: Json<ToolLevels>;
  project_tools: Json<ToolLevels>;
  updated_at: Timestamp;
}

/** An authorization code: stored hashed, single use, ten minutes. */
export interface PlatformOAuthCodesTable {
  code_hash: string;
  oauth_application_id: number;
  user_id: number;
  redirect_uri: string;
  code_challenge: string | null;
  code_challenge_method: 'plain' | 'S256' | null;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

/** A consent page's anti-forgery value: hashed, bound to the user and the request, single use. */
export interface PlatformOAuthConsentsTable {
  nonce_hash: string;
  user_id: number;
  /** SHA-256 of the authorization request the page was shown for (client, redirect URI, state, PKCE). */
  request_hash: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** An access token (and its refresh token): both stored hashed. */
export interface PlatformOAuthTokensTable {
  id: Generated<number>;
  oauth_application_id: number;
  environment: 'sandbox' | 'production';
  /** user: acts as `user_id` (authorization code, refresh); client: the app's service account. */
  kind: 'user' | 'client';
  user_id: number | null;
  /** The code it was issued from (a reused code revokes every token issued from it). */
  code_hash: string | null;
  access_hash: string;
  refresh_hash: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  /** Set by any refresh call that sent this token's refresh token: it never works again. */
  refresh_used_at: NullableTimestamp;
}
export type PlatformOAuthTokenRow = Selectable<PlatformOAuthTokensTable>;

/** One call of the REST API, as the portal's API activity shows it (kept 30 days). */
export interface PlatformApiCallsTable {
  id: Generated<number>;
  developer_app_id: number;
  environment: 'sandbox' | 'production';
  client_id: string;
  token_kind: 'user' | 'client' | null;
  /** The access token's id (the rate-limit key with the company): never the token. */
  token_id: number | null;
  company_id: number | null;
  method: string;
  /** The route template (`/rest/v1.0/projects/:id`), or the path when no route matched. */
  route: string;
  path: string;
  status: number;
  duration_ms: number;
  rate_limit: number | null;
  rate_remaining: number | null;
  request_id: string;
  /** Request headers without the token; the error answered, when there was one. */
  request_headers: Json<Record<string, string>>;
  response_error: string | null;
  occurred_at: Timestamp;
}
export type PlatformApiCallRow = Selectable<PlatformApiCallsTable>;

/** A webhook hook (webhooks.md §1, §3): one destination, owned by a company or one of its projects. */
export interface PlatformWebhookHooksTable {
  id: Generated<number>;
  company_id: number;
  /** Set for a project-owned hook. */
  project_id: number | null;
  /** The OAuth application whose token made it; null when made in the portal. */
  oauth_application_id: number | null;
  owned_by_user_id: number | null;
  namespace: string;
  api_version: 'v2.0' | 'v4.0';
  destination_url: string;
  /** Sent on every delivery (`Authorization` only, as the reference). */
  destination_headers: Json<Record<string, string>>;
  /** The Standard Webhooks signing secret (`whsec_…`), sealed; never answered by the REST API. */
  signing_secret_sealed: string;
  /** The secret before the last rotation, still signing beside the new one until it expires (24 h). */
  previous_signing_secret_sealed: string | null;
  previous_secret_expires_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type PlatformWebhookHookRow = Selectable<PlatformWebhookHooksTable>;

/** One (resource_name, event_type) a hook listens to. */
export interface PlatformWebhookTriggersTable {
  id: Generated<number>;
  hook_id: number;
  resource_name: string;
  event_type: string;
  company_id: number;
  project_id: number | null;
  user_id: number | null;
  created_at: Timestamp;
}
export type PlatformWebhookTriggerRow = Selectable<PlatformWebhookTriggersTable>;

/** A change made through the sample API (create, update or delete of a project, RFI or submittal). */
export interface PlatformWebhookEventsTable {
  id: Generated<number>;
  ulid: string;
  company_id: number;
  project_id: number | null;
  user_id: number | null;
  resource_name: string;
  resource_id: number;
  event_type: string;
  /** The client id of the app whose token made the change. */
  source_application_id: string | null;
  occurred_at: Timestamp;
}
export type PlatformWebhookEventRow = Selectable<PlatformWebhookEventsTable>;

/** One event (or test event, or redelivery) to one hook: the exact body, its state and its attempts. */
export interface PlatformWebhookDeliveriesTable {
  id: Generated<number>;
  hook_id: number;
  event_id: number | null;
  destination_url: string;
  body: string;
  status: 'queued' | 'ok' | 'failing' | 'discarded';
  is_test: Generated<boolean>;
  redelivery_of: number | null;
  attempts: Generated<number>;
  next_attempt_at: NullableTimestamp;
  created_at: Timestamp;
  completed_at: NullableTimestamp;
}
export type PlatformWebhookDeliveryRow = Selectable<PlatformWebhookDeliveriesTable>;

/** One POST of a delivery and what came back. */
export interface PlatformWebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  outcome: 'ok' | 'retried' | 'failed' | 'discarded';
  request_headers: Json<Record<string, string>>;
  response_status: number | null;
  response_headers: Json<Record<string, string>> | null;
  /** Capped at 10 kB. */
  response_body: string | null;
  /** Why it failed in words: DNS failure, refused, timeout after 5 s, TLS error, status 500. */
  response_error: string | null;
  started_at: Timestamp;
  completed_at: Timestamp;
}
export type PlatformWebhookAttemptRow = Selectable<PlatformWebhookAttemptsTable>;

/** A destination URL's health: failing since when, and when its queue is tried next (backoff). */
export interface PlatformWebhookDestinationsTable {
  destination_url: string;
  failing_since: NullableTimestamp;
  consecutive_failures: Generated<number>;
  next_attempt_at: NullableTimestamp;
  /** The worker draining this URL now (platform migration 0009), and until when its lease holds. */
  lease_token: string | null;
  lease_until: NullableTimestamp;
}

/** The platform's tables; the portal's Database extends it (the same database, never read across). */
export interface PlatformDatabase {
  platform_oauth_applications: PlatformOAuthApplicationsTable;
  platform_sandboxes: PlatformSandboxesTable;
  platform_rate_limit_buckets: PlatformRateLimitBucketsTable;
  platform_rate_limit_bucket_templates: PlatformRateLimitBucketTemplatesTable;
  platform_app_owners: PlatformAppOwnersTable;
  platform_installations: PlatformInstallationsTable;
  platform_marketplace_views: PlatformMarketplaceViewsTable;
  platform_daily_installations: PlatformDailyCountsTable;
  platform_daily_views: PlatformDailyCountsTable;
  platform_processed_events: { id: string; type: string; processed_at: Timestamp };
  platform_companies: PlatformCompaniesTable;
  platform_users: PlatformUsersTable;
  platform_app_members: PlatformAppMembersTable;
  platform_company_users: PlatformCompanyUsersTable;
  platform_projects: PlatformProjectsTable;
  platform_project_users: PlatformProjectUsersTable;
  platform_rfis: PlatformRfisTable;
  platform_submittals: PlatformSubmittalsTable;
  platform_app_permissions: PlatformAppPermissionsTable;
  platform_oauth_codes: PlatformOAuthCodesTable;
  platform_oauth_tokens: PlatformOAuthTokensTable;
  platform_oauth_consents: PlatformOAuthConsentsTable;
  platform_api_calls: PlatformApiCallsTable;
  platform_webhook_hooks: PlatformWebhookHooksTable;
  platform_webhook_triggers: PlatformWebhookTriggersTable;
  platform_webhook_events: PlatformWebhookEventsTable;
  platform_webhook_deliveries: PlatformWebhookDeliveriesTable;
  platform_webhook_attempts: PlatformWebhookAttemptsTable;
  platform_webhook_destinations: PlatformWebhookDestinationsTable;
}

export type PlatformDb = Kysely<PlatformDatabase>;
