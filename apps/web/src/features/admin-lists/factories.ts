import type { AdminDeveloper, AdminDeveloperAppRow, AdminOAuthApplicationRow } from '@lintel/shared';

/** A row of the admin developer apps list / review queue, nothing in review unless told. */
export function buildAdminApp(overrides: Partial<AdminDeveloperAppRow> = {}): AdminDeveloperAppRow {
  return {
    id: 7,
    internal_name: 'Roof Sync',
    name: 'Roof Sync',
    owner: { id: 3, name: 'Ann', email: 'ann@example.com' },
    app_id: null,
    live: false,
    created_at: '2026-03-04T12:00:00.000Z',
    deleted_at: null,
    has_marketplace_listing_in_review: false,
    has_app_version_in_review: false,
    has_published_app: false,
    marketplace_listing_in_review_at: null,
    app_version_in_review_at: null,
    in_review_at: null,
    marketplace_listing_review_kind: null,
    review_queue: { app_version: null, marketplace_listing: null },
    ...overrides,
  };
}

export function buildAdminDeveloper(overrides: Partial<AdminDeveloper> = {}): AdminDeveloper {
  return {
    id: 3,
    name: 'Ann',
    company_name: 'Roofers',
    email: 'ann@example.com',
    platform_id: 100003,
    confirmed: true,
    confirmed_at: '2026-01-01T00:00:00.000Z',
    is_admin: false,
    is_employee: false,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    apps: [],
    ...overrides,
  };
}

export function buildOAuthApplication(
  overrides: Partial<AdminOAuthApplicationRow> = {},
): AdminOAuthApplicationRow {
  return {
    uid: 'uid-1',
    name: 'Roof Sync',
    environment: 'production',
    href: '/admin/developer_apps/7',
    developer_app: { id: 7, internal_name: 'Roof Sync' },
    owner_name: 'Ann',
    owner_email: 'ann@example.com',
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
