import { type CollaboratorRole, permissionsFor } from '@lintel/shared';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { developerAppPolicy } from '../developer-apps/policy';
import { collaboratorPolicy } from './policy';

const user = (id: number, overrides: Partial<UserRow> = {}): UserRow => ({
  id,
  name: 'U',
  company_name: 'C',
  email: `u${id}@example.test`,
  password_hash: 'x',
  is_admin: false,
  is_employee: false,
  critical_emails: true,
  confirmed_at: new Date(),
  created_at: new Date(),
  updated_at: new Date(),
  ...overrides,
});

const actor = user(1);
const access = (role: CollaboratorRole | null, who = actor) => developerAppPolicy.access(who, role);
const other = (role: CollaboratorRole) => ({ user_id: 2, role });
const self = (role: CollaboratorRole) => ({ user_id: actor.id, role });

describe('collaboratorPolicy.roleChangeRefusal', () => {
  it('lets owners and admins change the role of other non-owners', () => {
    for (const role of ['owner', 'admin'] as const) {
      expect(
        collaboratorPolicy.roleChangeRefusal(actor, access(role), other('developer'), 'admin'),
      ).toBeNull();
      expect(
        collaboratorPolicy.roleChangeRefusal(actor, access(role), other('admin'), 'developer'),
      ).toBeNull();
    }
  });

  it('refuses developers and non-collaborating platform administrators', () => {
    expect(
      collaboratorPolicy.roleChangeRefusal(actor, access('developer'), other('developer'), 'admin'),
    ).toMatch(/not allowed/);
    const platformAdmin = user(1, { is_admin: true });
    expect(
      collaboratorPolicy.roleChangeRefusal(
        platformAdmin,
        access(null, platformAdmin),
        other('developer'),
        'admin',
      ),
    ).toMatch(/not allowed/);
  });

  it("never changes your own row nor the owner's", () => {
    expect(collaboratorPolicy.roleChangeRefusal(actor, access('admin'), self('admin'), 'developer')).toBe(
      'You cannot change your own role.',
    );
    expect(collaboratorPolicy.roleChangeRefusal(actor, access('owner'), self('owner'), 'admin')).toBe(
      'You cannot change your own role.',
    );
    expect(collaboratorPolicy.roleChangeRefusal(actor, access('admin'), other('owner'), 'developer')).toMatch(
      /owner's role/,
    );
  });

  it('lets only the owner transfer ownership', () => {
    expect(
      collaboratorPolicy.roleChangeRefusal(actor, access('owner'), other('developer'), 'owner'),
    ).toBeNull();
    expect(collaboratorPolicy.roleChangeRefusal(actor, access('admin'), other('developer'), 'owner')).toBe(
      'Only the owner can transfer ownership.',
    );
  });
});

describe('collaboratorPolicy.removalRefusal', () => {
  it('removes others but never the owner nor yourself; developers remove nobody', () => {
    expect(collaboratorPolicy.removalRefusal(actor, access('admin'), other('developer'))).toBeNull();
    expect(collaboratorPolicy.removalRefusal(actor, access('owner'), other('admin'))).toBeNull();
    expect(collaboratorPolicy.removalRefusal(actor, access('admin'), other('owner'))).toMatch(
      /owner cannot be removed/,
    );
    expect(collaboratorPolicy.removalRefusal(actor, access('owner'), self('owner'))).toMatch(
      /owner cannot be removed/,
    );
    expect(collaboratorPolicy.removalRefusal(actor, access('admin'), self('admin'))).toBe(
      'You cannot remove yourself from this app.',
    );
    expect(collaboratorPolicy.removalRefusal(actor, access('developer'), other('developer'))).toMatch(
      /not allowed/,
    );
  });
});

describe('collaboratorPolicy.isInvitee', () => {
  it('matches the e-mail address whatever its case', () => {
    expect(collaboratorPolicy.isInvitee({ email: 'a@example.test' }, { email: 'a@example.test' })).toBe(true);
    expect(collaboratorPolicy.isInvitee({ email: 'A@Example.test' }, { email: 'a@example.test' })).toBe(true);
    expect(collaboratorPolicy.isInvitee({ email: 'b@example.test' }, { email: 'a@example.test' })).toBe(
      false,
    );
  });
});

it('agrees with the shared role matrix on who manages and who transfers', () => {
  const flags = (role: CollaboratorRole | null) => permissionsFor(role, actor);
  expect(flags('owner').canTransferOwnership && flags('owner').canManageCollaborators).toBe(true);
  expect(flags('admin').canManageCollaborators && !flags('admin').canTransferOwnership).toBe(true);
  expect(flags('developer').canManageCollaborators).toBe(false);
});
