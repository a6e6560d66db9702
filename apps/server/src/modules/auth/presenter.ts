import type { User } from '@lintel/shared';
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
