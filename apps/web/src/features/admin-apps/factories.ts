import type { AdminDeveloperApp } from '@lintel/shared';
import { buildDeveloperApp, permissionsOf } from '../developer-apps/factories';

/** The admin page's app as the API answers it; override any field. */
export function buildAdminApp(overrides: Partial<AdminDeveloperApp> = {}): AdminDeveloperApp {
  const app = buildDeveloperApp({ current_user_role: null, permissions: permissionsOf(null) });
  return {
    ...app,
    owner: { ...app.owner, platform_id: 40_112 },
    owner_id: app.owner.id,
    external_owner_id: app.owner.id,
    sandbox: app.sandbox ? { ...app.sandbox, provider_app_id: 8123 } : null,
    listing_name: null,
    legacy: false,
    allowed_cors_domains: '',
    connectable: false,
    has_production_credentials: true,
    owner_mismatch: false,
    contacts: [],
    collaborators: [
      { id: 1, user_id: 1, name: 'Ada Lovelace', email: 'ada@example.com', role: 'owner' },
      { id: 2, user_id: 2, name: 'Grace Hopper', email: 'grace@example.com', role: 'developer' },
    ],
    ...overrides,
  };
}
