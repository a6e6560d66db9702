import { permissionsFor } from '@lintel/shared';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { listingPolicy } from './policy';

const user = (flags: Partial<UserRow> = {}) => ({ is_admin: false, is_employee: false, ...flags }) as UserRow;
const access = (role: 'owner' | 'admin' | 'developer' | null, actor = user()) => ({
  role,
  permissions: permissionsFor(role, actor),
});

describe('listingPolicy (spec 3 §6, spec 2 §6 submitListing)', () => {
  it('lets owners and app admins save and submit; the developer role and outsiders may not', () => {
    expect(listingPolicy.canSave(access('owner'))).toBe(true);
    expect(listingPolicy.canSubmit(access('admin'))).toBe(true);
    expect(listingPolicy.canSave(access('developer'))).toBe(false);
    expect(listingPolicy.canSubmit(access('developer'))).toBe(false);
    // A platform administrator reviews through the admin routes, not as a collaborator.
    expect(listingPolicy.canSave(access(null, user({ is_admin: true })))).toBe(false);
  });

  it('lets only platform administrators review', () => {
    expect(listingPolicy.canReview(user({ is_admin: true }))).toBe(true);
    expect(listingPolicy.canReview(user({ is_employee: true }))).toBe(false);
  });
});
