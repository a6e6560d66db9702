import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSession } from '../../test/factories';
import { mockFetch, renderRoutes } from '../../test/render';
import { buildManifest, summaryOf } from '../manifests/testing';
import { AdminAppLayout } from './AdminAppLayout';
import { useAdminAppOutlet } from './adminAppOutlet';
import { buildAdminApp } from './factories';
import { GeneralTab } from './GeneralTab';

// Issue 20 polish: "1 versions" — the version counts of the admin General tab are plural-aware.

function GeneralProbe() {
  const { app } = useAdminAppOutlet();
  return <GeneralTab app={app} />;
}

const routes = [
  {
    path: '/admin/developer_apps/:id',
    element: <AdminAppLayout />,
    children: [{ index: true, element: <GeneralProbe /> }],
  },
];

function serve() {
  const sandbox = buildManifest({ id: 21 });
  const production = buildManifest({
    id: 31,
    environment_type: 'ProductionEnvironment',
    state: 'confidential',
  });
  const app = buildAdminApp({
    manifests: {
      latest_sandbox: summaryOf(sandbox),
      latest_production: summaryOf(production),
      sandbox_count: 1,
      production_count: 3,
    },
  });
  mockFetch((url, init) => {
    if (url === '/api/v1/session') return { body: buildSession({ is_admin: true }) };
    if (url === '/api/v1/admin/developer_apps/5' && (init.method ?? 'GET') === 'GET') return { body: app };
    if (url.startsWith('/api/v1/admin/audit_events?')) return { body: [], headers: { Total: '0' } };
    return undefined;
  });
}

describe('the version counts of the admin app page', () => {
  it('say "1 version" and "3 versions"', async () => {
    serve();
    renderRoutes(routes, '/admin/developer_apps/5');
    const sandbox = await screen.findByText('1 version');
    expect(sandbox).toBeInTheDocument();
    expect(screen.getByText('3 versions')).toBeInTheDocument();
    expect(screen.queryByText('1 versions')).toBeNull();
  });

  it('in Spanish too', async () => {
    serve();
    renderRoutes(routes, '/admin/developer_apps/5', { language: 'es' });
    expect(await screen.findByText('1 versión')).toBeInTheDocument();
    expect(within(document.body).getByText('3 versiones')).toBeInTheDocument();
  });
});
