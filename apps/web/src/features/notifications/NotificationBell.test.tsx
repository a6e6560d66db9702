import { screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSession } from '../../test/factories';
import { mockFetch, renderWithProviders } from '../../test/render';
import { sessionKeys, useSession } from '../auth/queries';
import { buildNotification, listAnswer } from './factories';
import { NotificationBellSlot } from './NotificationBellSlot';

/** Says what the session query settled on; it renders in the same commit as the bell's slot. */
function SessionProbe() {
  const session = useSession();
  if (session.isPending) return null;
  return <p>{session.data ? 'Signed in' : 'Signed out'}</p>;
}

function renderBell() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <div data-testid="bell-slot">
              <NotificationBellSlot />
            </div>
            <SessionProbe />
          </>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  return renderWithProviders(<RouterProvider router={router} />);
}

describe('NotificationBell', () => {
  // The bell and the markdown renderer load lazily; compiling them is a one-off cost that belongs to
  // no test (and would otherwise eat into the first test's time limit).
  beforeAll(() => Promise.all([import('./NotificationBell'), import('../../components/MarkdownRenderer')]));

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
    const { queryClient } = renderBell();
    // The probe and the slot read the same session query, so the render that shows "Signed out" is
    // the one in which the slot decided: a bell (or its placeholder while its code loads) would be
    // there now, and its query would already be in the cache.
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(screen.getByTestId('bell-slot')).toBeEmptyDOMElement();
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([sessionKeys.current()]);
    expect(queryClient.isFetching()).toBe(0);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/v1/session']);
  });
});
