import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildOutboundEmail } from '../../test/factories';
import { errorBody, mockFetch, renderRoutes } from '../../test/render';
import { OutboundEmailsPage } from './OutboundEmailsPage';

const routes = [{ path: '/admin/outbound_emails', element: <OutboundEmailsPage /> }];
const isList = (url: string) => url.startsWith('/api/v1/admin/outbound_emails?');

function answer(total: number) {
  return {
    body: [buildOutboundEmail({ id: 1, to: 'ada@example.com', subject: 'Welcome', status: 'failed' })],
    headers: { Total: String(total), 'Per-Page': '50' },
  };
}

const lastList = (fetchMock: ReturnType<typeof mockFetch>) =>
  decodeURIComponent(String(fetchMock.mock.calls.filter(([url]) => isList(String(url))).at(-1)?.[0]));

describe('OutboundEmailsPage', () => {
  it('reads its filters from the URL and sends them', async () => {
    const fetchMock = mockFetch((url) => (isList(url) ? answer(1) : undefined));
    renderRoutes(routes, '/admin/outbound_emails?search=ada&status=failed&sort=to');
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(lastList(fetchMock)).toBe(
      '/api/v1/admin/outbound_emails?page=1&per_page=50&sort[]=to&filters[search]=ada&filters[status]=failed',
    );
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('ada');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Failed');
    expect(screen.getByRole('columnheader', { name: /To/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('puts a status filter in the URL as a new history entry, back on page 1', async () => {
    const fetchMock = mockFetch((url) => (isList(url) ? answer(120) : undefined));
    const { user, router } = renderRoutes(routes, '/admin/outbound_emails?page=2');
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Queued' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=queued'));
    expect(router.state.historyAction).toBe('PUSH');
    await waitFor(() => expect(lastList(fetchMock)).toContain('page=1&'));
    expect(lastList(fetchMock)).toContain('filters[status]=queued');
  });

  it('opens an e-mail from its row', async () => {
    mockFetch((url) => (isList(url) ? answer(1) : undefined));
    const { user } = renderRoutes(routes, '/admin/outbound_emails');
    await user.click(await screen.findByRole('row', { name: 'Open e-mail “Welcome” to ada@example.com' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Welcome')).toBeInTheDocument();
  });

  it('shows the forbidden page when the server refuses', async () => {
    mockFetch(() => errorBody(403, 'forbidden', 'Forbidden'));
    renderRoutes(routes, '/admin/outbound_emails');
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
  });
});
