import {
  accountSessionEndpoints,
  adminPersonalAccessTokenEndpoints,
  personalAccessTokenEndpoints,
} from './access-tokens';
import { adminDeveloperAppEndpoints } from './admin-apps';
import { adminListEndpoints, reviewQueueEndpoints } from './admin-lists';
import { adminApiActivityEndpoints, apiActivityEndpoints } from './api-activity';
import { auditEndpoints } from './audit';
import { authEndpoints } from './auth';
import { adminChangelogEndpoints, changelogEndpoints } from './changelog';
import { clientErrorEndpoints } from './client-errors';
import { collaboratorEndpoints } from './collaborators';
import { credentialEndpoints } from './credentials';
import { developerAppEndpoints } from './developer-apps';
import {
  adminListingEndpoints,
  listingEndpoints,
  listingReferenceEndpoints,
  videoHostEndpoints,
} from './listings';
import { analyticsEndpoints, manifestEndpoints } from './manifests';
import { marketplaceEndpoints, platformEventEndpoints } from './marketplace';
import { adminAnalyticsEndpoints, adminMetricsEndpoints, metricsEndpoints } from './metrics';
import { adminNotificationEndpoints, notificationEndpoints } from './notifications';
import { outboundEmailEndpoints } from './outbound-emails';
import { rateLimitEndpoints } from './rate-limits';
import { sandboxEndpoints } from './sandboxes';
import { GROUP_SCOPES, type RouteScope, scopeTable } from './scopes';
import { secretRotationEndpoints } from './secret-rotation';
import { adminTwoFactorEndpoints, twoFactorEndpoints } from './two-factor';
import { adminWebhookEndpoints, webhookEndpoints } from './webhooks';

export * from './access-tokens';
export * from './admin-apps';
export * from './admin-lists';
export * from './api-activity';
export * from './audit';
export * from './auth';
export * from './changelog';
export * from './client-errors';
export * from './collaborators';
export * from './credentials';
export * from './developer-apps';
export * from './manifests';
export * from './marketplace';
export * from './metrics';
export * from './notifications';
export * from './outbound-emails';
export * from './rate-limits';
export * from './sandboxes';
export * from './scopes';
export * from './secret-rotation';
export * from './two-factor';
export * from './webhooks';

/** Every endpoint group of the API; an area adds its group here. */
const groups = {
  authEndpoints,
  developerAppEndpoints,
  adminDeveloperAppEndpoints,
  sandboxEndpoints,
  credentialEndpoints,
  outboundEmailEndpoints,
  notificationEndpoints,
  adminNotificationEndpoints,
  collaboratorEndpoints,
  manifestEndpoints,
  analyticsEndpoints,
  clientErrorEndpoints,
  listingReferenceEndpoints,
  listingEndpoints,
  adminListingEndpoints,
  videoHostEndpoints,
  changelogEndpoints,
  adminChangelogEndpoints,
  rateLimitEndpoints,
  auditEndpoints,
  adminListEndpoints,
  reviewQueueEndpoints,
  marketplaceEndpoints,
  platformEventEndpoints,
  metricsEndpoints,
  adminMetricsEndpoints,
  adminAnalyticsEndpoints,
  apiActivityEndpoints,
  adminApiActivityEndpoints,
  webhookEndpoints,
  adminWebhookEndpoints,
  secretRotationEndpoints,
  personalAccessTokenEndpoints,
  accountSessionEndpoints,
  adminPersonalAccessTokenEndpoints,
  twoFactorEndpoints,
  adminTwoFactorEndpoints,
};

type Groups = typeof groups;
/** Any declared endpoint, as a union of their exact types. */
export type AnyEndpoint = { [G in keyof Groups]: Groups[G][keyof Groups[G]] }[keyof Groups];
/** "GET /api/v1/developer_apps/:id" and its siblings: how the web client names an endpoint. */
export type EndpointKey = AnyEndpoint['key'];
export type EndpointOf<K extends EndpointKey> = Extract<AnyEndpoint, { key: K }>;

/** Every endpoint, for the server's completeness check and the fuzz test. */
export const allEndpoints: readonly AnyEndpoint[] = Object.values(groups).flatMap(
  (group) => Object.values(group) as AnyEndpoint[],
);

/** The names of the endpoint groups (api/scopes.ts GROUP_SCOPES declares each one's token scope). */
export type EndpointGroupName = keyof Groups;
// Every group must declare its scope: a group missing from GROUP_SCOPES fails this assignment.
const groupScopes: Record<EndpointGroupName, (typeof GROUP_SCOPES)[EndpointGroupName]> = GROUP_SCOPES;
// Built on first use, so a bundle that never asks pays nothing at load (the web's sign-in page).
let scopes: ReadonlyMap<string, RouteScope> | undefined;

/** The scope a personal access token needs for an endpoint (issue 23); `session` for one of no group. */
export function routeScope(endpoint: { method: string; path: string }): RouteScope {
  scopes ??= scopeTable(groups, groupScopes);
  return scopes.get(`${endpoint.method} ${endpoint.path}`) ?? 'session';
}

/** Every group with its endpoints, for the table-driven scope test. */
export function endpointGroups(): Readonly<Record<EndpointGroupName, readonly AnyEndpoint[]>> {
  return Object.fromEntries(
    Object.entries(groups).map(([name, group]) => [name, Object.values(group) as AnyEndpoint[]]),
  ) as unknown as Record<EndpointGroupName, readonly AnyEndpoint[]>;
}
