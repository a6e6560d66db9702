import type { DeveloperApp } from '@lintel/shared';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSession } from '../../../test/factories';
import { errorBody, type FetchHandler, mockFetch, renderRoutes } from '../../../test/render';
import { writeFlag } from '../../manifests/optIn/flags';
import { buildDeveloperApp, buildSandbox, permissionsOf } from '../factories';
import { AppDetailLayout } from './AppDetailLayout';
import { useAppOutlet } from './appOutlet';
import { SandboxCard } from './SandboxCard';

function TabProbe() {
  const { app } = useAppOutlet();
  return <p>Tab content of {app.internal_name}</p>;
}

const routes = [
  { path: '/developer_apps', element: <h1>Apps list</h1> },
  {
    path: '/developer_apps/:id',
    element: <AppDetailLayout />,
    children: [
      { index: true, element: <TabProbe /> },
      { path: 'settings', element: <TabProbe /> },
    ],
  },
];

function serve(app: DeveloperApp, extra: FetchHandler = () => undefined) {
  return mockFetch((url, init) => {
    if (url === '/api/v1/session') return { body: buildSession() };
    if (url === `/api/v1/developer_apps/${app.id}` && (init.method ?? 'GET') === 'GET') return { body: app };
    return extra(url, init);
  });
}

// The tabbed layout is the form-based experience's: these users have opted in.
beforeEach(() => writeFlag('beta', true));

afterEach(() => {
  vi.useRealTimers();
});

describe('AppDetailLayout', () => {
  it('shows breadcrumbs, the tab navigation without metrics, and the tab once the sandbox is live', async () => {
    serve(buildDeveloperApp());
    renderRoutes(routes, '/developer_apps/5');
    expect(await screen.findByText('Tab content of Crane Tracker (internal)')).toBeInTheDocument();
    const crumbs = screen.getByLabelText('Breadcrumbs');
    expect(within(crumbs).getByRole('link', { name: 'Apps' })).toHaveAttribute('href', '/developer_apps');
    expect(within(crumbs).getByRole('link', { name: 'Crane Tracker (internal)' })).toHaveAttribute(
      'href',
      '/developer_apps/5',
    );
    const nav = screen.getByRole('navigation', { name: 'App sections' });
    const tabs = within(nav).getAllByRole('link');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Configurations',
      'Versions',
      'Settings',
      'OAuth credentials',
      'Collaborators',
      'Marketplace listing',
      'API activity',
      'Webhooks',
    ]);
    expect(within(nav).getByRole('link', { name: 'Configurations' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'OAuth credentials' })).toHaveAttribute(
      'href',
      '/developer_apps/5/oauthCredentials',
    );
  });

  it('replaces the tab with the sandbox-missing screen and the building card while pending', async () => {
    serve(buildDeveloperApp({ sandbox: buildSandbox({ status: 'pending' }) }));
    renderRoutes(routes, '/developer_apps/5/settings');
    expect(await screen.findByText(/experiencing high volume/)).toBeInTheDocument();
    expect(screen.getByText(/receive an e-mail/)).toBeInTheDocument();
    expect(screen.queryByText(/Tab content/)).not.toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Sandbox' });
    expect(within(card).getAllByText('Building sandbox').length).toBeGreaterThan(0);
    expect(within(card).getByText(/may take some time/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /api-support@/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
    // A developer of the app may not generate a fake sandbox.
    expect(within(card).queryByRole('button', { name: 'Generate fake sandbox' })).not.toBeInTheDocument();
  });

  it('says only the failure text of spec 2 when the sandbox build failed, never "on its way"', async () => {
    serve(buildDeveloperApp({ sandbox: buildSandbox({ status: 'failed' }) }));
    renderRoutes(routes, '/developer_apps/5/settings');
    const card = await screen.findByRole('region', { name: 'Sandbox' });
    expect(within(card).getByText('Something went wrong building your sandbox.')).toBeInTheDocument();
    expect(within(card).getByText(/team has been notified/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /api-support@/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
    expect(screen.queryByText(/on its way/)).not.toBeInTheDocument();
    expect(screen.queryByText(/experiencing high volume/)).not.toBeInTheDocument();
    expect(screen.queryByText(/receive an e-mail/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Building sandbox/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Tab content/)).not.toBeInTheDocument();
  });

  it('refreshes itself every 3 s while the sandbox is pending and shows the tab once live', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    mockFetch((url) => {
      if (url === '/api/v1/session') return { body: buildSession() };
      if (url !== '/api/v1/developer_apps/5') return undefined;
      calls += 1;
      return {
        body: buildDeveloperApp({ sandbox: buildSandbox({ status: calls >= 2 ? 'live' : 'pending' }) }),
      };
    });
    renderRoutes(routes, '/developer_apps/5');
    expect(await screen.findByText(/experiencing high volume/)).toBeInTheDocument();
    expect(calls).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(3_100));
    expect(await screen.findByText('Tab content of Crane Tracker (internal)')).toBeInTheDocument();
    expect(calls).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(6_500));
    expect(calls).toBe(2);
  });

  it('shows the production-access notice and the support-contact warning', async () => {
    serve(
      buildDeveloperApp({
        production_access: 'production_pending',
        published_at: '2026-03-02T00:00:00Z',
        live: true,
      }),
    );
    renderRoutes(routes, '/developer_apps/5');
    expect(
      await screen.findByText(/Your request for production access is being reviewed/),
    ).toBeInTheDocument();
    expect(screen.getByText('Add a support contact')).toBeInTheDocument();
  });

  it('drops the support-contact warning once the app has a support contact (contact or listing e-mail)', async () => {
    serve(
      buildDeveloperApp({
        production_access: 'production_pending',
        published_at: '2026-03-02T00:00:00Z',
        live: true,
        has_support_contact: true,
      }),
    );
    renderRoutes(routes, '/developer_apps/5');
    expect(
      await screen.findByText(/Your request for production access is being reviewed/),
    ).toBeInTheDocument();
    expect(screen.queryByText('Add a support contact')).not.toBeInTheDocument();
  });

  it('generates a fake sandbox and shows its secret once', async () => {
    const app = buildDeveloperApp({
      sandbox: buildSandbox({ status: 'failed' }),
      permissions: permissionsOf('owner', { canGenerateFakeSandbox: true }),
    });
    const fetchMock = serve(app, (url, init) =>
      url === '/api/v1/developer_apps/5/fake_sandbox' && init.method === 'POST'
        ? {
            body: {
              ...app,
              sandbox: buildSandbox({ status: 'live', app_id: 'fake-id' }),
              app_secret: 's3cr3t',
            },
          }
        : undefined,
    );
    const { user } = renderRoutes(routes, '/developer_apps/5');
    await user.click(await screen.findByRole('button', { name: 'Generate fake sandbox' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fake sandbox generated' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(within(dialog).getByText('s3cr3t')).toBeInTheDocument();
    expect(within(dialog).getByText(/it will not be shown again/)).toBeInTheDocument();
    expect(await screen.findByText('Tab content of Crane Tracker (internal)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('s3cr3t')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/fake_sandbox'))).toHaveLength(1);
  });

  it('says so when the app does not exist or is not shared with the user', async () => {
    mockFetch((url) =>
      url === '/api/v1/session' ? { body: buildSession() } : errorBody(404, 'not_found', 'Not found'),
    );
    renderRoutes(routes, '/developer_apps/99');
    expect(await screen.findByRole('heading', { name: 'App not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your apps' })).toHaveAttribute(
      'href',
      '/developer_apps',
    );
  });
});

describe('SandboxCard', () => {
  const render = (app: DeveloperApp, withFake = true) => {
    mockFetch(() => undefined);
    return renderRoutes(
      [{ path: '/', element: <SandboxCard app={app} onGenerateFake={withFake ? () => {} : undefined} /> }],
      '/',
    );
  };

  it('pending: building, may take time, support link', () => {
    render(buildDeveloperApp({ sandbox: buildSandbox({ status: 'pending' }) }));
    expect(screen.getByText(/may take some time/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /api-support@/ })).toBeInTheDocument();
  });

  it('failed: the failure message, the team notified, contact support', () => {
    render(buildDeveloperApp({ sandbox: buildSandbox({ status: 'failed' }) }));
    expect(screen.getByText('Something went wrong building your sandbox.')).toBeInTheDocument();
    expect(screen.getByText(/team has been notified/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /api-support@/ })).toBeInTheDocument();
  });

  it('no sandbox: says so', () => {
    render(buildDeveloperApp({ sandbox: null }));
    expect(screen.getByText('This app has no sandbox')).toBeInTheDocument();
  });

  it('live: client id, sandbox url and redirect URIs', () => {
    render(buildDeveloperApp());
    expect(screen.getByText('sandbox-client-id')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://sandbox.example.com/companies/4' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Redirect URIs' })).toHaveValue(
      'https://app.example.com/callback',
    );
  });

  it('offers "Generate fake sandbox" only with the permission and while not live', () => {
    const allowed = permissionsOf('owner', { canGenerateFakeSandbox: true });
    const { unmount } = render(
      buildDeveloperApp({ sandbox: buildSandbox({ status: 'pending' }), permissions: allowed }),
    );
    expect(screen.getByRole('button', { name: 'Generate fake sandbox' })).toBeInTheDocument();
    unmount();
    const second = render(
      buildDeveloperApp({ sandbox: buildSandbox({ status: 'live' }), permissions: allowed }),
    );
    expect(screen.queryByRole('button', { name: 'Generate fake sandbox' })).not.toBeInTheDocument();
    second.unmount();
    render(buildDeveloperApp({ sandbox: buildSandbox({ status: 'failed' }) }));
    expect(screen.queryByRole('button', { name: 'Generate fake sandbox' })).not.toBeInTheDocument();
  });
});
