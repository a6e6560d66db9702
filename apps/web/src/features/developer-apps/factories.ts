import {
  type AppPermissions,
  type Collaborator,
  type CollaboratorRole,
  type DeveloperApp,
  type DeveloperAppSummary,
  type Invitation,
  permissionsFor,
  type Sandbox,
} from '@lintel/shared';

// Test builders of this area's API answers (partial overrides), beside the shared ones in src/test.

export function buildSandbox(overrides: Partial<Sandbox> = {}): Sandbox {
  const status = overrides.status ?? 'live';
  return {
    id: 11,
    status,
    live: status === 'live',
    app_id: status === 'live' ? 'sandbox-client-id' : null,
    url: status === 'live' ? 'https://sandbox.example.com/companies/4' : null,
    redirect_uri: 'https://app.example.com/callback',
    company_id: status === 'live' ? 4 : null,
    confidential: true,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The permissions of a role, as the server computes them (platform flags off). */
export function permissionsOf(role: CollaboratorRole | null, overrides: Partial<AppPermissions> = {}) {
  return { ...permissionsFor(role, { is_admin: false, is_employee: false }), ...overrides };
}

export function buildDeveloperApp(
  overrides: Partial<DeveloperApp> & { role?: CollaboratorRole } = {},
): DeveloperApp {
  const { role = 'owner', ...rest } = overrides;
  return {
    id: 5,
    uid: null,
    name: 'Crane Tracker',
    internal_name: 'Crane Tracker (internal)',
    owner: { id: 1, name: 'Ada Lovelace', email: 'ada@example.com' },
    confidential: true,
    production_access: 'none',
    redirect_uri: '',
    thumbnail_url: null,
    published_at: null,
    live: false,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    deleted_at: null,
    current_user_role: role,
    permissions: permissionsOf(role),
    sandbox: buildSandbox(),
    credentials: null,
    manifests: { latest_sandbox: null, latest_production: null, sandbox_count: 0, production_count: 0 },
    last_marketplace_app: null,
    published_app: null,
    unpublished_app: null,
    marketplace_enabled: false,
    has_support_contact: false,
    ...rest,
  };
}

export function buildAppSummary(overrides: Partial<DeveloperAppSummary> = {}): DeveloperAppSummary {
  return {
    id: 5,
    name: 'Crane Tracker',
    internal_name: 'Crane Tracker (internal)',
    thumbnail_url: null,
    current_user_role: 'owner',
    created_at: '2026-03-01T10:00:00.000Z',
    sandbox_status: 'live',
    live: false,
    ...overrides,
  };
}

export function buildCollaborator(overrides: Partial<Collaborator> = {}): Collaborator {
  const name = overrides.name ?? 'Ada Lovelace';
  const email = overrides.email ?? 'ada@example.com';
  return {
    id: 1,
    role: 'owner',
    user_id: 1,
    name,
    email,
    developer: { name, email },
    created_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function buildInvitation(overrides: Partial<Invitation> = {}): Invitation {
  return {
    id: 1,
    email: 'grace@example.com',
    role: 'developer',
    status: 'pending',
    created_at: '2026-03-01T10:00:00.000Z',
    expires_at: '2026-03-15T10:00:00.000Z',
    ...overrides,
  };
}
