import type { TemplateVersion } from './limits';

// The manifest editor's starting documents and component snippets per schema family (spec 2 §3
// "Manifest template snippets"). Values are placeholders the developer replaces; `app_manifest` is
// overwritten by the portal.

/** The template of each schema family: what a new manifest in the JSON editor starts from. */
export const MANIFEST_TEMPLATES: Record<TemplateVersion, Record<string, unknown>> = {
  '3': {
    schema_version: '3.2',
    app_manifest: { id: 'generated' },
    components: {
      oauth: { instances: [{ grant_type: 'authorization_code' }] },
    },
  },
  '4.1': {
    schema_version: '4.1',
    app_manifest: { uid: 'generated', name: 'generated' },
  },
};

export const SNIPPET_NAMES = ['oauth', 'iframe', 'fullscreen', 'sidepanel'] as const;
export type SnippetName = (typeof SNIPPET_NAMES)[number];

const parameters = {
  schema: {
    type: 'object',
    required: ['tenant'],
    properties: { tenant: { name: 'Tenant', type: 'string', description: 'Your tenant name.' } },
  },
};

const v3Fullscreen = {
  name: 'My app',
  type: 'fullscreen',
  required: false,
  description: 'What the full-screen app shows.',
  iframe_src: 'https://example.com/{{tenant}}/app?company={{procore.company.id}}',
  configuration: parameters,
};
const v3Sidepanel = {
  name: 'My side panel',
  type: 'sidepanel',
  views: ['rfi.detail'],
  required: false,
  description: 'What the side panel shows.',
  iframe_src: 'https://example.com/{{tenant}}/panel?project={{procore.project.id}}',
  configuration: parameters,
};
const v3Oauth = { grant_type: 'authorization_code' };

/**
 * The snippets of one schema family. Below 4, `hasExistingManifest` false gives a whole manifest holding
 * the component, true only the instance to paste into its `instances` list; 4.1 snippets are top-level
 * members (`{"sidepanel": {…}}`) whatever the flag.
 */
export function manifestSnippets(
  version: TemplateVersion,
  hasExistingManifest: boolean,
): Record<SnippetName, Record<string, unknown>> {
  if (version === '4.1') {
    const fullscreen = {
      source_url: 'https://example.com/{{tenant}}/dashboard?project={{procore.project.id}}',
      description: 'What the full-screen app shows.',
      user_configuration: parameters,
    };
    return {
      // 4.1 has no oauth instances: the data connector is the service account's permissions.
      oauth: { permissions: { company: { directory: 'readonly' }, project: { rfi: 'readonly' } } },
      iframe: { fullscreen },
      fullscreen: { fullscreen },
      sidepanel: {
        sidepanel: {
          source_url: 'https://example.com/{{tenant}}/panel',
          description: 'What the side panel shows.',
          views: ['rfi.detail'],
          user_configuration: parameters,
        },
      },
    };
  }
  const whole = (component: 'oauth' | 'iframe', instance: Record<string, unknown>) =>
    hasExistingManifest
      ? instance
      : { ...MANIFEST_TEMPLATES['3'], components: { [component]: { instances: [instance] } } };
  return {
    oauth: whole('oauth', v3Oauth),
    iframe: whole('iframe', v3Fullscreen),
    fullscreen: whole('iframe', v3Fullscreen),
    sidepanel: whole('iframe', v3Sidepanel),
  };
}
