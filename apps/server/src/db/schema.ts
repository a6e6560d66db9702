import type { PlatformDatabase } from '@lintel/platform/schema';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export type {
  PlatformInstallationRow,
  PlatformOAuthApplicationRow,
  PlatformRateLimitBucketRow,
  PlatformRateLimitBucketTemplateRow,
  PlatformSandboxRow,
  PortalOAuthApplicationRow,
} from '@lintel/platform/schema';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface UsersTable {
  id: Generated<number>;
  name: string;
  company_name: string;
  email: string;
  password_hash: string;
  is_admin: Generated<boolean>;
  is_employee: Generated<boolean>;
  critical_emails: Generated<boolean>;
  confirmed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The developer's account number on the platform (0012_admin_lists). */
  platform_id: Generated<number | null>;
}

export type UserTokenPurpose = 'confirmation' | 'password_reset';

export interface UserTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: UserTokenPurpose;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  csrf_token: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
  /** The id the account page names a session by (0024); `id` is the cookie's hash and never leaves. */
  public_id: Generated<number>;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  email: string;
  ip: string;
  succeeded: boolean;
  created_at: Timestamp;
}

export interface OutboundEmailsTable {
  id: Generated<number>;
  idempotency_key: string;
  to_address: string;
  subject: string;
  template: string;
  text_body: string;
  html_body: string;
  status: ColumnType<'queued' | 'sent' | 'failed', 'queued' | 'sent' | 'failed' | undefined>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  sent_at: NullableTimestamp;
  notification_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface NotificationsTable {
  id: Generated<number>;
  title: string;
  summary: string;
  body: string;
  critical: Generated<boolean>;
  draft: Generated<boolean>;
  /** A calendar date, read and written as YYYY-MM-DD text. */
  show_after: string | null;
  created_by: number | null;
  fanout_cursor: Generated<number>;
  fanout_completed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface NotificationReadsTable {
  notification_id: number;
  user_id: number;
  read_at: Timestamp;
}

export interface DeveloperAppsTable {
  id: Generated<number>;
  internal_name: string;
  name: string;
  owner_id: number;
  confidential: Generated<boolean>;
  production_access: ColumnType<
    'none' | 'production_pending' | 'granted',
    'none' | 'production_pending' | 'granted' | undefined
  >;
  redirect_uri: Generated<string>;
  thumbnail_key: string | null;
  thumbnail_content_type: string | null;
  published_at: NullableTimestamp;
  deleted_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Whether the app's listing may appear in the marketplace (0007_listings). */
  marketplace_enabled: Generated<boolean>;
  /** The admin form's credential settings (0013_admin_apps). */
  legacy: Generated<boolean>;
  connectable: Generated<boolean>;
  allowed_cors_domains: Generated<string>;
}

/** An app's integration contact, added by platform administrators (0013_admin_apps). */
export interface IntegrationContactsTable {
  id: Generated<number>;
  developer_app_id: number;
  name: string;
  email: string;
  created_at: Timestamp;
}

export interface CollaboratorsTable {
  id: Generated<number>;
  developer_app_id: number;
  user_id: number;
  role: 'owner' | 'admin' | 'developer';
  created_at: Timestamp;
  /** Copies of the app's created_at and deleted_at, kept by triggers (0016_my_apps_speed); never written. */
  app_created_at: Generated<Date | null>;
  app_deleted_at: Generated<Date | null>;
}

export interface InvitationsTable {
  id: Generated<number>;
  developer_app_id: number;
  email: string;
  role: 'admin' | 'developer';
  status: ColumnType<
    'pending' | 'accepted' | 'canceled' | 'expired',
    'pending' | undefined,
    'accepted' | 'canceled' | 'expired'
  >;
  token_hash: string;
  invited_by: number | null;
  accepted_by: number | null;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MailQuotaEventsTable {
  id: Generated<number>;
  recipient: string;
  ip: string;
  created_at: ColumnType<Date, Date | undefined, Date>;
}

/** A jsonb document written once (app versions are immutable). */
type JsonDocument = ColumnType<Record<string, unknown>, string, never>;

export interface AppVersionsTable {
  id: Generated<number>;
  developer_app_id: number;
  environment_type: 'Sandbox' | 'ProductionEnvironment';
  semantic_version: string;
  state: 'draft' | 'confidential' | 'in_review' | 'published';
  schema_version: string;
  /** The manifest: written once, never updated. */
  content: JsonDocument;
  configured_manifest_content: ColumnType<Record<string, unknown> | null, string | null, never>;
  auth_code_enabled: boolean;
  changelog: string | null;
  app_version_key: string;
  developer_notes: string | null;
  admin_notes: string | null;
  /** When a reviewer rejected this (confidential) version; cleared when it is submitted again (issue 20). */
  rejected_at: NullableTimestamp;
  source_app_version_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AnalyticsEventsTable {
  id: Generated<number>;
  user_id: number | null;
  key: string;
  properties: JsonDocument;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** The portal's tables and, in the same database, the embedded platform's (apps/platform). */
export interface Database extends PlatformDatabase {
  users: UsersTable;
  user_tokens: UserTokensTable;
  sessions: SessionsTable;
  personal_access_tokens: PersonalAccessTokensTable;
  user_known_browsers: UserKnownBrowsersTable;
  login_attempts: LoginAttemptsTable;
  outbound_emails: OutboundEmailsTable;
  notifications: NotificationsTable;
  notification_reads: NotificationReadsTable;
  developer_apps: DeveloperAppsTable;
  collaborators: CollaboratorsTable;
  invitations: InvitationsTable;
  mail_quota_events: MailQuotaEventsTable;
  app_versions: AppVersionsTable;
  analytics_events: AnalyticsEventsTable;
  listing_categories: { id: Generated<number>; name: string };
  listing_regions: { id: Generated<number>; name: string };
  listing_countries: { id: Generated<number>; region_id: number; iso_code: string; name: string };
  product_tools: { id: Generated<number>; title: string };
  security_standards: { id: Generated<number>; standard_name: string; variant: string | null };
  marketplace_submissions: MarketplaceSubmissionsTable;
  listing_media: ListingMediaTable;
  video_host_medias: VideoHostMediasTable;
  listing_review_events: ListingReviewEventsTable;
  listing_decisions: ListingDecisionsTable;
  audit_events: AuditEventsTable;
  changelog_entries: ChangelogEntriesTable;
  integration_contacts: IntegrationContactsTable;
  /** Exact counts of the unfiltered admin lists, kept by triggers (0015_admin_list_speed). */
  row_counts: { name: string; n: ColumnType<number, number, number> };
  user_totp_factors: UserTotpFactorsTable;
  user_recovery_codes: UserRecoveryCodesTable;
  user_passkeys: UserPasskeysTable;
  webauthn_challenges: WebAuthnChallengesTable;
}

/** An authenticator app (issue 23): the secret sealed with SECRETS_KEY, pending until confirmed. */
export interface UserTotpFactorsTable {
  user_id: number;
  secret_sealed: string;
  confirmed_at: NullableTimestamp;
  /** The 30-second step of the last code accepted: a code of that step or an earlier one is refused. */
  last_used_step: number | null;
  created_at: Timestamp;
}

export interface UserRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

/** A passkey (WebAuthn credential): its id and public key as base64url. */
export interface UserPasskeysTable {
  id: Generated<number>;
  user_id: number;
  credential_id: string;
  public_key: string;
  counter: ColumnType<string | number, number | undefined, number>;
  transports: JsonWithDefault<string[]>;
  name: string;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
}

export interface WebAuthnChallengesTable {
  challenge_hash: string;
  user_id: number | null;
  purpose: 'registration' | 'authentication';
  expires_at: Timestamp;
}

/** A jsonb column: read as the parsed value, written as its JSON text. */
type Json<T> = ColumnType<T, string | null | undefined, string | null>;
type JsonWithDefault<T> = ColumnType<T, string | undefined, string>;

export interface MarketplaceSubmissionsTable {
  id: Generated<number>;
  developer_app_id: number;
  state: ColumnType<'draft' | 'in_review' | 'published', 'draft' | 'in_review' | 'published' | undefined>;
  approval_state: ColumnType<
    'unreviewed' | 'approved' | 'rejected',
    'unreviewed' | 'approved' | 'rejected' | undefined
  >;
  version: Generated<number>;
  admin_message: string | null;
  rejection_reasons: JsonWithDefault<{ code: string; note: string | null }[]>;
  silent: Generated<boolean>;
  is_concierge_app: Generated<boolean>;
  live: Generated<boolean>;
  public_name: string | null;
  tagline: string | null;
  built_by: string | null;
  sold_by: string | null;
  description: string | null;
  about: string | null;
  how_it_works: string | null;
  category_ids: JsonWithDefault<number[]>;
  app_version_id: number | null;
  draft_developer_notes: string | null;
  installable: Generated<boolean>;
  beta: Generated<boolean>;
  security_badge: Generated<boolean>;
  notes: string | null;
  subscription_required: boolean | null;
  connector_required: boolean | null;
  has_trials: boolean | null;
  pricing_url: string | null;
  pricing_description: string | null;
  region_ids: JsonWithDefault<number[]>;
  country_ids: JsonWithDefault<number[]>;
  helpful_links: JsonWithDefault<{ label: string | null; url: string | null }[]>;
  feature_bullets: JsonWithDefault<string[]>;
  website_link: Json<{ label: string | null; url: string | null } | null>;
  support_email: string | null;
  product_tool_ids: JsonWithDefault<number[]>;
  requirements: JsonWithDefault<string[]>;
  contact_us_email: string | null;
  learn_how_url: string | null;
  create_lead: Generated<boolean>;
  made_by_platform: Generated<boolean>;
  platform_certified_partner: Generated<boolean>;
  security_questionnaire_visible: Generated<boolean>;
  security_questionnaire: Json<Record<string, unknown> | null>;
  submitted_at: NullableTimestamp;
  reviewed_at: NullableTimestamp;
  published_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ListingMediaTable {
  id: Generated<number>;
  submission_id: number;
  type: 'Picture' | 'Video' | 'Logo' | 'Document' | 'ShowcaseVideo';
  name: string;
  original_filename: string;
  description: string | null;
  storage_key: string;
  content_type: string;
  /** bigint: read as a string by PostgreSQL drivers. */
  size: ColumnType<string | number, number, number>;
  width: number | null;
  height: number | null;
  hashed_id: string | null;
  position: Generated<number>;
  copied_from_id: number | null;
  created_at: Timestamp;
}

export interface VideoHostMediasTable {
  hashed_id: string;
  name: string;
  storage_key: string;
  content_type: string;
  size: ColumnType<string | number, number, number>;
  created_at: Timestamp;
}

export interface ListingReviewEventsTable {
  id: Generated<number>;
  submission_id: number;
  developer_app_id: number;
  state: 'submitted' | 'approved' | 'rejected';
  actor_id: number | null;
  created_at: Timestamp;
}

/** One approval or rejection of a submission, with its own message and reasons (0019_listing_decisions). */
export interface ListingDecisionsTable {
  id: Generated<number>;
  submission_id: number;
  developer_app_id: number;
  decision: 'approved' | 'rejected';
  message: string | null;
  rejection_reasons: JsonWithDefault<{ code: string; note: string | null }[]>;
  silent: Generated<boolean>;
  /** For platform administrators only. */
  reviewer_notes: string | null;
  actor_id: number | null;
  created_at: Timestamp;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type OutboundEmailRow = Selectable<OutboundEmailsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type ChangelogEntryRow = Selectable<ChangelogEntriesTable>;
export type DeveloperAppRow = Selectable<DeveloperAppsTable>;
export type SubmissionRow = Selectable<MarketplaceSubmissionsTable>;
export type ListingMediaRow = Selectable<ListingMediaTable>;
export type CollaboratorRow = Selectable<CollaboratorsTable>;
export type IntegrationContactRow = Selectable<IntegrationContactsTable>;
export type InvitationRow = Selectable<InvitationsTable>;
export type AppVersionRow = Selectable<AppVersionsTable>;

/** One platform-admin change or credential reset (issue 11): who, what, on which record, from where. */
export interface AuditEventsTable {
  id: ColumnType<string, never, never>;
  actor_id: number | null;
  action: string;
  subject_type: string;
  subject_id: string;
  developer_app_id: number | null;
  changes: JsonWithDefault<AuditChanges>;
  client_address: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** The changed fields of an audited record, before and after the change. */
export interface AuditChanges {
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/** One change of the platform's REST API (spec 2 §3, migration 0010). */
export interface ChangelogEntriesTable {
  id: Generated<number>;
  summary: string;
  description: Generated<string>;
  endpoint: string | null;
  type: 'fix' | 'new' | 'feature' | 'refinement' | 'deprecated' | 'sunset' | 'breaking';
  breaking: Generated<boolean>;
  /** A calendar date, read and written as YYYY-MM-DD text. */
  datestamp: string;
  versions: string | null;
  link: string | null;
  public: Generated<boolean>;
  hidden: Generated<boolean>;
  documentation_branch: string | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A personal access token (issue 23, migration 0024): only its SHA-256 is kept. */
export interface PersonalAccessTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: string;
  scopes: ColumnType<string[], string, string>;
  expires_at: NullableTimestamp;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
  last_used_ip: string | null;
}
export type PersonalAccessTokenRow = Selectable<PersonalAccessTokensTable>;

/** A browser and system an account has signed in from (issue 23): a new one is told by e-mail. */
export interface UserKnownBrowsersTable {
  user_id: number;
  signature: string;
  first_seen_at: Timestamp;
}
