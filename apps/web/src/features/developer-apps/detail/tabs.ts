/** The tabs of an app page, in order (spec 2 §2); the id is also the path segment. */
export const APP_TABS = [
  'configurations',
  'versions',
  'settings',
  'oauthCredentials',
  'collaborators',
  'marketplaceListing',
  'metrics',
  'apiActivity',
  'webhooks',
] as const;
export type AppTab = (typeof APP_TABS)[number];

/** The tab shown at /developer_apps/:id. */
export const DEFAULT_TAB: AppTab = 'configurations';

/** Whether a tab is offered: metrics only once there is metrics data (spec 2 §2). */
export function tabVisible(tab: AppTab, hasMetrics = false): boolean {
  return tab !== 'metrics' || hasMetrics;
}

/**
 * Where a tab lives below the app's path: its id, but the metrics tab's own segment, since
 * /developer_apps/:id/metrics is the App Engagement Report page (spec 1 §2).
 */
const TAB_SEGMENTS: Partial<Record<AppTab, string>> = { metrics: 'engagement' };

export function tabPath(appId: number, tab: AppTab): string {
  return `/developer_apps/${appId}/${TAB_SEGMENTS[tab] ?? tab}`;
}

/** The tab a path shows; the bare app path shows the default one. */
export function tabFromPath(pathname: string, appId: number): AppTab {
  const rest = pathname.replace(`/developer_apps/${appId}`, '').replace(/^\/+|\/+$/g, '');
  return APP_TABS.find((tab) => (TAB_SEGMENTS[tab] ?? tab) === rest) ?? DEFAULT_TAB;
}
