import { call } from '../../../api/client';
import type { SnippetKind, TemplateFamily } from './documents';

/**
 * GET /api/v1/manifest_templates/:version/snippets, fetched when a snippet button is pressed (the
 * family and whether a manifest exists are only known then; `has_existing_manifest` matters below 4).
 */
export async function loadSnippets(
  family: TemplateFamily,
  hasExisting: boolean,
): Promise<Record<SnippetKind, Record<string, unknown>>> {
  return call('GET /api/v1/manifest_templates/:version/snippets', {
    params: { version: family },
    query: family === '4.1' ? {} : { has_existing_manifest: hasExisting },
  });
}
