import { z } from 'zod';
import { endpoint } from '../contract';
import { idParams, listQuery, pageQuery } from '../query';
import { ANALYTICS_KEYS } from './manifests';
import { adminInstallationResponse, installationResponse } from './marketplace';

const tags = ['Metrics'];

/** Daily counts keyed by UTC date (YYYY-MM-DD), with their sum (spec 1 §3 "Metrics data"). */
export const dailyAggregateResponse = z.object({
  rows: z.record(z.string(), z.object({ count: z.number().int() })),
  total_count: z.number().int(),
});
export type DailyAggregate = z.infer<typeof dailyAggregateResponse>;

function metricsOf<T extends z.ZodType>(installation: T) {
  return z.object({
    developer_app_id: z.number().int(),
    daily_app_installations_aggregates: dailyAggregateResponse,
    daily_marketplace_app_views_aggregates: dailyAggregateResponse,
    /** The install feed, newest first: one page of it (page, per_page) and the number of installations. */
    app_installations: z.object({ rows: z.array(installation), total_count: z.number().int() }),
  });
}

export const metricsResponse = metricsOf(installationResponse);
export const adminMetricsResponse = metricsOf(adminInstallationResponse);
export type AppMetrics = z.infer<typeof metricsResponse>;
export type AdminAppMetrics = z.infer<typeof adminMetricsResponse>;

/** The app's metrics (spec 1 §2 "App engagement report"); collaborators never see installer e-mails. */
export const metricsEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/v1/developer_apps/:id/metrics',
    summary: "The app's daily installations and marketplace views and its install feed (collaborators)",
    tags,
    auth: 'user',
    params: idParams,
    query: pageQuery,
    response: metricsResponse,
    errors: ['not_found'],
  }),
  csv: endpoint({
    method: 'GET',
    path: '/api/v1/developer_apps/:id/installations.csv',
    summary: "The app's installations as CSV (collaborators; also at /developer_apps/{id}/installations.csv)",
    tags,
    auth: 'user',
    params: idParams,
    kind: 'file',
    errors: ['not_found'],
  }),
};

export const adminMetricsEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/v1/admin/developer_apps/:id/metrics',
    summary: "Any app's metrics with installer e-mail addresses (platform administrators)",
    tags: ['Admin', ...tags],
    auth: 'user',
    params: idParams,
    query: pageQuery,
    response: adminMetricsResponse,
    errors: ['forbidden', 'not_found'],
  }),
  csv: endpoint({
    method: 'GET',
    path: '/api/v1/admin/developer_apps/:id/installations.csv',
    summary:
      "Any app's installations as CSV with installer e-mails (platform administrators; also at /admin/developer_apps/{id}/installations.csv and /admin/developer_apps/{id}/metrics/installations.csv)",
    tags: ['Admin', ...tags],
    auth: 'user',
    params: idParams,
    kind: 'file',
    errors: ['forbidden', 'not_found'],
  }),
};

export const analyticsCountQuery = listQuery(
  ['day', 'key', 'count'],
  z.strictObject({ key: z.enum(ANALYTICS_KEYS).optional() }),
);
export const analyticsCountResponse = z.object({
  key: z.string(),
  day: z.string(),
  count: z.number().int(),
});
export type AnalyticsCount = z.infer<typeof analyticsCountResponse>;

/** The admin analytics page: how often each event was sent, per key and UTC day. */
export const adminAnalyticsEndpoints = {
  counts: endpoint({
    method: 'GET',
    path: '/api/v1/admin/analytics',
    summary: 'Analytics event counts per key and day (platform administrators)',
    tags: ['Admin', 'Analytics'],
    auth: 'user',
    query: analyticsCountQuery,
    kind: 'list',
    response: z.array(analyticsCountResponse),
    errors: ['forbidden'],
  }),
};
