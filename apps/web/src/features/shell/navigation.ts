/** Width below which the top navigation moves to a left drawer (spec 1 §9: 1100 px). */
export const NAV_COLLAPSE_BREAKPOINT = 1100;
/** Resize handling is debounced (spec 1 §9: 300 ms). */
export const RESIZE_DEBOUNCE_MS = 300;

export const DEVELOPER_APPS_PATH = '/developer_apps';
export const REST_API_OVERVIEW_PATH = '/reference/rest/docs/rest-api-overview';
export const LEGACY_API_URL = 'https://developers.example.com/legacy-api';
export const OUTBOUND_EMAILS_PATH = '/admin/outbound_emails';
export const ADMIN_NOTIFICATIONS_PATH = '/admin/notifications';
export const CHANGELOG_PATH = '/changelog';
export const ADMIN_CHANGELOG_PATH = '/admin/changelog';
export const RATE_LIMITS_PATH = '/admin/rate_limits';
export const AUDIT_PATH = '/admin/audit';
export const ADMIN_DEVELOPER_APPS_PATH = '/admin/developer_apps';
export const ADMIN_REVIEW_QUEUE_PATH = '/admin/review_queue';
export const ADMIN_DEVELOPERS_PATH = '/admin/developers';
export const ADMIN_OAUTH_APPLICATIONS_PATH = '/admin/oauth_applications';
export const ADMIN_ANALYTICS_PATH = '/admin/analytics';
export const MARKETPLACE_PATH = '/marketplace';
