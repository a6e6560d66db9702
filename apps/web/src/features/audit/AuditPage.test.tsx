import type { AuditEvent } from '@lintel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, mockFetch, renderRoutes } from '../../test/render';
import { AppAuditEvents } from './AppAuditEvents';
import { AuditPage } from './AuditPage';

const routes = [{ path: '/admin/audit', element: <AuditPage /> }];
const isList = (url: string) => url.startsWith('/api/v1/admin/audit_events?');
const isActors = (url: string) => url.startsWith('/api/v1/admin/audit_events/actors');

function event(overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id: 1,
    action: 'rate_limit_bucket.updated',
    actor: { id: 5, name: 'Ada Admin', email: 'ada@example.com' },
    subject_type: 'rate_limit_bucket',
    subject_id: '11',
    developer_app_id: null,
    changes: {
      before: { domain: 'a.example.test', name: 'Acme' },
      after: { domain: 'b.example.test', name: 'Acme 2' },
    },
    client_address: '203.0.113.9',
    created_at: '2026-03-01T10:00:00Z',
    ...overrides,
  };
}

const answer = (events: AuditEvent[], total = events.length) => ({
  body: events,
  headers: { Total: String(total), 'Per-Page': '50' },
});

const lastList = (fetchMock: ReturnType<typeof mockFetch>) =>
  decodeURIComponent(String(fetchMock.mock.calls.filter(([url]) => isList(String(url))).at(-1)?.[0]));

describe('AuditPage', () => {
  it('lists events with time, actor, action, subject and the before → after of each changed field', async () => {
    mockFetch((url) =>
      isList(url)
        ? answer([
            event(),
            event({
              id: 2,
              actor: null,
              action: 'developer_app.undeleted',
              developer_app_id: 42,
              subject_type: 'developer_app',
              subject_id: '42',
              changes: { before: { deleted_at: '2026-02-01' }, after: { deleted_at: null } },
            }),
          ])
        : isActors(url)
          ? { body: [] }
          : undefined,
    );
    renderRoutes(routes, '/admin/audit');
    expect(await screen.findByText('Ada Admin')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Audit trail' });
    const rows = within(table).getAllByRole('row');
    const first = rows[1] as HTMLElement;
    expect(within(first).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(first).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(first).getByText('rate_limit_bucket.updated')).toBeInTheDocument();
    expect(within(first).getByText('rate_limit_bucket #11')).toBeInTheDocument();
    expect(within(first).getByText('domain: a.example.test → b.example.test')).toBeInTheDocument();
    expect(within(first).getByText('name: Acme → Acme 2')).toBeInTheDocument();
    expect(within(first).getByText('from 203.0.113.9')).toBeInTheDocument();
    const second = rows[2] as HTMLElement;
    expect(within(second).getByText('Deleted user')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'App #42' })).toHaveAttribute(
      'href',
      '/admin/developer_apps/42',
    );
    expect(within(second).getByText('deleted_at: 2026-02-01 → (none)')).toBeInTheDocument();
  });

  it('reads its filters from the URL and sends them, newest first', async () => {
    const fetchMock = mockFetch((url) =>
      isList(url) ? answer([event()]) : isActors(url) ? { body: [] } : undefined,
    );
    renderRoutes(
      routes,
      '/admin/audit?actor_id=5&developer_app_id=42&action=developer_app.owner_changed&dates=2026-03-01&dates=2026-03-05',
    );
    expect(await screen.findByText('Ada Admin')).toBeInTheDocument();
    expect(lastList(fetchMock)).toBe(
      '/api/v1/admin/audit_events?page=1&per_page=50&sort[]=-created_at&filters[actor_id]=5&filters[developer_app_id]=42&filters[action]=developer_app.owner_changed&filters[from]=2026-03-01&filters[to]=2026-03-05',
    );
    expect(screen.getByRole('textbox', { name: 'App ID' })).toHaveValue('42');
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveValue('developer_app.owner_changed');
  });

  it('filters by action and by an actor found by e-mail, back on page 1', async () => {
    const fetchMock = mockFetch((url) =>
      isList(url)
        ? answer([event()], 120)
        : isActors(url)
          ? { body: [{ id: 5, name: 'Ada Admin', email: 'ada@example.com' }] }
          : undefined,
    );
    const { user, router } = renderRoutes(routes, '/admin/audit?page=2');
    expect(await screen.findByText('Ada Admin')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'rate_limit_bucket.deleted' }));
    await waitFor(() => expect(router.state.location.search).toBe('?action=rate_limit_bucket.deleted'));
    await waitFor(() => expect(lastList(fetchMock)).toContain('filters[action]=rate_limit_bucket.deleted'));

    const actor = screen.getByRole('combobox', { name: 'Actor' });
    await user.type(actor, 'ada');
    await waitFor(
      () =>
        expect(fetchMock.mock.calls.map(([url]) => decodeURIComponent(String(url)))).toContain(
          '/api/v1/admin/audit_events/actors?search=ada',
        ),
      { timeout: 3000 },
    );
    await user.click(await screen.findByRole('option', { name: 'ada@example.com' }));
    await waitFor(() => expect(router.state.location.search).toContain('actor_id=5'));
    await waitFor(() => expect(lastList(fetchMock)).toContain('filters[actor_id]=5'));
  });

  it('shows the forbidden page when the server refuses', async () => {
    mockFetch(() => errorBody(403, 'forbidden', 'Forbidden'));
    renderRoutes(routes, '/admin/audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeInTheDocument();
  });
});

describe('AppAuditEvents', () => {
  it("lists one app's events", async () => {
    const fetchMock = mockFetch((url) =>
      isList(url)
        ? answer([event({ action: 'developer_app.owner_changed', developer_app_id: 42 })])
        : undefined,
    );
    renderRoutes(
      [{ path: '/admin/developer_apps/42', element: <AppAuditEvents appId={42} /> }],
      '/admin/developer_apps/42',
    );
    expect(await screen.findByText('developer_app.owner_changed')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Audit events of this app' })).toBeInTheDocument();
    expect(lastList(fetchMock)).toContain('filters[developer_app_id]=42');
  });

  it('says when the app has no audited changes', async () => {
    mockFetch((url) => (isList(url) ? answer([]) : undefined));
    renderRoutes([{ path: '/a', element: <AppAuditEvents appId={7} /> }], '/a');
    expect(await screen.findByText('No audited changes to this app yet.')).toBeInTheDocument();
  });
});
