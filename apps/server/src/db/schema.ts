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

type Json = ColumnType<Record<string, unknown>, string, never>;

export interface AppVersionsTable {
  id: Generated<number>;
  developer_app_id: number;
  environment_type: 'Sandbox' | 'ProductionEnvironment';
  semantic_version: string;
  state: 'draft' | 'confidential' | 'in_review' | 'published';
  schema_version: string;
  /** The manifest: written once, never updated. */
  content: Json;
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
  properties: Json;
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
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type OutboundEmailRow = Selectable<OutboundEmailsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type DeveloperAppRow = Selectable<DeveloperAppsTable>;
export type CollaboratorRow = Selectable<CollaboratorsTable>;
export type InvitationRow = Selectable<InvitationsTable>;
export type PlatformSandboxRow = Selectable<PlatformSandboxesTable>;
export type AppVersionRow = Selectable<AppVersionsTable>;
export type PlatformOAuthApplicationRow = Selectable<PlatformOAuthApplicationsTable>;
