import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSession } from '../../test/factories';
import { errorBody, mockFetch, renderRoutes } from '../../test/render';
import { AdminDeveloperEditPage } from './AdminDeveloperEditPage';
import { AdminDevelopersPage } from './AdminDevelopersPage';
import { buildAdminDeveloper } from './factories';

const routes = [
  { path: '/admin/developers', element: <AdminDevelopersPage /> },
  { path: '/admin/developers/:id/edit', element: <AdminDeveloperEditPage /> },
];
const isList = (url: string) => url.startsWith('/api/v1/admin/developers?');
const lastList = (fetchMock: ReturnType<typeof mockFetch>) =>
  decodeURIComponent(String(fetchMock.mock.calls.filter(([url]) => isList(String(url))).at(-1)?.[0]));
const ann = buildAdminDeveloper({
  apps: [
    {
      id: 7,
      internal_name: 'Roof Sync',
      role: 'owner',
      created_at: '2026-02-01T12:00:00.000Z',
      deleted_at: null,
    },
  ],
});
const {
  apps: _apps,
  confirmed: _c,
  confirmed_at: _ca,
  is_admin: _a,
  is_employee: _e,
  created_at: _cr,
  updated_at: _u,
  ...annRow
} = ann;

describe('AdminDevelopersPage', () => {
  it('lists developers with the platform id, searches and sorts through the URL', async () => {
    const fetchMock = mockFetch((url) =>
      isList(url)
        ? {
            body: [annRow, { ...annRow, id: 4, name: 'Bea', platform_id: null }],
            headers: { Total: '2', 'Per-Page': '50' },
          }
        : undefined,
    );
    const { user, router } = renderRoutes(routes, '/admin/developers?search=ann');
    expect(await screen.findByRole('link', { name: 'Ann' })).toHaveAttribute(
      'href',
      '/admin/developers/3/edit',
    );
    expect(lastList(fetchMock)).toBe('/api/v1/admin/developers?page=1&per_page=50&filters[search]=ann');
    expect(screen.getByText('100003')).toBeInTheDocument();
    expect(
      within(screen.getByRole('link', { name: 'Bea' }).closest('tr') as HTMLElement).getByText('N/A'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Company/ }));
    // The spec's key for Company (spec 1 §2).
    await waitFor(() => expect(router.state.location.search).toBe('?search=ann&sort=companyName'));
    await waitFor(() => expect(lastList(fetchMock)).toContain('sort[]=companyName'));
    await user.click(screen.getByRole('button', { name: /Platform ID/ }));
    await waitFor(() => expect(lastList(fetchMock)).toContain('sort[]=platform_id'));
  });

  it('opens the edit page from a row, and saves the changed fields', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (isList(url)) return { body: [annRow], headers: { Total: '1', 'Per-Page': '50' } };
      if (url === '/api/v1/session') return { body: buildSession({ id: 1, is_admin: true }) };
      if (url === '/api/v1/admin/developers/3' && init.method === 'PATCH')
        return { body: { ...ann, is_employee: true, name: 'Ann Moss' } };
      if (url === '/api/v1/admin/developers/3') return { body: ann };
      return undefined;
    });
    const { user, router } = renderRoutes(routes, '/admin/developers', { withToasts: true });
    await user.click(await screen.findByRole('row', { name: 'Edit developer Ann (ann@example.com)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/developers/3/edit'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit - Ann' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Roof Sync' })).toHaveAttribute(
      'href',
      '/admin/developer_apps/7',
    );
    expect(screen.getByText('Owner')).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Ann Moss');
    await user.click(screen.getByRole('switch', { name: 'Employee' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Developer Updated!')).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      developer: { name: 'Ann Moss', is_employee: true },
    });
  });

  it('keeps administrators from removing their own flag, and shows a refused save', async () => {
    const me = buildAdminDeveloper({ id: 1, is_admin: true, name: 'Zoe' });
    mockFetch((url, init) => {
      if (url === '/api/v1/session') return { body: buildSession({ id: 1, is_admin: true }) };
      if (url === '/api/v1/admin/developers/1' && init.method === 'PATCH')
        return errorBody(422, 'validation_failed', 'Email has already been taken', [
          { path: 'developer.email', code: 'taken', message: 'has already been taken' },
        ]);
      if (url === '/api/v1/admin/developers/1') return { body: me };
      return undefined;
    });
    const { user } = renderRoutes(routes, '/admin/developers/1/edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit - Zoe' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: /^Administrator/ })).toBeDisabled());
    expect(screen.getByText(/You cannot remove your own administrator flag/)).toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: /E-mail/ });
    await user.clear(email);
    await user.type(email, 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
  });

  it('shows the not-found page for a developer that does not exist', async () => {
    mockFetch(() => errorBody(404, 'not_found', 'Developer not found.'));
    renderRoutes(routes, '/admin/developers/99/edit');
    expect(await screen.findByText('This developer does not exist.')).toBeInTheDocument();
  });

  it('says "An error occurred" when the list fails', async () => {
    mockFetch((url) => (isList(url) ? errorBody(500, 'internal', 'Boom') : undefined));
    renderRoutes(routes, '/admin/developers');
    expect(await screen.findByText('An error occurred')).toBeInTheDocument();
  });
});
