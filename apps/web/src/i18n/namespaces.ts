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

/** Loaded with the lazy route chunk (or lazy component) of their area: see router.tsx. */
export const AREA_NAMESPACES = [
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
] as const;

export const NAMESPACES = [...STARTUP_NAMESPACES, ...AREA_NAMESPACES] as const;

export type StartupNamespace = (typeof STARTUP_NAMESPACES)[number];
export type AreaNamespace = (typeof AREA_NAMESPACES)[number];
export type Namespace = (typeof NAMESPACES)[number];
