import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, mockFetch, renderRoutes } from '../../test/render';
import { AdminReviewQueuePage } from './AdminReviewQueuePage';
import { buildAdminApp } from './factories';

const routes = [{ path: '/admin/review_queue', element: <AdminReviewQueuePage /> }];
const isList = (url: string) => url.startsWith('/api/v1/admin/developer_apps?');
const lastList = (fetchMock: ReturnType<typeof mockFetch>) =>
  decodeURIComponent(String(fetchMock.mock.calls.filter(([url]) => isList(String(url))).at(-1)?.[0]));

const rows = [
  buildAdminApp({
    id: 7,
    internal_name: 'Roof Sync',
    has_app_version_in_review: true,
    has_marketplace_listing_in_review: true,
    app_version_in_review_at: '2026-03-05T12:00:00.000Z',
    marketplace_listing_in_review_at: '2026-03-08T12:00:00.000Z',
    in_review_at: '2026-03-08T12:00:00.000Z',
    marketplace_listing_review_kind: 'update',
    review_queue: {
      app_version: { id: 1, position: 2, estimated_wait_hours: 8, in_review_at: '2026-03-05T12:00:00.000Z' },
      marketplace_listing: {
        id: 2,
        position: 1,
        estimated_wait_hours: null,
        in_review_at: '2026-03-08T12:00:00.000Z',
      },
    },
  }),
  buildAdminApp({
    id: 8,
    internal_name: 'Crane Log',
    has_marketplace_listing_in_review: true,
    marketplace_listing_in_review_at: '2026-03-06T12:00:00.000Z',
    in_review_at: '2026-03-06T12:00:00.000Z',
    marketplace_listing_review_kind: 'new',
  }),
  buildAdminApp({ id: 9, internal_name: 'Idle App' }),
];
const answer = { body: rows, headers: { Total: '3', 'Per-Page': '50' } };

describe('AdminReviewQueuePage', () => {
  it('asks for apps in review by default, oldest first, and shows the queue columns', async () => {
    const fetchMock = mockFetch((url) => (isList(url) ? answer : undefined));
    renderRoutes(routes, '/admin/review_queue');
    const link = await screen.findByRole('link', { name: 'Roof Sync' });
    expect(lastList(fetchMock)).toBe(
      '/api/v1/admin/developer_apps?page=1&per_page=50&sort[]=in_review_at&filters[in_review]=true',
    );
    expect(link).toHaveAttribute('href', '/admin/developer_apps/7');
    const row = link.closest('tr') as HTMLElement;
    // The later of the two review dates; both review types; an update of a published listing.
    expect(within(row).getByText('2026-03-08')).toBeInTheDocument();
    expect(within(row).getByText('manifest')).toBeInTheDocument();
    expect(within(row).getByText('marketplace')).toBeInTheDocument();
    expect(within(row).getByText('Update')).toBeInTheDocument();
    expect(within(row).getByText('manifest: #2 · about 8 h')).toBeInTheDocument();
    expect(within(row).getByText('marketplace: #1 · no estimate')).toBeInTheDocument();
    const crane = screen.getByRole('link', { name: 'Crane Log' }).closest('tr') as HTMLElement;
    expect(within(crane).getByText('New')).toBeInTheDocument();
    expect(within(crane).queryByText('manifest')).not.toBeInTheDocument();
    const idle = screen.getByRole('link', { name: 'Idle App' }).closest('tr') as HTMLElement;
    expect(within(idle).getByText('N/A')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'In review only' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Include deleted apps' })).not.toBeChecked();
    expect(screen.getByRole('columnheader', { name: /In Review At/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  it('turns the filters into the URL and the request, back on page 1', async () => {
    const fetchMock = mockFetch((url) =>
      isList(url) ? { ...answer, headers: { Total: '200', 'Per-Page': '50' } } : undefined,
    );
    const { user, router } = renderRoutes(routes, '/admin/review_queue?page=2&user=3');
    await screen.findByRole('link', { name: 'Roof Sync' });
    expect(lastList(fetchMock)).toContain('filters[owner_id][]=3&filters[in_review]=true');
    await user.click(screen.getByRole('switch', { name: 'In review only' }));
    await waitFor(() => expect(router.state.location.search).toBe('?user=3&in_review=false'));
    await waitFor(() =>
      expect(lastList(fetchMock)).toBe(
        '/api/v1/admin/developer_apps?page=1&per_page=50&sort[]=in_review_at&filters[owner_id][]=3',
      ),
    );
    await user.click(screen.getByRole('switch', { name: 'Include deleted apps' }));
    await waitFor(() => expect(lastList(fetchMock)).toContain('filters[with_deleted]=true'));
    await user.click(screen.getByRole('button', { name: /Internal Name/ }));
    await waitFor(() => expect(lastList(fetchMock)).toContain('sort[]=internal_name'));
  });

  it('sorts In Review At ascending on the first click although it is the default, then descending', async () => {
    const fetchMock = mockFetch((url) => (isList(url) ? answer : undefined));
    const { user, router } = renderRoutes(routes, '/admin/review_queue');
    await screen.findByRole('link', { name: 'Roof Sync' });
    const column = () => screen.getByRole('columnheader', { name: /In Review At/ });
    await user.click(within(column()).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=in_review_at'));
    expect(column()).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(column()).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=-in_review_at'));
    await waitFor(() => expect(lastList(fetchMock)).toContain('sort[]=-in_review_at'));
    expect(column()).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(column()).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(column()).toHaveAttribute('aria-sort', 'ascending');
  });

  it('says "An error occurred" when the list fails', async () => {
    mockFetch((url) => (isList(url) ? errorBody(500, 'internal', 'Boom') : undefined));
    renderRoutes(routes, '/admin/review_queue');
    expect(await screen.findByText('An error occurred')).toBeInTheDocument();
  });
});
