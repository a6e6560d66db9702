import type { UserRow } from '../../db/schema';

/** Who may do what with second factors: a user with their own; administrators remove a developer's. */
export const twoFactorPolicy = {
  /** Seeing and removing a developer's second factors (the developer lost them all). */
  canManageDevelopers(user: Pick<UserRow, 'is_admin'>): boolean {
    return user.is_admin;
  },
  /** REQUIRE_ADMIN_2FA: an administrator without a second factor must set one up before any admin route. */
  mustSetUp(user: Pick<UserRow, 'is_admin'>, required: boolean, hasSecondFactor: boolean): boolean {
    return required && user.is_admin && !hasSecondFactor;
  },
};
