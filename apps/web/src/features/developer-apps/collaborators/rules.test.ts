import { COLLABORATOR_ROLES } from '@lintel/shared';
import { describe, expect, it } from 'vitest';
import { buildCollaborator, buildInvitation } from '../factories';
import { type MemberRow, memberRows, roleSelectable, rowActions } from './rules';

const owner = { canManageCollaborators: true, canTransferOwnership: true };
const admin = { canManageCollaborators: true, canTransferOwnership: false };
const developer = { canManageCollaborators: false, canTransferOwnership: false };

const [ownerRow, adminRow, devRow, inviteRow] = memberRows(
  [
    buildCollaborator({ id: 1, user_id: 1, role: 'owner' }),
    buildCollaborator({ id: 2, user_id: 2, role: 'admin', name: 'Grace', email: 'grace@example.com' }),
    buildCollaborator({ id: 3, user_id: 3, role: 'developer', name: 'Alan', email: 'alan@example.com' }),
  ],
  [buildInvitation({ id: 9 }), buildInvitation({ id: 10, status: 'canceled' })],
);

/** No radio of the row can be chosen. */
const locked = (row: MemberRow, userId: number, can: typeof owner) =>
  COLLABORATOR_ROLES.every((role) => !roleSelectable(row, role, userId, can));

describe('collaborator rules', () => {
  it('lists collaborators then pending invitations only', () => {
    expect([ownerRow, adminRow, devRow, inviteRow].map((row) => row?.key)).toEqual(['c1', 'c2', 'c3', 'i9']);
  });

  it('locks the owner row, the own row and invitations', () => {
    if (!ownerRow || !adminRow || !devRow || !inviteRow) throw new Error('rows');
    expect(locked(ownerRow, 2, admin)).toBe(true);
    expect(locked(adminRow, 2, admin)).toBe(true);
    expect(locked(inviteRow, 1, owner)).toBe(true);
    expect(locked(devRow, 2, admin)).toBe(false);
    expect(locked(devRow, 3, developer)).toBe(true);
  });

  it('offers the owner radio only to the owner', () => {
    if (!devRow) throw new Error('rows');
    expect(roleSelectable(devRow, 'owner', 1, owner)).toBe(true);
    expect(roleSelectable(devRow, 'owner', 2, admin)).toBe(false);
    expect(roleSelectable(devRow, 'admin', 2, admin)).toBe(true);
  });

  it('gives each row its menu items', () => {
    if (!ownerRow || !adminRow || !devRow || !inviteRow) throw new Error('rows');
    expect(rowActions(inviteRow, 1, owner)).toEqual(['cancelInvite']);
    expect(rowActions(inviteRow, 3, developer)).toEqual([]);
    expect(rowActions(ownerRow, 1, owner)).toEqual([]);
    expect(rowActions(ownerRow, 2, admin)).toEqual([]);
    expect(rowActions(devRow, 1, owner)).toEqual(['transferOwnership', 'remove']);
    expect(rowActions(devRow, 2, admin)).toEqual(['remove']);
    expect(rowActions(adminRow, 2, admin)).toEqual([]);
    expect(rowActions(devRow, 2, developer)).toEqual([]);
  });
});
