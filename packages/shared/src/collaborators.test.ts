import { describe, expect, it } from 'vitest';
import {
  COLLABORATOR_ROLES,
  canChangeRole,
  canRemove,
  canTransferOwnershipTo,
  createInvitationRequest,
  hasSingleNewOwner,
  INVITATION_ROLES,
  isInvitee,
  removalRefusal,
  roleChangeRefusal,
  updateCollaboratorsRequest,
} from './collaborators';
import { type CollaboratorRole, permissionsFor } from './developer-apps';

const ACTOR = 1;
const can = (role: CollaboratorRole | null, platformAdmin = false) =>
  permissionsFor(role, { is_admin: platformAdmin, is_employee: false });
const other = (role: CollaboratorRole) => ({ user_id: 2, role });
const self = (role: CollaboratorRole) => ({ user_id: ACTOR, role });

describe('role lists', () => {
  it('has three collaborator roles and invites only as developer or admin (spec 2 §5, §6)', () => {
    expect(COLLABORATOR_ROLES).toEqual(['owner', 'admin', 'developer']);
    expect(INVITATION_ROLES).toEqual(['developer', 'admin']);
  });
});

describe('roleChangeRefusal', () => {
  it('lets owners and admins change the role of other non-owners', () => {
    for (const role of ['owner', 'admin'] as const) {
      expect(roleChangeRefusal(ACTOR, can(role), other('developer'), 'admin')).toBeNull();
      expect(roleChangeRefusal(ACTOR, can(role), other('admin'), 'developer')).toBeNull();
    }
  });

  it('refuses developers and non-collaborating platform administrators', () => {
    expect(roleChangeRefusal(ACTOR, can('developer'), other('developer'), 'admin')).toBe('not_allowed');
    expect(roleChangeRefusal(ACTOR, can(null, true), other('developer'), 'admin')).toBe('not_allowed');
  });

  it("never changes your own row (the owner's included) nor the owner's", () => {
    expect(roleChangeRefusal(ACTOR, can('admin'), self('admin'), 'developer')).toBe('own_role');
    expect(roleChangeRefusal(ACTOR, can('owner'), self('owner'), 'admin')).toBe('own_role');
    expect(roleChangeRefusal(ACTOR, can('admin'), other('owner'), 'developer')).toBe('owner_role');
    expect(roleChangeRefusal(ACTOR, can('owner'), other('owner'), 'admin')).toBe('owner_role');
  });

  it('lets only the owner transfer ownership', () => {
    expect(roleChangeRefusal(ACTOR, can('owner'), other('developer'), 'owner')).toBeNull();
    expect(roleChangeRefusal(ACTOR, can('admin'), other('developer'), 'owner')).toBe('owner_only_transfers');
  });
});

describe('canChangeRole and canTransferOwnershipTo', () => {
  it('agree with roleChangeRefusal', () => {
    expect(canChangeRole(ACTOR, can('admin'), other('developer'), 'admin')).toBe(true);
    expect(canChangeRole(ACTOR, can('admin'), other('developer'), 'owner')).toBe(false);
    expect(canChangeRole(ACTOR, can('developer'), other('developer'), 'admin')).toBe(false);
  });

  it('lets the owner hand over to any other collaborator, never to themself', () => {
    expect(canTransferOwnershipTo(ACTOR, can('owner'), other('admin'))).toBe(true);
    expect(canTransferOwnershipTo(ACTOR, can('owner'), other('developer'))).toBe(true);
    expect(canTransferOwnershipTo(ACTOR, can('owner'), self('owner'))).toBe(false);
    expect(canTransferOwnershipTo(ACTOR, can('admin'), other('developer'))).toBe(false);
  });
});

describe('removalRefusal', () => {
  it('removes others but never the owner nor yourself; developers remove nobody', () => {
    expect(removalRefusal(ACTOR, can('admin'), other('developer'))).toBeNull();
    expect(removalRefusal(ACTOR, can('owner'), other('admin'))).toBeNull();
    expect(removalRefusal(ACTOR, can('admin'), other('owner'))).toBe('owner');
    expect(removalRefusal(ACTOR, can('owner'), self('owner'))).toBe('owner');
    expect(removalRefusal(ACTOR, can('admin'), self('admin'))).toBe('self');
    expect(removalRefusal(ACTOR, can('developer'), other('developer'))).toBe('not_allowed');
    expect(removalRefusal(ACTOR, can(null, true), other('developer'))).toBe('not_allowed');
  });

  it('canRemove agrees', () => {
    expect(canRemove(ACTOR, can('admin'), other('developer'))).toBe(true);
    expect(canRemove(ACTOR, can('admin'), self('admin'))).toBe(false);
  });
});

describe('hasSingleNewOwner', () => {
  it('allows at most one new owner per edit', () => {
    expect(hasSingleNewOwner([])).toBe(true);
    expect(hasSingleNewOwner([{ role: 'owner' }, { role: 'admin' }, { role: 'developer' }])).toBe(true);
    expect(hasSingleNewOwner([{ role: 'owner' }, { role: 'owner' }])).toBe(false);
  });
});

describe('isInvitee', () => {
  it('matches the e-mail address whatever its case', () => {
    expect(isInvitee('a@example.test', 'a@example.test')).toBe(true);
    expect(isInvitee('A@Example.test', 'a@example.test')).toBe(true);
    expect(isInvitee('b@example.test', 'a@example.test')).toBe(false);
  });
});

describe('request schemas', () => {
  it('invites a trimmed, lower-cased address as developer or admin only', () => {
    const parsed = createInvitationRequest.parse({
      developer_app_id: 3,
      email: '  New.Person@Example.TEST ',
      role: 'admin',
    });
    expect(parsed.email).toBe('new.person@example.test');
    for (const role of ['owner', 'user']) {
      const result = createInvitationRequest.safeParse({ developer_app_id: 3, email: 'a@b.test', role });
      expect(result.success).toBe(false);
    }
  });

  it('takes a non-empty list of role changes and nothing else', () => {
    expect(
      updateCollaboratorsRequest.safeParse({ developer_app_id: 3, collaborators: [{ id: 1, role: 'owner' }] })
        .success,
    ).toBe(true);
    expect(updateCollaboratorsRequest.safeParse({ developer_app_id: 3, collaborators: [] }).success).toBe(
      false,
    );
    expect(
      updateCollaboratorsRequest.safeParse({
        developer_app_id: '3',
        collaborators: [{ id: 1, role: 'admin' }],
      }).success,
    ).toBe(false);
  });
});
