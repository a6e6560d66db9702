import type { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorBody, mockFetch, renderWithProviders } from '../../test/render';
import { buildNotification } from './factories';
import { NotificationReader } from './NotificationReader';
import { type NotificationPage, notificationKeys } from './queries';

function renderReader(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/notifications/:id', element: <NotificationReader /> },
      { path: '/notifications', element: <p>List</p> },
    ],
    { initialEntries: [path] },
  );
  // StrictMode runs effects twice: the mark-as-read call must still go out once.
  return renderWithProviders(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

const patches = (calls: [RequestInfo | URL, RequestInit?][]) =>
  calls.filter(([, init]) => init?.method === 'PATCH').map(([url]) => String(url));

const requests = (calls: [RequestInfo | URL, RequestInit?][]) =>
  calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);

/**
 * Waits until every request the screen started has been answered: no query fetching, no mutation
 * pending. The reader starts its PATCH from the effect of the render that shows the notification, so
 * once that render is on screen and the client is idle, the request log is complete.
 */
async function settled(queryClient: QueryClient): Promise<void> {
  await waitFor(() => {
    expect(queryClient.isFetching()).toBe(0);
    expect(queryClient.isMutating()).toBe(0);
  });
}

describe('NotificationReader', () => {
  // The markdown renderer loads lazily; compiling it is a one-off cost that belongs to no test.
  beforeAll(() => import('../../components/MarkdownRenderer'));

  it('marks an unread notification read exactly once and lowers the bell count at once', async () => {
    const unread = buildNotification({ id: 4, title: 'Webhooks v2', body: 'Read **this** carefully.' });
    // What GET answers; changed below to a revision that is still unread.
    let served = unread;
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/v1/notifications/4' && init.method === 'PATCH') {
        return { body: { ...unread, read_at: '2026-03-05T00:00:00.000Z' } };
      }
      if (url === '/api/v1/notifications/4') return { body: served };
      return undefined;
    });
    const bellKey = notificationKeys.list({ page: 1, perPage: 3 });
    const { queryClient } = renderReader('/notifications/4');
    queryClient.setQueryData<NotificationPage>(bellKey, {
      items: [unread],
      total: 1,
      perPage: 3,
      unreadCount: 2,
    });

    expect(await screen.findByRole('heading', { name: 'Webhooks v2', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    expect(await screen.findByText('this')).toContainHTML('strong');
    await waitFor(() => expect(patches(fetchMock.mock.calls)).toEqual(['/api/v1/notifications/4']));
    await waitFor(() => expect(queryClient.getQueryData<NotificationPage>(bellKey)?.unreadCount).toBe(1));
    expect(queryClient.getQueryData<NotificationPage>(bellKey)?.items[0]?.read_at).toBe(
      '2026-03-05T00:00:00.000Z',
    );

    // The notification is fetched again (focus, another tab) and the answer still says unread: the
    // reader shows it and must not send the PATCH a second time.
    served = { ...unread, title: 'Webhooks v2 (revised)' };
    await act(() => queryClient.invalidateQueries({ queryKey: notificationKeys.detail(4) }));
    expect(
      await screen.findByRole('heading', { name: 'Webhooks v2 (revised)', level: 1 }),
    ).toBeInTheDocument();
    await settled(queryClient);
    expect(patches(fetchMock.mock.calls)).toEqual(['/api/v1/notifications/4']);
    expect(queryClient.getMutationCache().getAll()).toHaveLength(1);
  });

  it('does not mark a read notification again', async () => {
    const read = buildNotification({ id: 5, title: 'Old news', read_at: '2026-03-02T00:00:00.000Z' });
    const fetchMock = mockFetch((url) => (url === '/api/v1/notifications/5' ? { body: read } : undefined));
    const { queryClient } = renderReader('/notifications/5');
    expect(await screen.findByRole('heading', { name: 'Old news', level: 1 })).toBeInTheDocument();
    await settled(queryClient);
    expect(queryClient.getMutationCache().getAll()).toEqual([]);
    expect(requests(fetchMock.mock.calls)).toEqual(['GET /api/v1/notifications/5']);
  });

  it('keeps the notification on screen and says so when marking it read fails', async () => {
    const unread = buildNotification({ id: 6, title: 'API keys rotate' });
    mockFetch((url, init) => {
      if (url === '/api/v1/notifications/6' && init.method === 'PATCH') {
        return errorBody(503, 'service_unavailable', 'Try again later');
      }
      if (url === '/api/v1/notifications/6') return { body: unread };
      return undefined;
    });
    renderReader('/notifications/6');
    expect(await screen.findByRole('heading', { name: 'API keys rotate', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Could not mark this notification as read')).toBeInTheDocument();
    expect(
      screen.getByText('The service is unavailable right now. Please try again shortly.'),
    ).toBeInTheDocument();
  });

  it('shows a not-found state for a notification that is not visible', async () => {
    mockFetch(() => undefined);
    renderReader('/notifications/99');
    expect(await screen.findByRole('heading', { name: 'Notification not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });
});
