import type { AdminNotification, Notification } from '@lintel/shared';

// Test builders of this area's API answers (partial overrides), beside the shared ones in src/test.

export function buildNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 1,
    title: 'Scheduled maintenance',
    summary: 'The API is read-only on **Saturday**.',
    body: '## Details\n\nWrites are refused from 02:00 to 04:00 UTC.',
    critical: false,
    created_at: '2026-03-01T10:00:00.000Z',
    read_at: null,
    ...overrides,
  };
}

export function buildAdminNotification(overrides: Partial<AdminNotification> = {}): AdminNotification {
  return {
    id: 1,
    title: 'Scheduled maintenance',
    summary: 'The API is read-only on Saturday.',
    body: 'Writes are refused from 02:00 to 04:00 UTC.',
    critical: false,
    draft: false,
    show_after: null,
    visible: true,
    visible_by_show_after: true,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    delivery: null,
    ...overrides,
  };
}

/** A list answer with the API's paging headers. */
export function listAnswer<T>(
  items: T[],
  headers: { total?: number; perPage?: number; unread?: number } = {},
) {
  return {
    body: items,
    headers: {
      Total: String(headers.total ?? items.length),
      'Per-Page': String(headers.perPage ?? 20),
      ...(headers.unread === undefined ? {} : { 'Unread-Count': String(headers.unread) }),
    },
  };
}
