import type { DeveloperApp, DeveloperAppSummary } from '@lintel/shared';
import type { DeveloperAppRow } from '../../db/schema';
import type { OAuthApplication } from '../../platform/types';
import { presentSummary as presentListingSummary } from '../listings/presenter';
import { presentSummary as presentVersion } from '../manifests/presenter';
import { presentSandbox } from '../sandboxes/presenter';
import type { AppListItem, AppView } from './service';

/** Production credentials count only while they work (not revoked). */
const usable = (oauth: OAuthApplication | undefined) => (oauth && !oauth.revoked ? oauth : undefined);

/** Where the thumbnail is read: collaborators' route, or the admins' (which also serves a deleted app's). */
export type ThumbnailRoute = 'developer' | 'admin';

export function thumbnailUrl(
  app: Pick<DeveloperAppRow, 'id' | 'thumbnail_key' | 'updated_at'>,
  route: ThumbnailRoute = 'developer',
): string | null {
  return app.thumbnail_key ? thumbnailUrlAt(app.id, app.updated_at.getTime(), route) : null;
}

/** The thumbnail's URL, versioned by the app's updated_at in milliseconds (a new logo, a new URL). */
function thumbnailUrlAt(id: number, updatedAtMs: number, route: ThumbnailRoute = 'developer'): string {
  const prefix = route === 'admin' ? '/api/v1/admin' : '/api/v1';
  return `${prefix}/developer_apps/${id}/thumbnail?v=${updatedAtMs}`;
}

/**
 * The app as its collaborators (and platform administrators) see it: never a hash, and no secret but the
 * sandbox's when the sandbox policy allowed it (the view then holds it).
 */
export function presentApp({
  app,
  access,
  owner,
  sandbox,
  sandboxSecret,
  production,
  manifests,
  listing,
  hasSupportContact,
  live,
}: AppView): DeveloperApp {
  const working = usable(production);
  return {
    id: app.id,
    uid: working?.uid ?? null,
    name: app.name,
    internal_name: app.internal_name,
    owner: { id: owner.id, name: owner.name, email: owner.email },
    confidential: app.confidential,
    production_access: app.production_access,
    redirect_uri: app.redirect_uri,
    thumbnail_url: thumbnailUrl(app),
    // When the listing customers see was published, while the app is live (isAppLive).
    published_at: live ? (listing.published?.published_at?.toISOString() ?? null) : null,
    live,
    created_at: app.created_at.toISOString(),
    updated_at: app.updated_at.toISOString(),
    deleted_at: app.deleted_at?.toISOString() ?? null,
    current_user_role: access.role,
    permissions: access.permissions,
    sandbox: sandbox ? presentSandbox(sandbox, app, sandboxSecret) : null,
    credentials: working
      ? {
          uid: working.uid,
          revealable: working.secretRevealable,
          ...(working.previousSecretExpiresAt
            ? { previous_secret_expires_at: working.previousSecretExpiresAt.toISOString() }
            : {}),
        }
      : null,
    manifests: {
      latest_sandbox: manifests.latestSandbox
        ? presentVersion(manifests.latestSandbox.row, manifests.latestSandbox.flags)
        : null,
      latest_production: manifests.latestProduction
        ? presentVersion(manifests.latestProduction.row, manifests.latestProduction.flags)
        : null,
      sandbox_count: manifests.sandboxCount,
      production_count: manifests.productionCount,
    },
    last_marketplace_app: presentListingSummary(listing.last),
    published_app: presentListingSummary(listing.published),
    unpublished_app:
      listing.last && listing.last.state !== 'published' ? presentListingSummary(listing.last) : null,
    marketplace_enabled: app.marketplace_enabled,
    has_support_contact: hasSupportContact,
  };
}

/**
 * A row of "My apps". The list is sent as this object's JSON (route option sendAsPresented), so the keys
 * are written in the contract's order (developerAppSummary: the app's keys as developerAppResponse orders
 * them, then sandbox_status) and each value already in its wire format.
 */
export function presentSummary({ app, role, sandboxStatus, live }: AppListItem): DeveloperAppSummary {
  return {
    id: app.id,
    name: app.name,
    internal_name: app.internal_name,
    thumbnail_url:
      app.thumbnail_key && app.updated_at_ms !== null ? thumbnailUrlAt(app.id, app.updated_at_ms) : null,
    current_user_role: role,
    created_at: app.created_at,
    live,
    sandbox_status: sandboxStatus,
  };
}
