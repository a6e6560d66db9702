import type { AppAccess } from '../developer-apps/policy';

/** Who may do what with an app's sandbox (spec 2 §4, §6). */
export const sandboxPolicy = {
  /** Redirect URIs and the secret are credentials: owner and admin (resetSecrets). */
  canChange: (access: AppAccess): boolean => access.permissions.canModifyCredentials,
  /** A fake sandbox is for platform staff (canGenerateFakeSandbox). */
  canGenerateFake: (access: AppAccess): boolean => access.permissions.canGenerateFakeSandbox,
  /**
   * The live card shows the secret of a confidential app's sandbox to every collaborator and to platform
   * administrators (viewSandboxCreds); a public app has no secret to show.
   */
  canViewSecret: (access: AppAccess, app: { confidential: boolean }): boolean =>
    app.confidential && access.permissions.canViewClientCredentials,
  /**
   * "Get a test token" acts as the signed-in user in the sandbox company: its collaborators only (a
   * platform administrator who is not one is no user of that company).
   */
  canGetTestToken: (access: AppAccess): boolean => access.role !== null,
};
