import type { ManifestSummary } from '@lintel/shared/manifests';
import { buildManifest } from '../testing';

/** A version as GET /api/v1/manifests lists it (no documents); override any field. */
export function buildVersion(overrides: Partial<ManifestSummary> = {}): ManifestSummary {
  const id = overrides.id ?? 1;
  const {
    content: _content,
    configured_manifest_content: _configured,
    ...summary
  } = buildManifest({
    id,
    auth_code_enabled: false,
    promotable: false,
    created_at: `2026-03-0${id}T10:00:00.000Z`,
    ...overrides,
  });
  return summary;
}
