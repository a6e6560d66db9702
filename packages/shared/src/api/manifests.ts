import { z } from 'zod';
import { endpoint } from '../contract';
import { optionalText } from '../fields';
import { MANIFEST_LIMITS, TEMPLATE_VERSIONS } from '../manifests/limits';
import { ENVIRONMENT_TYPES } from '../manifests/status';
import {
  configuredManifestContent,
  environmentType,
  manifestContent,
  manifestError,
  manifestResponse,
  manifestSummary,
} from '../manifests/types';
import { id, idParams, queryBoolean } from '../query';

const tags = ['Manifests'];
const L = MANIFEST_LIMITS;

/** GET /api/v1/manifests: one app's versions of one environment, newest first, 100 a page by default (spec 2 §7). */
export const manifestListQuery = z.strictObject({
  page: z.coerce
    .number<number | string>()
    .int()
    .min(1, { message: 'must be at least 1' })
    .max(2_147_483_647)
    .default(1),
  per_page: z.coerce
    .number<number | string>()
    .int()
    .min(1, { message: 'must be at least 1' })
    .max(100, { message: 'must be at most 100' })
    .default(100),
  filters: z.strictObject({
    developer_app_id: id,
    versionable_type: environmentType.optional(),
  }),
});

/** Create a sandbox version from the builder's form or the JSON editor's content (exactly one of them). */
export const createManifestRequest = z
  .strictObject({
    developer_app_id: id,
    environment_type: z.literal('Sandbox', {
      message: 'must be Sandbox (production versions come from promotion)',
    }),
    semantic_version: z.string().trim().min(1, { message: "can't be blank" }).max(L.semanticVersion),
    configured_manifest_content: configuredManifestContent.optional(),
    /** The manifest: its JSON text (the editor) or the parsed object. */
    content: z
      .union([
        z.string().max(L.contentChars, { message: `must be at most ${L.contentChars} characters` }),
        manifestContent,
      ])
      .optional(),
    /**
     * With `content`: user-level authentication declared beside a 4.1 document, which cannot say it without
     * a service account (authenticationOf). Wherever the content speaks, the content decides.
     */
    auth_code_enabled: z.boolean().optional(),
  })
  .refine((body) => (body.configured_manifest_content === undefined) !== (body.content === undefined), {
    message: 'give either configured_manifest_content or content, not both',
    path: ['content'],
    params: { code: 'required' },
  });
export type CreateManifestRequest = z.input<typeof createManifestRequest>;

export const promotionRequest = z.strictObject({
  /** Optional: the app the page is about; a source version of another app is then refused (422). */
  developer_app_id: id.optional(),
  app_version_promotion: z.strictObject({
    source_app_version_id: id,
    /** The release notes (required, spec 2 §5 "Promote"); null is answered 422. */
    changelog: z.string().max(L.changelog).nullable(),
  }),
});
export type PromotionRequest = z.input<typeof promotionRequest>;

/**
 * The review actions (spec 2 §4): state in_review (submit), confidential (withdraw; from a platform
 * administrator with admin_notes, or one who cannot withdraw, reject), published (approve). A rejected
 * version answers state confidential with `rejected_at` set. A rejection needs the reviewer's admin_notes
 * (issue 20): without them it is 422 on app_version.admin_notes and nothing changes. `rejected` is accepted
 * as an alias of a rejection; the spec's form is confidential with admin_notes.
 */
export const updateAppVersionRequest = z.strictObject({
  app_version: z.strictObject({
    id,
    state: z.enum(['in_review', 'confidential', 'published', 'rejected'], {
      message: 'must be in_review, confidential or published',
    }),
    developer_notes: optionalText({ max: L.notes, multiline: true }).optional(),
    admin_notes: optionalText({ max: L.notes, multiline: true }).optional(),
  }),
});
export type UpdateAppVersionRequest = z.input<typeof updateAppVersionRequest>;

export const manifestValidationQuery = z.strictObject({
  developer_app_id: id,
  environment_type: z.enum(ENVIRONMENT_TYPES).default('Sandbox'),
});
export const manifestValidationRequest = z.strictObject({
  manifest: z.strictObject({
    content: z.string().max(L.contentChars, { message: `must be at most ${L.contentChars} characters` }),
  }),
});
export const manifestValidationResponse = z.object({ errors: z.array(manifestError) });

export const templateVersion = z.enum(TEMPLATE_VERSIONS, { message: 'must be 3 or 4.1' });
export const manifestTemplatesResponse = z.record(z.string(), manifestContent);
export const snippetParams = z.strictObject({ version: templateVersion });
export const snippetQuery = z.strictObject({ has_existing_manifest: queryBoolean.optional() });
export const snippetsResponse = z.object({
  oauth: manifestContent,
  iframe: manifestContent,
  fullscreen: manifestContent,
  sidepanel: manifestContent,
});

const permissionTool = z.object({
  name: z.string(),
  friendly_name: z.string(),
  disabled_uals: z.array(z.number().int()),
});
export const permissionCatalogueResponse = z.object({
  levels: z.array(z.object({ id: z.number().int(), name: z.string(), label: z.string() })),
  company: z.array(permissionTool),
  project: z.array(permissionTool),
});
export const viewKeysResponse = z.object({ views: z.array(z.string()) });

/**
 * Analytics events the web reports (spec 2 §7): the opt-in and opt-out of the form-based experience, the
 * metrics report click; spec 1 §7: the engagement report's CSV download.
 */
export const ANALYTICS_KEYS = [
  'opted_in',
  'opted_out',
  'metrics_report_clicked',
  'developers.app_metrics.download_csv.clicked',
] as const;
/** The largest analytics event the server reads: its key and a few small properties (issue 20). */
export const ANALYTICS_BODY_LIMIT_BYTES = 2048;
export const analyticsRequest = z.strictObject({
  key: z.enum(ANALYTICS_KEYS, { message: `must be one of ${ANALYTICS_KEYS.join(', ')}` }),
  additional_properties: z
    .record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
    .refine((value) => Object.keys(value).length <= 20, { message: 'at most 20 properties' })
    .optional(),
});

/** Manifests, versions, promotion and review (issue 9, spec 2 §7). */
export const manifestEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/manifests',
    summary: "An app's versions of one environment, newest first (any collaborator, platform admins)",
    tags,
    auth: 'user',
    query: manifestListQuery,
    kind: 'list',
    response: z.array(manifestSummary),
    errors: ['not_found'],
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v1/app_versioned_manifests/:id',
    summary: 'One version with its manifest and the builder form',
    tags,
    auth: 'user',
    params: idParams,
    response: manifestResponse,
    errors: ['not_found'],
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v1/app_versioned_manifests',
    summary:
      'Create a sandbox version from configured_manifest_content (the builder) or content (the JSON editor); owner and admins',
    tags,
    auth: 'user',
    body: createManifestRequest,
    status: 201,
    response: manifestResponse,
    errors: ['forbidden', 'not_found'],
  }),
  promote: endpoint({
    method: 'POST',
    path: '/api/v1/app_version_promotions',
    summary: 'Promote a sandbox version to production with release notes; owner and admins',
    tags,
    auth: 'user',
    body: promotionRequest,
    status: 201,
    response: manifestResponse,
    errors: ['forbidden', 'not_found'],
  }),
  review: endpoint({
    method: 'PATCH',
    path: '/api/v1/app_versions/:id',
    summary:
      'Review actions on a production version: submit (in_review) and withdraw (confidential) by owner and admins; approve (published) and reject (confidential with the required admin_notes; the version answers rejected_at) by platform admins',
    tags,
    auth: 'user',
    params: idParams,
    body: updateAppVersionRequest,
    response: manifestResponse,
    errors: ['forbidden', 'not_found'],
  }),
  validate: endpoint({
    method: 'POST',
    path: '/api/v1/manifest_validations',
    summary: 'Validate a manifest text: every error with its JSON pointer, line and column; [] when valid',
    tags,
    auth: 'user',
    query: manifestValidationQuery,
    body: manifestValidationRequest,
    response: manifestValidationResponse,
    errors: ['not_found'],
  }),
  templates: endpoint({
    method: 'GET',
    path: '/api/v1/manifest_templates',
    summary: 'The template of each schema version ("3", "4.1")',
    tags,
    auth: 'user',
    response: manifestTemplatesResponse,
    errors: [],
  }),
  snippets: endpoint({
    method: 'GET',
    path: '/api/v1/manifest_templates/:version/snippets',
    summary: 'The oauth, iframe, fullscreen and sidepanel snippets of a schema version',
    tags,
    auth: 'user',
    params: snippetParams,
    query: snippetQuery,
    response: snippetsResponse,
    errors: [],
  }),
  permissions: endpoint({
    method: 'GET',
    path: '/api/v1/manifest_permissions',
    summary: 'The permission catalogue: company and project tools, their disabled levels, the levels',
    tags,
    auth: 'user',
    response: permissionCatalogueResponse,
    errors: [],
  }),
  views: endpoint({
    method: 'GET',
    path: '/api/v1/manifest_views',
    summary: 'The side-panel view keys',
    tags,
    auth: 'user',
    response: viewKeysResponse,
    errors: [],
  }),
};

export const analyticsEndpoints = {
  track: endpoint({
    method: 'POST',
    path: '/api/v1/analytics',
    summary:
      'Record an analytics event (opted_in, opted_out, metrics_report_clicked); bodies up to 2 KB (413 beyond), a few a minute per user (429 beyond)',
    tags: ['Analytics'],
    auth: 'user',
    body: analyticsRequest,
    bodyLimit: ANALYTICS_BODY_LIMIT_BYTES,
    status: 204,
    errors: [],
  }),
};
