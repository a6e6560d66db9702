import { permissionsFor } from '@lintel/shared';
import { describe, expect, it } from 'vitest';
import { ADMIN_WEBHOOK_PERMISSIONS, webhookPermissions, webhookPolicy } from './policy';

const access = (role: 'owner' | 'admin' | 'developer' | null, isAdmin = false) => ({
  role,
  permissions: permissionsFor(role, { is_admin: isAdmin, is_employee: false }),
});

describe('webhook policy', () => {
  it('lets every collaborator manage hooks and send again, and see the secret; owner and admin rotate it', () => {
    expect(webhookPermissions(access('owner'))).toEqual({
      can_manage: true,
      can_redeliver: true,
      can_view_secret: true,
      can_rotate_secret: true,
    });
    expect(webhookPermissions(access('admin')).can_rotate_secret).toBe(true);
    expect(webhookPermissions(access('developer'))).toEqual({
      can_manage: true,
      can_redeliver: true,
      can_view_secret: true,
      can_rotate_secret: false,
    });
  });

  it('lets a platform administrator who is no collaborator read and see the secret, never change the hooks', () => {
    const admin = access(null, true);
    expect(webhookPolicy.canRead(admin)).toBe(true);
    expect(webhookPermissions(admin)).toEqual({
      can_manage: false,
      can_redeliver: false,
      can_view_secret: true,
      can_rotate_secret: false,
    });
    expect(webhookPolicy.canAdminister({ is_admin: true })).toBe(true);
    expect(webhookPolicy.canAdminister({ is_admin: false })).toBe(false);
    expect(ADMIN_WEBHOOK_PERMISSIONS.can_manage).toBe(false);
  });
});
