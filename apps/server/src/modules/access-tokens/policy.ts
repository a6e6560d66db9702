import type { UserRow } from '../../db/schema';

/** Who may see and revoke someone else's tokens: platform administrators (the developer's admin page). */
export const accessTokenPolicy = {
  canManageOthers(user: Pick<UserRow, 'is_admin'>): boolean {
    return user.is_admin;
  },
};
