import type { UserRow } from '../../db/schema';

/** Who may see and change the quota-minder's rate-limit buckets (spec 1 §6). */
export const rateLimitPolicy = {
  /** Platform administrators only: the limits of every client on the platform. */
  canManage(user: Pick<UserRow, 'is_admin'>): boolean {
    return user.is_admin;
  },
};
