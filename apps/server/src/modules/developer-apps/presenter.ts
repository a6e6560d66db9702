import type { DeveloperApp, DeveloperAppSummary, Sandbox } from '@lintel/shared';
import type {
  DeveloperAppRow,
  PlatformOAuthApplicationRow,
  PlatformSandboxRow,
  UserRow,
} from '../../db/schema';
import type { AppAccess } from './policy';

export function presentSandbox(
  sandbox: PlatformSandboxRow,
  oauth: PlatformOAuthApplicationRow | null,
  app: Pick<DeveloperAppRow, 'confidential'>,
): Sandbox {
  return {
    id: sandbox.id,
    status: sandbox.status,
    live: sandbox.status === 'live',
    app_id: oauth?.uid ?? null,
    url: sandbox.url,
    redirect_uri: oauth?.redirect_uri ?? '',
    company_id: sandbox.company_id,
    confidential: app.confidential,
    created_at: sandbox.created_at.toISOString(),
    updated_at: sandbox.updated_at.toISOString(),
  };
}

export function thumbnailUrl(
  app: Pick<DeveloperAppRow, 'id' | 'thumbnail_key' | 'updated_at'>,
): string | null {
  return app.thumbnail_key
    ? `/api/v1/developer_apps/${app.id}/thumbnail?v=${app.updated_at.getTime()}`
    : null;
}

/** The app as its collaborators (and platform administrators) see it: never a secret or its hash. */
export function presentApp(
  app: DeveloperAppRow,
  access: AppAccess,
  owner: Pick<UserRow, 'id' | 'name' | 'email'>,
  sandbox: { sandbox: PlatformSandboxRow; oauth: PlatformOAuthApplicationRow | null } | undefined,
  production: PlatformOAuthApplicationRow | undefined,
): DeveloperApp {
  return {
    id: app.id,
    uid: production?.uid ?? null,
    name: app.name,
    internal_name: app.internal_name,
    owner: { id: owner.id, name: owner.name, email: owner.email },
    confidential: app.confidential,
    production_access: app.production_access,
    redirect_uri: app.redirect_uri,
    thumbnail_url: thumbnailUrl(app),
    published_at: app.published_at?.toISOString() ?? null,
    created_at: app.created_at.toISOString(),
    updated_at: app.updated_at.toISOString(),
    deleted_at: app.deleted_at?.toISOString() ?? null,
    current_user_role: access.role,
    permissions: access.permissions,
    sandbox: sandbox ? presentSandbox(sandbox.sandbox, sandbox.oauth, app) : null,
  };
}

export function presentSummary(
  app: DeveloperAppRow & { role: DeveloperAppSummary['current_user_role'] },
  sandbox: PlatformSandboxRow | undefined,
): DeveloperAppSummary {
  return {
    id: app.id,
    name: app.name,
    internal_name: app.internal_name,
    thumbnail_url: thumbnailUrl(app),
    current_user_role: app.role,
    created_at: app.created_at.toISOString(),
    sandbox_status: sandbox?.status ?? null,
  };
}
