import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes } from '../../test/render';
import { buildNotification, listAnswer } from './factories';
import { NotificationsPage } from './NotificationsPage';

const routes = [{ path: '/notifications', element: <NotificationsPage /> }];

describe('NotificationsPage', () => {
  it('shows Loading... until the list arrives', async () => {
    let answer: (value: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    mockFetch(() => undefined).mockImplementation(() => pending);
    renderRoutes(routes, '/notifications');
    expect(screen.getByRole('heading', { name: 'Notifications', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    answer(new Response('[]', { headers: { Total: '0', 'Per-Page': '20', 'Unread-Count': '0' } }));
    expect(await screen.findByText('No Notifications.')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    mockFetch((url) => (url.startsWith('/api/v1/notifications') ? listAnswer([], { unread: 0 }) : undefined));
    renderRoutes(routes, '/notifications');
    expect(await screen.findByText('No Notifications.')).toBeInTheDocument();
    expect(screen.getByText('Check back later')).toBeInTheDocument();
  });

  it('highlights unread cards, truncates summaries to 160 characters and links each to its page', async () => {
    const long = `${'word '.repeat(60)}end`;
    const fetchMock = mockFetch((url) =>
      url.startsWith('/api/v1/notifications')
        ? listAnswer(
            [
              buildNotification({ id: 7, title: 'New rate limits', summary: long }),
              buildNotification({ id: 3, title: 'Old news', read_at: '2026-03-02T00:00:00.000Z' }),
            ],
            { unread: 1 },
          )
        : undefined,
    );
    renderRoutes(routes, '/notifications');
    const unread = await screen.findByRole('article', { name: 'New rate limits' });
    const read = screen.getByRole('article', { name: 'Old news' });

    expect(unread).toHaveAttribute('data-unread');
    expect(within(unread).getByText('Unread')).toBeInTheDocument();
    expect(read).not.toHaveAttribute('data-unread');
    expect(within(read).queryByText('Unread')).not.toBeInTheDocument();

    const summary = await within(unread).findByText(/^word word/);
    expect(summary.textContent?.length).toBeLessThanOrEqual(160);
    expect(summary.textContent?.endsWith('…')).toBe(true);

    expect(within(unread).getByRole('link', { name: /Read More/ })).toHaveAttribute(
      'href',
      '/notifications/7',
    );
    expect(within(read).getByRole('link', { name: /Read More/ })).toHaveAttribute('href', '/notifications/3');
    expect(within(read).getByText('March 1st 2026', { exact: false })).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/v1/notifications?page=1&per_page=20');
    // One page only: no pager.
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('pages when there are more than per_page notifications', async () => {
    const fetchMock = mockFetch((url) => {
      if (!url.startsWith('/api/v1/notifications')) return undefined;
      const page = new URL(url, 'http://x').searchParams.get('page');
      return listAnswer([buildNotification({ id: Number(page), title: `Page ${page}` })], {
        total: 25,
        perPage: 20,
        unread: 0,
      });
    });
    const { user, router } = renderRoutes(routes, '/notifications');
    expect(await screen.findByRole('article', { name: 'Page 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('article', { name: 'Page 2' })).toBeInTheDocument();
    // The page is in the URL, so a reload or a shared link opens page 2.
    expect(router.state.location.search).toBe('?page=2');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      '/api/v1/notifications?page=2&per_page=20',
    );
  });

  it('shows an error state', async () => {
    mockFetch(() => ({
      status: 500,
      body: { errors: ['Boom'], error: { code: 'internal', message: 'Boom', details: [] } },
    }));
    renderRoutes(routes, '/notifications');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An error occurred');
    expect(alert).not.toHaveTextContent('Boom');
  });
});
