import {
  type Icon,
  IconApps,
  IconChartBar,
  IconClipboardCheck,
  IconGauge,
  IconHistory,
  IconKey,
  IconMail,
  IconSpeakerphone,
  IconUsers,
} from '@tabler/icons-react';
import {
  ADMIN_ANALYTICS_PATH,
  ADMIN_CHANGELOG_PATH,
  ADMIN_DEVELOPER_APPS_PATH,
  ADMIN_DEVELOPERS_PATH,
  ADMIN_NOTIFICATIONS_PATH,
  ADMIN_OAUTH_APPLICATIONS_PATH,
  ADMIN_REVIEW_QUEUE_PATH,
  AUDIT_PATH,
  OUTBOUND_EMAILS_PATH,
  RATE_LIMITS_PATH,
} from './navigation';

/** One entry of the Admin menu: where it leads, its label key, its icon. */
export interface AdminNavItem {
  path: string;
  label:
    | 'shell.nav.developerApps'
    | 'shell.nav.reviewQueue'
    | 'shell.nav.developers'
    | 'shell.nav.oauthApplications'
    | 'shell.nav.notifications'
    | 'shell.nav.outboundEmails'
    | 'shell.nav.adminChangelog'
    | 'shell.nav.rateLimits'
    | 'shell.nav.audit'
    | 'shell.nav.analytics';
  icon: Icon;
}

/**
 * The Admin menu, in order: the top navigation's menu (TopNavMenus) and the drawer's section (SideNav)
 * both render this list, so an admin page is added here once.
 */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  { path: ADMIN_DEVELOPER_APPS_PATH, label: 'shell.nav.developerApps', icon: IconApps },
  { path: ADMIN_REVIEW_QUEUE_PATH, label: 'shell.nav.reviewQueue', icon: IconClipboardCheck },
  { path: ADMIN_DEVELOPERS_PATH, label: 'shell.nav.developers', icon: IconUsers },
  { path: ADMIN_OAUTH_APPLICATIONS_PATH, label: 'shell.nav.oauthApplications', icon: IconKey },
  { path: ADMIN_NOTIFICATIONS_PATH, label: 'shell.nav.notifications', icon: IconSpeakerphone },
  { path: OUTBOUND_EMAILS_PATH, label: 'shell.nav.outboundEmails', icon: IconMail },
  { path: ADMIN_CHANGELOG_PATH, label: 'shell.nav.adminChangelog', icon: IconHistory },
  { path: RATE_LIMITS_PATH, label: 'shell.nav.rateLimits', icon: IconGauge },
  { path: AUDIT_PATH, label: 'shell.nav.audit', icon: IconHistory },
  { path: ADMIN_ANALYTICS_PATH, label: 'shell.nav.analytics', icon: IconChartBar },
];
