import { describe, expect, it } from 'vitest';
import { diffManifests } from './diff';

const base = {
  schema_version: '4.1',
  app_manifest: { uid: 'a', name: 'A' },
  sidepanel: {
    source_url: 'https://x.example/panel',
    views: ['rfi.detail', 'budgeting.detail'],
    user_configuration: {
      schema: {
        type: 'object',
        required: ['region'],
        properties: { region: { name: 'Region', type: 'string', description: 'Code' } },
      },
    },
  },
  permissions: { project: { rfi: 'readonly' } },
  post_installation_instruction: {
    notes: 'Do this',
    page: { label: 'Guide', url: 'https://x.example/guide' },
  },
};

describe('diffManifests', () => {
  it('finds nothing between equal manifests, whatever app_manifest says', () => {
    expect(diffManifests(base, { ...base, app_manifest: { uid: 'b', name: 'B' } })).toEqual([]);
  });

  it('reports components, views as sets, parameters by key, permissions and instructions', () => {
    const next = {
      ...base,
      fullscreen: { source_url: 'https://x.example/app' },
      sidepanel: {
        ...base.sidepanel,
        views: ['budgeting.detail', 'change_events.all'],
        user_configuration: {
          schema: {
            type: 'object',
            required: [],
            properties: {
              region: { name: 'Region', type: 'string', description: 'Code' },
              tenant: { name: 'Tenant', type: 'string', description: 'T' },
            },
          },
        },
      },
      permissions: { project: { rfi: 'standard', budgeting: 'readonly' } },
      post_installation_instruction: { notes: 'Do that', page: base.post_installation_instruction.page },
    };
    expect(diffManifests(base, next)).toEqual([
      {
        section: 'components',
        path: 'fullscreen',
        kind: 'added',
        before: null,
        after: 'https://x.example/app',
      },
      { section: 'views', path: 'sidepanel.views', kind: 'added', before: null, after: 'change_events.all' },
      { section: 'views', path: 'sidepanel.views', kind: 'removed', before: 'rfi.detail', after: null },
      {
        section: 'parameters',
        path: 'sidepanel.region',
        kind: 'changed',
        before: 'Region — Code (required)',
        after: 'Region — Code',
      },
      { section: 'parameters', path: 'sidepanel.tenant', kind: 'added', before: null, after: 'Tenant — T' },
      { section: 'permissions', path: 'project.rfi', kind: 'changed', before: 'readonly', after: 'standard' },
      { section: 'permissions', path: 'project.budgeting', kind: 'added', before: null, after: 'readonly' },
      { section: 'instructions', path: 'notes', kind: 'changed', before: 'Do this', after: 'Do that' },
    ]);
  });

  it('compares manifests the builder cannot read leaf by leaf', () => {
    const panel = { type: 'sidepanel', iframe_src: 'https://x.example', views: ['rfi.detail'] };
    const a = { schema_version: '3.2', components: { iframe: { instances: [panel, panel] } } };
    const b = {
      schema_version: '3.2',
      components: { iframe: { instances: [panel, { ...panel, iframe_src: 'https://y.example' }] } },
    };
    expect(diffManifests(a, b)).toEqual([
      {
        section: 'document',
        path: '/components/iframe/instances/1/iframe_src',
        kind: 'changed',
        before: 'https://x.example',
        after: 'https://y.example',
      },
    ]);
  });
});
