import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiList } from '../api/client';
import { mockFetch, renderRoutes } from '../test/render';
import type { DataTableColumn } from './DataTable';
import { ListPage } from './ListPage';
import { ListSearchInput } from './ListSearchInput';
import { type ListParams, urlFilter, useListState } from './useListState';

interface Thing {
  id: number;
  name: string;
}

const SORT_KEYS = ['name', 'created_at'] as const;
const COLORS = ['red', 'blue'] as const;
const listOptions = {
  sortKeys: SORT_KEYS,
  defaultSort: '-created_at',
  perPage: 10,
  filters: { search: urlFilter.text(), color: urlFilter.oneOf(COLORS), owner_id: urlFilter.ids() },
} as const;

const columns: DataTableColumn<Thing, (typeof SORT_KEYS)[number]>[] = [
  { id: 'name', header: 'Name', sortKey: 'name', render: (row) => row.name },
  { id: 'created', header: 'Created', sortKey: 'created_at', render: () => 'N/A' },
  { id: 'id', header: 'Id', render: (row) => row.id },
];

type Params = ListParams<string, { search: string; color: string | null; owner_id: number[] }>;

/** `retry`: the query retries a failed call once, at once (the app's client retries server errors). */
function ThingsPage({ retry = false }: { retry?: boolean }) {
  const list = useListState(listOptions);
  const query = useQuery({
    retry: retry ? 1 : false,
    retryDelay: 0,
    queryKey: ['things', list.params],
    queryFn: ({ signal }) => {
      const { page, perPage, sort, filters }: Params = list.params;
      // A made-up list outside the contracts: the untyped base of callList.
      return apiList<Thing>(
        '/things',
        { page, per_page: perPage, sort: sort ? [sort] : undefined, filters },
        { signal },
      );
    },
    placeholderData: keepPreviousData,
  });
  return (
    <ListPage
      title="Things"
      filters={
        <ListSearchInput
          label="Search"
          value={list.filters.search}
          onChange={(search) => list.setFilter('search', search, { replace: true })}
        />
      }
      list={list}
      query={query}
      columns={columns}
      rowKey={(row) => row.id}
    />
  );
}

/** A fake server of `total` things that answers `perPage` per page, whatever was asked for. */
function serveThings(total: number, served?: number) {
  return mockFetch((url) => {
    if (!url.startsWith('/api/v1/things')) return undefined;
    const query = new URL(url, 'http://x').searchParams;
    const page = Number(query.get('page'));
    const perPage = served ?? Number(query.get('per_page'));
    const start = (page - 1) * perPage;
    const count = Math.max(0, Math.min(perPage, total - start));
    const items = Array.from({ length: count }, (_, index) => ({
      id: start + index + 1,
      name: `Thing ${start + index + 1}`,
    }));
    return { body: items, headers: { Total: String(total), 'Per-Page': String(perPage) } };
  });
}

function requestsOf(fetchMock: ReturnType<typeof mockFetch>): URLSearchParams[] {
  return fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x').searchParams);
}

function lastRequest(fetchMock: ReturnType<typeof mockFetch>) {
  const query = requestsOf(fetchMock).at(-1);
  return {
    page: query?.get('page'),
    perPage: query?.get('per_page'),
    sort: query?.getAll('sort[]'),
    search: query?.get('filters[search]'),
    color: query?.get('filters[color]'),
    owners: query?.getAll('filters[owner_id][]'),
  };
}

const routes = [{ path: '/things', element: <ThingsPage /> }];
const routesWithElsewhere = [...routes, { path: '/elsewhere', element: <p>Elsewhere</p> }];
const nameHeader = () => screen.getByRole('columnheader', { name: /Name/ });
const createdHeader = () => screen.getByRole('columnheader', { name: /Created/ });
const search = (router: ReturnType<typeof renderRoutes>['router']) =>
  new URLSearchParams(router.state.location.search);

describe('URL-backed list state', () => {
  it('reads page and sort from the URL, and a header click resets to page 1 in URL and request', async () => {
    const fetchMock = serveThings(45);
    const { user, router, unmount } = renderRoutes(routes, '/things?page=2&sort=-name');
    expect(await screen.findByText('Thing 11')).toBeInTheDocument();
    expect(lastRequest(fetchMock)).toMatchObject({ page: '2', perPage: '10', sort: ['-name'] });
    expect(nameHeader()).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    // -name → cleared: back to the list's default sort, and the page goes back to 1.
    await user.click(within(nameHeader()).getByRole('button'));
    await waitFor(() => expect(lastRequest(fetchMock)).toMatchObject({ page: '1', sort: ['-created_at'] }));
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('PUSH');
    expect(nameHeader()).toHaveAttribute('aria-sort', 'none');
    expect(createdHeader()).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(nameHeader()).getByRole('button'));
    await waitFor(() => expect(lastRequest(fetchMock)).toMatchObject({ page: '1', sort: ['name'] }));
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastRequest(fetchMock)).toMatchObject({ page: '3', sort: ['name'] }));
    const url = `${router.state.location.pathname}${router.state.location.search}`;
    expect(url).toBe('/things?sort=name&page=3');
    unmount();

    // A reload: a new page from the resulting URL shows the same state and asks for the same.
    const reloaded = serveThings(45);
    renderRoutes(routes, url);
    expect(await screen.findByText('Thing 21')).toBeInTheDocument();
    expect(lastRequest(reloaded)).toMatchObject({ page: '3', sort: ['name'] });
    expect(nameHeader()).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  });

  it('cycles the default-sorted column from ascending: the cycle counts from the URL, not the default', async () => {
    const fetchMock = serveThings(5);
    const { user, router } = renderRoutes(routes, '/things');
    expect(await screen.findByText('Thing 1')).toBeInTheDocument();
    // The default (-created_at, not in the URL) is shown as the active sort.
    expect(lastRequest(fetchMock)).toMatchObject({ sort: ['-created_at'] });
    expect(createdHeader()).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(createdHeader()).getByRole('button'));
    await waitFor(() => expect(lastRequest(fetchMock)).toMatchObject({ sort: ['created_at'] }));
    expect(router.state.location.search).toBe('?sort=created_at');
    expect(createdHeader()).toHaveAttribute('aria-sort', 'ascending');

    // Descending is the default too, yet it stays in the URL so that the next click clears it.
    await user.click(within(createdHeader()).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=-created_at'));
    expect(lastRequest(fetchMock)).toMatchObject({ sort: ['-created_at'] });
    expect(createdHeader()).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(createdHeader()).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(createdHeader()).toHaveAttribute('aria-sort', 'descending');

    // A cleared sort starts the cycle again: ascending.
    await user.click(within(createdHeader()).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=created_at'));
  });

  it('goes back to the previous page and sort with the back button', async () => {
    const fetchMock = serveThings(45);
    const { user, router } = renderRoutes(routes, '/things');
    expect(await screen.findByText('Thing 1')).toBeInTheDocument();
    expect(lastRequest(fetchMock)).toMatchObject({ page: '1', sort: ['-created_at'] });
    // The defaults stay out of the URL.
    expect(router.state.location.search).toBe('');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastRequest(fetchMock)).toMatchObject({ page: '2' }));
    await user.click(within(nameHeader()).getByRole('button'));
    await waitFor(() => expect(lastRequest(fetchMock)).toMatchObject({ page: '1', sort: ['name'] }));

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?page=2');
    expect(await screen.findByText('Thing 11')).toBeInTheDocument();
    expect(nameHeader()).toHaveAttribute('aria-sort', 'none');
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('Thing 1')).toBeInTheDocument();
  });

  it('falls back to the defaults for garbage in the URL, never sending it', async () => {
    const fetchMock = serveThings(5);
    renderRoutes(
      routes,
      '/things?page=abc&per_page=1000&sort=password&color=green&owner_id=x&owner_id=7&search=crane',
    );
    expect(await screen.findByRole('table', { name: 'Things' })).toBeInTheDocument();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(lastRequest(fetchMock)).toEqual({
      page: '1',
      perPage: '10',
      sort: ['-created_at'],
      search: 'crane',
      color: null,
      owners: ['7'],
    });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('crane');
  });

  it('never fetches a page known to be past the end, and clamps the URL to the last page', async () => {
    const fetchMock = serveThings(25);
    const { router } = renderRoutes(routes, '/things?page=9');
    // Page 9 is asked for once (nothing is known yet); the answer says 3 pages, so page 3 is shown.
    expect(await screen.findByText('Thing 21')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(requestsOf(fetchMock).map((query) => query.get('page'))).toEqual(['9', '3']);

    await act(() => router.navigate('/things?page=7'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    expect(requestsOf(fetchMock).some((query) => query.get('page') === '7')).toBe(false);
  });

  it('corrects an out-of-range page without asking for it once the total is known, also when opened again', async () => {
    const fetchMock = serveThings(45);
    const { user, router } = renderRoutes(routesWithElsewhere, '/things');
    expect(await screen.findByText('Thing 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 5' }));
    await waitFor(() => expect(lastRequest(fetchMock)).toMatchObject({ page: '5' }));

    // Away from the list, then back to it through a link with a page past the end (45 things: 5 pages).
    await act(() => router.navigate('/elsewhere'));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    await act(() => router.navigate('/things?page=12'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=5'));
    expect(await screen.findByText('Thing 41')).toBeInTheDocument();
    expect(requestsOf(fetchMock).map((query) => query.get('page'))).not.toContain('12');
    // The picker offers pages 1..5 only.
    expect(screen.queryByRole('button', { name: 'Page 6' })).not.toBeInTheDocument();
  });

  it('shows loading, not "0–0 of 0" or an error, while a failed call is retried', async () => {
    let release: (response: Response) => void = () => undefined;
    const things = Array.from({ length: 10 }, (_, index) => ({ id: index + 1, name: `Thing ${index + 1}` }));
    const fetchMock = vi.fn(async (): Promise<Response> => {
      if (fetchMock.mock.calls.length === 1)
        return new Response(
          JSON.stringify({
            errors: ['Unavailable'],
            error: { code: 'internal', message: 'Unavailable', details: [] },
          }),
          {
            status: 503,
            headers: { 'Content-Type': 'application/json' },
          },
        );
      // The retry: answered when the test says so.
      return new Promise<Response>((resolve) => {
        release = resolve;
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes([{ path: '/things', element: <ThingsPage retry /> }], '/things');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    // The first call failed and its retry is on its way: loading, with no range and no error.
    expect(
      within(screen.getByRole('table', { name: 'Things' })).getByLabelText('Loading...'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/0–0 of 0/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await act(async () =>
      release(
        new Response(JSON.stringify(things), {
          headers: { 'Content-Type': 'application/json', Total: '45', 'Per-Page': '10' },
        }),
      ),
    );
    expect(await screen.findByText('Thing 10')).toBeInTheDocument();
    expect(screen.getByText('1–10 of 45')).toBeInTheDocument();
  });

  it("uses the server's Per-Page over its own", async () => {
    const fetchMock = serveThings(120, 50);
    renderRoutes(routes, '/things');
    expect(await screen.findByText('Thing 50')).toBeInTheDocument();
    await waitFor(() => expect(lastRequest(fetchMock)).toMatchObject({ perPage: '50' }));
    expect(screen.getByText('1–50 of 120')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 4' })).not.toBeInTheDocument();
  });

  it('types a search into the URL without a new history entry, back on page 1', async () => {
    const fetchMock = serveThings(45);
    const { user, router } = renderRoutes(routes, '/things?page=2');
    expect(await screen.findByText('Thing 11')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'crane');
    await waitFor(() => expect(lastRequest(fetchMock)).toMatchObject({ page: '1', search: 'crane' }));
    expect(search(router).get('search')).toBe('crane');
    expect(search(router).get('page')).toBeNull();
    expect(router.state.historyAction).toBe('REPLACE');

    // The URL changes on its own (a link to the unfiltered list): the box follows it.
    await act(() => router.navigate('/things'));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue(''));
    await waitFor(() => expect(lastRequest(fetchMock)).toMatchObject({ page: '1', search: null }));
  });
});
