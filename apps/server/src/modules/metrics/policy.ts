import type { UserRow } from '../../db/schema';

/**
 * The engagement report (spec 1 §6): every collaborator of an app (and a platform administrator) reads
 * its metrics through the app scope; installer e-mail addresses are for platform administrators only.
 */
export const metricsPolicy = {
  canSeeInstallerEmails(user: Pick<UserRow, 'is_admin'>): boolean {
    return user.is_admin;
  },
};
