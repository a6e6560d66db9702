import { type AppPermissions, type CollaboratorRole, permissionsFor } from '@lintel/shared';
import type { DeveloperAppRow, UserRow } from '../../db/schema';

/** What one actor may do with one app, from their collaborator role (spec 2 §6). */
export interface AppAccess {
  role: CollaboratorRole | null;
  permissions: AppPermissions;
}

/** Fields of an app that are credentials: changing them needs canModifyCredentials. */
const CREDENTIAL_FIELDS = new Set(['redirect_uri', 'production_access']);

export const developerAppPolicy = {
  access(user: UserRow, role: CollaboratorRole | null): AppAccess {
    return { role, permissions: permissionsFor(role, user) };
  },
  /**
   * Collaborators see their live apps; platform administrators see every live app. Everyone else
   * gets 404, so the existence of an app is not revealed. Deleted apps are the admin routes' only.
   */
  canSee(user: UserRow, app: Pick<DeveloperAppRow, 'deleted_at'>, role: CollaboratorRole | null): boolean {
    return app.deleted_at === null && (role !== null || user.is_admin);
  },
  /** The admin routes: platform administrators, deleted apps included. */
  canAdminister(user: UserRow): boolean {
    return user.is_admin;
  },
  /**
   * Changing an app's settings: any write needs canEdit, whatever the body holds (a body that changes
   * nothing is still a write); credential fields need canModifyCredentials too.
   */
  canUpdate(access: AppAccess, fields: readonly string[]): boolean {
    const credentials = fields.some((field) => CREDENTIAL_FIELDS.has(field));
    return access.permissions.canEdit && (!credentials || access.permissions.canModifyCredentials);
  },
};
