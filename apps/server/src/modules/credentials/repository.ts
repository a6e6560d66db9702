import type { Db } from '../../db/index';

/** Every SQL statement of the credentials area (the secrets themselves live on the platform). */
export const credentialRepository = {
  /** Who is told about a secret change: the app's owners and admins (resetSecrets), oldest first. */
  ownersAndAdmins(db: Db, appId: number): Promise<{ id: number; name: string; email: string }[]> {
    return db
      .selectFrom('collaborators')
      .innerJoin('users', 'users.id', 'collaborators.user_id')
      .select(['users.id', 'users.name', 'users.email'])
      .where('collaborators.developer_app_id', '=', appId)
      .where('collaborators.role', 'in', ['owner', 'admin'])
      .orderBy('collaborators.id')
      .execute();
  },
};
