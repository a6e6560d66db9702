import type { ManifestSummary } from '@lintel/shared/manifests';

/** A version as GET /api/v1/manifests lists it; override any field. */
export function buildVersion(overrides: Partial<ManifestSummary> = {}): ManifestSummary {
  const id = overrides.id ?? 1;
  return {
    id,
    app_version_id: id,
    developer_app_id: 5,
    semantic_version: '0.1.0',
    state: 'draft',
    environment_type: 'Sandbox',
    app_version_key: `key-${id}`,
    schema_version: '4.1',
    auth_code_enabled: false,
    changelog: null,
    submittable: false,
    promotable: false,
    published_to_marketplace: false,
    source_app_version_id: null,
    developer_notes: null,
    admin_notes: null,
    created_at: `2026-03-0${id}T10:00:00.000Z`,
    ...overrides,
  };
}
