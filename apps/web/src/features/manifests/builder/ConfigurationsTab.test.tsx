import type { DeveloperApp } from '@lintel/shared';
import type { Manifest } from '@lintel/shared/manifests';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../test/render';
import { permissionsOf } from '../../developer-apps/factories';
import {
  buildDeveloperApp,
  buildManifest,
  renderTab,
  serveManifests,
  summaryOf,
  withConfigured,
} from '../testing';
import { ConfigurationsTab } from './ConfigurationsTab';

function appWith(
  sandbox: Manifest | null,
  production: Manifest | null,
  overrides: Partial<DeveloperApp> = {},
) {
  return buildDeveloperApp({
    manifests: {
      latest_sandbox: sandbox ? summaryOf(sandbox) : null,
      latest_production: production ? summaryOf(production) : null,
      sandbox_count: sandbox ? 1 : 0,
      production_count: production ? 1 : 0,
    },
    ...overrides,
  });
}

const sandbox = (version: string, extra: Partial<Manifest> = {}) =>
  buildManifest({ id: 21, semantic_version: version, ...extra });
const production = (version: string, state: Manifest['state'], extra: Partial<Manifest> = {}) =>
  buildManifest({
    id: 31,
    semantic_version: version,
    state,
    environment_type: 'ProductionEnvironment',
    promotable: false,
    submittable: state === 'confidential',
    ...extra,
  });

async function renderConfigurations(app: DeveloperApp, manifests: Manifest[] = [], features = {}) {
  const fetchMock = serveManifests({ app, manifests, features });
  const result = renderTab(<ConfigurationsTab />, app);
  await screen.findByRole('region', { name: /^(Version|New app version)/ });
  return { ...result, fetchMock };
}

const header = () => screen.getByRole('region', { name: /^(Version|New app version)/ });

describe('ConfigurationsTab header', () => {
  it.each([
    { name: 'Draft', sb: null, pr: null, buttons: ['Create Version'], absent: ['Promote', 'View Manifest'] },
    {
      name: 'Ready for Testing',
      sb: sandbox('0.2.0'),
      pr: production('0.1.0', 'published'),
      buttons: ['View Manifest', 'Promote', 'Save Version'],
      absent: ['Create Version'],
    },
    {
      name: 'Promoted',
      sb: sandbox('0.2.0', { promotable: false }),
      pr: production('0.2.0', 'confidential'),
      buttons: ['View Manifest', 'Submit for review', 'Save Version'],
      absent: ['Promote'],
    },
    {
      name: 'Under Review',
      sb: sandbox('0.2.0', { promotable: false }),
      pr: production('0.2.0', 'in_review'),
      buttons: ['Withdraw', 'Save Version'],
      absent: ['Promote', 'Submit for review'],
    },
    {
      name: 'Approved Version',
      sb: sandbox('0.2.0', { promotable: false }),
      pr: production('0.2.0', 'published'),
      buttons: ['Save Version'],
      absent: ['Promote', 'Submit for review', 'Withdraw'],
    },
    {
      name: 'Unknown State',
      sb: sandbox('0.1.0', { promotable: false }),
      pr: production('0.2.0', 'confidential'),
      buttons: ['Save Version'],
      absent: ['Promote'],
    },
  ])('shows $name with its buttons', async ({ name, sb, pr, buttons, absent }) => {
    await renderConfigurations(
      appWith(sb, pr),
      [sb, pr].filter((m): m is Manifest => m !== null),
    );
    const region = header();
    expect(within(region).getByTestId('version-status')).toHaveTextContent(name);
    for (const button of buttons)
      expect(within(region).getByRole('button', { name: button })).toBeInTheDocument();
    for (const button of absent) expect(within(region).queryByRole('button', { name: button })).toBeNull();
  });

  it('shows Rejected with the reviewer notes and offers submitting again (issue 20)', async () => {
    const sb = sandbox('0.2.0', { promotable: false });
    // Rejected as the API answers it: the spec's confidential, marked rejected_at (spec 2 §4, issue 20).
    const pr = production('0.2.0', 'confidential', {
      rejected_at: '2026-03-03T09:00:00.000Z',
      admin_notes: 'Narrow the RFI scope.',
    });
    await renderConfigurations(appWith(sb, pr), [sb, pr]);
    const region = header();
    expect(within(region).getByTestId('version-status')).toHaveTextContent('Rejected');
    expect(within(region).getByTestId('version-status')).not.toHaveTextContent('Promoted');
    expect(within(region).getByTestId('version-rejection')).toHaveTextContent('Narrow the RFI scope.');
    expect(within(region).getByRole('button', { name: 'Submit for review' })).toBeInTheDocument();
  });

  it('says creation is temporarily disabled and offers no save when creation is off', async () => {
    const app = appWith(null, null, {
      permissions: permissionsOf('owner', { canCreateSandboxManifests: false }),
    });
    await renderConfigurations(app);
    expect(screen.getByText('Version creation is temporarily disabled')).toBeInTheDocument();
    expect(within(header()).queryByRole('button', { name: 'Create Version' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Component' })).toBeNull();
  });

  it('shows a developer of the app the configuration without any way to change it', async () => {
    const sb = sandbox('0.2.0', {
      configured_manifest_content: withConfigured({
        fullscreen: { type: 'fullscreen', source_url: 'https://full.example.com' },
      }),
    });
    const app = appWith(sb, production('0.1.0', 'published'), {
      current_user_role: 'developer',
      permissions: permissionsOf('developer'),
    });
    await renderConfigurations(app, [sb]);
    expect(within(header()).getByRole('button', { name: 'View Manifest' })).toBeInTheDocument();
    for (const name of ['Save Version', 'Promote', 'Add Component', 'Edit Permissions'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit the Full Screen/ })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Post-Installation Notes' })).toHaveAttribute('readonly');
    expect(screen.queryByText('Version creation is temporarily disabled')).toBeNull();
  });

  it('offers a platform administrator approve and reject on a version under review', async () => {
    const sb = sandbox('0.2.0', { promotable: false });
    const pr = production('0.2.0', 'in_review');
    const app = appWith(sb, pr, {
      current_user_role: null,
      permissions: permissionsOf(null),
    });
    serveManifests({ app, manifests: [sb, pr], admin: true });
    renderTab(<ConfigurationsTab />, app);
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('offers a platform administrator submit on a version not in review, as the developers (spec 2 §4)', async () => {
    const sb = sandbox('0.2.0', { promotable: false });
    const pr = production('0.2.0', 'confidential');
    const app = appWith(sb, pr, { current_user_role: null, permissions: permissionsOf(null) });
    serveManifests({ app, manifests: [sb, pr], admin: true });
    renderTab(<ConfigurationsTab />, app);
    expect(await screen.findByRole('button', { name: 'Submit for review' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('shows the installation keys, copies one with a toast, and links to the sandbox', async () => {
    const sb = sandbox('0.2.0');
    const pr = production('0.1.0', 'published');
    const { user } = await renderConfigurations(appWith(sb, pr), [sb, pr]);
    const card = screen.getByRole('region', { name: 'Installation keys' });
    expect(within(card).getByText('key-21')).toBeInTheDocument();
    expect(within(card).getByText('key-31')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Copy the Production app version key' }));
    expect(await navigator.clipboard.readText()).toBe('key-31');
    expect(await screen.findByText('App version key copied to clipboard')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Open the sandbox/ })).toHaveAttribute(
      'href',
      'https://sandbox.example.com/companies/4',
    );
  });
});

describe('ConfigurationsTab builder', () => {
  it('keeps save disabled behind the banner until the configuration is valid for saving', async () => {
    const { user } = await renderConfigurations(appWith(null, null));
    expect(
      screen.getByText('Please fill in the required fields below before creating a version.'),
    ).toBeInTheDocument();
    expect(within(header()).getByRole('button', { name: 'Create Version' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Edit Permissions' }));
    const drawer = await screen.findByRole('dialog', { name: 'Edit Permissions' });
    await user.click(within(drawer).getByRole('checkbox', { name: /User Level Authentication/ }));
    await user.click(within(drawer).getByRole('button', { name: 'Save Permissions' }));
    await waitFor(() =>
      expect(
        screen.queryByText('Please fill in the required fields below before creating a version.'),
      ).toBeNull(),
    );
    expect(within(header()).getByRole('button', { name: 'Create Version' })).toBeEnabled();
  });

  it('shows the service-account grid only when checked, locks user level auth, and disables the levels a tool refuses', async () => {
    const { user } = await renderConfigurations(appWith(null, null));
    await user.click(screen.getByRole('button', { name: 'Edit Permissions' }));
    const drawer = await screen.findByRole('dialog', { name: 'Edit Permissions' });
    expect(within(drawer).queryByRole('tab', { name: 'Company' })).toBeNull();
    const userLevel = within(drawer).getByRole('checkbox', { name: /User Level Authentication/ });
    expect(userLevel).toBeEnabled();

    await user.click(within(drawer).getByRole('checkbox', { name: /Service Account Authentication/ }));
    expect(userLevel).toBeChecked();
    expect(userLevel).toBeDisabled();
    expect(within(drawer).getByRole('tab', { name: 'Company' })).toBeInTheDocument();
    expect(within(drawer).getByRole('tab', { name: 'Project' })).toBeInTheDocument();

    const admin = within(drawer).getByRole('radiogroup', { name: 'Admin' });
    expect(within(admin).getByRole('radio', { name: 'None' })).toBeChecked();
    expect(within(admin).getByRole('radio', { name: 'Read-only' })).toBeDisabled();
    expect(within(admin).getByRole('radio', { name: 'Standard' })).toBeDisabled();
    expect(within(admin).getByRole('radio', { name: 'Admin' })).toBeEnabled();

    const directory = within(drawer).getByRole('radiogroup', { name: 'Directory' });
    await user.click(within(directory).getByRole('radio', { name: 'Read-only' }));
    await user.click(within(drawer).getByRole('tab', { name: 'Project' }));
    const rfi = within(drawer).getByRole('radiogroup', { name: 'RFIs' });
    await user.click(within(rfi).getByRole('radio', { name: 'Standard' }));
    await user.click(within(drawer).getByRole('button', { name: 'Save Permissions' }));

    const card = screen.getByRole('region', { name: 'Data Connector Components' });
    expect(within(card).getByRole('list', { name: 'Company tools' })).toHaveTextContent(
      'Directory Read-only',
    );
    expect(within(card).getByRole('list', { name: 'Project tools' })).toHaveTextContent('RFIs Standard');
  });

  it('adds a side panel through the views tree with tri-state parents and its rules', async () => {
    const { user } = await renderConfigurations(appWith(null, null));
    await user.click(screen.getByRole('button', { name: 'Add Component' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add Component' });
    await user.click(within(drawer).getByRole('combobox', { name: 'Type' }));
    expect(screen.getByRole('option', { name: 'Full Screen' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Side Panel' }));

    await user.type(within(drawer).getByRole('textbox', { name: /Source URL/ }), 'not a url');
    await user.click(within(drawer).getByRole('button', { name: 'Save Component' }));
    expect(within(drawer).getByText('A valid URL is required')).toBeInTheDocument();
    expect(within(drawer).getByText('At least one view is required')).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Show the views under Change events' }));
    const group = within(drawer).getByRole('group', { name: 'Views under Change events' });
    await user.click(within(group).getByRole('checkbox', { name: 'Detail' }));
    const parent = within(drawer).getByRole('checkbox', { name: 'Change events' });
    expect(parent).toHaveProperty('indeterminate', true);
    expect(parent).not.toBeChecked();
    await user.click(parent);
    expect(parent).toBeChecked();
    expect(parent).toHaveProperty('indeterminate', false);
    for (const view of ['Edit', 'List', 'New'])
      expect(within(group).getByRole('checkbox', { name: view })).toBeChecked();
    await user.click(within(group).getByRole('checkbox', { name: 'New' }));
    expect(parent).toHaveProperty('indeterminate', true);

    const url = within(drawer).getByRole('textbox', { name: /Source URL/ });
    await user.clear(url);
    await user.type(url, 'https://panel.example.com');
    await user.click(within(drawer).getByRole('button', { name: 'Save Component' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Component' })).toBeNull());

    const card = screen.getByRole('region', { name: 'Embedded Components' });
    const row = within(card).getByRole('row', { name: /Side Panel/ });
    expect(row).toHaveTextContent('https://panel.example.com');
    expect(row).toHaveTextContent('3');
    // Only the full screen remains to add.
    await user.click(screen.getByRole('button', { name: 'Add Component' }));
    const again = await screen.findByRole('dialog', { name: 'Add Component' });
    await user.click(within(again).getByRole('combobox', { name: 'Type' }));
    expect(screen.queryByRole('option', { name: 'Side Panel' })).toBeNull();
    expect(screen.getByRole('option', { name: 'Full Screen' })).toBeInTheDocument();
  });

  it('marks every missing field of an empty component form at once, Source URL too, and wants https', async () => {
    const { user } = await renderConfigurations(appWith(null, null));
    await user.click(screen.getByRole('button', { name: 'Add Component' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add Component' });
    await user.click(within(drawer).getByRole('button', { name: 'Save Component' }));
    expect(within(drawer).getByRole('combobox', { name: 'Type' })).toHaveAccessibleDescription(
      /This field is required/,
    );
    const url = within(drawer).getByRole('textbox', { name: /Source URL/ });
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription(/A valid URL is required/);

    await user.click(within(drawer).getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'Full Screen' }));
    await user.type(url, 'http://full.example.com');
    await user.click(within(drawer).getByRole('button', { name: 'Save Component' }));
    expect(url).toHaveAccessibleDescription(/The URL must be an https address/);
    expect(screen.getByRole('dialog', { name: 'Add Component' })).toBeInTheDocument();
    await user.clear(url);
    await user.type(url, 'https://full.example.com');
    await user.click(within(drawer).getByRole('button', { name: 'Save Component' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Component' })).toBeNull());
  });

  it('names the view checkboxes by their labels', async () => {
    const { user } = await renderConfigurations(appWith(null, null));
    await user.click(screen.getByRole('button', { name: 'Add Component' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add Component' });
    await user.click(within(drawer).getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'Side Panel' }));
    expect(await within(drawer).findByRole('checkbox', { name: 'RFI' })).toBeInTheDocument();
    expect(within(drawer).getByRole('checkbox', { name: 'Submittals' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('checkbox', { name: 'Rfi' })).toBeNull();
    expect(within(drawer).queryByRole('checkbox', { name: 'rfi' })).toBeNull();
    await user.click(within(drawer).getByRole('button', { name: 'Show the views under RFI' }));
    const rfi = within(drawer).getByRole('group', { name: 'Views under RFI' });
    expect(within(rfi).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(rfi).getByRole('checkbox', { name: 'Detail' })).toBeInTheDocument();
  });

  it('does not offer the side panel in government cloud', async () => {
    const { user } = await renderConfigurations(appWith(null, null), [], { government_cloud: true });
    await user.click(screen.getByRole('button', { name: 'Add Component' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add Component' });
    await user.click(within(drawer).getByRole('combobox', { name: 'Type' }));
    expect(screen.getByRole('option', { name: 'Full Screen' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Side Panel' })).toBeNull();
  });

  it('refuses an incomplete parameter with the spec message', async () => {
    const { user } = await renderConfigurations(appWith(null, null));
    await user.click(screen.getByRole('button', { name: 'Add Component' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add Component' });
    await user.click(within(drawer).getByRole('button', { name: 'Add Parameter' }));
    const modal = await screen.findByRole('dialog', { name: 'Add Parameter' });
    await user.type(within(modal).getByRole('textbox', { name: /Name/ }), 'Region');
    await user.click(within(modal).getByRole('button', { name: 'Add' }));
    expect(
      within(modal).getByText('Key, name, and description are required to add another parameter'),
    ).toBeInTheDocument();
    expect(within(modal).getAllByText('This field is required')).toHaveLength(2);

    await user.type(within(modal).getByRole('textbox', { name: /Key/ }), 'region');
    await user.type(within(modal).getByRole('textbox', { name: /Description/ }), 'Your region code');
    await user.click(within(modal).getByRole('switch', { name: 'Required' }));
    await user.click(within(modal).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Parameter' })).toBeNull());
    const parameters = within(drawer).getByRole('table', { name: 'User configuration parameters' });
    expect(within(parameters).getByRole('row', { name: /Region region Yes/ })).toBeInTheDocument();
  });

  it('asks for all post-installation fields or none', async () => {
    const { user } = await renderConfigurations(appWith(null, null));
    const card = screen.getByRole('region', { name: 'Instructions and Post Installation Notes' });
    await user.type(within(card).getByRole('textbox', { name: 'Post-Installation Notes' }), 'Map your codes');
    await user.tab();
    expect(within(card).getAllByText('This field is required')).toHaveLength(2);
    expect(within(header()).getByRole('button', { name: 'Create Version' })).toBeDisabled();

    await user.type(within(card).getByRole('textbox', { name: 'Instructions Page Name' }), 'Guide');
    await user.type(
      within(card).getByRole('textbox', { name: 'Instructions URL' }),
      'https://docs.example.com',
    );
    expect(within(card).queryByText('This field is required')).toBeNull();
    expect(within(header()).getByRole('button', { name: 'Create Version' })).toBeEnabled();
  });

  it('keeps unsaved changes while the user visits another tab, until discarded', async () => {
    const { user, router } = await renderConfigurations(appWith(null, null));
    const notes = () => screen.getByRole('textbox', { name: 'Post-Installation Notes' });
    await user.type(notes(), 'Map your codes');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    await router.navigate('/developer_apps/5/elsewhere');
    expect(await screen.findByText('Another tab')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Post-Installation Notes' })).toBeNull();
    await router.navigate('/developer_apps/5/configurations');
    expect(await screen.findByText('Unsaved changes')).toBeInTheDocument();
    expect(notes()).toHaveValue('Map your codes');

    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(notes()).toHaveValue('');
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('says when the newest version cannot be shown in the builder', async () => {
    const sb = sandbox('0.2.0', {
      configured_manifest_content: null,
      content: { schema_version: '3.2', components: { iframe: { instances: [{ type: 'other' }] } } },
    });
    await renderConfigurations(appWith(sb, null), [sb]);
    expect(screen.getByText('The form-based builder is not available for this app')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'How to define a manifest' })).toHaveAttribute(
      'href',
      '/documentation/building-apps-define-manifest',
    );
    expect(screen.queryByRole('region', { name: 'Embedded Components' })).toBeNull();
  });

  it('starts from the newest sandbox configuration', async () => {
    const sb = sandbox('0.2.0', {
      configured_manifest_content: withConfigured({
        fullscreen: { type: 'fullscreen', source_url: 'https://full.example.com' },
        post_installation_instruction: {
          notes: 'Read me',
          page: { label: 'Guide', url: 'https://docs.example.com' },
        },
      }),
    });
    await renderConfigurations(appWith(sb, null), [sb]);
    const card = screen.getByRole('region', { name: 'Embedded Components' });
    expect(within(card).getByRole('row', { name: /Full Screen/ })).toHaveTextContent(
      'https://full.example.com',
    );
    expect(screen.getByRole('textbox', { name: 'Post-Installation Notes' })).toHaveValue('Read me');
  });
});

describe('Start a new version from an older one', () => {
  it('loads the older configuration, says so, and saves it as the next version', async () => {
    const older = buildManifest({
      id: 20,
      semantic_version: '0.1.0',
      promotable: false,
      configured_manifest_content: withConfigured({
        fullscreen: { type: 'fullscreen', source_url: 'https://old.example.com' },
      }),
    });
    const newest = sandbox('0.2.0');
    let posted: { semantic_version?: string; configured_manifest_content?: unknown } | null = null;
    const app = appWith(newest, null);
    serveManifests({
      app,
      manifests: [older, newest],
      extra: (url, init) => {
        if (url === '/api/v1/app_versioned_manifests' && init.method === 'POST') {
          posted = JSON.parse(String(init.body));
          return { status: 201, body: buildManifest({ id: 23, semantic_version: '0.3.0' }) };
        }
        return undefined;
      },
    });
    const { user, router } = renderTab(
      <ConfigurationsTab />,
      app,
      '/developer_apps/5/configurations?from=20',
    );
    expect(await screen.findByText('Starting from version 0.1.0')).toBeInTheDocument();
    expect(within(header()).getByTestId('version-status')).toHaveTextContent('Ready for Testing');
    const card = screen.getByRole('region', { name: 'Embedded Components' });
    expect(within(card).getByRole('row', { name: /Full Screen/ })).toHaveTextContent(
      'https://old.example.com',
    );

    await user.click(within(header()).getByRole('button', { name: 'Save Version' }));
    const modal = await screen.findByRole('dialog', { name: 'Create New Version' });
    expect(within(modal).getByRole('textbox', { name: /Semantic version/ })).toHaveValue('0.3.0');
    await user.click(within(modal).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('New sandbox manifest version created')).toBeInTheDocument();
    expect(posted).toMatchObject({
      semantic_version: '0.3.0',
      configured_manifest_content: {
        fullscreen: { type: 'fullscreen', source_url: 'https://old.example.com' },
      },
    });
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('Create New Version modal', () => {
  const valid = sandbox('0.3.0');

  it('suggests the next minor version, checks its format and creates the version', async () => {
    let posted: unknown = null;
    const app = appWith(valid, null);
    serveManifests({
      app,
      manifests: [valid],
      extra: (url, init) => {
        if (url === '/api/v1/app_versioned_manifests' && init.method === 'POST') {
          posted = JSON.parse(String(init.body));
          return { status: 201, body: buildManifest({ id: 22, semantic_version: '0.4.0' }) };
        }
        return undefined;
      },
    });
    const { user } = renderTab(<ConfigurationsTab />, app);
    await user.click(await screen.findByRole('button', { name: 'Save Version' }));
    const modal = await screen.findByRole('dialog', { name: 'Create New Version' });
    const input = within(modal).getByRole('textbox', { name: /Semantic version/ });
    expect(input).toHaveValue('0.4.0');
    await user.clear(input);
    await user.type(input, '1.0');
    await user.click(within(modal).getByRole('button', { name: 'Create' }));
    expect(
      within(modal).getByText('Use the format major.minor.patch, for example 0.1.0'),
    ).toBeInTheDocument();
    expect(posted).toBeNull();

    await user.clear(input);
    await user.type(input, '0.4.0');
    await user.click(within(modal).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('New sandbox manifest version created')).toBeInTheDocument();
    expect(posted).toEqual({
      developer_app_id: 5,
      environment_type: 'Sandbox',
      semantic_version: '0.4.0',
      configured_manifest_content: { auth_code_enabled: true },
    });
  });

  it.each([
    {
      label: 'the first detail',
      answer: errorBody(422, 'validation_failed', 'Validation failed', [
        {
          path: 'semantic_version',
          message: 'must be greater than the latest version 0.3.0',
          code: 'invalid',
          params: { latest: '0.3.0' },
        },
      ]),
      text: 'Must be greater than the latest version (0.3.0)',
    },
    {
      label: 'any other first detail as the server says it',
      answer: errorBody(422, 'validation_failed', 'Validation failed', [
        {
          path: 'configured_manifest_content.sidepanel.views.0',
          message: 'unknown view key "rfi.nope"',
          code: 'invalid',
        },
      ]),
      text: 'unknown view key "rfi.nope"',
    },
    {
      label: 'the default error',
      answer: errorBody(500, 'internal', 'boom'),
      text: 'Something went wrong when saving the new version.',
    },
  ])('shows $label when the server refuses', async ({ answer, text }) => {
    const app = appWith(valid, null);
    serveManifests({
      app,
      manifests: [valid],
      extra: (url, init) =>
        url === '/api/v1/app_versioned_manifests' && init.method === 'POST' ? answer : undefined,
    });
    const { user } = renderTab(<ConfigurationsTab />, app);
    await user.click(await screen.findByRole('button', { name: 'Save Version' }));
    const modal = await screen.findByRole('dialog', { name: 'Create New Version' });
    await user.click(within(modal).getByRole('button', { name: 'Create' }));
    expect(await within(modal).findByText(text)).toBeInTheDocument();
  });
});
