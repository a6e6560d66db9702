import type { UserRow } from '../../db/schema';

/** Who may read the audit trail (issue 11). */
export const auditPolicy = {
  /** Platform administrators only: it names who changed what, and from which address. */
  canRead(user: Pick<UserRow, 'is_admin'>): boolean {
    return user.is_admin;
  },
};
