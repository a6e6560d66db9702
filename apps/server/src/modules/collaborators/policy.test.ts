import type { CollaboratorRole } from '@lintel/shared';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/builders';
import { developerAppPolicy } from '../developer-apps/policy';
import { collaboratorPolicy } from './policy';

// The rules themselves are tested in packages/shared (collaborators.test.ts); this checks what the
// server makes of them: who manages, and the 403 message of each refusal.
const actor = buildUser({ id: 1 });
const access = (role: CollaboratorRole | null, who = actor) => developerAppPolicy.access(who, role);
const other = (role: CollaboratorRole) => ({ user_id: 2, role });
const self = (role: CollaboratorRole) => ({ user_id: actor.id, role });

describe('collaboratorPolicy.canManage', () => {
  it('lets owners and admins manage the team, not developers nor platform administrators', () => {
    expect(collaboratorPolicy.canManage(access('owner'))).toBe(true);
    expect(collaboratorPolicy.canManage(access('admin'))).toBe(true);
    expect(collaboratorPolicy.canManage(access('developer'))).toBe(false);
    const platformAdmin = buildUser({ id: 1, is_admin: true });
    expect(collaboratorPolicy.canManage(access(null, platformAdmin))).toBe(false);
  });
});

describe('refusal messages', () => {
  it('says why a role change is refused, and null when it is allowed', () => {
    expect(
      collaboratorPolicy.roleChangeRefusal(actor, access('owner'), other('developer'), 'owner'),
    ).toBeNull();
    expect(
      collaboratorPolicy.roleChangeRefusal(actor, access('developer'), other('developer'), 'admin'),
    ).toBe('You are not allowed to manage collaborators.');
    expect(collaboratorPolicy.roleChangeRefusal(actor, access('admin'), self('admin'), 'developer')).toBe(
      'You cannot change your own role.',
    );
    expect(collaboratorPolicy.roleChangeRefusal(actor, access('admin'), other('owner'), 'developer')).toBe(
      "The owner's role cannot be changed; the owner can transfer ownership to another collaborator.",
    );
    expect(collaboratorPolicy.roleChangeRefusal(actor, access('admin'), other('developer'), 'owner')).toBe(
      'Only the owner can transfer ownership.',
    );
  });

  it('says why a removal is refused, and null when it is allowed', () => {
    expect(collaboratorPolicy.removalRefusal(actor, access('admin'), other('developer'))).toBeNull();
    expect(collaboratorPolicy.removalRefusal(actor, access('admin'), other('owner'))).toBe(
      'The owner cannot be removed; transfer ownership first.',
    );
    expect(collaboratorPolicy.removalRefusal(actor, access('admin'), self('admin'))).toBe(
      'You cannot remove yourself from this app.',
    );
  });
});

it('accepts an invitation only from the account of the invited address, in any case', () => {
  expect(collaboratorPolicy.isInvitee({ email: 'A@Example.test' }, { email: 'a@example.test' })).toBe(true);
  expect(collaboratorPolicy.isInvitee({ email: 'b@example.test' }, { email: 'a@example.test' })).toBe(false);
});
