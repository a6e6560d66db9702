import type { ReviewAction } from '@lintel/shared/manifests';
import { REVIEW_ACTORS } from '@lintel/shared/manifests';
import type { UserRow } from '../../db/schema';
import type { AppAccess } from '../developer-apps/policy';

/**
 * Who may do what with an app's versions (spec 2 §6, issue 9 "Roles"). Seeing the app at all (collaborators
 * and platform administrators) is the app scope's question: strangers get 404 before any of these.
 */
export const manifestPolicy = {
  /** Lists, one version, validation, templates: anyone who sees the app. */
  canRead(_access: AppAccess): boolean {
    return true;
  },
  /** Create a sandbox version: owner and admins (canModifyManifests), while the switch allows it. */
  canCreate(access: AppAccess, switches: { canCreateSandboxManifests: boolean }): boolean {
    return access.permissions.canModifyManifests && switches.canCreateSandboxManifests;
  },
  /** Promote a sandbox version: owner and admins. */
  canPromote(access: AppAccess): boolean {
    return access.permissions.canModifyManifests;
  },
  /**
   * A review action: submit and withdraw by the app's owner and admins (and platform administrators, who
   * see those buttons too, spec 2 §4); approve and reject by platform administrators only.
   */
  canReview(access: AppAccess, user: Pick<UserRow, 'is_admin'>, action: ReviewAction): boolean {
    if (user.is_admin) return true;
    return REVIEW_ACTORS[action] === 'developer' && access.permissions.canModifyManifests;
  },
};
