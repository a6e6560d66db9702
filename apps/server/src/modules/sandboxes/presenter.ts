import type {
  Sandbox as SandboxResponse,
  SecretResponse,
  TestToken as TestTokenResponse,
} from '@lintel/shared';
import type { DeveloperAppRow } from '../../db/schema';
import type { IssuedSecret, Sandbox, TestToken } from '../../platform/types';

/** A sandbox as the app's page shows it: its secret only when the policy let the caller read it. */
export function presentSandbox(
  sandbox: Sandbox,
  app: Pick<DeveloperAppRow, 'confidential'>,
  secret: string | null = null,
): SandboxResponse {
  return {
    id: sandbox.id,
    status: sandbox.status,
    live: sandbox.status === 'live',
    app_id: sandbox.oauth?.uid ?? null,
    url: sandbox.url,
    redirect_uri: sandbox.oauth?.redirectUri ?? '',
    company_id: sandbox.companyId,
    confidential: app.confidential,
    ...(secret === null ? {} : { app_secret: secret }),
    created_at: sandbox.createdAt.toISOString(),
    updated_at: sandbox.updatedAt.toISOString(),
    ...(sandbox.oauth?.previousSecretExpiresAt
      ? { previous_secret_expires_at: sandbox.oauth.previousSecretExpiresAt.toISOString() }
      : {}),
  };
}

/** The one answer that carries a plain secret: right after it was generated or reset. */
export function presentSecret(issued: IssuedSecret): SecretResponse {
  return { uid: issued.uid, app_secret: issued.secret };
}

/** A test token as the token endpoint answers one (created_at in Unix seconds), with its company. */
export function presentTestToken(token: TestToken): TestTokenResponse {
  return {
    access_token: token.accessToken,
    token_type: 'bearer',
    expires_in: token.expiresIn,
    refresh_token: token.refreshToken,
    created_at: Math.floor(token.createdAt.getTime() / 1000),
    company_id: token.companyId,
  };
}
