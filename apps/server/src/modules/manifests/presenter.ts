import type { ConfiguredManifestContent, Manifest, ManifestSummary } from '@lintel/shared/manifests';
import type { AppVersionRow } from '../../db/schema';
import type { AppVersionSummaryRow } from './repository';

/** What a version's row does not say by itself: computed from the app's other versions (service). */
export interface VersionFlags {
  submittable: boolean;
  promotable: boolean;
}

/** A version in a list: every field of manifestSummary picked, no documents. */
export function presentSummary(row: AppVersionSummaryRow, flags: VersionFlags): ManifestSummary {
  return {
    id: row.id,
    app_version_id: row.id,
    developer_app_id: row.developer_app_id,
    semantic_version: row.semantic_version,
    state: row.state,
    environment_type: row.environment_type,
    app_version_key: row.app_version_key,
    schema_version: row.schema_version,
    auth_code_enabled: row.auth_code_enabled,
    changelog: row.changelog,
    submittable: flags.submittable,
    promotable: flags.promotable,
    published_to_marketplace: row.environment_type === 'ProductionEnvironment' && row.state === 'published',
    source_app_version_id: row.source_app_version_id,
    developer_notes: row.developer_notes,
    admin_notes: row.admin_notes,
    rejected_at: row.rejected_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** One version with its manifest and the builder's form of it. */
export function presentManifest(row: AppVersionRow, flags: VersionFlags): Manifest {
  return {
    ...presentSummary(row, flags),
    content: row.content,
    configured_manifest_content: row.configured_manifest_content as ConfiguredManifestContent | null,
  };
}
