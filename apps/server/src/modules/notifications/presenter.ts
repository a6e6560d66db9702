import {
  type AdminNotification,
  isNotificationVisible,
  isVisibleByShowAfter,
  type Notification,
} from '@lintel/shared';
import type { NotificationRow } from '../../db/schema';
import type { NotificationWithRead } from './repository';

/** The fields a developer's and an admin's view of a notification share. */
function presentContent(row: NotificationRow) {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    body: row.body,
    critical: row.critical,
    created_at: row.created_at.toISOString(),
  };
}

export function presentNotification(row: NotificationWithRead): Notification {
  return { ...presentContent(row), read_at: row.read_at?.toISOString() ?? null };
}

export function presentAdminNotification(
  row: NotificationRow,
  today: string,
  delivery: Record<'queued' | 'sent' | 'failed', number> | undefined,
): AdminNotification {
  const counts = delivery ?? { queued: 0, sent: 0, failed: 0 };
  return {
    ...presentContent(row),
    draft: row.draft,
    show_after: row.show_after,
    visible: isNotificationVisible(row, today),
    visible_by_show_after: isVisibleByShowAfter(row.show_after, today),
    updated_at: row.updated_at.toISOString(),
    delivery: row.critical ? { ...counts, total: counts.queued + counts.sent + counts.failed } : null,
  };
}
