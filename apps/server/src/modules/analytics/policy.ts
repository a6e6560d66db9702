import type { UserRow } from '../../db/schema';

/** The admin analytics page: platform administrators only. */
export const analyticsPolicy = {
  canRead(user: Pick<UserRow, 'is_admin'>): boolean {
    return user.is_admin;
  },
};
