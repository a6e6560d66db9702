import type { AppMetrics } from '@lintel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildSession } from '../../test/factories';
import { mockFetch, renderRoutes } from '../../test/render';
import { AppDetailLayout } from '../developer-apps/detail/AppDetailLayout';
import { buildDeveloperApp } from '../developer-apps/factories';
import { writeFlag } from '../manifests/optIn/flags';
import { MetricsTab } from './MetricsTab';

const aggregate = (rows: Record<string, number>) => ({
  rows: Object.fromEntries(Object.entries(rows).map(([date, count]) => [date, { count }])),
  total_count: Object.values(rows).reduce((sum, n) => sum + n, 0),
});

function metrics(views: Record<string, number>): AppMetrics {
  return {
    developer_app_id: 5,
    daily_app_installations_aggregates: aggregate({}),
    daily_marketplace_app_views_aggregates: aggregate(views),
    app_installations: { rows: [], total_count: 0 },
  };
}

const routes = [
  {
    path: '/developer_apps/:id',
    element: <AppDetailLayout />,
    children: [
      { index: true, element: <p>Configurations tab</p> },
      { path: 'engagement', element: <MetricsTab /> },
    ],
  },
  { path: '/developer_apps/:id/metrics', element: <h1>The report</h1> },
];

function serve(data: AppMetrics) {
  return mockFetch((url, init) => {
    if (url === '/api/v1/session') return { body: buildSession() };
    if (url === '/api/v1/developer_apps/5') return { body: buildDeveloperApp() };
    if (url.startsWith('/api/v1/developer_apps/5/metrics')) return { body: data };
    if (url === '/api/v1/analytics' && init.method === 'POST') return { status: 204 };
    return undefined;
  });
}

beforeEach(() => writeFlag('beta', true));

describe('the Metrics tab', () => {
  it('is not offered while the app has no metrics data', async () => {
    const fetchMock = serve(metrics({}));
    renderRoutes(routes, '/developer_apps/5');
    await screen.findByText('Configurations tab');
    // The metrics have been read (and were empty).
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/v1/developer_apps/5/metrics')),
      ).toBe(true),
    );
    // Every tab but Metrics (tabs.ts): eight of the nine.
    const nav = screen.getByRole('navigation', { name: 'App sections' });
    await waitFor(() => expect(within(nav).getAllByRole('link')).toHaveLength(8));
    expect(within(nav).queryByRole('link', { name: 'Metrics' })).toBeNull();
  });

  it('is offered with data; its report button sends the analytics event and opens the report', async () => {
    const fetchMock = serve(metrics({ '2026-03-01': 3 }));
    renderRoutes(routes, '/developer_apps/5');
    const nav = await screen.findByRole('navigation', { name: 'App sections' });
    const tab = await within(nav).findByRole('link', { name: 'Metrics' });
    expect(tab).toHaveAttribute('href', '/developer_apps/5/engagement');
    await userEvent.click(tab);
    await userEvent.click(await screen.findByRole('link', { name: 'View Metrics Report' }));
    expect(await screen.findByRole('heading', { name: 'The report' })).toBeInTheDocument();
    const sent = fetchMock.mock.calls
      .filter(([url, init]) => url === '/api/v1/analytics' && init?.method === 'POST')
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(sent).toEqual([
      {
        key: 'metrics_report_clicked',
        additional_properties: { developer_app_id: 5, app_name: expect.any(String) },
      },
    ]);
  });
});
