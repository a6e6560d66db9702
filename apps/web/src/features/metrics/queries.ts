import type { AnalyticsCount, ANALYTICS_KEYS as SHARED_ANALYTICS_KEYS, SortValue } from '@lintel/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, callList } from '../../api/client';
import type { ListParams } from '../../components/useListState';
import { hasMetricsData } from './days';

/** Installations per page of the report's install feed: 25, like the per-day table's days. */
export const FEED_SIZE = 25;

export const metricsKeys = {
  all: ['metrics'] as const,
  app: (appId: number, admin: boolean) => [...metricsKeys.all, admin ? 'admin' : 'developer', appId] as const,
  /** The metrics with one page of the install feed; page 1 is the app's key (the app page frame's). */
  feedPage: (appId: number, admin: boolean, page: number) =>
    page === 1 ? metricsKeys.app(appId, admin) : ([...metricsKeys.app(appId, admin), 'feed', page] as const),
  analytics: (params: AnalyticsListParams) => [...metricsKeys.all, 'analytics', params] as const,
};

export function fetchAppMetrics(appId: number, admin: boolean, signal?: AbortSignal, feedPage = 1) {
  const query = feedPage === 1 ? { per_page: FEED_SIZE } : { per_page: FEED_SIZE, page: feedPage };
  return admin
    ? call('GET /api/v1/admin/developer_apps/:id/metrics', { params: { id: appId }, query, signal })
    : call('GET /api/v1/developer_apps/:id/metrics', { params: { id: appId }, query, signal });
}

/**
 * An app's metrics data (spec 1 §3) with one page of its install feed (newest first); `admin` reads the
 * admin endpoint, with installer e-mails. Another feed page keeps the last answer on screen until it comes.
 */
export function useAppMetrics(appId: number, admin = false, feedPage = 1) {
  return useQuery({
    queryKey: metricsKeys.feedPage(appId, admin, feedPage),
    queryFn: ({ signal }) => fetchAppMetrics(appId, admin, signal, feedPage),
    enabled: Number.isInteger(appId) && appId > 0,
    // Another page of this app's feed, never another app's metrics.
    placeholderData: (previous, previousQuery) =>
      previousQuery && sameApp(previousQuery.queryKey, metricsKeys.app(appId, admin)) ? previous : undefined,
  });
}

function sameApp(key: readonly unknown[], appKey: readonly unknown[]): boolean {
  return appKey.every((part, index) => key[index] === part);
}

/**
 * Whether the app has metrics data: the Metrics tab and the report button show only then. (The app page
 * frame reads the same query through useHasMetrics.ts, which stays out of this chunk.)
 */
export function useHasMetrics(appId: number): boolean {
  return hasMetricsData(useAppMetrics(appId).data);
}

/**
 * Where the CSV export is (spec 1 §2, §7): the app's show path + /installations.csv; the admin view appends
 * /installations.csv to its current location (the admin app page's Metrics tab), given as `adminLocation`.
 */
export function installationsCsvPath(appId: number, adminLocation?: string): string {
  if (adminLocation !== undefined) return `${adminLocation.replace(/\/+$/, '')}/installations.csv`;
  return `/developer_apps/${appId}/installations.csv`;
}

export type MetricsEvent = 'developers.app_metrics.download_csv.clicked' | 'metrics_report_clicked';

/** Sends an analytics event of the report; a failure never stands in the user's way. */
export async function trackMetricsEvent(
  key: MetricsEvent,
  properties: { developer_app_id: number; app_name?: string },
): Promise<void> {
  try {
    await call('POST /api/v1/analytics', { body: { key, additional_properties: properties } });
  } catch {
    // Analytics only: the click goes on.
  }
}

export const ANALYTICS_SORT_KEYS = ['day', 'key', 'count'] as const;
export type AnalyticsSortKey = (typeof ANALYTICS_SORT_KEYS)[number];
export type AnalyticsKey = (typeof SHARED_ANALYTICS_KEYS)[number];
/** The keys the server accepts (packages/shared ANALYTICS_KEYS), for the admin page's filter. */
export const ANALYTICS_KEYS = [
  'opted_in',
  'opted_out',
  'metrics_report_clicked',
  'developers.app_metrics.download_csv.clicked',
] as const satisfies readonly AnalyticsKey[];
export type AnalyticsListParams = ListParams<SortValue<AnalyticsSortKey>, { key: AnalyticsKey | null }>;

export function useAnalyticsCounts(params: AnalyticsListParams) {
  return useQuery({
    queryKey: metricsKeys.analytics(params),
    queryFn: ({ signal }) =>
      callList('GET /api/v1/admin/analytics', {
        query: {
          page: params.page,
          per_page: params.perPage,
          sort: params.sort ? [params.sort] : undefined,
          filters: { key: params.filters.key ?? undefined },
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export type { AnalyticsCount };
