import type { TokenScope } from '../access-tokens';
import type { EndpointDefinition } from '../contract';

/**
 * What a personal access token needs to call a route (issue 23):
 * - a token scope (`apps:read` …): a token without it gets 403 `insufficient_scope`;
 * - `session`: a signed-in browser only (accounts, passwords, sessions, tokens themselves): every token
 *   gets 403 `insufficient_scope`;
 * - `any`: a public route, which any valid token may call as anyone may.
 * The user's own rights apply on top: a scope never widens what the user may do.
 */
export type RouteScope = TokenScope | 'session' | 'any';

/** A group's scope for reads (GET) and for writes (every other method), or one scope for both. */
export type GroupScope = RouteScope | { read: RouteScope; write: RouteScope };

const appsGroup = { read: 'apps:read', write: 'apps:write' } as const;

/**
 * Each endpoint group's scope, by name (api/index.ts `groups`); the type makes a new group declare its
 * scope. `overrides` names single endpoints ("POST /api/v1/…") whose scope differs from their group's.
 */
export const GROUP_SCOPES = {
  authEndpoints: 'session',
  personalAccessTokenEndpoints: 'session',
  accountSessionEndpoints: 'session',
  adminPersonalAccessTokenEndpoints: 'session',
  developerAppEndpoints: appsGroup,
  adminDeveloperAppEndpoints: 'admin',
  sandboxEndpoints: appsGroup,
  credentialEndpoints: 'apps:write',
  outboundEmailEndpoints: 'admin',
  notificationEndpoints: appsGroup,
  adminNotificationEndpoints: 'admin',
  collaboratorEndpoints: appsGroup,
  manifestEndpoints: { read: 'apps:read', write: 'manifests:write' },
  // The web's own page-view analytics and error reports: browsers, not automation.
  analyticsEndpoints: 'session',
  clientErrorEndpoints: 'session',
  listingReferenceEndpoints: 'apps:read',
  listingEndpoints: { read: 'apps:read', write: 'listings:write' },
  adminListingEndpoints: 'admin',
  videoHostEndpoints: 'any',
  changelogEndpoints: 'any',
  adminChangelogEndpoints: 'admin',
  rateLimitEndpoints: 'admin',
  auditEndpoints: 'admin',
  adminListEndpoints: 'admin',
  reviewQueueEndpoints: 'apps:read',
  marketplaceEndpoints: 'any',
  platformEventEndpoints: 'any',
  metricsEndpoints: 'apps:read',
  adminMetricsEndpoints: 'admin',
  adminAnalyticsEndpoints: 'admin',
  apiActivityEndpoints: 'apps:read',
  adminApiActivityEndpoints: 'admin',
  webhookEndpoints: appsGroup,
  adminWebhookEndpoints: 'admin',
  // Rotating or expiring a client secret changes credentials, as a reset does (credentialEndpoints).
  secretRotationEndpoints: 'apps:write',
  // Second factors are the account's own security: a session only, as the password is (issue 23).
  twoFactorEndpoints: 'session',
  adminTwoFactorEndpoints: 'admin',
} as const satisfies Record<string, GroupScope>;

/** Single endpoints whose scope is not their group's. */
export const ENDPOINT_SCOPE_OVERRIDES: Readonly<Record<string, RouteScope>> = {
  // The sandbox's platform base URLs are public reference.
  'GET /api/v1/platform/base_urls': 'any',
  // Checking a manifest changes nothing; the CLI's validate is offline, but a token may ask the server too.
  'POST /api/v1/manifest_validations': 'apps:read',
};

/** The scope one endpoint of a group needs. */
export function scopeInGroup(group: GroupScope, endpoint: Pick<EndpointDefinition, 'method' | 'path'>) {
  const override = ENDPOINT_SCOPE_OVERRIDES[`${endpoint.method} ${endpoint.path}`];
  if (override) return override;
  if (typeof group === 'string') return group;
  return endpoint.method === 'GET' ? group.read : group.write;
}

/** Builds the key → scope table from the groups; an endpoint of no group is `session` (see routeScope). */
export function scopeTable(
  groups: Readonly<Record<string, Readonly<Record<string, EndpointDefinition & { key: string }>>>>,
  scopes: Readonly<Record<string, GroupScope>>,
): ReadonlyMap<string, RouteScope> {
  const table = new Map<string, RouteScope>();
  for (const [name, group] of Object.entries(groups)) {
    const scope = scopes[name] ?? 'session';
    for (const endpoint of Object.values(group)) table.set(endpoint.key, scopeInGroup(scope, endpoint));
  }
  return table;
}
