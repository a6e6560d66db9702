import type { AppAccess } from '../developer-apps/policy';

/** Who may do what with an app's production OAuth credentials (spec 2 §4, §6). */
export const credentialPolicy = {
  /** Resetting a secret (resetSecrets): owner and admin. */
  canReset: (access: AppAccess): boolean => access.permissions.canModifyCredentials,
  /** Revealing the production secret once: owner and admin, as resetting it. */
  canReveal: (access: AppAccess): boolean => access.permissions.canModifyCredentials,
  /** Rotating a secret, or ending its grace period, of the sandbox or production: who may reset it. */
  canRotate: (access: AppAccess): boolean => access.permissions.canModifyCredentials,
};
