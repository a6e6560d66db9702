import type { Db } from '../../db/index';
import type { Platform } from '../../platform/types';
import { collaboratorRepository as repo } from './repository';

/**
 * Tells the platform who works on an app now — every collaborator with their role — after any change to
 * the team (creation, invitation accepted, role change, removal, ownership change): they are the users of
 * the app's sandbox company, and a removed collaborator's tokens stop there.
 */
export async function tellPlatformMembers(
  db: Db,
  platform: Pick<Platform, 'setAppMembers'>,
  appId: number,
): Promise<void> {
  const rows = await repo.list(db, appId);
  await platform.setAppMembers(
    appId,
    rows.map((row) => ({ portalUserId: row.user_id, email: row.email, name: row.name, role: row.role })),
  );
}
