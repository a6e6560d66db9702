import type { UserRow } from '../../db/schema';
import type { AppAccess } from '../developer-apps/policy';

/**
 * Who may do what with an app's listing (spec 3 §6, spec 2 §6): every collaborator (and platform
 * administrators) reads it; owners and admins save, submit and withdraw (canEdit,
 * canSubmitMarketplaceApp); only platform administrators review.
 */
export const listingPolicy = {
  canSave(access: AppAccess): boolean {
    return access.permissions.canEdit;
  },
  canSubmit(access: AppAccess): boolean {
    return access.permissions.canSubmitMarketplaceApp;
  },
  canReview(user: UserRow): boolean {
    return user.is_admin;
  },
};
