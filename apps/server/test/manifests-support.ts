import type { ConfiguredManifestInput } from '@lintel/shared/manifests';
import type { Client } from './support';

/** A builder form the rules accept: user-level auth and a side panel on two views. */
export const FORM: ConfiguredManifestInput = {
  auth_code_enabled: true,
  sidepanel: {
    type: 'sidepanel',
    source_url: 'https://tiles.example/{{region}}/panel',
    views: ['rfi.detail', 'change_events.all'],
    description: 'Tile orders',
    user_configuration: {
      schema: {
        type: 'object',
        properties: { region: { name: 'Region', type: 'string', description: 'Your region code.' } },
        required: ['region'],
      },
    },
  },
  permissions: { company: { directory: 'readonly' }, project: { rfi: 'standard' } },
  service_account_enabled: true,
  post_installation_instruction: {
    notes: 'Map cost codes',
    page: { label: 'Guide', url: 'https://tiles.example/guide' },
  },
};

/** A 4.1 manifest as the JSON editor sends it (text). */
export const MANIFEST_TEXT = JSON.stringify(
  {
    schema_version: '4.1',
    app_manifest: { uid: 'whatever', name: 'whatever' },
    fullscreen: { source_url: 'https://tiles.example/app', description: 'Dashboard' },
    permissions: { project: { budgeting: 'readonly' } },
  },
  null,
  2,
);

export function createVersion(
  client: Client,
  appId: number,
  semantic_version: string,
  body: Record<string, unknown> = {},
) {
  return client.request({
    method: 'POST',
    url: '/api/v1/app_versioned_manifests',
    payload: {
      developer_app_id: appId,
      environment_type: 'Sandbox',
      semantic_version,
      ...(body.content === undefined ? { configured_manifest_content: FORM } : {}),
      ...body,
    },
  });
}

export function promote(
  client: Client,
  sourceId: number,
  changelog: string | null = 'First release',
  extra = {},
) {
  return client.request({
    method: 'POST',
    url: '/api/v1/app_version_promotions',
    payload: { ...extra, app_version_promotion: { source_app_version_id: sourceId, changelog } },
  });
}

export function review(client: Client, id: number, state: string, notes: Record<string, string> = {}) {
  return client.request({
    method: 'PATCH',
    url: `/api/v1/app_versions/${id}`,
    payload: { app_version: { id, state, ...notes } },
  });
}

export function listVersions(
  client: Client,
  appId: number,
  type?: 'Sandbox' | 'ProductionEnvironment',
  extra = '',
) {
  const filter = type ? `&filters[versionable_type]=${type}` : '';
  return client.request({
    method: 'GET',
    url: `/api/v1/manifests?filters[developer_app_id]=${appId}${filter}${extra}`,
  });
}

export function validate(client: Client, appId: number, content: string) {
  return client.request({
    method: 'POST',
    url: `/api/v1/manifest_validations?developer_app_id=${appId}&environment_type=Sandbox`,
    payload: { manifest: { content } },
  });
}
