import type { AppPermissions, Collaborator, CollaboratorRole, Invitation } from '@lintel/shared';

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

/** Role radios are disabled on the owner's row, the user's own row and invitations (spec 2 §5). */
export function rolesLocked(row: MemberRow, currentUserId: number | null, can: Abilities): boolean {
  if (!can.canManageCollaborators || row.kind === 'invitation') return true;
  return row.collaborator.role === 'owner' || row.collaborator.user_id === currentUserId;
}

/** Whether one radio of a row can be chosen: "owner" also needs the right to transfer ownership. */
export function roleSelectable(
  row: MemberRow,
  role: CollaboratorRole,
  currentUserId: number | null,
  can: Abilities,
): boolean {
  if (rolesLocked(row, currentUserId, can)) return false;
  return role !== 'owner' || can.canTransferOwnership;
}

/**
 * The row menu (spec 2 §6): cancel invite on invitations; transfer ownership by the owner, never on
 * oneself; remove any collaborator but the owner and oneself.
 */
export function rowActions(row: MemberRow, currentUserId: number | null, can: Abilities): RowAction[] {
  if (row.kind === 'invitation') return can.canManageCollaborators ? ['cancelInvite'] : [];
  const { role, user_id } = row.collaborator;
  const self = user_id === currentUserId;
  const actions: RowAction[] = [];
  if (can.canTransferOwnership && role !== 'owner' && !self) actions.push('transferOwnership');
  if (can.canManageCollaborators && role !== 'owner' && !self) actions.push('remove');
  return actions;
}
