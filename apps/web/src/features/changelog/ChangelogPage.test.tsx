import type { ChangelogEntry } from '@lintel/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSession } from '../../test/factories';
import { errorBody, type FetchHandler, mockFetch, renderRoutes } from '../../test/render';
import { ChangelogPage } from './ChangelogPage';

const routes = [{ path: '/changelog', element: <ChangelogPage /> }];
const FEED = '/api/v1/resource_groups/aggregated_changelog';
const isFeed = (url: string) => url.startsWith(`${FEED}?`);

function entry(overrides: Partial<ChangelogEntry> = {}): ChangelogEntry {
  return {
    id: 1,
    summary: 'Project roles carry created_at',
    description: 'Each role now includes `created_at`.',
    endpoint: 'GET /rest/v1.0/projects/{project_id}/project_roles',
    type: 'feature',
    breaking: false,
    datestamp: '2024-01-23',
    versions: '1.0+',
    link: null,
    public: true,
    ...overrides,
  };
}

function answer(items: ChangelogEntry[], total = items.length) {
  return { body: items, headers: { Total: String(total), 'Per-Page': '50' } };
}

function serve(
  feed: (url: string) => ReturnType<FetchHandler>,
  session: ReturnType<FetchHandler> = undefined,
) {
  return mockFetch((url) => {
    if (url === '/api/v1/session') return session ?? errorBody(401, 'unauthenticated', 'Sign in');
    return isFeed(url) ? feed(url) : undefined;
  });
}

const feedCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([url]) => decodeURIComponent(String(url))).filter((url) => url.startsWith(FEED));
const lastFeed = (fetchMock: ReturnType<typeof mockFetch>) => feedCalls(fetchMock).at(-1);
const urlTypes = (search: string) => new URLSearchParams(search).getAll('filters[type][]');

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ChangelogPage', () => {
  it('reads page, per_page and the filters from the URL and sends them', async () => {
    const fetchMock = serve(() => answer([entry()]));
    renderRoutes(
      routes,
      '/changelog?page=2&per_page=20&filters[type][]=new&filters[type][]=fix&filters[breaking]=true&filters[search]=roles',
    );
    expect(
      await screen.findByRole('heading', { name: 'Project roles carry created_at' }),
    ).toBeInTheDocument();
    expect(lastFeed(fetchMock)).toBe(
      `${FEED}?page=2&per_page=20&filters[type][]=fix&filters[type][]=new&filters[breaking]=true&filters[search]=roles`,
    );
    expect(screen.getByRole('checkbox', { name: 'All Types' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Fix' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'New' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Sunset' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Breaking (only)' })).toBeChecked();
    expect(screen.getByRole('searchbox', { name: 'Search the changelog' })).toHaveValue('roles');
  });

  it.each([
    ['a single filters[type]', '/changelog?filters[type]=fix'],
    ['indexed filters[type][n]', '/changelog?filters[type][0]=fix&filters[type][1]=new'],
    ['a comma list', '/changelog?filters[type]=fix,new'],
  ])('reads %s as the type list, and writes it back in the [] form', async (_form, path) => {
    const fetchMock = serve(() => answer([entry()]));
    const { user, router } = renderRoutes(routes, path);
    expect(
      await screen.findByRole('heading', { name: 'Project roles carry created_at' }),
    ).toBeInTheDocument();
    expect(lastFeed(fetchMock)).toContain('filters[type][]=fix');
    expect(screen.getByRole('checkbox', { name: 'Fix' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'All Types' })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Fix' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Fix' })).not.toBeChecked());
    const left = [...new URLSearchParams(router.state.location.search).keys()];
    expect(left.every((key) => key === 'filters[type][]')).toBe(true);
    expect(lastFeed(fetchMock)).not.toContain('filters[type][]=fix');
  });

  it('shows each entry as a card with month, version, badges, method and path, and the type guide', async () => {
    serve(() =>
      answer([
        entry(),
        entry({
          id: 2,
          summary: 'Company header required',
          type: 'refinement',
          breaking: true,
          endpoint: null,
          public: false,
        }),
      ]),
    );
    renderRoutes(routes, '/changelog');
    const card = (await screen.findByRole('article', {
      name: 'Project roles carry created_at',
    })) as HTMLElement;
    expect(within(card).getByText('2024-01')).toBeInTheDocument();
    expect(within(card).getByText('Version: 1.0+')).toBeInTheDocument();
    expect(within(card).getByText('Feature')).toBeInTheDocument();
    expect(within(card).getByText('GET')).toBeInTheDocument();
    expect(within(card).getByText('/rest/v1.0/projects/{project_id}/project_roles')).toBeInTheDocument();
    const other = screen.getByRole('article', { name: 'Company header required' });
    expect(within(other).getByText('Breaking')).toBeInTheDocument();
    expect(within(other).getByText('Non-public')).toBeInTheDocument();
    const guide = screen.getByRole('complementary', { name: 'Change types' });
    expect(within(guide).getByText('No longer available.')).toBeInTheDocument();
    expect(within(guide).getByText('A new endpoint.')).toBeInTheDocument();
    expect(screen.getByText('2 entries')).toBeInTheDocument();
  });

  it('puts a type filter in the URL, back on page 1, and sends it; All Types clears the types', async () => {
    const fetchMock = serve(() => answer([entry()], 120));
    const { user, router } = renderRoutes(routes, '/changelog?page=2');
    expect(
      await screen.findByRole('heading', { name: 'Project roles carry created_at' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'All Types' })).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Deprecated' }));
    await waitFor(() => expect(urlTypes(router.state.location.search)).toEqual(['deprecated']));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();
    expect(router.state.historyAction).toBe('PUSH');
    await waitFor(() =>
      expect(lastFeed(fetchMock)).toBe(`${FEED}?page=1&per_page=50&filters[type][]=deprecated`),
    );
    expect(screen.getByRole('checkbox', { name: 'All Types' })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Sunset' }));
    await waitFor(() => expect(urlTypes(router.state.location.search)).toEqual(['deprecated', 'sunset']));
    await waitFor(() =>
      expect(lastFeed(fetchMock)).toBe(
        `${FEED}?page=1&per_page=50&filters[type][]=deprecated&filters[type][]=sunset`,
      ),
    );

    await user.click(screen.getByRole('checkbox', { name: 'Breaking (only)' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('filters[breaking]')).toBe('true'),
    );
    await waitFor(() => expect(lastFeed(fetchMock)).toContain('&filters[breaking]=true'));

    await user.click(screen.getByRole('checkbox', { name: 'All Types' }));
    await waitFor(() => expect(urlTypes(router.state.location.search)).toEqual([]));
    await waitFor(() =>
      expect(lastFeed(fetchMock)).toBe(`${FEED}?page=1&per_page=50&filters[breaking]=true`),
    );
    expect(screen.getByRole('checkbox', { name: 'All Types' })).toBeChecked();
  });

  it('moves between pages through the URL', async () => {
    const fetchMock = serve(() => answer([entry()], 120));
    const { user, router } = renderRoutes(routes, '/changelog');
    expect(
      await screen.findByRole('heading', { name: 'Project roles carry created_at' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBe('3'));
    await waitFor(() => expect(lastFeed(fetchMock)).toBe(`${FEED}?page=3&per_page=50`));
  });

  it('sends the search 500 ms after the last keystroke, replacing the history entry', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = serve(() => answer([entry()]));
    const { router } = renderRoutes(routes, '/changelog');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    expect(
      await screen.findByRole('heading', { name: 'Project roles carry created_at' }),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search the changelog' }), 'roles');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(feedCalls(fetchMock).some((url) => url.includes('filters[search]'))).toBe(false);
    expect(router.state.location.search).toBe('');
    await act(() => vi.advanceTimersByTimeAsync(300));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('filters[search]')).toBe('roles'),
    );
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(lastFeed(fetchMock)).toBe(`${FEED}?page=1&per_page=50&filters[search]=roles`));
    expect(feedCalls(fetchMock).filter((url) => url.includes('filters[search]'))).toHaveLength(1);
  });

  it('says what to do when nothing matches', async () => {
    serve(() => answer([]));
    renderRoutes(routes, '/changelog?filters[type][]=sunset');
    expect(
      await screen.findByText(
        'Nothing found. Use the filters on the left to select the changelog types to display.',
      ),
    ).toBeInTheDocument();
  });

  it('shows an empty list and logs a warning when the fetch fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    serve(() => errorBody(500, 'internal_error', 'Something went wrong on our side.'));
    renderRoutes(routes, '/changelog');
    expect(
      await screen.findByText(
        'Nothing found. Use the filters on the left to select the changelog types to display.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
  });

  it('sends the documentation branch and names it for staff', async () => {
    const fetchMock = serve(() => answer([entry()]), { body: buildSession({ is_employee: true }) });
    renderRoutes(routes, '/changelog?custom_service_sha=next');
    expect(await screen.findByText('Documentation branch: next')).toBeInTheDocument();
    await waitFor(() =>
      expect(lastFeed(fetchMock)).toBe(`${FEED}?page=1&per_page=50&custom_service_sha=next`),
    );
  });
});
