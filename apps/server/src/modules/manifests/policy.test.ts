import { type CollaboratorRole, permissionsFor } from '@lintel/shared';
import { describe, expect, it } from 'vitest';
import { manifestPolicy } from './policy';

const access = (role: CollaboratorRole | null, isAdmin = false) => ({
  role,
  permissions: permissionsFor(role, { is_admin: isAdmin, is_employee: false }),
});
const on = { canCreateSandboxManifests: true };
const off = { canCreateSandboxManifests: false };

describe('manifestPolicy', () => {
  it('owner and admins create and promote; developers do not', () => {
    for (const role of ['owner', 'admin'] as const) {
      expect(manifestPolicy.canCreate(access(role), on)).toBe(true);
      expect(manifestPolicy.canPromote(access(role))).toBe(true);
    }
    expect(manifestPolicy.canCreate(access('developer'), on)).toBe(false);
    expect(manifestPolicy.canPromote(access('developer'))).toBe(false);
  });
  it('nobody creates while CAN_CREATE_SANDBOX_MANIFESTS is off', () => {
    expect(manifestPolicy.canCreate(access('owner'), off)).toBe(false);
  });
  it('a platform admin who is not a collaborator reads but does not create', () => {
    expect(manifestPolicy.canRead(access(null, true))).toBe(true);
    expect(manifestPolicy.canCreate(access(null, true), on)).toBe(false);
  });
  it('owner and admins submit and withdraw, never approve or reject', () => {
    const user = { is_admin: false };
    for (const role of ['owner', 'admin'] as const) {
      expect(manifestPolicy.canReview(access(role), user, 'submit')).toBe(true);
      expect(manifestPolicy.canReview(access(role), user, 'withdraw')).toBe(true);
      expect(manifestPolicy.canReview(access(role), user, 'approve')).toBe(false);
      expect(manifestPolicy.canReview(access(role), user, 'reject')).toBe(false);
    }
  });
  it('developers take no review action', () => {
    for (const action of ['submit', 'withdraw', 'approve', 'reject'] as const)
      expect(manifestPolicy.canReview(access('developer'), { is_admin: false }, action)).toBe(false);
  });
  it('platform administrators approve and reject (and may submit or withdraw)', () => {
    for (const action of ['submit', 'withdraw', 'approve', 'reject'] as const)
      expect(manifestPolicy.canReview(access(null, true), { is_admin: true }, action)).toBe(true);
  });
});
