import type { DeveloperApp } from '@lintel/shared';
import {
  type ConfiguredManifestInput,
  type Manifest,
  type ManifestSummary,
  PERMISSION_CATALOGUE,
  PERMISSION_LEVELS,
  VIEW_KEYS,
} from '@lintel/shared/manifests';
import { Outlet } from 'react-router';
import { buildSession } from '../../test/factories';
import { type FetchHandler, type MockResponse, mockFetch, renderRoutes } from '../../test/render';
import type { AppOutletContext } from '../developer-apps/detail/appOutlet';
import { buildDeveloperApp } from '../developer-apps/factories';

// Test builders and a fake API for the manifest screens' component tests.

export function buildManifest(overrides: Partial<Manifest> = {}): Manifest {
  const id = overrides.id ?? 21;
  return {
    id,
    app_version_id: id,
    developer_app_id: 5,
    semantic_version: '0.1.0',
    state: 'draft',
    environment_type: 'Sandbox',
    app_version_key: `key-${id}`,
    schema_version: '4.1',
    auth_code_enabled: true,
    changelog: null,
    submittable: false,
    promotable: true,
    published_to_marketplace: false,
    source_app_version_id: null,
    developer_notes: null,
    admin_notes: null,
    rejected_at: null,
    created_at: '2026-03-02T10:00:00.000Z',
    content: { schema_version: '4.1', app_manifest: { uid: 'uid', name: 'Crane Tracker' } },
    configured_manifest_content: { auth_code_enabled: true } as Manifest['configured_manifest_content'],
    ...overrides,
  };
}

export function summaryOf(manifest: Manifest): ManifestSummary {
  const { content: _c, configured_manifest_content: _f, ...summary } = manifest;
  return summary;
}

export function withConfigured(configured: ConfiguredManifestInput): Manifest['configured_manifest_content'] {
  return configured as Manifest['configured_manifest_content'];
}

export interface FakeApi {
  app: DeveloperApp;
  manifests?: Manifest[];
  features?: Partial<ReturnType<typeof buildSession>['features']>;
  admin?: boolean;
  extra?: FetchHandler;
}

/** Serves the session, the app, its versions, one version, the view keys and the permission catalogue. */
export function serveManifests({ app, manifests = [], features, admin = false, extra }: FakeApi) {
  return mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    const found = extra?.(url, init);
    if (found) return found;
    if (url === '/api/v1/session') {
      const session = buildSession({ is_admin: admin });
      return { body: { ...session, features: { ...session.features, ...features } } };
    }
    if (url === `/api/v1/developer_apps/${app.id}` && method === 'GET') return { body: app };
    if (url === '/api/v1/manifest_views') return { body: { views: VIEW_KEYS } };
    if (url === '/api/v1/manifest_permissions')
      return {
        body: {
          levels: PERMISSION_LEVELS.map((l) => ({ id: l.id, name: l.name, label: l.label })),
          ...PERMISSION_CATALOGUE,
        },
      };
    const one = /^\/api\/v1\/app_versioned_manifests\/(\d+)$/.exec(url);
    if (one && method === 'GET') {
      const manifest = manifests.find((m) => m.id === Number(one[1]));
      return manifest ? { body: manifest } : undefined;
    }
    if (url.startsWith('/api/v1/manifests?')) {
      const query = new URLSearchParams(url.split('?')[1]);
      const environment = query.get('filters[versionable_type]');
      const items = manifests
        .filter((m) => m.environment_type === environment)
        .sort((a, b) => b.id - a.id)
        .map(summaryOf);
      const answer: MockResponse = {
        body: items,
        headers: { Total: String(items.length), 'Per-Page': '100' },
      };
      return answer;
    }
    return undefined;
  });
}

/** Renders a tab under the app page's outlet context (without the page frame around it). */
export function renderTab(element: React.ReactElement, app: DeveloperApp, path = '/developer_apps/5/tab') {
  const context: AppOutletContext = { app };
  return renderRoutes(
    [
      {
        path: '/developer_apps/:id',
        element: <Outlet context={context} />,
        children: [
          { path: 'tab', element },
          { path: 'configurations', element },
          { path: 'elsewhere', element: <p>Another tab</p> },
        ],
      },
    ],
    path,
    { withToasts: true },
  );
}

export { buildDeveloperApp };
