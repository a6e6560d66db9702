import {
  type AppPermissions,
  type Collaborator,
  type CollaboratorRole,
  canChangeRole,
  canRemove,
  canTransferOwnershipTo,
  type Invitation,
} from '@lintel/shared';

// The table's own model (rows and menu items); who may do what comes from packages/shared's
// collaborator rules, the ones the server enforces.

/** One line of the collaborators table: a collaborator, or a pending invitation (spec 2 §3). */
export type MemberRow =
  | { kind: 'collaborator'; key: string; collaborator: Collaborator }
  | { kind: 'invitation'; key: string; invitation: Invitation };

export type RowAction = 'cancelInvite' | 'transferOwnership' | 'remove';

type Abilities = Pick<AppPermissions, 'canManageCollaborators' | 'canTransferOwnership'>;

export function memberRows(collaborators: Collaborator[], invitations: Invitation[]): MemberRow[] {
  return [
    ...collaborators.map(
      (collaborator): MemberRow => ({
        kind: 'collaborator',
        key: `c${collaborator.id}`,
        collaborator,
      }),
    ),
    ...invitations
      .filter((invitation) => invitation.status === 'pending')
      .map((invitation): MemberRow => ({ kind: 'invitation', key: `i${invitation.id}`, invitation })),
  ];
}

/**
 * Whether one radio of a row can be chosen (spec 2 §5): never on an invitation, else as the shared
 * canChangeRole says (not the owner's row, not one's own, "owner" only by the owner).
 */
export function roleSelectable(
  row: MemberRow,
  role: CollaboratorRole,
  currentUserId: number | null,
  can: Abilities,
): boolean {
  if (row.kind === 'invitation' || currentUserId === null) return false;
  return canChangeRole(currentUserId, can, row.collaborator, role);
}

/**
 * The row menu (spec 2 §6): cancel invite on invitations (managers); transfer ownership and remove
 * as the shared canTransferOwnershipTo and canRemove say.
 */
export function rowActions(row: MemberRow, currentUserId: number | null, can: Abilities): RowAction[] {
  if (row.kind === 'invitation') return can.canManageCollaborators ? ['cancelInvite'] : [];
  if (currentUserId === null) return [];
  const actions: RowAction[] = [];
  if (canTransferOwnershipTo(currentUserId, can, row.collaborator)) actions.push('transferOwnership');
  if (canRemove(currentUserId, can, row.collaborator)) actions.push('remove');
  return actions;
}
