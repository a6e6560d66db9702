import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/builders';
import { developerAppPolicy } from './policy';

const user = buildUser;

const live = { deleted_at: null };
const deleted = { deleted_at: new Date() };

describe('developerAppPolicy.canSee', () => {
  it('shows a live app to its collaborators and to platform administrators only', () => {
    expect(developerAppPolicy.canSee(user(), live, 'developer')).toBe(true);
    expect(developerAppPolicy.canSee(user(), live, null)).toBe(false);
    expect(developerAppPolicy.canSee(user({ is_employee: true }), live, null)).toBe(false);
    expect(developerAppPolicy.canSee(user({ is_admin: true }), live, null)).toBe(true);
  });

  it('hides a deleted app from everyone on the developer routes', () => {
    expect(developerAppPolicy.canSee(user(), deleted, 'owner')).toBe(false);
    expect(developerAppPolicy.canSee(user({ is_admin: true }), deleted, null)).toBe(false);
  });
});

describe('developerAppPolicy.access (spec 2 §6)', () => {
  it.each([
    ['owner', { canEdit: true, canModifyCredentials: true, canDestroy: true, canTransferOwnership: true }],
    ['admin', { canEdit: true, canModifyCredentials: true, canDestroy: false, canTransferOwnership: false }],
    [
      'developer',
      { canEdit: false, canModifyCredentials: false, canDestroy: false, canViewClientCredentials: true },
    ],
  ] as const)('%s', (role, expected) => {
    expect(developerAppPolicy.access(user(), role).permissions).toMatchObject(expected);
  });

  it('lets platform administrators and employees generate a fake sandbox, nobody else', () => {
    expect(
      developerAppPolicy.access(user({ is_employee: true }), 'developer').permissions.canGenerateFakeSandbox,
    ).toBe(true);
    expect(developerAppPolicy.access(user({ is_admin: true }), null).permissions.canGenerateFakeSandbox).toBe(
      true,
    );
    expect(developerAppPolicy.access(user(), 'owner').permissions.canGenerateFakeSandbox).toBe(false);
  });

  it('gives a non-collaborating platform administrator read access and nothing else', () => {
    const { permissions } = developerAppPolicy.access(user({ is_admin: true }), null);
    expect(permissions.canViewClientCredentials).toBe(true);
    expect(permissions.canEdit).toBe(false);
    expect(permissions.canDestroy).toBe(false);
  });
});
