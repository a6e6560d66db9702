import type { AdminAppMetrics } from '@lintel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders } from '../../test/render';
import { AppEngagementReport } from './AppEngagementReport';

/** The report where the app shows it: the developer's report page, or the admin app page's Metrics tab. */
const at = (path: string, report: ReactElement) => (
  <MemoryRouter initialEntries={[path]}>{report}</MemoryRouter>
);

const DAY = 86_400_000;
const dayAfter = (start: string, days: number) =>
  new Date(Date.parse(`${start}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** 40 days from 2026-01-01 to 2026-02-09: installations on every third day, views on the first and last. */
function buildMetrics(): AdminAppMetrics {
  const installs: Record<string, { count: number }> = {};
  for (let day = 0; day < 40; day += 3) installs[dayAfter('2026-01-01', day)] = { count: day + 1 };
  const views = { '2026-01-01': { count: 7 }, '2026-02-09': { count: 4 } };
  return {
    developer_app_id: 7,
    daily_app_installations_aggregates: {
      rows: installs,
      total_count: Object.values(installs).reduce((sum, row) => sum + row.count, 0),
    },
    daily_marketplace_app_views_aggregates: { rows: views, total_count: 11 },
    app_installations: {
      rows: [
        {
          id: 2,
          company_name: 'Demo Builders',
          company_is_demo: true,
          status: 'installed',
          installed_at: '2026-02-09T10:00:00Z',
          updated_at: '2026-02-09T10:00:00Z',
          user_email_address: 'pat@demo.test',
        },
        {
          id: 1,
          company_name: 'Acme Construction',
          company_is_demo: false,
          status: 'uninstalled',
          installed_at: '2026-01-01T10:00:00Z',
          updated_at: '2026-01-05T10:00:00Z',
          user_email_address: 'lee@acme.test',
        },
      ],
      total_count: 2,
    },
  };
}

/** The developer endpoint answers without e-mails, the admin endpoint with them. */
function serve(metrics: AdminAppMetrics = buildMetrics()) {
  const developerView = {
    ...metrics,
    app_installations: {
      ...metrics.app_installations,
      rows: metrics.app_installations.rows.map(({ user_email_address: _, ...row }) => row),
    },
  };
  return mockFetch((url) => {
    if (url.startsWith('/api/v1/developer_apps/7/metrics')) return { body: developerView };
    if (url.startsWith('/api/v1/admin/developer_apps/7/metrics')) return { body: metrics };
    return undefined;
  });
}

const dayRows = () =>
  within(screen.getByRole('table', { name: 'Per day' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('AppEngagementReport', () => {
  it('fills every day from the earliest to the latest date and pages them 25 at a time', async () => {
    serve();
    renderWithProviders(at('/developer_apps/7/metrics', <AppEngagementReport appId={7} />));
    await screen.findByRole('table', { name: 'Per day' });
    const first = dayRows();
    expect(first).toHaveLength(25);
    expect(first[0]).toEqual(['2026-01-01', '1', '7']);
    // Days without events are there, with zeros.
    expect(first[1]).toEqual(['2026-01-02', '0', '0']);
    expect(first[3]).toEqual(['2026-01-04', '4', '0']);
    expect(first[24]?.[0]).toBe('2026-01-25');

    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    const second = dayRows();
    expect(second).toHaveLength(15);
    expect(second[0]?.[0]).toBe('2026-01-26');
    expect(second[14]).toEqual(['2026-02-09', '40', '4']);

    // The KPI boxes.
    expect(screen.getByText('total marketplace visits').previousSibling?.textContent).toBe('11');
    expect(screen.getByText('company installations').previousSibling?.textContent).toBe(
      String(buildMetrics().daily_app_installations_aggregates.total_count),
    );
  });

  it('shows the install feed without installer e-mails to developers', async () => {
    serve();
    renderWithProviders(at('/developer_apps/7/metrics', <AppEngagementReport appId={7} />));
    const feed = await screen.findByRole('region', { name: 'Installs' });
    expect(within(feed).getByText('Demo Builders')).toBeInTheDocument();
    expect(within(feed).getByText('Demo')).toBeInTheDocument();
    expect(within(feed).getByText('Uninstalled')).toBeInTheDocument();
    expect(within(feed).queryByText(/Installer e-mail/)).toBeNull();
    expect(screen.queryByText('pat@demo.test')).toBeNull();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/developer_apps/7/installations.csv',
    );
  });

  it('shows installer e-mails to admins, from the admin endpoint, with the admin CSV', async () => {
    const fetchMock = serve();
    renderWithProviders(at('/admin/developer_apps/7/metrics', <AppEngagementReport appId={7} admin />));
    const feed = await screen.findByRole('region', { name: 'Installs' });
    expect(within(feed).getByText('pat@demo.test')).toBeInTheDocument();
    expect(within(feed).getByText('lee@acme.test')).toBeInTheDocument();
    expect(within(feed).getAllByTestId('installer-email')).toHaveLength(2);
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/v1/admin/developer_apps/7/metrics')),
    ).toBe(true);
    // The admin view appends /installations.csv to its location (spec 1 §2).
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/admin/developer_apps/7/metrics/installations.csv',
    );
  });

  it('pages the install feed like the day table, newest first, asking the server for each page', async () => {
    const metrics = buildMetrics();
    const TOTAL = 30;
    const installation = (n: number) => ({
      id: n,
      company_name: `Company ${n}`,
      company_is_demo: false,
      status: 'installed' as const,
      installed_at: `2026-02-09T10:00:00Z`,
      updated_at: `2026-02-09T10:00:00Z`,
      user_email_address: `installer${n}@customer.test`,
    });
    // The server's feed: newest (highest number) first, `per_page` a page.
    const fetchMock = mockFetch((url) => {
      if (!url.startsWith('/api/v1/developer_apps/7/metrics')) return undefined;
      const query = new URL(url, 'http://x').searchParams;
      const page = Number(query.get('page') ?? '1');
      const perPage = Number(query.get('per_page'));
      const numbers = Array.from({ length: TOTAL }, (_, index) => TOTAL - index);
      const rows = numbers.slice((page - 1) * perPage, page * perPage).map((n) => {
        const { user_email_address: _, ...row } = installation(n);
        return row;
      });
      return { body: { ...metrics, app_installations: { rows, total_count: TOTAL } } };
    });
    renderWithProviders(at('/developer_apps/7/metrics', <AppEngagementReport appId={7} />));
    const feed = await screen.findByRole('region', { name: 'Installs' });
    const companies = () =>
      within(feed)
        .getAllByText(/^Company \d+$/)
        .map((node) => node.textContent);
    expect(companies()).toHaveLength(25);
    expect(companies()[0]).toBe('Company 30');
    const pager = within(feed).getByRole('navigation', { name: 'Pages of installations' });
    expect(within(pager).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await userEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(companies()).toEqual(['Company 5', 'Company 4', 'Company 3', 'Company 2', 'Company 1']),
    );
    expect(within(pager).getByText('Page 2 of 2')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Next page' })).toBeDisabled();
    const asked = fetchMock.mock.calls.map(([url]) =>
      new URL(String(url), 'http://x').searchParams.get('page'),
    );
    expect(asked).toContain('2');
    expect(asked).not.toContain('3');
    // The chart, the KPIs and the day table stay on screen.
    expect(screen.getByRole('table', { name: 'Per day' })).toBeInTheDocument();
  });

  it('writes numbers the Spanish way in Spanish', async () => {
    const metrics = buildMetrics();
    metrics.daily_marketplace_app_views_aggregates = {
      rows: { '2026-01-01': { count: 12345 } },
      total_count: 12345,
    };
    serve(metrics);
    renderWithProviders(at('/developer_apps/7/metrics', <AppEngagementReport appId={7} />), {
      language: 'es',
    });
    const visits = await screen.findByText('visitas totales al marketplace');
    expect(visits.previousSibling?.textContent).toBe('12.345');
    const firstDay = within(screen.getAllByRole('table')[0] as HTMLElement).getAllByRole(
      'row',
    )[1] as HTMLElement;
    expect(
      within(firstDay)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2026-01-01', '1', '12.345']);
  });

  it("says 'noMetricsAvailable' when there is no data", async () => {
    const empty = buildMetrics();
    empty.daily_app_installations_aggregates = { rows: {}, total_count: 0 };
    empty.daily_marketplace_app_views_aggregates = { rows: {}, total_count: 0 };
    empty.app_installations = { rows: [], total_count: 0 };
    serve(empty);
    renderWithProviders(at('/developer_apps/7/metrics', <AppEngagementReport appId={7} />));
    expect(await screen.findByText(/No metrics available yet/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull());
  });
});
