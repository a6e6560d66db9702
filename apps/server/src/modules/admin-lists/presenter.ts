import {
  type AdminDeveloper,
  type AdminDeveloperAppRow,
  type AdminDeveloperRow,
  type AdminOAuthApplicationRow,
  isAppLive,
} from '@lintel/shared';
import type { DeveloperRow } from './repository';
import type { AdminAppView, AppReviewQueue, DeveloperView, OAuthApplicationView } from './service';

const iso = (value: Date | null): string | null => value?.toISOString() ?? null;

function later(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

export function presentReviewQueue(queue: AppReviewQueue): AppReviewQueue {
  return { app_version: queue.app_version, marketplace_listing: queue.marketplace_listing };
}

export function presentAdminApp(view: AdminAppView): AdminDeveloperAppRow {
  const hasPublished = view.app_id !== null;
  const listingInReview = view.marketplace_listing_in_review_at !== null;
  return {
    id: view.id,
    internal_name: view.internal_name,
    name: view.name,
    owner: { id: view.owner_id, name: view.owner_name, email: view.owner_email },
    app_id: view.app_id,
    live: isAppLive({
      deleted_at: view.deleted_at,
      published_listing: hasPublished ? { live: view.live === true } : null,
    }),
    created_at: view.created_at.toISOString(),
    deleted_at: iso(view.deleted_at),
    has_marketplace_listing_in_review: listingInReview,
    has_app_version_in_review: view.app_version_in_review_at !== null,
    has_published_app: hasPublished,
    marketplace_listing_in_review_at: iso(view.marketplace_listing_in_review_at),
    app_version_in_review_at: iso(view.app_version_in_review_at),
    in_review_at: iso(later(view.app_version_in_review_at, view.marketplace_listing_in_review_at)),
    marketplace_listing_review_kind: listingInReview ? (hasPublished ? 'update' : 'new') : null,
    review_queue: presentReviewQueue(view.review_queue),
  };
}

export function presentDeveloperRow(row: DeveloperRow): AdminDeveloperRow {
  return {
    id: row.id,
    name: row.name,
    company_name: row.company_name,
    email: row.email,
    platform_id: row.platform_id,
  };
}

export function presentDeveloper({ user, apps }: DeveloperView): AdminDeveloper {
  return {
    ...presentDeveloperRow(user),
    confirmed: user.confirmed_at !== null,
    confirmed_at: iso(user.confirmed_at),
    is_admin: user.is_admin,
    is_employee: user.is_employee,
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
    apps: apps.map((app) => ({
      id: app.id,
      internal_name: app.internal_name,
      role: app.role,
      created_at: app.created_at.toISOString(),
      deleted_at: iso(app.deleted_at),
    })),
  };
}

export function presentOAuthApplication({
  application,
  app,
}: OAuthApplicationView): AdminOAuthApplicationRow {
  return {
    uid: application.uid,
    name: application.name,
    environment: application.environment,
    href: app ? `/admin/developer_apps/${app.id}` : null,
    developer_app: app ? { id: app.id, internal_name: app.internal_name } : null,
    owner_name: app?.owner_name ?? null,
    owner_email: app?.owner_email ?? null,
    created_at: application.createdAt.toISOString(),
  };
}
