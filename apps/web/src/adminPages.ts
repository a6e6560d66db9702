// The admin console's pages, each still a chunk of its own, behind one import site of the entry: the
// lists of chunks each page preloads live in this module's chunk, not in the entry every visitor
// downloads (the sign-in page's budget, apps/web/package.json `size`). router.tsx's adminPage(name).
export const adminPages = {
  outboundEmails: () => import('./features/admin/OutboundEmailsPage'),
  rateLimits: () => import('./features/rate-limits/RateLimitsPage'),
  audit: () => import('./features/audit/AuditPage'),
  developerApps: () => import('./features/admin-lists/AdminDeveloperAppsPage'),
  reviewQueue: () => import('./features/admin-lists/AdminReviewQueuePage'),
  developers: () => import('./features/admin-lists/AdminDevelopersPage'),
  developerEdit: () => import('./features/admin-lists/AdminDeveloperEditPage'),
  oauthApplications: () => import('./features/admin-lists/AdminOAuthApplicationsPage'),
  notifications: () => import('./features/admin-notifications/AdminNotificationsPage'),
  notificationForm: () => import('./features/admin-notifications/AdminNotificationFormPage'),
  changelog: () => import('./features/changelog/AdminChangelogPage'),
  changelogForm: () => import('./features/changelog/AdminChangelogFormPage'),
  /** The admin app page and its tabs: one chunk (features/admin-apps/pages.ts). */
  adminApp: () => import('./features/admin-apps/pages'),
};
