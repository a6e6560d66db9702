import type { AppPermissions } from '@lintel/shared';
import type { Db } from '../../db/index';
import type { DeveloperAppRow, UserRow } from '../../db/schema';
import { errors } from '../../http/errors';
import { type AppAccess, developerAppPolicy } from './policy';
import { developerAppRepository as repo } from './repository';

export interface AppContext extends AppAccess {
  app: DeveloperAppRow;
}

/**
 * The one door to an app for every developer route (apps, sandboxes, credentials, collaborators):
 * 404 when the actor may not see it, else the app with the actor's role and permissions.
 */
export async function appFor(db: Db, user: UserRow, appId: number): Promise<AppContext> {
  const app = await repo.find(db, appId);
  const role = app ? await repo.roleOf(db, appId, user.id) : null;
  if (!app || !developerAppPolicy.canSee(user, app, role)) throw errors.notFound('App');
  return { app, ...developerAppPolicy.access(user, role) };
}

/** Throws 403 unless the permission holds (the app is visible, so it exists for this actor). */
export function ensure(context: AppAccess, permission: keyof AppPermissions): void {
  if (!context.permissions[permission]) throw errors.forbidden();
}
