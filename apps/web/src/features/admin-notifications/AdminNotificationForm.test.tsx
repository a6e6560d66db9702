import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody, type MockResponse, mockFetch, renderRoutes } from '../../test/render';
import { buildAdminNotification } from '../notifications/factories';
import { AdminNotificationFormPage } from './AdminNotificationFormPage';

const routes = [
  { path: '/admin/notifications', element: <p>The list</p> },
  { path: '/admin/notifications/new', element: <AdminNotificationFormPage /> },
  { path: '/admin/notifications/:id/edit', element: <AdminNotificationFormPage /> },
];

const CRITICAL_CONFIRMATION =
  'You are about to create a critical notification which will cause emails to be sent out to those subscribed. Do you wish to continue?';

const field = (name: RegExp) => screen.getByRole('textbox', { name });

/** Types a whole value at once (user.type is slow, and reads [ and { as key descriptors). */
async function fill(user: UserEvent, el: HTMLElement, text: string) {
  await user.click(el);
  await user.paste(text);
}
/** Opens the new-notification form and types its three texts. */
async function openNewWith(title: string, summary: string, body: string) {
  const rendered = renderRoutes(routes, '/admin/notifications/new');
  await fill(rendered.user, await screen.findByRole('textbox', { name: /^Title/ }), title);
  await fill(rendered.user, field(/^Summary/), summary);
  await fill(rendered.user, field(/^Body/), body);
  return rendered;
}
/** Answers the create request (POST /api/v1/admin/notifications) with `answer`. */
const answerCreate = (answer: MockResponse) =>
  mockFetch((url, init) =>
    url === '/api/v1/admin/notifications' && init.method === 'POST' ? answer : undefined,
  );
const sent = (calls: [RequestInfo | URL, RequestInit?][], method: string) =>
  calls.filter(([, init]) => init?.method === method);

describe('AdminNotificationForm', () => {
  it('checking Critical clears Show after and unchecks and disables Draft and Show after', async () => {
    mockFetch(() => undefined);
    const { user } = renderRoutes(routes, '/admin/notifications/new');
    const critical = await screen.findByRole('checkbox', { name: 'Critical' });
    const draft = screen.getByRole('checkbox', { name: 'Draft' });
    const showAfter = field(/^Show after/);
    expect(showAfter).toHaveAttribute('placeholder', 'YYYY-mm-dd');
    expect(field(/^Title/)).toBeRequired();
    expect(field(/^Summary/)).toBeRequired();
    expect(field(/^Body/)).toBeRequired();
    expect(screen.getByRole('link', { name: /Markdown help/ })).toHaveAttribute(
      'href',
      'https://www.markdownguide.org/basic-syntax/',
    );
    expect(screen.getByRole('link', { name: /Markdown help/ })).toHaveAttribute('target', '_blank');

    await user.click(draft);
    await fill(user, showAfter, '2026-05-01');
    expect(draft).toBeChecked();

    await user.click(critical);
    expect(critical).toBeChecked();
    expect(draft).not.toBeChecked();
    expect(draft).toBeDisabled();
    expect(showAfter).toHaveValue('');
    expect(showAfter).toBeDisabled();

    await user.click(critical);
    expect(draft).toBeEnabled();
    expect(showAfter).toBeEnabled();
  });

  it('asks before creating a critical notification; cancelling sends nothing, continuing POSTs', async () => {
    const fetchMock = answerCreate({ status: 201, body: buildAdminNotification({ id: 9, critical: true }) });
    const { user, router } = await openNewWith('Security fix', 'Rotate your secrets.', 'Details follow.');
    await user.click(screen.getByRole('checkbox', { name: 'Critical' }));
    await user.click(screen.getByRole('button', { name: 'Notify' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(CRITICAL_CONFIRMATION)).toBeInTheDocument();
    // Cancel has the focus, and the close button a name (issue 13 item 7).
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(fetchMock.mock.calls, 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Notify' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/notifications'));
    const posts = sent(fetchMock.mock.calls, 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]?.[1]?.body))).toEqual({
      title: 'Security fix',
      summary: 'Rotate your secrets.',
      body: 'Details follow.',
      critical: true,
      draft: false,
      show_after: null,
    });
  });

  it('creates a non-critical notification without asking', async () => {
    const fetchMock = answerCreate({ status: 201, body: buildAdminNotification({ id: 9 }) });
    const { user, router } = await openNewWith('Planned', 'Soon.', 'Later.');
    await user.click(screen.getByRole('checkbox', { name: 'Draft' }));
    await fill(user, field(/^Show after/), '2026-06-01');
    await user.click(screen.getByRole('button', { name: 'Notify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/notifications'));
    expect(screen.queryByText(CRITICAL_CONFIRMATION)).not.toBeInTheDocument();
    expect(JSON.parse(String(sent(fetchMock.mock.calls, 'POST')[0]?.[1]?.body))).toMatchObject({
      critical: false,
      draft: true,
      show_after: '2026-06-01',
    });
  });

  it('previews an unread and a read card from the typed values, without raw HTML or unsafe links', async () => {
    mockFetch(() => undefined);
    const { user } = renderRoutes(routes, '/admin/notifications/new');
    await fill(user, await screen.findByRole('textbox', { name: /^Title/ }), 'Preview title');
    await fill(
      user,
      field(/^Summary/),
      'Hello **bold** <script>alert(1)</script><b>raw</b> [click](javascript:alert(1))',
    );

    const preview = screen.getByRole('region', { name: 'Preview' });
    const cards = await within(preview).findAllByRole('article', { name: 'Preview title' });
    expect(cards).toHaveLength(2);
    const [unread, read] = cards as [HTMLElement, HTMLElement];
    expect(unread).toHaveAttribute('data-unread');
    expect(within(unread).getByText('Unread')).toBeInTheDocument();
    expect(read).not.toHaveAttribute('data-unread');

    for (const card of cards) {
      expect(await within(card).findByText('bold')).toContainHTML('strong');
      expect(card.querySelector('script')).toBeNull();
      expect(card.querySelector('b')).toBeNull();
      expect(within(card).getByText('click').closest('a')).toBeNull();
      expect(card.innerHTML).not.toContain('javascript:');
    }
  });

  it('locks Critical on edit and saves with PATCH without it', async () => {
    const record = buildAdminNotification({
      id: 3,
      title: 'Old title',
      draft: true,
      show_after: '2026-07-01',
    });
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/v1/admin/notifications/3' && init.method === 'PATCH') {
        return { body: { ...record, title: 'New title' } };
      }
      if (url === '/api/v1/admin/notifications/3') return { body: record };
      return undefined;
    });
    const { user, router } = renderRoutes(routes, '/admin/notifications/3/edit');
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    expect(title).toHaveValue('Old title');
    expect(screen.getByRole('checkbox', { name: 'Critical' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    const update = screen.getByRole('button', { name: 'Update' });
    expect(update).toBeDisabled();

    await user.clear(title);
    await fill(user, title, 'New title');
    await user.click(update);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/notifications'));
    // Only the field the user changed is sent; critical never is.
    expect(JSON.parse(String(sent(fetchMock.mock.calls, 'PATCH')[0]?.[1]?.body))).toEqual({
      title: 'New title',
    });
  });

  it('on edit sends only the changed fields: unchecking Draft and clearing Show after', async () => {
    const record = buildAdminNotification({ id: 3, draft: true, show_after: '2026-07-01' });
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/v1/admin/notifications/3' && init.method === 'PATCH') {
        return { body: { ...record, draft: false, show_after: null } };
      }
      if (url === '/api/v1/admin/notifications/3') return { body: record };
      return undefined;
    });
    const { user, router } = renderRoutes(routes, '/admin/notifications/3/edit');
    await user.click(await screen.findByRole('checkbox', { name: 'Draft' }));
    await user.clear(screen.getByRole('textbox', { name: /^Show after/ }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/notifications'));
    const patches = sent(fetchMock.mock.calls, 'PATCH');
    expect(patches).toHaveLength(1);
    expect(JSON.parse(String(patches[0]?.[1]?.body))).toEqual({ draft: false, show_after: null });
  });

  it('confirms a delete with the spec text', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/v1/admin/notifications/3' && init.method === 'DELETE') return { status: 204 };
      if (url === '/api/v1/admin/notifications/3') return { body: buildAdminNotification({ id: 3 }) };
      return undefined;
    });
    const { user, router } = renderRoutes(routes, '/admin/notifications/3/edit');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Are you sure you wish to delete this notification?'),
    ).toBeInTheDocument();
    // Cancel has the focus, and the close button a name (issue 13 item 7).
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/notifications'));
    expect(sent(fetchMock.mock.calls, 'DELETE')).toHaveLength(1);
  });

  it('shows the response’s errors in "An error occurred" as formatted JSON, and on the fields', async () => {
    answerCreate(
      errorBody(422, 'validation_failed', 'Validation failed', [
        { path: 'title', message: 'is too long', code: 'too_long', params: { max: 200 } },
      ]),
    );
    const { user } = await openNewWith('T', 'S', 'B');
    await user.click(screen.getByRole('button', { name: 'Notify' }));
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByText('An error occurred')).toBeInTheDocument();
    expect(within(panel).getByTestId('error-json').textContent).toBe(
      JSON.stringify(['Title is too long'], null, 2),
    );
    expect(panel).not.toHaveTextContent('Validation failed');
    expect(screen.getByText('Must be at most 200 characters')).toBeInTheDocument();
    expect(field(/^Title/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the delivery progress of a critical notification', async () => {
    mockFetch((url) =>
      url === '/api/v1/admin/notifications/5'
        ? {
            body: buildAdminNotification({
              id: 5,
              critical: true,
              delivery: { total: 10, queued: 4, sent: 5, failed: 1 },
            }),
          }
        : undefined,
    );
    renderRoutes(routes, '/admin/notifications/5/edit');
    const bar = await screen.findByRole('progressbar', { name: 'E-mails processed' });
    expect(bar).toHaveAttribute('aria-valuenow', '60');
    expect(screen.getByText('Queued: 4')).toBeInTheDocument();
    expect(screen.getByText('Sent: 5')).toBeInTheDocument();
    expect(screen.getByText('Failed: 1')).toBeInTheDocument();
  });
});
