import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

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
}

export interface CollaboratorsTable {
  id: Generated<number>;
  developer_app_id: number;
  user_id: number;
  role: 'owner' | 'admin' | 'developer';
  created_at: Timestamp;
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

export interface PlatformOAuthApplicationsTable {
  id: Generated<number>;
  uid: string;
  secret_hash: string;
  name: string;
  environment: 'production' | 'sandbox';
  developer_app_id: number;
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

export interface Database {
  users: UsersTable;
  user_tokens: UserTokensTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  outbound_emails: OutboundEmailsTable;
  notifications: NotificationsTable;
  notification_reads: NotificationReadsTable;
  developer_apps: DeveloperAppsTable;
  collaborators: CollaboratorsTable;
  invitations: InvitationsTable;
  platform_oauth_applications: PlatformOAuthApplicationsTable;
  platform_sandboxes: PlatformSandboxesTable;
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

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type OutboundEmailRow = Selectable<OutboundEmailsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type DeveloperAppRow = Selectable<DeveloperAppsTable>;
export type SubmissionRow = Selectable<MarketplaceSubmissionsTable>;
export type ListingMediaRow = Selectable<ListingMediaTable>;
export type CollaboratorRow = Selectable<CollaboratorsTable>;
export type InvitationRow = Selectable<InvitationsTable>;
export type PlatformSandboxRow = Selectable<PlatformSandboxesTable>;
export type AppVersionRow = Selectable<AppVersionsTable>;
export type PlatformOAuthApplicationRow = Selectable<PlatformOAuthApplicationsTable>;
