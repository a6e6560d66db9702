import type { UserRow } from '../../db/schema';

/** Who may read the portal's outbound e-mail (spec 1: the admin "Outbound e-mail" page). */
export const outboundEmailPolicy = {
  /** Platform administrators only: the messages hold other people's addresses and reset links. */
  canRead(user: Pick<UserRow, 'is_admin'>): boolean {
    return user.is_admin;
  },
};
