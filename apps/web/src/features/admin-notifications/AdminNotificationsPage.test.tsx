import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, mockFetch, renderRoutes } from '../../test/render';
import { buildAdminNotification, listAnswer } from '../notifications/factories';
import { AdminNotificationsPage } from './AdminNotificationsPage';

const routes = [{ path: '/admin/notifications', element: <AdminNotificationsPage /> }];

/** The Visible and Critical marks (Yes/No icons) of the row that links to `title`. */
function marksInRow(title: string) {
  const row = screen.getByRole('link', { name: title }).closest('tr') as HTMLElement;
  return within(row)
    .getAllByRole('img')
    .map((icon) => icon.getAttribute('aria-label'));
}

describe('AdminNotificationsPage', () => {
  it('lists notifications with Visible and Critical marks and links to the form', async () => {
    const fetchMock = mockFetch((url) =>
      url.startsWith('/api/v1/admin/notifications')
        ? listAnswer(
            [
              buildAdminNotification({ id: 1, title: 'Live', critical: true }),
              buildAdminNotification({ id: 2, title: 'Draft one', draft: true, visible: false }),
              buildAdminNotification({
                id: 3,
                title: 'Later',
                visible_by_show_after: false,
                show_after: '2099-01-01',
              }),
            ],
            { perPage: 50 },
          )
        : undefined,
    );
    renderRoutes(routes, '/admin/notifications');
    expect(screen.getByRole('heading', { name: 'Notifications', level: 1 })).toBeInTheDocument();
    const breadcrumbs = screen.getByLabelText('Breadcrumbs');
    expect(breadcrumbs).toHaveTextContent('Admin');
    expect(breadcrumbs).toHaveTextContent('Notifications');
    expect(screen.getByRole('link', { name: 'Create Notification' })).toHaveAttribute(
      'href',
      '/admin/notifications/new',
    );

    expect(await screen.findByRole('link', { name: 'Live' })).toHaveAttribute(
      'href',
      '/admin/notifications/1/edit',
    );
    expect(marksInRow('Live')).toEqual(['Yes', 'Yes']);
    expect(marksInRow('Draft one')).toEqual(['No', 'No']);
    expect(marksInRow('Later')).toEqual(['No', 'No']);

    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(
      '/api/v1/admin/notifications?page=1&per_page=50&sort[]=-created_at',
    );
  });

  it('shows each summary as text, not raw Markdown', async () => {
    mockFetch((url) =>
      url.startsWith('/api/v1/admin/notifications')
        ? listAnswer(
            [
              buildAdminNotification({
                id: 1,
                title: 'Marked up',
                summary:
                  '**Planned** maintenance on _Sunday_: see [the status page](https://status.test).\n\n- `API` down\n- <b>raw</b> html',
              }),
            ],
            { perPage: 50 },
          )
        : undefined,
    );
    renderRoutes(routes, '/admin/notifications');
    const row = (await screen.findByRole('link', { name: 'Marked up' })).closest('tr') as HTMLElement;
    const summary = within(row).getAllByRole('cell')[1] as HTMLElement;
    expect(await within(summary).findByText(/Planned maintenance on Sunday/)).toBeInTheDocument();
    expect(summary.textContent?.replace(/\s+/g, ' ').trim()).toBe(
      'Planned maintenance on Sunday: see the status page. API down raw html',
    );
    expect(summary.textContent).not.toMatch(/[*_`[\]<>]/);
    expect(within(summary).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows "An error occurred" when the list fails', async () => {
    mockFetch(() => errorBody(500, 'internal', 'Database unavailable'));
    renderRoutes(routes, '/admin/notifications');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An error occurred');
  });
});
