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

export interface Database {
  users: UsersTable;
  user_tokens: UserTokensTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  outbound_emails: OutboundEmailsTable;
  notifications: NotificationsTable;
  notification_reads: NotificationReadsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type OutboundEmailRow = Selectable<OutboundEmailsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
