import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSession } from '../../test/factories';
import { mockFetch, renderRoutes } from '../../test/render';
import { buildDeveloperApp } from '../developer-apps/factories';
import { AppEngagementReportPage } from './AppEngagementReportPage';

const routes = [{ path: '/developer_apps/:id/metrics', element: <AppEngagementReportPage /> }];

describe('AppEngagementReportPage', () => {
  it('names the app in the breadcrumb as the other app pages do (its internal_name), then the report', async () => {
    const app = buildDeveloperApp();
    mockFetch((url) => {
      if (url === '/api/v1/session') return { body: buildSession() };
      if (url === `/api/v1/developer_apps/${app.id}`) return { body: app };
      if (url.startsWith(`/api/v1/developer_apps/${app.id}/metrics`)) {
        return {
          body: {
            developer_app_id: app.id,
            daily_app_installations_aggregates: { rows: {}, total_count: 0 },
            daily_marketplace_app_views_aggregates: { rows: {}, total_count: 0 },
            app_installations: { rows: [], total_count: 0 },
          },
        };
      }
      return undefined;
    });
    renderRoutes(routes, `/developer_apps/${app.id}/metrics`);
    const crumbs = await screen.findByLabelText('Breadcrumbs');
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Apps', 'Crane Tracker (internal)', 'App Engagement Report']);
    expect(within(crumbs).getByRole('link', { name: 'Crane Tracker (internal)' })).toHaveAttribute(
      'href',
      '/developer_apps/5',
    );
    expect(within(crumbs).getByRole('link', { name: 'Apps' })).toHaveAttribute('href', '/developer_apps');
  });
});
