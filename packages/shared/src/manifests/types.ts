import { z } from 'zod';
import { MANIFEST_LIMITS as L } from './limits';
import { MANIFEST_PERMISSION_LEVELS } from './permissions';
import { ENVIRONMENT_TYPES, VERSION_STATES } from './status';

// The zod shapes of the manifest API (contracts in ../api/manifests.ts). Only zod here: the contracts
// load this file, and the web's entry must not pull the JSON Schema validator through it.

export const environmentType = z.enum(ENVIRONMENT_TYPES, {
  message: 'must be Sandbox or ProductionEnvironment',
});
export const versionState = z.enum(VERSION_STATES);

const text = (max: number) => z.string().max(max, { message: `must be at most ${max} characters` });

/** A user-configuration parameter in a configuration schema. */
const configuredParameter = z.strictObject({
  name: text(L.name),
  type: z.literal('string').default('string'),
  description: text(L.description),
  support_link: z.strictObject({ url: text(L.url), label: text(L.name) }).optional(),
});

/** `user_configuration.schema` of a component (spec 2 §3). */
export const configurationSchema = z.strictObject({
  type: z.literal('object').default('object'),
  properties: z
    .record(text(L.parameterKey), configuredParameter)
    .refine((p) => Object.keys(p).length <= L.parameters, { message: `at most ${L.parameters} parameters` })
    .default({}),
  required: z.array(text(L.parameterKey)).max(L.parameters).default([]),
});

/** A side-panel or full-screen component as the builder holds it (spec 2 §3 configured_manifest_content). */
export const configuredComponent = z.strictObject({
  type: z.enum(['sidepanel', 'fullscreen'], { message: 'required' }),
  source_url: text(L.url),
  views: z.array(text(200)).max(L.views).optional(),
  description: text(L.description).optional(),
  uuid: text(64).optional(),
  user_configuration: z.strictObject({ schema: configurationSchema }).optional(),
});
export type ConfiguredComponent = z.infer<typeof configuredComponent>;

const levels = z.record(text(64), z.enum(MANIFEST_PERMISSION_LEVELS));

/** The form shape of a manifest (spec 2 §3 configured_manifest_content). */
export const configuredManifestContent = z.strictObject({
  sidepanel: configuredComponent.nullable().optional(),
  fullscreen: configuredComponent.nullable().optional(),
  permissions: z
    .strictObject({ company: levels.optional(), project: levels.optional() })
    .nullable()
    .optional(),
  post_installation_instruction: z
    .strictObject({
      notes: text(L.notes).nullable().optional(),
      page: z
        .strictObject({ label: text(L.name).nullable().optional(), url: text(L.url).nullable().optional() })
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
  /** "User Level Authentication" (the auth-code checkbox). */
  auth_code_enabled: z.boolean().optional(),
  /** "Service Account Authentication": shows the permissions grid; without it permissions are dropped. */
  service_account_enabled: z.boolean().optional(),
});
export type ConfiguredManifestContent = z.infer<typeof configuredManifestContent>;
export type ConfiguredManifestInput = z.input<typeof configuredManifestContent>;

/** A manifest document (its JSON); the JSON Schema of its version says more. */
export const manifestContent = z.record(z.string(), z.unknown());
export type ManifestContent = z.infer<typeof manifestContent>;

/** One validation error of a manifest: message, JSON pointer, and 1-based line and column in the text. */
export const manifestError = z.object({
  message: z.string(),
  pointer: z.string(),
  line: z.number().int(),
  column: z.number().int(),
});
export type ManifestError = z.infer<typeof manifestError>;

const versionFields = {
  id: z.number().int(),
  /** The app version this manifest belongs to (one record here: equal to id). */
  app_version_id: z.number().int(),
  developer_app_id: z.number().int(),
  semantic_version: z.string(),
  state: versionState,
  environment_type: environmentType,
  /** The installation key a company uses to install exactly this version. */
  app_version_key: z.string(),
  schema_version: z.string(),
  auth_code_enabled: z.boolean(),
  changelog: z.string().nullable(),
  /** Production: may be submitted for review now. */
  submittable: z.boolean(),
  /** Sandbox: may be promoted to production now (not yet promoted, newer than the latest production). */
  promotable: z.boolean(),
  published_to_marketplace: z.boolean(),
  /** The sandbox version a production version was promoted from. */
  source_app_version_id: z.number().int().nullable(),
  developer_notes: z.string().nullable(),
  admin_notes: z.string().nullable(),
  /**
   * When a platform administrator rejected this version (ISO time), null otherwise. A rejected version is
   * `confidential` (spec 2 §4); submitting it again clears this (issue 20).
   */
  rejected_at: z.string().nullable(),
  created_at: z.string(),
};

/** A version in a list (GET /api/v1/manifests): everything but the documents themselves. */
export const manifestSummary = z.object(versionFields);
export type ManifestSummary = z.infer<typeof manifestSummary>;

/** One version with its manifest (GET /api/v1/app_versioned_manifests/:id and every write). */
export const manifestResponse = z.object({
  ...versionFields,
  content: manifestContent,
  /** The builder's form of the content; null when the builder cannot show it (see canShowInBuilder). */
  configured_manifest_content: configuredManifestContent.nullable(),
});
export type Manifest = z.infer<typeof manifestResponse>;
