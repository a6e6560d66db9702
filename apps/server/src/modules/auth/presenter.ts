import type { Session, SessionFeatures, User } from '@lintel/shared';
import type { UserRow } from '../../db/schema';

/** The user as the API shows it: never the password hash. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    company_name: row.company_name,
    email: row.email,
    is_admin: row.is_admin,
    is_employee: row.is_employee,
    critical_emails: row.critical_emails,
    confirmed_at: row.confirmed_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** The session as the API shows it: the user, the CSRF token and the settings the web app needs. */
export function presentSession(
  row: UserRow,
  csrfToken: string,
  settings: { supportEmail: string },
  features: SessionFeatures,
): Session {
  return { user: presentUser(row), csrf_token: csrfToken, support_email: settings.supportEmail, features };
}
