import type { AdminDeveloperApp, IntegrationContact } from '@lintel/shared';
import type { IntegrationContactRow } from '../../db/schema';
import { presentApp, thumbnailUrl } from '../developer-apps/presenter';
import type { AdminAppView } from './service';

export function presentContact(row: IntegrationContactRow): IntegrationContact {
  return { id: row.id, name: row.name, email: row.email, created_at: row.created_at.toISOString() };
}

/** The app as the admin page shows it (spec 1 §3 "Developer app (admin detail)"). */
export function presentAdminApp(view: AdminAppView): AdminDeveloperApp {
  const { app } = view;
  const shown = presentApp(view);
  return {
    ...shown,
    owner: { ...shown.owner, platform_id: view.owner.platform_id },
    owner_id: app.owner_id,
    external_owner_id: view.externalOwnerId,
    sandbox: shown.sandbox
      ? { ...shown.sandbox, provider_app_id: view.sandbox?.oauth?.platformId ?? null }
      : null,
    // Read through the admins' route, which serves a deleted app's logo too.
    thumbnail_url: thumbnailUrl(app, 'admin'),
    listing_name: view.listing.last?.public_name ?? null,
    legacy: app.legacy,
    allowed_cors_domains: app.allowed_cors_domains,
    connectable: app.connectable,
    has_production_credentials: view.hasProductionCredentials,
    owner_mismatch: view.ownerMismatch,
    contacts: view.contacts.map(presentContact),
    collaborators: view.collaborators.map((row) => ({
      id: row.id,
      user_id: row.user_id,
      name: row.name,
      email: row.email,
      role: row.role,
    })),
  };
}
