import { isChangelogStaff } from '@lintel/shared';
import type { ChangelogEntryRow, UserRow } from '../../db/schema';

type Actor = Pick<UserRow, 'is_admin' | 'is_employee'> | null;

/** Who may see and manage changelog entries (spec 2 §6). */
export const changelogPolicy = {
  /** Non-public entries: platform administrators and employees only. */
  canSeeNonPublic(actor: Actor): boolean {
    return isChangelogStaff(actor);
  },
  /** Switching the documentation branch with custom_service_sha: staff only; anyone else reads the published one. */
  canSwitchBranch(actor: Actor): boolean {
    return isChangelogStaff(actor);
  },
  /** Whether one entry shows on the changelog page for this actor (hidden ones never do). */
  canSee(actor: Actor, entry: Pick<ChangelogEntryRow, 'public' | 'hidden'>): boolean {
    return !entry.hidden && (entry.public || changelogPolicy.canSeeNonPublic(actor));
  },
  /** Writing, editing, hiding: platform administrators only. */
  canManage(user: Pick<UserRow, 'is_admin'>): boolean {
    return user.is_admin;
  },
};
