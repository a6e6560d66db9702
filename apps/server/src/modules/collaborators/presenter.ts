import {
  type Collaborator,
  type DeveloperAppPermissions,
  type Invitation,
  permissionMatrix,
} from '@lintel/shared';
import type { InvitationRow } from '../../db/schema';
import type { AppContext } from '../developer-apps/scope';
import type { CollaboratorWithUser } from './repository';

export function presentCollaborator(row: CollaboratorWithUser): Collaborator {
  return {
    id: row.id,
    role: row.role,
    user_id: row.user_id,
    name: row.name,
    email: row.email,
    developer: { name: row.name, email: row.email },
    created_at: row.created_at.toISOString(),
  };
}

/** Never the token hash; a pending invitation past its expiry reads as expired. */
export function presentInvitation(row: InvitationRow, now = new Date()): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.status === 'pending' && row.expires_at <= now ? 'expired' : row.status,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
  };
}

/** The actor's role and abilities on the app, with the role matrix of "View permission details". */
export function presentPermissions(context: AppContext): DeveloperAppPermissions {
  return {
    developer_app_id: context.app.id,
    role: context.role,
    permissions: context.permissions,
    matrix: permissionMatrix(),
  };
}
