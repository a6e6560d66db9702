import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, mockFetch, renderRoutes } from '../../test/render';
import { AdminOAuthApplicationsPage } from './AdminOAuthApplicationsPage';
import { buildOAuthApplication } from './factories';

const routes = [{ path: '/admin/oauth_applications', element: <AdminOAuthApplicationsPage /> }];
const isList = (url: string) => url.startsWith('/api/v1/admin/oauth_applications?');
const lastList = (fetchMock: ReturnType<typeof mockFetch>) =>
  decodeURIComponent(String(fetchMock.mock.calls.filter(([url]) => isList(String(url))).at(-1)?.[0]));
const rows = [
  buildOAuthApplication(),
  buildOAuthApplication({
    uid: 'uid-2',
    name: 'Orphan',
    href: null,
    developer_app: null,
    owner_name: null,
    owner_email: null,
  }),
];

describe('AdminOAuthApplicationsPage', () => {
  it('reads production by default and shows the associated app, or N/A', async () => {
    const fetchMock = mockFetch((url) =>
      isList(url) ? { body: rows, headers: { Total: '2', 'Per-Page': '50' } } : undefined,
    );
    renderRoutes(routes, '/admin/oauth_applications');
    expect(await screen.findByRole('link', { name: 'Roof Sync' })).toHaveAttribute(
      'href',
      '/admin/developer_apps/7',
    );
    expect(lastList(fetchMock)).toBe(
      '/api/v1/admin/oauth_applications?environment=production&page=1&per_page=50',
    );
    const orphan = screen.getByText('Orphan').closest('tr') as HTMLElement;
    expect(within(orphan).getAllByText('N/A')).toHaveLength(3);
    expect(screen.getByRole('combobox', { name: 'Environment' })).toHaveValue('Production');
  });

  it('changes environment, search and sort through the URL', async () => {
    const fetchMock = mockFetch((url) =>
      isList(url) ? { body: rows, headers: { Total: '2', 'Per-Page': '50' } } : undefined,
    );
    const { user, router } = renderRoutes(routes, '/admin/oauth_applications?search=roof&sort=-uid');
    await screen.findByText('Orphan');
    expect(lastList(fetchMock)).toBe(
      '/api/v1/admin/oauth_applications?environment=production&page=1&per_page=50&sort[]=-uid&filters[search]=roof',
    );
    await user.click(screen.getByRole('combobox', { name: 'Environment' }));
    await user.click(await screen.findByRole('option', { name: 'Monthly sandbox' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?search=roof&sort=-uid&environment=monthly_sandbox'),
    );
    await waitFor(() => expect(lastList(fetchMock)).toContain('environment=monthly_sandbox'));
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(lastList(fetchMock)).toContain('sort[]=name'));
  });

  it('says "An error occurred" when the list fails', async () => {
    mockFetch((url) => (isList(url) ? errorBody(500, 'internal', 'Boom') : undefined));
    renderRoutes(routes, '/admin/oauth_applications');
    expect(await screen.findByText('An error occurred')).toBeInTheDocument();
  });
});
