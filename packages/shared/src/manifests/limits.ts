/** Caps of manifests and versions; the server answers 413/422 past them. */
export const MANIFEST_LIMITS = {
  /** A manifest's JSON text, in characters (a 5 MB manifest is refused). */
  contentChars: 512 * 1024,
  /** How deep a manifest's JSON may nest (a parser bomb is refused before validation). */
  depth: 32,
  semanticVersion: 32,
  changelog: 5000,
  notes: 5000,
  description: 1000,
  url: 2000,
  name: 120,
  parameterKey: 64,
  parameters: 50,
  views: 100,
  /** Errors reported for one manifest; the rest are counted in the last message. */
  errors: 100,
} as const;

/** Schema versions a manifest may declare (reference/manifest-format.md); templates exist for "3" and "4.1". */
export const SCHEMA_VERSIONS = ['3', '3.2', '4.1'] as const;
export type SchemaVersion = (typeof SCHEMA_VERSIONS)[number];
/** The template families: `3` (3.x) and `4.1`. */
export const TEMPLATE_VERSIONS = ['3', '4.1'] as const;
export type TemplateVersion = (typeof TEMPLATE_VERSIONS)[number];

/** The message of spec 2 §8 for text that is not JSON. */
export const INVALID_JSON_MESSAGE = 'Invalid JSON, could not parse manifest';
