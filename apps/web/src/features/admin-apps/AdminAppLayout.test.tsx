import type { AdminDeveloperApp } from '@lintel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSession } from '../../test/factories';
import { errorBody, type FetchHandler, mockFetch, renderRoutes } from '../../test/render';
import { AdminAppLayout } from './AdminAppLayout';
import { useAdminAppOutlet } from './adminAppOutlet';
import { buildAdminApp } from './factories';
import { GeneralTab } from './GeneralTab';
import { SandboxTab } from './SandboxTab';

function GeneralProbe() {
  const { app } = useAdminAppOutlet();
  return <GeneralTab app={app} />;
}

function SandboxProbe() {
  const { app } = useAdminAppOutlet();
  return <SandboxTab app={app} />;
}

const routes = [
  { path: '/admin/developer_apps', element: <h1>Apps list</h1> },
  {
    path: '/admin/developer_apps/:id',
    element: <AdminAppLayout />,
    children: [
      { index: true, element: <GeneralProbe /> },
      { path: 'sandbox', element: <SandboxProbe /> },
      { path: 'metrics', element: <p>Metrics report</p> },
    ],
  },
];

const url = '/api/v1/admin/developer_apps/5';

/** Answers the app (or what `app()` says it is now), the session and what `extra` answers. */
function serve(
  app: AdminDeveloperApp | (() => AdminDeveloperApp),
  extra: FetchHandler = () => undefined,
  governmentCloud = false,
) {
  return mockFetch((requested, init) => {
    if (requested === '/api/v1/session') {
      const session = buildSession({ is_admin: true });
      return { body: { ...session, features: { ...session.features, government_cloud: governmentCloud } } };
    }
    if (requested === url && (init.method ?? 'GET') === 'GET')
      return { body: typeof app === 'function' ? app() : app };
    const answered = extra(requested, init);
    if (answered) return answered;
    // The app's audit events, listed below the tabs.
    if (requested.startsWith('/api/v1/admin/audit_events?')) return { body: [], headers: { Total: '0' } };
    return undefined;
  });
}

describe('AdminAppLayout', () => {
  it('shows the loader, then breadcrumbs, the title, the tabs and the sidebar', async () => {
    serve(buildAdminApp());
    renderRoutes(routes, '/admin/developer_apps/5');
    expect(screen.getByLabelText('Loading...')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit - Crane Tracker (internal)' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('DELETED')).not.toBeInTheDocument();
    const crumbs = screen.getByLabelText('Breadcrumbs');
    expect(within(crumbs).getByRole('link', { name: 'Developer Apps' })).toHaveAttribute(
      'href',
      '/admin/developer_apps',
    );
    const tabs = screen.getByRole('tablist', { name: 'App sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['General', 'Sandbox', 'Marketplace Listing', 'Metrics', 'API activity', 'Webhooks']);
    const sidebar = screen.getByRole('complementary', { name: 'App administration' });
    expect(within(sidebar).getByText('ada@example.com')).toBeInTheDocument();
    // The owner's platform id beside the portal's (spec 1 §3 admin detail).
    expect(within(sidebar).getByText('Platform id').nextElementSibling).toHaveTextContent('40112');
    expect(within(sidebar).getByRole('link', { name: 'New integration contact' })).toHaveAttribute(
      'href',
      '/admin/developer_apps/5/contacts/new',
    );
    expect(within(sidebar).queryByRole('button', { name: 'Undelete' })).not.toBeInTheDocument();
    expect(screen.queryByText(/has not generated production credentials/)).not.toBeInTheDocument();
  });

  it("shows the sidebar's times in spec 1 §9's long format, N/A when there is none", async () => {
    serve(
      buildAdminApp({
        created_at: new Date(2026, 10, 27, 4, 5, 9).toISOString(),
        updated_at: new Date(2026, 11, 1, 16, 30, 0).toISOString(),
        deleted_at: null,
      }),
    );
    renderRoutes(routes, '/admin/developer_apps/5');
    const sidebar = await screen.findByRole('complementary', { name: 'App administration' });
    expect(within(sidebar).getByRole('row', { name: /Created/ })).toHaveTextContent(
      'November 27th 2026, 4:05:09 am',
    );
    expect(within(sidebar).getByRole('row', { name: /Updated/ })).toHaveTextContent(
      'December 1st 2026, 4:30:00 pm',
    );
    expect(within(sidebar).getByRole('row', { name: /Deleted/ })).toHaveTextContent('N/A');
  });

  it('hides the Metrics tab in government-cloud mode', async () => {
    serve(buildAdminApp(), undefined, true);
    renderRoutes(routes, '/admin/developer_apps/5');
    const tabs = await screen.findByRole('tablist', { name: 'App sections' });
    await waitFor(() =>
      expect(
        within(tabs)
          .getAllByRole('tab')
          .map((tab) => tab.textContent),
      ).toEqual(['General', 'Sandbox', 'Marketplace Listing', 'API activity', 'Webhooks']),
    );
  });

  it('says Could not load with the error text when the app does not load', async () => {
    mockFetch((requested) => {
      if (requested === '/api/v1/session') return { body: buildSession({ is_admin: true }) };
      if (requested === url) return errorBody(503, 'service_unavailable', 'Try again later');
      return undefined;
    });
    const { user } = renderRoutes(routes, '/admin/developer_apps/5');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not load')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Could not load')).not.toBeInTheDocument();
  });

  it('marks a live app (isAppLive on the server) beside its title, and only a live one', async () => {
    serve(buildAdminApp({ live: true }));
    const { unmount } = renderRoutes(routes, '/admin/developer_apps/5');
    expect(await screen.findByTitle('Live in the marketplace')).toHaveTextContent('Live');
    unmount();
    serve(buildAdminApp({ live: false }));
    renderRoutes(routes, '/admin/developer_apps/5');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByTitle('Live in the marketplace')).not.toBeInTheDocument();
  });

  it('shows the owner-mismatch error and the production-credentials notice', async () => {
    serve(buildAdminApp({ owner_mismatch: true, has_production_credentials: false }));
    renderRoutes(routes, '/admin/developer_apps/5');
    expect(
      await screen.findByText(
        'Error: The owner of this app is different between the platform and the Developer portal. Any lookups for this app will not work correctly until this is corrected.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Notice: This app has not generated production credentials.'),
    ).toBeInTheDocument();
  });

  it('marks a deleted app and undeletes it', async () => {
    const deleted = buildAdminApp({ deleted_at: '2026-04-01T10:00:00.000Z' });
    let body: unknown = null;
    const fetchMock = serve(deleted, (requested, init) => {
      if (requested === url && init.method === 'PATCH') {
        body = JSON.parse(String(init.body));
        return { body: { ...deleted, deleted_at: null } };
      }
      return undefined;
    });
    const { user } = renderRoutes(routes, '/admin/developer_apps/5', { withToasts: true });
    expect(await screen.findByText('DELETED')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undelete' }));
    expect(await screen.findByText('App Undeleted!')).toBeInTheDocument();
    expect(body).toEqual({ developer_app: { deleted_at: null } });
    expect(screen.queryByText('DELETED')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undelete' })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalled();
  });

  it('deletes the app after a confirmation flagged as dangerous, then offers Undelete', async () => {
    let current = buildAdminApp();
    const deletes: string[] = [];
    const fetchMock = serve(
      () => current,
      (requested, init) => {
        if (requested === url && init.method === 'DELETE') {
          deletes.push(requested);
          current = { ...current, deleted_at: '2026-11-27T04:05:09.000Z' };
          return { status: 204 };
        }
        return undefined;
      },
    );
    const { user } = renderRoutes(routes, '/admin/developer_apps/5', { withToasts: true });
    const sidebar = await screen.findByRole('complementary', { name: 'App administration' });
    await user.click(within(sidebar).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this app?' });
    expect(within(dialog).getByText(/Dangerous/)).toBeInTheDocument();
    // Cancel has the focus and declines: nothing is sent.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes).toEqual([]);

    const trailReads = () =>
      fetchMock.mock.calls.filter(([called]) => String(called).startsWith('/api/v1/admin/audit_events?'))
        .length;
    const trailReadsBefore = trailReads();
    expect(trailReadsBefore).toBeGreaterThan(0);
    await user.click(within(sidebar).getByRole('button', { name: 'Delete' }));
    const again = await screen.findByRole('dialog', { name: 'Delete this app?' });
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('App Deleted!')).toBeInTheDocument();
    expect(deletes).toEqual([url]);
    expect(screen.getByText('DELETED')).toBeInTheDocument();
    expect(within(sidebar).getByRole('button', { name: 'Undelete' })).toBeInTheDocument();
    expect(within(sidebar).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The app's audit trail below the tabs reads the new event.
    expect(trailReads()).toBeGreaterThan(trailReadsBefore);
  });

  it('says Could not save when the delete is refused', async () => {
    serve(buildAdminApp(), (requested, init) =>
      requested === url && init.method === 'DELETE'
        ? errorBody(409, 'conflict', 'This app is already deleted.')
        : undefined,
    );
    const { user } = renderRoutes(routes, '/admin/developer_apps/5');
    const sidebar = await screen.findByRole('complementary', { name: 'App administration' });
    await user.click(within(sidebar).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this app?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const alert = await within(sidebar).findByRole('alert');
    expect(within(alert).getByText('Could not save')).toBeInTheDocument();
    expect(screen.queryByText('DELETED')).not.toBeInTheDocument();
  });

  it('changes the owner in a modal flagged as dangerous, suggesting developers, with the refusal on the field', async () => {
    const app = buildAdminApp();
    const sent: unknown[] = [];
    const lookups: (string | null)[] = [];
    serve(app, (requested, init) => {
      if (requested === `${url}/owner` && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { owner: { email: string } };
        sent.push(body);
        if (body.owner.email === 'ghost@example.com') {
          return errorBody(422, 'validation_failed', 'Owner email no developer has this e-mail address', [
            { path: 'owner.email', code: 'invalid', message: 'no developer has this e-mail address' },
          ]);
        }
        return { body: { ...app, owner: { id: 9, name: 'Linus', email: body.owner.email } } };
      }
      // The suggestions: developers whose name or e-mail matches, the current owner among them.
      if (requested.startsWith('/api/v1/admin/developers?')) {
        lookups.push(new URL(requested, 'http://portal').searchParams.get('filters[search]'));
        return {
          body: [
            {
              id: app.owner.id,
              name: app.owner.name,
              company_name: '',
              email: app.owner.email,
              platform_id: null,
            },
            {
              id: 9,
              name: 'Linus',
              company_name: 'Torvalds Build',
              email: 'linus@example.com',
              platform_id: 4,
            },
          ],
          headers: { Total: '2' },
        };
      }
      return undefined;
    });
    const { user } = renderRoutes(routes, '/admin/developer_apps/5', { withToasts: true });
    await user.click(await screen.findByRole('button', { name: 'Change Owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Owner' });
    expect(within(dialog).getByText(/Dangerous/)).toBeInTheDocument();
    const email = within(dialog).getByRole('combobox', { name: /New owner's e-mail/ });
    await user.type(email, 'ghost@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Change Owner' }));
    expect(
      await within(dialog).findByText(
        'No confirmed developer other than the current owner has this e-mail address.',
      ),
    ).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');

    // Typing suggests registered developers by e-mail, with their names; the current owner is not offered.
    await user.clear(email);
    await user.type(email, 'lin');
    const suggestion = await screen.findByRole('option', { name: /linus@example\.com/ });
    expect(suggestion).toHaveTextContent('Linus');
    expect(screen.queryByRole('option', { name: new RegExp(app.owner.email) })).not.toBeInTheDocument();
    // The suggestions of the last lookup may show before the debounced 'lin' lookup goes out.
    await waitFor(() => expect(lookups.at(-1)).toBe('lin'));
    await user.click(suggestion);
    expect(email).toHaveValue('linus@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Change Owner' }));
    expect(await screen.findByText('Owner changed to linus@example.com')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sidebar = screen.getByRole('complementary', { name: 'App administration' });
    expect(within(sidebar).getByText('linus@example.com')).toBeInTheDocument();
    expect(sent).toEqual([
      { owner: { email: 'ghost@example.com' } },
      { owner: { email: 'linus@example.com' } },
    ]);
  });
});

describe('GeneralTab', () => {
  it('requires the internal name and saves only the changed fields with App Updated!', async () => {
    const app = buildAdminApp();
    const sent: unknown[] = [];
    serve(app, (requested, init) => {
      if (requested === url && init.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as { developer_app: Record<string, unknown> };
        sent.push(body);
        return { body: { ...app, ...body.developer_app } };
      }
      return undefined;
    });
    const { user } = renderRoutes(routes, '/admin/developer_apps/5', { withToasts: true });
    const internalName = await screen.findByLabelText(/Internal name/);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.clear(internalName);
    await user.click(save);
    await waitFor(() => expect(internalName).toHaveAttribute('aria-invalid', 'true'));
    expect(sent).toEqual([]);

    await user.type(internalName, 'Crane Tracker 2');
    await user.click(screen.getByLabelText('Connectable'));
    await user.click(save);
    expect(await screen.findByText('App Updated!')).toBeInTheDocument();
    expect(sent).toEqual([{ developer_app: { internal_name: 'Crane Tracker 2', connectable: true } }]);
  });

  it('says Could not save with the server error', async () => {
    const app = buildAdminApp();
    serve(app, (requested, init) =>
      requested === url && init.method === 'PATCH'
        ? errorBody(409, 'conflict', 'This app is not deleted.')
        : undefined,
    );
    const { user } = renderRoutes(routes, '/admin/developer_apps/5');
    await user.type(await screen.findByLabelText(/Internal name/), ' more');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not save')).toBeInTheDocument();
  });

  it('grants a requested production access at once, and revokes it after a confirmation', async () => {
    let current = buildAdminApp({ production_access: 'production_pending' });
    const sent: unknown[] = [];
    serve(
      () => current,
      (requested, init) => {
        if (requested === url && init.method === 'PATCH') {
          const body = JSON.parse(String(init.body)) as { developer_app: Partial<AdminDeveloperApp> };
          sent.push(body);
          current = { ...current, ...body.developer_app };
          return { body: current };
        }
        return undefined;
      },
    );
    const { user } = renderRoutes(routes, '/admin/developer_apps/5', { withToasts: true });
    const control = await screen.findByRole('group', { name: 'Production access' });
    expect(within(control).getByText('Requested')).toBeInTheDocument();
    // The General form stays as it was: the control saves on its own.
    await user.type(screen.getByLabelText(/Internal name/), ' draft');
    await user.click(within(control).getByRole('button', { name: 'Grant production access' }));
    expect(await screen.findByText('Production access granted')).toBeInTheDocument();
    expect(within(control).getByText('Granted')).toBeInTheDocument();
    expect(screen.getByLabelText(/Internal name/)).toHaveValue('Crane Tracker (internal) draft');

    await user.click(within(control).getByRole('button', { name: 'Revoke production access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke production access?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toHaveLength(1);
    await user.click(within(control).getByRole('button', { name: 'Revoke production access' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revoke production access?' })).getByRole('button', {
        name: 'Revoke production access',
      }),
    );
    expect(await screen.findByText('Production access revoked')).toBeInTheDocument();
    expect(within(control).getByText('Not requested')).toBeInTheDocument();
    expect(within(control).getByRole('button', { name: 'Grant production access' })).toBeInTheDocument();
    expect(sent).toEqual([
      { developer_app: { production_access: 'granted' } },
      { developer_app: { production_access: 'none' } },
    ]);
  });

  it('says Could not save when a production access change is refused', async () => {
    serve(buildAdminApp({ production_access: 'none' }), (requested, init) =>
      requested === url && init.method === 'PATCH'
        ? errorBody(503, 'service_unavailable', 'The platform is down')
        : undefined,
    );
    const { user } = renderRoutes(routes, '/admin/developer_apps/5');
    const control = await screen.findByRole('group', { name: 'Production access' });
    expect(within(control).getByText('Not requested')).toBeInTheDocument();
    await user.click(within(control).getByRole('button', { name: 'Grant production access' }));
    const alert = await within(control).findByRole('alert');
    expect(within(alert).getByText('Could not save')).toBeInTheDocument();
    expect(within(control).getByText('Not requested')).toBeInTheDocument();
  });

  it('lists contacts and collaborators', async () => {
    serve(
      buildAdminApp({
        contacts: [
          { id: 3, name: 'Support Desk', email: 'help@example.com', created_at: '2026-04-01T10:00:00.000Z' },
        ],
      }),
    );
    renderRoutes(routes, '/admin/developer_apps/5');
    expect(await screen.findByText('Support Desk')).toBeInTheDocument();
    expect(screen.getByText('grace@example.com')).toBeInTheDocument();
  });
});

describe('the app audit trail', () => {
  it("lists the app's audit events below the tabs, asking for this app's only", async () => {
    const fetchMock = serve(buildAdminApp(), (requested) =>
      requested.startsWith('/api/v1/admin/audit_events?')
        ? {
            body: [
              {
                id: 9,
                action: 'developer_app.owner_changed',
                actor: { id: 1, name: 'Ada Admin', email: 'ada@example.com' },
                subject_type: 'developer_app',
                subject_id: '5',
                developer_app_id: 5,
                changes: { before: { owner_id: 2 }, after: { owner_id: 3 } },
                client_address: '203.0.113.9',
                created_at: '2026-03-01T10:00:00Z',
              },
            ],
            headers: { Total: '1', 'Per-Page': '50' },
          }
        : undefined,
    );
    renderRoutes(routes, '/admin/developer_apps/5');
    expect(await screen.findByText('Ada Admin')).toBeInTheDocument();
    const requested = fetchMock.mock.calls.map(([called]) => decodeURIComponent(String(called)));
    expect(requested.some((called) => called.includes('filters[developer_app_id]=5'))).toBe(true);
  });
});

describe('SandboxTab', () => {
  it('says when the app has no sandbox', async () => {
    serve(buildAdminApp({ sandbox: null }));
    renderRoutes(routes, '/admin/developer_apps/5/sandbox');
    expect(await screen.findByText('This app has no sandbox')).toBeInTheDocument();
  });

  it('shows the sandbox details, its times in the long format', async () => {
    const app = buildAdminApp();
    serve({
      ...app,
      sandbox: app.sandbox
        ? { ...app.sandbox, created_at: new Date(2026, 10, 23, 9, 7, 3).toISOString() }
        : null,
    });
    renderRoutes(routes, '/admin/developer_apps/5/sandbox');
    expect(await screen.findByText('https://sandbox.example.com/companies/4')).toBeInTheDocument();
    expect(screen.getByText('sandbox-client-id')).toBeInTheDocument();
    expect(screen.getByText('November 23rd 2026, 9:07:03 am')).toBeInTheDocument();
  });

  it("shows the sandbox's own provider app id and CORS domains, never the production app's", async () => {
    const app = buildAdminApp({ allowed_cors_domains: 'https://production.example.com' });
    serve(app);
    renderRoutes(routes, '/admin/developer_apps/5/sandbox');
    const row = async (name: string) =>
      (await screen.findByRole('row', { name: new RegExp(name) })).textContent;
    // The sandbox OAuth application's platform id, not the sandbox record's (11).
    expect(await row('Provider app id')).toBe('Provider app id8123');
    expect(await row('CORS domains')).toBe('CORS domainsN/A');
    expect(screen.queryByText('https://production.example.com')).not.toBeInTheDocument();
  });

  it('shows N/A as the provider app id of a sandbox that is not live yet', async () => {
    const app = buildAdminApp();
    serve({
      ...app,
      sandbox: app.sandbox
        ? { ...app.sandbox, status: 'pending', live: false, app_id: null, provider_app_id: null }
        : null,
    });
    renderRoutes(routes, '/admin/developer_apps/5/sandbox');
    expect((await screen.findByRole('row', { name: /Provider app id/ })).textContent).toBe(
      'Provider app idN/A',
    );
  });

  it('saves the live sandbox redirect URIs with sandbox_attributes', async () => {
    const app = buildAdminApp();
    const sent: unknown[] = [];
    serve(app, (requested, init) => {
      if (requested === url && init.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as {
          developer_app: { sandbox_attributes: { redirect_uri: string } };
        };
        sent.push(body);
        return {
          body: {
            ...app,
            sandbox: { ...app.sandbox, redirect_uri: body.developer_app.sandbox_attributes.redirect_uri },
          },
        };
      }
      return undefined;
    });
    const { user } = renderRoutes(routes, '/admin/developer_apps/5/sandbox', { withToasts: true });
    const uris = await screen.findByLabelText('Redirect URIs');
    await user.clear(uris);
    await user.type(uris, 'https://sandbox.example.com/cb');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('App Updated!')).toBeInTheDocument();
    expect(sent).toEqual([
      { developer_app: { sandbox_attributes: { redirect_uri: 'https://sandbox.example.com/cb' } } },
    ]);
  });
});
