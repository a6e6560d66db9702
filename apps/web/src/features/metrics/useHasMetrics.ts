import type { AppMetrics } from '@lintel/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';

/** Installations per page of the report's install feed: 25, like the per-day table's days. */
export const FEED_SIZE = 25;

/** The query key of an app's metrics (queries.ts builds its keys from it). */
export const appMetricsKey = (appId: number, admin: boolean) =>
  ['metrics', admin ? 'admin' : 'developer', appId] as const;

/**
 * Whether the app has metrics data: the Metrics tab and the report button show only then (spec 2 §2).
 * Its own small module, read by the app page frame: the report's queries load with the report.
 */
export function useHasMetrics(appId: number): boolean {
  const { data } = useQuery({
    queryKey: appMetricsKey(appId, false),
    queryFn: ({ signal }): Promise<AppMetrics> =>
      call('GET /api/v1/developer_apps/:id/metrics', {
        params: { id: appId },
        query: { per_page: FEED_SIZE },
        signal,
      }),
    enabled: Number.isInteger(appId) && appId > 0,
  });
  return (
    data !== undefined &&
    data.daily_app_installations_aggregates.total_count +
      data.daily_marketplace_app_views_aggregates.total_count >
      0
  );
}
