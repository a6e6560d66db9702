import { authEndpoints } from './auth';
import { collaboratorEndpoints } from './collaborators';
import { credentialEndpoints } from './credentials';
import { adminDeveloperAppEndpoints, developerAppEndpoints } from './developer-apps';
import {
  adminListingEndpoints,
  listingEndpoints,
  listingReferenceEndpoints,
  videoHostEndpoints,
} from './listings';
import { analyticsEndpoints, manifestEndpoints } from './manifests';
import { adminNotificationEndpoints, notificationEndpoints } from './notifications';
import { outboundEmailEndpoints } from './outbound-emails';
import { sandboxEndpoints } from './sandboxes';

export * from './auth';
export * from './collaborators';
export * from './credentials';
export * from './developer-apps';
export * from './manifests';
export * from './notifications';
export * from './outbound-emails';
export * from './sandboxes';

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
  listingReferenceEndpoints,
  listingEndpoints,
  adminListingEndpoints,
  videoHostEndpoints,
  manifestEndpoints,
  analyticsEndpoints,
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
