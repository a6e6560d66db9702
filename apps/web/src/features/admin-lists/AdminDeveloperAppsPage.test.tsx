import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, mockFetch, renderRoutes } from '../../test/render';
import { AdminDeveloperAppsPage } from './AdminDeveloperAppsPage';
import { buildAdminApp } from './factories';

const routes = [{ path: '/admin/developer_apps', element: <AdminDeveloperAppsPage /> }];
const isList = (url: string) => url.startsWith('/api/v1/admin/developer_apps?');
const isOwners = (url: string) => url.startsWith('/api/v1/admin/developers?');
const rows = [
  buildAdminApp({
    id: 7,
    internal_name: 'Roof Sync',
    app_id: 41,
    live: true,
    created_at: '2026-03-04T12:00:00.000Z',
    marketplace_listing_in_review_at: '2026-03-09T12:00:00.000Z',
  }),
  buildAdminApp({
    id: 8,
    internal_name: 'Crane Log',
    owner: { id: 4, name: 'Bea', email: 'bea@example.com' },
  }),
];
const answer = (total = 2) => ({ body: rows, headers: { Total: String(total), 'Per-Page': '50' } });
const lastCall = (fetchMock: ReturnType<typeof mockFetch>, match: (url: string) => boolean) =>
  decodeURIComponent(String(fetchMock.mock.calls.filter(([url]) => match(String(url))).at(-1)?.[0]));

describe('AdminDeveloperAppsPage', () => {
  it('shows the columns of spec 1 §2: the live marker, YYYY-MM-DD dates and N/A', async () => {
    mockFetch((url) => (isList(url) ? answer() : undefined));
    renderRoutes(routes, '/admin/developer_apps');
    const row = (await screen.findByRole('link', { name: 'Roof Sync' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('41')).toBeInTheDocument();
    expect(within(row).getByText('Live')).toBeInTheDocument();
    expect(within(row).getByText('2026-03-04')).toBeInTheDocument();
    expect(within(row).getByText('2026-03-09')).toBeInTheDocument();
    expect(within(row).getAllByText('N/A')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Roof Sync' })).toHaveAttribute(
      'href',
      '/admin/developer_apps/7',
    );
    const other = screen.getByRole('link', { name: 'Crane Log' }).closest('tr') as HTMLElement;
    expect(within(other).getAllByText('N/A')).toHaveLength(3);
    for (const name of ['Published', 'Name', 'Owner Email', 'Created At', 'In Review At', 'Deleted At']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(name) })).toBeInTheDocument();
    }
  });

  it('reads its filters from the URL and sends them in bracket format', async () => {
    const fetchMock = mockFetch((url) => (isList(url) ? answer() : undefined));
    renderRoutes(
      routes,
      '/admin/developer_apps?search=roof&owner_id=3&owner_id=4&sort=owner&with_deleted=true',
    );
    expect(await screen.findByRole('link', { name: 'Roof Sync' })).toBeInTheDocument();
    expect(lastCall(fetchMock, isList)).toBe(
      '/api/v1/admin/developer_apps?page=1&per_page=50&sort[]=owner&filters[search]=roof&filters[owner_id][]=3&filters[owner_id][]=4&filters[with_deleted]=true',
    );
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('roof');
    expect(screen.getByRole('columnheader', { name: /Owner Email/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    // The chosen owners show by e-mail (known from the rows).
    expect(
      await screen.findByText('ann@example.com', { selector: '.mantine-Pill-label' }),
    ).toBeInTheDocument();
  });

  it('cycles a column sort ascending → descending → back to the default, back on page 1', async () => {
    const fetchMock = mockFetch((url) => (isList(url) ? answer(120) : undefined));
    const { user, router } = renderRoutes(routes, '/admin/developer_apps?page=2');
    await screen.findByRole('link', { name: 'Roof Sync' });
    const header = () => screen.getByRole('button', { name: /Name/ });
    await user.click(header());
    await waitFor(() => expect(router.state.location.search).toBe('?sort=internal_name'));
    await waitFor(() =>
      expect(lastCall(fetchMock, isList)).toContain('page=1&per_page=50&sort[]=internal_name'),
    );
    await user.click(header());
    await waitFor(() => expect(router.state.location.search).toBe('?sort=-internal_name'));
    expect(lastCall(fetchMock, isList)).toContain('sort[]=-internal_name');
    await user.click(header());
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(lastCall(fetchMock, isList)).toContain('sort[]=-created_at'));
  });

  it('sorts the default-sorted Created At column ascending on the first click', async () => {
    const fetchMock = mockFetch((url) => (isList(url) ? answer(120) : undefined));
    const { user, router } = renderRoutes(routes, '/admin/developer_apps');
    await screen.findByRole('link', { name: 'Roof Sync' });
    expect(lastCall(fetchMock, isList)).toContain('sort[]=-created_at');
    const column = () => screen.getByRole('columnheader', { name: /Created At/ });
    expect(column()).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(column()).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=created_at'));
    await waitFor(() => expect(lastCall(fetchMock, isList)).toContain('sort[]=created_at'));
    expect(column()).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(column()).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=-created_at'));
    expect(column()).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(column()).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("looks owners up by e-mail as you type and filters by the chosen one ('Created By')", async () => {
    const fetchMock = mockFetch((url) => {
      if (isList(url)) return answer();
      if (isOwners(url))
        return {
          body: [{ id: 9, name: 'Cid', company_name: 'C', email: 'cid@example.com', platform_id: 1 }],
          headers: { Total: '1', 'Per-Page': '20' },
        };
      return undefined;
    });
    const { user, router } = renderRoutes(routes, '/admin/developer_apps?page=2');
    await screen.findByRole('link', { name: 'Roof Sync' });
    await user.type(screen.getByRole('combobox', { name: 'Created By' }), 'cid@');
    await user.click(await screen.findByRole('option', { name: 'cid@example.com' }, { timeout: 3000 }));
    // The pick clears the search: the picker neither keeps an empty list open nor says nothing was found.
    expect(screen.queryByText('No developer with that e-mail')).not.toBeInTheDocument();
    expect(lastCall(fetchMock, isOwners)).toBe(
      '/api/v1/admin/developers?per_page=20&sort[]=email&filters[search]=cid@',
    );
    await waitFor(() => expect(router.state.location.search).toBe('?owner_id=9'));
    await waitFor(() => expect(lastCall(fetchMock, isList)).toContain('page=1&'));
    expect(lastCall(fetchMock, isList)).toContain('filters[owner_id][]=9');
  });

  it('says "An error occurred" when the list fails', async () => {
    mockFetch((url) => (isList(url) ? errorBody(500, 'internal', 'Boom') : undefined));
    renderRoutes(routes, '/admin/developer_apps');
    expect(await screen.findByText('An error occurred')).toBeInTheDocument();
  });
});
