import type { UserRow } from '../../db/schema';

/**
 * API activity (issue 21): every collaborator of an app (owner, admin, developer) reads its calls through
 * the app scope, as platform administrators do on any live app; the admin routes, deleted apps included,
 * are for platform administrators only. Reading calls changes nothing, so no role is kept out.
 */
export const apiActivityPolicy = {
  canReadAnyApp(user: Pick<UserRow, 'is_admin'>): boolean {
    return user.is_admin;
  },
};
