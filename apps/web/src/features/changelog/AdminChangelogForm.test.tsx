import type { AdminChangelogEntry } from '@lintel/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, mockFetch, renderRoutes } from '../../test/render';
import { AdminChangelogFormPage } from './AdminChangelogFormPage';

const routes = [
  { path: '/admin/changelog', element: <h1>Changelog entries</h1> },
  { path: '/admin/changelog/new', element: <AdminChangelogFormPage /> },
  { path: '/admin/changelog/:id/edit', element: <AdminChangelogFormPage /> },
];

function saved(overrides: Partial<AdminChangelogEntry> = {}): AdminChangelogEntry {
  return {
    id: 7,
    summary: 'Roles get created_at',
    description: '',
    endpoint: null,
    type: 'feature',
    breaking: false,
    datestamp: '2026-11-20',
    versions: null,
    link: null,
    public: true,
    hidden: false,
    documentation_branch: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const bodies = (fetchMock: ReturnType<typeof mockFetch>, method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)));

describe('AdminChangelogForm', () => {
  it('writes an entry: empty optional fields go as null, then back to the list', async () => {
    const fetchMock = mockFetch((url, init) =>
      url === '/api/v1/admin/changelog_entries' && init.method === 'POST'
        ? { status: 201, body: saved({ public: false }) }
        : undefined,
    );
    const { user, router } = renderRoutes(routes, '/admin/changelog/new');
    await user.type(await screen.findByRole('textbox', { name: /Summary/ }), 'Roles get created_at');
    await user.click(screen.getByRole('combobox', { name: /Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Feature' }));
    const date = screen.getByLabelText(/Date/);
    await user.clear(date);
    await user.type(date, '2026-11-20');
    await user.click(screen.getByRole('checkbox', { name: /^Public/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/changelog'));
    expect(bodies(fetchMock, 'POST')).toEqual([
      {
        summary: 'Roles get created_at',
        type: 'feature',
        datestamp: '2026-11-20',
        breaking: false,
        endpoint: null,
        versions: null,
        link: null,
        description: '',
        public: false,
        documentation_branch: null,
      },
    ]);
  });

  it('checks the fields before sending and shows the server’s details on their fields', async () => {
    const fetchMock = mockFetch((url, init) =>
      url === '/api/v1/admin/changelog_entries' && init.method === 'POST'
        ? errorBody(422, 'validation_failed', 'Endpoint is invalid', [
            { path: 'endpoint', message: 'is already documented', code: 'taken' },
          ])
        : undefined,
    );
    const { user } = renderRoutes(routes, '/admin/changelog/new');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText(/required|blank|must be one of/i)).not.toHaveLength(0);
    expect(bodies(fetchMock, 'POST')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /Summary/ }), 'Hooks');
    await user.click(screen.getByRole('combobox', { name: /Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Fix' }));
    await user.type(screen.getByRole('textbox', { name: /Endpoint/ }), 'GET /rest/v1.0/hooks');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('textbox', { name: /Endpoint/ })).toHaveAccessibleDescription(
      expect.stringMatching(/taken|already/i),
    );
    expect(bodies(fetchMock, 'POST')).toHaveLength(1);
  });

  it('hides an entry from the changelog and shows it again', async () => {
    let entry = saved();
    const fetchMock = mockFetch((url, init) => {
      if (url !== '/api/v1/admin/changelog_entries/7') return undefined;
      if (init.method === 'PATCH') entry = { ...entry, ...JSON.parse(String(init.body)) };
      return { body: entry };
    });
    const { user } = renderRoutes(routes, '/admin/changelog/7/edit');
    await user.click(await screen.findByRole('button', { name: 'Hide from the changelog' }));
    expect(await screen.findByRole('button', { name: 'Show on the changelog' })).toBeInTheDocument();
    expect(screen.getByText('Hidden')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show on the changelog' }));
    expect(await screen.findByRole('button', { name: 'Hide from the changelog' })).toBeInTheDocument();
    expect(bodies(fetchMock, 'PATCH')).toEqual([{ hidden: true }, { hidden: false }]);
  });
});
