import type { ConfiguredManifestInput } from '@lintel/shared/manifests';
import { describe, expect, it } from 'vitest';
import { diffConfigurations, diffVersions, formOfVersion } from './diff';

const sidepanel = {
  type: 'sidepanel' as const,
  source_url: 'https://panel.example.com/{{region}}',
  description: 'Panel',
  views: ['rfi.detail', 'change_events.all'],
  user_configuration: {
    schema: {
      type: 'object' as const,
      required: ['region'],
      properties: { region: { name: 'Region', type: 'string' as const, description: 'Your region' } },
    },
  },
};

const base: ConfiguredManifestInput = {
  auth_code_enabled: true,
  service_account_enabled: true,
  sidepanel,
  permissions: { company: { directory: 'readonly' }, project: { rfi: 'standard' } },
  post_installation_instruction: {
    notes: 'Map your codes',
    page: { label: 'Guide', url: 'https://docs.example.com' },
  },
};

describe('diffConfigurations', () => {
  it('finds nothing between a form and itself, nor when views are written another way', () => {
    expect(diffConfigurations(base, base)).toEqual([]);
    const expanded: ConfiguredManifestInput = {
      ...base,
      sidepanel: {
        ...sidepanel,
        views: [
          'change_events.detail',
          'change_events.edit',
          'change_events.list',
          'change_events.new',
          'rfi.detail',
        ],
      },
    };
    expect(diffConfigurations(base, expanded)).toEqual([]);
  });

  it('reports components added, removed and changed', () => {
    const after: ConfiguredManifestInput = {
      ...base,
      sidepanel: { ...sidepanel, source_url: 'https://panel.example.com/v2/{{region}}' },
      fullscreen: { type: 'fullscreen', source_url: 'https://full.example.com' },
    };
    expect(diffConfigurations(base, after).filter((c) => c.section === 'components')).toEqual([
      {
        section: 'components',
        component: 'sidepanel',
        subject: 'source_url',
        kind: 'changed',
        before: 'https://panel.example.com/{{region}}',
        after: 'https://panel.example.com/v2/{{region}}',
      },
      {
        section: 'components',
        component: 'fullscreen',
        subject: '',
        kind: 'added',
        before: null,
        after: 'https://full.example.com',
      },
    ]);
    const removed = diffConfigurations(base, { ...base, sidepanel: null });
    expect(removed.find((c) => c.section === 'components')).toMatchObject({
      component: 'sidepanel',
      kind: 'removed',
      before: 'https://panel.example.com/{{region}}',
      after: null,
    });
    // A removed side panel also takes its views with it.
    expect(
      removed.filter((c) => c.section === 'views' && c.kind === 'removed').map((c) => c.subject),
    ).toEqual([
      'change_events.detail',
      'change_events.edit',
      'change_events.list',
      'change_events.new',
      'rfi.detail',
    ]);
  });

  it('reports views added and removed as concrete keys', () => {
    const after: ConfiguredManifestInput = {
      ...base,
      sidepanel: { ...sidepanel, views: ['change_events.detail', 'incidents.list'] },
    };
    const views = diffConfigurations(base, after).filter((c) => c.section === 'views');
    expect(views.map((c) => [c.kind, c.subject])).toEqual([
      ['removed', 'change_events.edit'],
      ['removed', 'change_events.list'],
      ['removed', 'change_events.new'],
      ['added', 'incidents.list'],
      ['removed', 'rfi.detail'],
    ]);
  });

  it('reports parameters added, removed and each field changed', () => {
    const after: ConfiguredManifestInput = {
      ...base,
      sidepanel: {
        ...sidepanel,
        user_configuration: {
          schema: {
            type: 'object',
            required: [],
            properties: {
              region: { name: 'Region code', type: 'string', description: 'Your region' },
              tenant: { name: 'Tenant', type: 'string', description: 'Tenant name' },
            },
          },
        },
      },
    };
    const parameters = diffConfigurations(base, after).filter((c) => c.section === 'parameters');
    expect(parameters).toEqual([
      {
        section: 'parameters',
        component: 'sidepanel',
        subject: 'region',
        field: 'name',
        kind: 'changed',
        before: 'Region',
        after: 'Region code',
      },
      {
        section: 'parameters',
        component: 'sidepanel',
        subject: 'region',
        field: 'required',
        kind: 'changed',
        before: 'true',
        after: 'false',
      },
      {
        section: 'parameters',
        component: 'sidepanel',
        subject: 'tenant',
        kind: 'added',
        before: null,
        after: 'Tenant',
      },
    ]);
  });

  it('reports permission levels per scope, and drops them all when the service account goes', () => {
    const after: ConfiguredManifestInput = {
      ...base,
      permissions: { company: { directory: 'admin' }, project: { budgeting: 'readonly' } },
    };
    expect(
      diffConfigurations(base, after)
        .filter((c) => c.section === 'permissions')
        .map((c) => [c.scope, c.subject, c.kind, c.before, c.after]),
    ).toEqual([
      ['company', 'directory', 'changed', 'readonly', 'admin'],
      ['project', 'rfi', 'removed', 'standard', null],
      ['project', 'budgeting', 'added', null, 'readonly'],
    ]);
    const withoutAccount = diffConfigurations(base, { ...base, service_account_enabled: false });
    expect(withoutAccount.map((c) => [c.section, c.subject, c.kind])).toEqual([
      ['authentication', 'service_account_enabled', 'changed'],
      ['permissions', 'directory', 'removed'],
      ['permissions', 'rfi', 'removed'],
    ]);
  });

  it('reports authentication and instruction changes', () => {
    const after: ConfiguredManifestInput = {
      ...base,
      auth_code_enabled: false,
      post_installation_instruction: { notes: 'Map your codes first', page: null },
    };
    expect(
      diffConfigurations(base, after)
        .filter((c) => c.section === 'authentication' || c.section === 'instructions')
        .map((c) => [c.subject, c.kind, c.before, c.after]),
    ).toEqual([
      ['auth_code_enabled', 'changed', 'true', 'false'],
      ['notes', 'changed', 'Map your codes', 'Map your codes first'],
      ['page.label', 'removed', 'Guide', null],
      ['page.url', 'removed', 'https://docs.example.com', null],
    ]);
  });
});

describe('diffVersions', () => {
  it('reads a version without a builder form from its manifest', () => {
    const fromJson = {
      configured_manifest_content: null,
      auth_code_enabled: false,
      content: {
        schema_version: '4.1',
        fullscreen: { uuid: 'u', source_url: 'https://full.example.com' },
      },
    };
    expect(formOfVersion(fromJson)?.fullscreen?.source_url).toBe('https://full.example.com');
    const diff = diffVersions({ configured_manifest_content: {}, content: {} }, fromJson);
    expect(diff).toEqual({
      comparable: true,
      changes: [
        {
          section: 'components',
          component: 'fullscreen',
          subject: '',
          kind: 'added',
          before: null,
          after: 'https://full.example.com',
        },
      ],
    });
  });

  it('shows the authentication the manifests have, not what a stored form claimed (issue 20 item 6)', () => {
    const content = (permissions?: Record<string, unknown>) => ({
      schema_version: '4.1',
      fullscreen: { source_url: 'https://full.example.com' },
      ...(permissions ? { permissions } : {}),
    });
    // Stored by the JSON editor before the fix: a service account without user-level authentication.
    const claimed = {
      configured_manifest_content: { auth_code_enabled: false, service_account_enabled: true },
      auth_code_enabled: false,
      content: content({ project: { rfi: 'readonly' } }),
    };
    expect(formOfVersion(claimed)).toMatchObject({ auth_code_enabled: true, service_account_enabled: true });
    const before = { configured_manifest_content: null, auth_code_enabled: false, content: content() };
    const diff = diffVersions(before, claimed);
    expect(
      diff.comparable &&
        diff.changes.filter((c) => c.section === 'authentication').map((c) => [c.subject, c.after]),
    ).toEqual([
      ['auth_code_enabled', 'true'],
      ['service_account_enabled', 'true'],
    ]);
  });

  it('says when a version cannot be compared field by field', () => {
    const twoPanels = {
      configured_manifest_content: null,
      content: {
        schema_version: '3.2',
        components: {
          iframe: {
            instances: [
              { type: 'sidepanel', iframe_src: 'https://a.example.com', views: ['rfi.detail'] },
              { type: 'sidepanel', iframe_src: 'https://b.example.com', views: ['rfi.detail'] },
            ],
          },
        },
      },
    };
    expect(diffVersions({ configured_manifest_content: {}, content: {} }, twoPanels)).toEqual({
      comparable: false,
    });
  });
});
