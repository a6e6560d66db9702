import type { UserRow } from '../../db/schema';
import type { AppAccess } from '../developer-apps/policy';

/**
 * Webhooks of the app's sandbox company (issue 22). Every collaborator works with the hooks (a developer
 * wires up a receiver as they call the API), sends deliveries again and test events; the signing secret
 * follows the sandbox secret's rules: every collaborator (and platform administrators) may see it
 * (viewSandboxCreds), the owner and admins reset it (resetSecrets). Platform administrators who are no
 * collaborator read the tab and may send again (support), but the hooks are the team's.
 */
export const webhookPolicy = {
  canRead: (access: AppAccess): boolean => access.permissions.canViewClientCredentials,
  canManage: (access: AppAccess): boolean => access.role !== null,
  canRedeliver: (access: AppAccess): boolean => access.role !== null,
  canViewSecret: (access: AppAccess): boolean => access.permissions.canViewClientCredentials,
  canRotateSecret: (access: AppAccess): boolean => access.permissions.canModifyCredentials,
  /** The admin routes: platform administrators, any app (deleted ones too); read and send again only. */
  canAdminister: (user: Pick<UserRow, 'is_admin'>): boolean => user.is_admin,
};

/** What the tab offers the actor, sent with the overview (CONVENTIONS "Abilities travel with the data"). */
export function webhookPermissions(access: AppAccess) {
  return {
    can_manage: webhookPolicy.canManage(access),
    can_redeliver: webhookPolicy.canRedeliver(access),
    can_view_secret: webhookPolicy.canViewSecret(access),
    can_rotate_secret: webhookPolicy.canRotateSecret(access),
  };
}

/** What the admin app page's tab offers platform administrators. */
export const ADMIN_WEBHOOK_PERMISSIONS = {
  can_manage: false,
  can_redeliver: true,
  can_view_secret: false,
  can_rotate_secret: false,
} as const;
