import type { UserRow } from '../../db/schema';

/** Who may use the admin app page and its calls (spec 1 §6): platform administrators only. */
export const adminAppPolicy = {
  canAdminister(user: Pick<UserRow, 'is_admin'>): boolean {
    return user.is_admin;
  },
};
