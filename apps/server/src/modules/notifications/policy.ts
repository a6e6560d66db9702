import { isNotificationVisible } from '@lintel/shared';
import type { NotificationRow, UserRow } from '../../db/schema';

/** Who may do what with notifications. */
export const notificationPolicy = {
  /** Developers read what is visible now; drafts and future notifications are hidden (spec 1 §4). */
  canRead(
    _user: UserRow,
    notification: Pick<NotificationRow, 'draft' | 'show_after'>,
    today: string,
  ): boolean {
    return isNotificationVisible(notification, today);
  },
  /** Writing, editing, deleting and reading every notification: platform administrators only. */
  canManage(user: UserRow): boolean {
    return user.is_admin;
  },
};
