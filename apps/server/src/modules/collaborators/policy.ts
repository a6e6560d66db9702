import type { CollaboratorRole } from '@lintel/shared';
import type { CollaboratorRow, InvitationRow, UserRow } from '../../db/schema';
import type { AppAccess } from '../developer-apps/policy';

type Target = Pick<CollaboratorRow, 'user_id' | 'role'>;

/**
 * Who may do what to one collaborator or invitation of an app (spec 2 §5, §6). Seeing the app is
 * developerAppPolicy.canSee (via appFor); managing at all is the permission canManageCollaborators.
 * Each refusal check answers null when allowed, else the reason, which the API sends as the 403 message.
 */
export const collaboratorPolicy = {
  /**
   * Giving `target` the role `role`: never your own row nor the owner's; `owner` means transferring
   * ownership, which only the owner may do.
   */
  roleChangeRefusal(
    actor: UserRow,
    access: AppAccess,
    target: Target,
    role: CollaboratorRole,
  ): string | null {
    if (!access.permissions.canManageCollaborators) return 'You are not allowed to manage collaborators.';
    if (target.user_id === actor.id) return 'You cannot change your own role.';
    if (target.role === 'owner') {
      return "The owner's role cannot be changed; the owner can transfer ownership to another collaborator.";
    }
    if (role === 'owner' && !access.permissions.canTransferOwnership) {
      return 'Only the owner can transfer ownership.';
    }
    return null;
  },

  /** Removing `target`: never the owner, never yourself. */
  removalRefusal(actor: UserRow, access: AppAccess, target: Target): string | null {
    if (!access.permissions.canManageCollaborators) return 'You are not allowed to manage collaborators.';
    if (target.role === 'owner') return 'The owner cannot be removed; transfer ownership first.';
    if (target.user_id === actor.id) return 'You cannot remove yourself from this app.';
    return null;
  },

  /** An invitation is accepted only by the account of the e-mail address it was sent to. */
  isInvitee(user: Pick<UserRow, 'email'>, invitation: Pick<InvitationRow, 'email'>): boolean {
    return user.email.toLowerCase() === invitation.email.toLowerCase();
  },
};
