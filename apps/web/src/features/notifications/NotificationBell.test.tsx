import { screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it } from 'vitest';
import { buildSession } from '../../test/factories';
import { mockFetch, renderWithProviders } from '../../test/render';
import { buildNotification, listAnswer } from './factories';
import { NotificationBellSlot } from './NotificationBellSlot';

function renderBell() {
  const router = createMemoryRouter([{ path: '*', element: <NotificationBellSlot /> }], {
    initialEntries: ['/'],
  });
  return renderWithProviders(<RouterProvider router={router} />);
}

describe('NotificationBell', () => {
  it('shows the unread count and previews at most 3 notifications', async () => {
    const items = [1, 2, 3, 4].map((id) =>
      buildNotification({
        id,
        title: `Notice ${id}`,
        summary: `Summary **${id}**`,
        created_at: `2026-03-0${id}T12:00:00.000Z`,
      }),
    );
    const fetchMock = mockFetch((url) => {
      if (url === '/api/v1/session') return { body: buildSession() };
      if (url.startsWith('/api/v1/notifications')) return listAnswer(items, { total: 12, unread: 5 });
      return undefined;
    });
    const { user } = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 5 unread' });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      '/api/v1/notifications?page=1&per_page=3',
    );

    await user.click(bell);
    const dialog = await screen.findByRole('dialog');
    const previews = within(dialog).getAllByRole('listitem');
    expect(previews).toHaveLength(3);
    expect(within(previews[0] as HTMLElement).getByText('Notice 1')).toBeInTheDocument();
    expect(within(previews[0] as HTMLElement).getByText('3/1/26')).toBeInTheDocument();
    expect(await within(previews[0] as HTMLElement).findByText('1')).toContainHTML('strong');
    expect(within(previews[0] as HTMLElement).getByRole('link', { name: 'Learn More' })).toHaveAttribute(
      'href',
      '/notifications/1',
    );
    expect(within(dialog).queryByText('Notice 4')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'See All Announcements' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('shows an empty state and no count when there is nothing', async () => {
    mockFetch((url) => {
      if (url === '/api/v1/session') return { body: buildSession() };
      if (url.startsWith('/api/v1/notifications')) return listAnswer([], { unread: 0 });
      return undefined;
    });
    const { user } = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 0 unread' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('No Notifications.')).toBeInTheDocument();
  });

  it('is not shown to signed-out visitors', async () => {
    const fetchMock = mockFetch((url) =>
      url === '/api/v1/session'
        ? {
            status: 401,
            body: { errors: ['Sign in'], error: { code: 'unauthenticated', message: 'Sign in' } },
          }
        : undefined,
    );
    renderBell();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/v1/session']);
  });
});
