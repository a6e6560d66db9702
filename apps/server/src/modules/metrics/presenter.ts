import type { AdminAppMetrics, AppMetrics, DailyAggregate } from '@lintel/shared';
import type { DailyCount } from '../../platform/types';
import { presentAdminInstallation, presentInstallation } from '../marketplace/presenter';
import type { MetricsData } from './service';

function aggregate(rows: DailyCount[]): DailyAggregate {
  return {
    rows: Object.fromEntries(rows.map((row) => [row.day, { count: row.count }])),
    total_count: rows.reduce((sum, row) => sum + row.count, 0),
  };
}

/** The metrics data of spec 1 §3 for a collaborator: no installer e-mail addresses. */
export function presentMetrics(data: MetricsData): AppMetrics {
  return {
    developer_app_id: data.appId,
    daily_app_installations_aggregates: aggregate(data.installations),
    daily_marketplace_app_views_aggregates: aggregate(data.views),
    app_installations: { rows: data.feed.rows.map(presentInstallation), total_count: data.feed.total },
  };
}

/** The same for platform administrators, with installer e-mail addresses. */
export function presentAdminMetrics(data: MetricsData): AdminAppMetrics {
  return {
    ...presentMetrics(data),
    app_installations: { rows: data.feed.rows.map(presentAdminInstallation), total_count: data.feed.total },
  };
}
