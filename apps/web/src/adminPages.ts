// The admin console's pages, each still a chunk of its own, behind one import site of the entry: the
// lists of chunks each page preloads live in this module's chunk, not in the entry every visitor
// downloads (the sign-in page's budget, apps/web/package.json `size`). router.tsx's adminPage(name). Each page is behind the REQUIRE_ADMIN_2FA gate (features/two-factor).
import type { ComponentType } from 'react';
import { loadAreaNamespaces } from './i18n';

/** A page module with its default export behind the REQUIRE_ADMIN_2FA gate (loaded with the page). */
async function withAdminGate<M extends { default: ComponentType<never> }>(
  load: () => Promise<M>,
): Promise<M> {
  const [module, gate] = await Promise.all([
    load(),
    import('./features/two-factor/AdminTwoFactorGate'),
    loadAreaNamespaces(['account']),
  ]);
  return { ...module, default: gate.gated(module.default) };
}

export const adminPages = {
  outboundEmails: () => withAdminGate(() => import('./features/admin/OutboundEmailsPage')),
  rateLimits: () => withAdminGate(() => import('./features/rate-limits/RateLimitsPage')),
  audit: () => withAdminGate(() => import('./features/audit/AuditPage')),
  developerApps: () => withAdminGate(() => import('./features/admin-lists/AdminDeveloperAppsPage')),
  reviewQueue: () => withAdminGate(() => import('./features/admin-lists/AdminReviewQueuePage')),
  developers: () => withAdminGate(() => import('./features/admin-lists/AdminDevelopersPage')),
  developerEdit: () => withAdminGate(() => import('./features/admin-lists/AdminDeveloperEditPage')),
  oauthApplications: () => withAdminGate(() => import('./features/admin-lists/AdminOAuthApplicationsPage')),
  analytics: () => withAdminGate(() => import('./features/metrics/AdminAnalyticsPage')),
  notifications: () => withAdminGate(() => import('./features/admin-notifications/AdminNotificationsPage')),
  notificationForm: () =>
    withAdminGate(() => import('./features/admin-notifications/AdminNotificationFormPage')),
  changelog: () => withAdminGate(() => import('./features/changelog/AdminChangelogPage')),
  changelogForm: () => withAdminGate(() => import('./features/changelog/AdminChangelogFormPage')),
  /** The admin app page and its tabs: one chunk (features/admin-apps/pages.ts). */
  adminApp: async () => {
    const [pages, gate] = await Promise.all([
      import('./features/admin-apps/pages'),
      import('./features/two-factor/AdminTwoFactorGate'),
      loadAreaNamespaces(['account']),
    ]);
    return { ...pages, AdminAppLayout: gate.gated(pages.AdminAppLayout) };
  },
};
