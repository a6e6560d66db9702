import { MANIFEST_LIMITS as L } from './limits';

// The JSON Schemas of manifest schema versions 3.x and 4.1 (reference/manifest-format.md), as data: the
// validator compiles them once. Rules a schema cannot say well (known views, allowed permission levels,
// URL schemes, post-installation all-or-none) are in rules.ts and report with the same pointers.

const text = (max: number) => ({ type: 'string', maxLength: max });
const requiredText = (max: number) => ({ type: 'string', minLength: 1, maxLength: max, pattern: '\\S' });

const parameter = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'type', 'description'],
  properties: {
    name: requiredText(L.name),
    type: { const: 'string' },
    description: requiredText(L.description),
    support_link: {
      type: 'object',
      additionalProperties: false,
      required: ['url', 'label'],
      properties: { url: requiredText(L.url), label: requiredText(L.name) },
    },
  },
};

const configurationSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'properties'],
  properties: {
    type: { const: 'object' },
    required: { type: 'array', items: { type: 'string' }, uniqueItems: true, maxItems: L.parameters },
    properties: {
      type: 'object',
      maxProperties: L.parameters,
      propertyNames: { pattern: '^[A-Za-z_][A-Za-z0-9_]*$', maxLength: L.parameterKey },
      additionalProperties: parameter,
    },
  },
};

const userConfiguration = {
  type: 'object',
  additionalProperties: false,
  required: ['schema'],
  properties: { schema: configurationSchema },
};

const postInstallation = {
  type: 'object',
  additionalProperties: false,
  properties: {
    notes: text(L.description * 5),
    page: {
      type: 'object',
      additionalProperties: false,
      properties: { url: text(L.url), label: text(L.name) },
    },
  },
};

const views = {
  type: 'array',
  minItems: 1,
  maxItems: L.views,
  uniqueItems: true,
  items: { type: 'string', minLength: 1, maxLength: 200 },
};

const uuid = text(64);

const fullscreen41 = {
  type: 'object',
  additionalProperties: false,
  required: ['source_url'],
  properties: {
    uuid,
    source_url: requiredText(L.url),
    description: text(L.description),
    user_configuration: userConfiguration,
  },
};

const sidepanel41 = {
  ...fullscreen41,
  required: ['source_url', 'views'],
  properties: { ...fullscreen41.properties, views },
};

const levels = {
  type: 'object',
  maxProperties: 100,
  propertyNames: { pattern: '^[a-z][a-z0-9_]*$', maxLength: 64 },
  additionalProperties: { enum: ['readonly', 'standard', 'admin'] },
};

/** Schema version 4.1: top-level sidepanel, fullscreen and permissions; no oauth instances. */
export const MANIFEST_SCHEMA_4_1 = {
  $id: 'https://lintel.dev/schemas/manifest-4.1.json',
  type: 'object',
  additionalProperties: false,
  required: ['schema_version'],
  properties: {
    schema_version: { const: '4.1' },
    app_manifest: {
      type: 'object',
      additionalProperties: false,
      properties: { uid: text(200), name: text(200) },
    },
    post_installation_instruction: postInstallation,
    fullscreen: fullscreen41,
    sidepanel: sidepanel41,
    permissions: {
      type: 'object',
      additionalProperties: false,
      properties: { company: levels, project: levels },
    },
  },
} as const;

const iframeInstance = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'iframe_src'],
  properties: {
    name: text(L.name),
    type: { enum: ['fullscreen', 'sidepanel'] },
    uuid,
    views,
    required: { type: 'boolean' },
    description: text(L.description),
    iframe_src: requiredText(L.url),
    configuration: {
      type: 'object',
      additionalProperties: false,
      required: ['schema'],
      properties: { schema: configurationSchema },
    },
  },
  if: { properties: { type: { const: 'sidepanel' } } },
  // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword if/then
  then: { required: ['type', 'iframe_src', 'views'] },
};

/** Schema version 3.x: everything under `components` (oauth and iframe instances). */
export const MANIFEST_SCHEMA_3 = {
  $id: 'https://lintel.dev/schemas/manifest-3.json',
  type: 'object',
  additionalProperties: false,
  required: ['schema_version'],
  properties: {
    schema_version: { enum: ['3', '3.2'] },
    app_manifest: { type: 'object', additionalProperties: false, properties: { id: text(200) } },
    post_installation_instruction: postInstallation,
    components: {
      type: 'object',
      additionalProperties: false,
      properties: {
        oauth: {
          type: 'object',
          additionalProperties: false,
          required: ['instances'],
          properties: {
            instances: {
              type: 'array',
              maxItems: 10,
              items: {
                type: 'object',
                additionalProperties: false,
                required: ['grant_type'],
                properties: {
                  uid: text(200),
                  uuid,
                  grant_type: { enum: ['authorization_code', 'client_credentials'] },
                },
              },
            },
          },
        },
        iframe: {
          type: 'object',
          additionalProperties: false,
          required: ['instances'],
          properties: { instances: { type: 'array', maxItems: 20, items: iframeInstance } },
        },
      },
    },
  },
} as const;
