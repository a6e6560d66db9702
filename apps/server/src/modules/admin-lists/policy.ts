import type { UserRow } from '../../db/schema';

/** Who may use the admin lists (spec 1 §6): platform administrators, and nobody else. */
export const adminListPolicy = {
  /** The developer apps list, the review queue, the developers and the OAuth applications. */
  canRead(user: Pick<UserRow, 'is_admin'>): boolean {
    return user.is_admin;
  },
  /** Editing a developer (name, company, e-mail, confirmed and the two flags). */
  canUpdateDeveloper(user: Pick<UserRow, 'is_admin'>): boolean {
    return user.is_admin;
  },
  /** An administrator never removes their own administrator flag: someone else must, so one always remains. */
  canChangeOwnAdminFlag(
    actor: Pick<UserRow, 'id'>,
    target: Pick<UserRow, 'id'>,
    isAdmin: boolean | undefined,
  ): boolean {
    return !(actor.id === target.id && isAdmin === false);
  },
};
