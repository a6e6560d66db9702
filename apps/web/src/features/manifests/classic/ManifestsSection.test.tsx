import type { DeveloperApp } from '@lintel/shared';
import type { ManifestSummary } from '@lintel/shared/manifests';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildSession } from '../../../test/factories';
import { type FetchHandler, mockFetch, renderRoutes } from '../../../test/render';
import { AppDetailLayout } from '../../developer-apps/detail/AppDetailLayout';
import { buildCollaborator, buildDeveloperApp } from '../../developer-apps/factories';
import { listAnswer } from '../../notifications/factories';
import { writeFlag } from '../optIn/flags';
import { buildManifest } from '../testing';
import { buildVersion } from './factories';

// The JSON editor (CodeMirror) has tests of its own; here it stands in as the version it would create.
const created = vi.hoisted(() => ({ content: {} as Record<string, unknown> }));
vi.mock('../editor/ManifestEditorModal', () => ({
  default: ({ onCreated }: { onCreated: (version: unknown) => void }) => (
    <button type="button" onClick={() => onCreated(buildManifest({ id: 1, content: created.content }))}>
      Editor creates
    </button>
  ),
}));

const routes = [
  {
    path: '/developer_apps/:id',
    element: <AppDetailLayout />,
    children: [{ index: true, element: <p>Configurations tab</p> }],
  },
];

interface Setup {
  app?: DeveloperApp;
  sandbox?: ManifestSummary[];
  production?: ManifestSummary[];
  admin?: boolean;
  extra?: FetchHandler;
}

function serve({
  app = buildDeveloperApp(),
  sandbox = [],
  production = [],
  admin = false,
  extra,
}: Setup = {}) {
  return mockFetch((url, init) => {
    const answer = extra?.(url, init);
    if (answer) return answer;
    if (url === '/api/v1/session') return { body: buildSession({ is_admin: admin }) };
    if (url === `/api/v1/developer_apps/${app.id}`) return { body: app };
    if (url.startsWith('/api/v1/manifests?')) {
      const query = decodeURIComponent(url);
      return listAnswer(query.includes('versionable_type]=Sandbox') ? sandbox : production, { perPage: 100 });
    }
    if (url.startsWith('/api/v1/collaborators')) return { body: [buildCollaborator()] };
    if (url.startsWith('/api/v1/invitations')) return { body: [] };
    return undefined;
  });
}

const manifestsRegion = async () => screen.findByRole('region', { name: 'Manifests' });

describe('the manifests section of the older layout', () => {
  it('says "No Manifests Created" and that production manifests need production credentials', async () => {
    serve();
    const { user } = renderRoutes(routes, '/developer_apps/5');
    const region = await manifestsRegion();
    expect(await within(region).findByText('No Manifests Created')).toBeInTheDocument();
    await user.click(within(region).getByRole('tab', { name: 'Production' }));
    expect(
      within(region).getByText(/Production credentials are required before production manifests/),
    ).toBeVisible();
  });

  it('lists the sandbox versions newest first and offers Create to the owner', async () => {
    serve({
      sandbox: [
        buildVersion({ id: 2, semantic_version: '0.2.0' }),
        buildVersion({ id: 1, semantic_version: '0.1.0' }),
      ],
    });
    renderRoutes(routes, '/developer_apps/5');
    const region = await manifestsRegion();
    const table = await within(region).findByRole('table', { name: 'Sandbox manifests' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('button', { name: 'View version 0.2.0' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Create new version' })).toBeEnabled();
  });

  it('offers Create only once the sandbox versions are in, so a new version starts from the latest one', async () => {
    serve({ sandbox: [buildVersion({ id: 1, semantic_version: '0.1.0' })] });
    const served = globalThis.fetch;
    let release = () => {};
    const versionsIn = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).startsWith('/api/v1/manifests?')) await versionsIn;
      return served(input, init);
    });
    renderRoutes(routes, '/developer_apps/5');
    const region = await manifestsRegion();
    expect(await within(region).findByRole('button', { name: 'Create new version' })).toBeDisabled();
    release();
    await within(region).findByRole('table', { name: 'Sandbox manifests' });
    expect(within(region).getByRole('button', { name: 'Create new version' })).toBeEnabled();
  });

  it('says creation is temporarily disabled when canCreateSandboxManifests is off, and hides Create from developers', async () => {
    const base = buildDeveloperApp();
    serve({
      app: buildDeveloperApp({ permissions: { ...base.permissions, canCreateSandboxManifests: false } }),
    });
    const { unmount } = renderRoutes(routes, '/developer_apps/5');
    const region = await manifestsRegion();
    expect(within(region).getByRole('button', { name: 'Create new version' })).toBeDisabled();
    expect(
      within(region).getByText('Creating sandbox versions is temporarily disabled.'),
    ).toBeInTheDocument();
    unmount();

    serve({ app: buildDeveloperApp({ role: 'developer' }) });
    renderRoutes(routes, '/developer_apps/5');
    const again = await manifestsRegion();
    expect(await within(again).findByText('No Manifests Created')).toBeInTheDocument();
    expect(within(again).queryByRole('button', { name: 'Create new version' })).not.toBeInTheDocument();
  });

  it('lets a platform admin approve an in-review production version with notes (PATCH /api/v1/app_versions/:id)', async () => {
    const inReview = buildVersion({
      id: 7,
      semantic_version: '0.2.0',
      environment_type: 'ProductionEnvironment',
      state: 'in_review',
      changelog: 'Adds the RFI panel',
    });
    const fetchMock = serve({
      app: buildDeveloperApp({ production_access: 'granted', uid: 'prod-uid' }),
      production: [inReview],
      admin: true,
      extra: (url, init) =>
        url === '/api/v1/app_versions/7' && init.method === 'PATCH'
          ? { body: { ...inReview, state: 'published', content: {}, configured_manifest_content: null } }
          : undefined,
    });
    const { user } = renderRoutes(routes, '/developer_apps/5', { withToasts: true });
    const region = await manifestsRegion();
    await user.click(within(region).getByRole('tab', { name: 'Production' }));
    const table = await within(region).findByRole('table', { name: 'Production manifests' });
    expect(within(table).getByText('Adds the RFI panel')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Approve version 0.2.0' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve version 0.2.0' });
    await user.type(within(dialog).getByRole('textbox', { name: /Notes for the developers/ }), 'Looks good');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const patch = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/v1/app_versions/7' && init?.method === 'PATCH',
    );
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      app_version: { id: 7, state: 'published', admin_notes: 'Looks good' },
    });
  });
});

describe('a rejected production version (issue 20)', () => {
  it('shows the developer the Rejected state and the reviewer notes on the production table', async () => {
    const rejected = buildVersion({
      id: 7,
      semantic_version: '0.2.0',
      environment_type: 'ProductionEnvironment',
      // As the API answers a rejection: the spec's confidential, marked rejected_at (spec 2 §4, issue 20).
      state: 'confidential',
      rejected_at: '2026-03-03T09:00:00.000Z',
      submittable: true,
      admin_notes: 'Add a support link to the side panel.',
    });
    serve({
      app: buildDeveloperApp({ production_access: 'granted', uid: 'prod-uid' }),
      production: [rejected],
    });
    const { user } = renderRoutes(routes, '/developer_apps/5');
    const region = await manifestsRegion();
    await user.click(within(region).getByRole('tab', { name: 'Production' }));
    const table = await within(region).findByRole('table', { name: 'Production manifests' });
    expect(within(table).getByText('Rejected')).toBeInTheDocument();
    expect(within(table).queryByText('Confidential')).toBeNull();
    const notes = within(table).getByTestId('version-rejection');
    expect(notes).toHaveTextContent('Version 0.2.0 was rejected');
    expect(notes).toHaveTextContent('Add a support link to the side panel.');
    expect(
      within(table).getByRole('button', { name: 'Submit for review version 0.2.0' }),
    ).toBeInTheDocument();
  });

  it('asks a platform admin for notes before rejecting, then sends them', async () => {
    const inReview = buildVersion({
      id: 7,
      semantic_version: '0.2.0',
      environment_type: 'ProductionEnvironment',
      state: 'in_review',
    });
    const fetchMock = serve({
      app: buildDeveloperApp({ production_access: 'granted', uid: 'prod-uid' }),
      production: [inReview],
      admin: true,
      extra: (url, init) =>
        url === '/api/v1/app_versions/7' && init.method === 'PATCH'
          ? {
              body: {
                ...inReview,
                state: 'confidential',
                rejected_at: '2026-03-03T09:00:00.000Z',
                admin_notes: 'Too broad',
                content: {},
                configured_manifest_content: null,
              },
            }
          : undefined,
    });
    const { user } = renderRoutes(routes, '/developer_apps/5', { withToasts: true });
    const region = await manifestsRegion();
    await user.click(within(region).getByRole('tab', { name: 'Production' }));
    const table = await within(region).findByRole('table', { name: 'Production manifests' });
    await user.click(within(table).getByRole('button', { name: 'Reject version 0.2.0' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject version 0.2.0' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(
      await within(dialog).findByText('Write what the developers must change before rejecting.'),
    ).toBeVisible();
    const patches = () =>
      fetchMock.mock.calls.filter(
        ([url, init]) => url === '/api/v1/app_versions/7' && init?.method === 'PATCH',
      );
    expect(patches()).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Notes for the developers/ }), 'Too broad');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(JSON.parse(String(patches()[0]?.[1]?.body))).toEqual({
      // The spec's reject (spec 2 §4): confidential with the platform admin's notes.
      app_version: { id: 7, state: 'confidential', admin_notes: 'Too broad' },
    });
  });
});

describe('an app the builder cannot show', () => {
  it('opens in the older layout for an opted-in user, says why, and asks to migrate a 3.x manifest', async () => {
    writeFlag('beta', true);
    writeFlag('selfServiceIntroDismissed', true);
    const latest = buildVersion({ id: 9, semantic_version: '1.0.0', schema_version: '3.2' });
    const base = buildDeveloperApp();
    serve({
      app: { ...base, manifests: { ...base.manifests, latest_sandbox: latest, sandbox_count: 1 } },
      sandbox: [latest],
      extra: (url) =>
        url === '/api/v1/app_versioned_manifests/9'
          ? { body: { ...latest, content: { schema_version: '3.2' }, configured_manifest_content: null } }
          : undefined,
    });
    renderRoutes(routes, '/developer_apps/5');
    const dialog = await screen.findByRole('dialog', {
      name: 'The form-driven experience is not available for this app',
    });
    expect(within(dialog).getByRole('link', { name: 'How to define a manifest' })).toHaveAttribute(
      'href',
      '/documentation/building-apps-define-manifest',
    );
    expect(screen.getByText('App Not Updated')).toBeInTheDocument();
    expect(screen.queryByText('Configurations tab')).not.toBeInTheDocument();
    expect(screen.getByText('Manage app')).toBeInTheDocument();
  });

  it('opens on the tabs when the builder can show the latest manifest', async () => {
    writeFlag('beta', true);
    const latest = buildVersion({ id: 9 });
    const base = buildDeveloperApp();
    serve({
      app: { ...base, manifests: { ...base.manifests, latest_sandbox: latest, sandbox_count: 1 } },
      extra: (url) =>
        url === '/api/v1/app_versioned_manifests/9'
          ? { body: { ...latest, content: { schema_version: '4.1' }, configured_manifest_content: {} } }
          : undefined,
    });
    renderRoutes(routes, '/developer_apps/5');
    expect(await screen.findByText('Configurations tab')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('raises the first-OAuth banner for a first version with an OAuth component, not for a later one (spec 2 §4)', async () => {
    created.content = {
      schema_version: '3',
      components: { oauth: { instances: [{ uid: 'u', uuid: 'v', grant_type: 'authorization_code' }] } },
    };
    serve();
    const { user, unmount } = renderRoutes(routes, '/developer_apps/5');
    let region = await manifestsRegion();
    await user.click(await within(region).findByRole('button', { name: 'Create new version' }));
    await user.click(await screen.findByRole('button', { name: 'Editor creates' }));
    expect(await within(region).findByText("Your app's first OAuth component")).toBeInTheDocument();
    unmount();

    serve({ sandbox: [buildVersion({ id: 1, semantic_version: '0.1.0' })] });
    const again = renderRoutes(routes, '/developer_apps/5');
    region = await manifestsRegion();
    await within(region).findByRole('table', { name: 'Sandbox manifests' });
    await again.user.click(within(region).getByRole('button', { name: 'Create new version' }));
    await again.user.click(await screen.findByRole('button', { name: 'Editor creates' }));
    expect(await within(region).findByText('Sandbox manifest created')).toBeInTheDocument();
    expect(within(region).queryByText("Your app's first OAuth component")).not.toBeInTheDocument();
  });
});
