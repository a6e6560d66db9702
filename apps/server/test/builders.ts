import type { UserRow } from '../src/db/schema';

/** A user row in memory, for unit tests of pure policies (no database). */
export function buildUser(overrides: Partial<UserRow> = {}): UserRow {
  return {
    id: 1,
    name: 'U',
    company_name: 'C',
    email: 'u@example.test',
    password_hash: 'x',
    is_admin: false,
    is_employee: false,
    critical_emails: true,
    confirmed_at: new Date(),
    created_at: new Date(),
    updated_at: new Date(),
    platform_id: null,
    ...overrides,
  };
}
