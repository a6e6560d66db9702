import {
  isInvitee,
  type RemovalRefusal,
  type RoleChangeRefusal,
  removalRefusal,
  roleChangeRefusal,
} from '@lintel/shared';
import type { CollaboratorRow, InvitationRow, UserRow } from '../../db/schema';
import type { AppAccess } from '../developer-apps/policy';

type Target = Pick<CollaboratorRow, 'user_id' | 'role'>;

/** The 403 message of each refusal of the shared collaborator rules. */
const REFUSALS: Record<RoleChangeRefusal | RemovalRefusal, string> = {
  not_allowed: 'You are not allowed to manage collaborators.',
  own_role: 'You cannot change your own role.',
  owner_role: "The owner's role cannot be changed; the owner can transfer ownership to another collaborator.",
  owner_only_transfers: 'Only the owner can transfer ownership.',
  owner: 'The owner cannot be removed; transfer ownership first.',
  self: 'You cannot remove yourself from this app.',
};

const message = (refusal: RoleChangeRefusal | RemovalRefusal | null): string | null =>
  refusal === null ? null : REFUSALS[refusal];

/**
 * Who may do what to the collaborators and invitations of an app (spec 2 §5, §6). Seeing the app is
 * developerAppPolicy.canSee (the app scope); the rules themselves are packages/shared's
 * (collaborators.ts), so the web shows exactly what the server allows. A refusal check answers null
 * when allowed, else the reason, which the API sends as the 403 message.
 */
export const collaboratorPolicy = {
  /** Changing the team at all (roles, removals, invitations): owner and admins. */
  canManage(access: AppAccess): boolean {
    return access.permissions.canManageCollaborators;
  },

  /** Giving `target` the role `role` (`owner` transfers ownership). */
  roleChangeRefusal(
    actor: UserRow,
    access: AppAccess,
    target: Target,
    role: CollaboratorRow['role'],
  ): string | null {
    return message(roleChangeRefusal(actor.id, access.permissions, target, role));
  },

  /** Removing `target`: never the owner, never yourself. */
  removalRefusal(actor: UserRow, access: AppAccess, target: Target): string | null {
    return message(removalRefusal(actor.id, access.permissions, target));
  },

  /** An invitation is accepted only by the account of the e-mail address it was sent to. */
  isInvitee(user: Pick<UserRow, 'email'>, invitation: Pick<InvitationRow, 'email'>): boolean {
    return isInvitee(user.email, invitation.email);
  },
};
