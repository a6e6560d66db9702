/**
 * The translation namespaces: one per area, each a JSON file per language in locales/<lng>/<ns>.json.
 * A key names its namespace first: `t('developerApps.list.title')` is key `list.title` of namespace
 * `developerApps` (nsSeparator and keySeparator are both '.').
 */

/**
 * Loaded at start: the shell, the shared components (components/, the web kit) and the error pages use
 * them on every page.
 */
export const STARTUP_NAMESPACES = ['common', 'validation', 'errors', 'components', 'kit', 'shell'] as const;

/**
 * Read by shared code with a fallback: the field names of error messages (packages/shared field-labels.ts),
 * which errorText.ts reads with the path as default. The pages whose forms show server errors load them
 * with their own (router.tsx).
 */
export const FALLBACK_NAMESPACES = ['fields'] as const;

/** Loaded with the lazy route chunk (or lazy component) of their area: see router.tsx. */
export const AREA_NAMESPACES = [
  'fields',
  'auth',
  'account',
  'home',
  'admin',
  'reference',
  'notifications',
  'adminNotifications',
  'developerApps',
  'manifests',
  'invitations',
  'legal',
  'listing',
  'classicManifests',
  'changelog',
  'rateLimits',
  'audit',
  'adminApps',
  'adminLists',
  'metrics',
  'apiActivity',
  'webhooks',
  'accessTokens',
] as const;

export const NAMESPACES = [...STARTUP_NAMESPACES, ...AREA_NAMESPACES] as const;

export type StartupNamespace = (typeof STARTUP_NAMESPACES)[number];
export type AreaNamespace = (typeof AREA_NAMESPACES)[number];
export type Namespace = (typeof NAMESPACES)[number];
