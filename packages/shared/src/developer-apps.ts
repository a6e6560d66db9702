import { z } from 'zod';
import { optionalText, requiredText } from './fields';
import { manifestSummary } from './manifests/types';
import { MAX_IMAGE_SIDE, uploadedFile } from './uploads';

/** Collaborator roles on one app (spec 2 §6); `user` is named by the spec but never granted here. */
export const collaboratorRole = z.enum(['owner', 'admin', 'developer']);
export type CollaboratorRole = z.infer<typeof collaboratorRole>;
/** Roles an invitation may carry (spec 2 §5, §9). */
export const invitationRole = z.enum(['developer', 'admin'], { message: 'must be developer or admin' });
export type InvitationRole = z.infer<typeof invitationRole>;

export const DEVELOPER_APP_LIMITS = {
  internalName: 120,
  name: 120,
  redirectUris: 20,
  redirectUri: 2000,
  thumbnailBytes: 2 * 1024 * 1024,
} as const;

/** What an app logo may be (spec 1 §9, spec 2 §5), recognised from the file's bytes. */
export const THUMBNAIL_TYPES = ['image/jpeg', 'image/png'] as const;

/** A logo is square and larger than this many pixels on each side (spec 1 §9: "larger than 200x200 px"). */
export const THUMBNAIL_MIN_SIDE = 200;

/** The logo rule, for the drop zone's hint and the server's refusal. */
export const THUMBNAIL_RULE = `must be a square JPEG or PNG image larger than ${THUMBNAIL_MIN_SIDE}×${THUMBNAIL_MIN_SIDE} pixels`;

/**
 * Whether an image of these dimensions may be an app logo: square, each side above THUMBNAIL_MIN_SIDE
 * and at most MAX_IMAGE_SIDE.
 */
export function isThumbnailSize(size: { width: number; height: number }): boolean {
  return size.width === size.height && size.width > THUMBNAIL_MIN_SIDE && size.width <= MAX_IMAGE_SIDE;
}

/** The abilities the spec names (spec 2 §6), computed on the server and sent with every app. */
export const appPermissions = z.object({
  canEdit: z.boolean(),
  canModifyCredentials: z.boolean(),
  canViewClientCredentials: z.boolean(),
  canModifyManifests: z.boolean(),
  canCreateSandboxManifests: z.boolean(),
  canSetSemanticVersions: z.boolean(),
  canGenerateFakeSandbox: z.boolean(),
  canSubmitMarketplaceApp: z.boolean(),
  canDestroy: z.boolean(),
  /** Not a spec flag: managing collaborators and invitations (updatePermissions in the matrix). */
  canManageCollaborators: z.boolean(),
  /** Not a spec flag: only the owner may hand the app over. */
  canTransferOwnership: z.boolean(),
});
export type AppPermissions = z.infer<typeof appPermissions>;

/**
 * The role matrix of spec 2 §6: owner does everything; admin everything but delete; developer views.
 * Platform administrators and employees may generate a fake sandbox; a platform administrator who is
 * not a collaborator reads the app and changes nothing through the developer screens.
 */
export function permissionsFor(
  role: CollaboratorRole | null,
  actor: { is_admin: boolean; is_employee: boolean },
): AppPermissions {
  const manage = role === 'owner' || role === 'admin';
  const view = role !== null || actor.is_admin;
  return {
    canEdit: manage,
    canModifyCredentials: manage,
    canViewClientCredentials: view,
    canModifyManifests: manage,
    canCreateSandboxManifests: manage,
    canSetSemanticVersions: manage,
    canGenerateFakeSandbox: actor.is_admin || actor.is_employee,
    canSubmitMarketplaceApp: manage,
    canDestroy: role === 'owner',
    canManageCollaborators: manage,
    canTransferOwnership: role === 'owner',
  };
}

/** The rows of the "View permission details" table (spec 2 §6). */
export const PERMISSION_MATRIX: readonly {
  action: string;
  owner: boolean;
  admin: boolean;
  developer: boolean;
}[] = [
  { action: 'viewProdClientId', owner: true, admin: true, developer: true },
  { action: 'viewSandboxCreds', owner: true, admin: true, developer: true },
  { action: 'viewManifests', owner: true, admin: true, developer: true },
  { action: 'editAppSettings', owner: true, admin: true, developer: false },
  { action: 'editManifests', owner: true, admin: true, developer: false },
  { action: 'submitListing', owner: true, admin: true, developer: false },
  { action: 'resetSecrets', owner: true, admin: true, developer: false },
  { action: 'updatePermissions', owner: true, admin: true, developer: false },
  { action: 'deleteApp', owner: true, admin: false, developer: false },
];

export const OOB_REDIRECT_URI = 'urn:ietf:wg:oauth:2.0:oob';

/** Why a redirect URI line is refused, for a translated message (the `message` is the API's English). */
export type RedirectUriReason =
  | 'too_long'
  | 'invalid'
  | 'scheme'
  | 'fragment'
  | 'credentials'
  | 'not_https'
  | 'too_many';

export interface RedirectUriProblem {
  line: number;
  value: string;
  reason: RedirectUriReason;
  message: string;
}

/**
 * Redirect URIs, one per line (spec 2 §5): https only, except loopback http (localhost or 127.0.0.1,
 * any port) and the redirectless urn:ietf:wg:oauth:2.0:oob; no fragments; every bad line reported.
 */
export function parseRedirectUris(text: string): { uris: string[]; problems: RedirectUriProblem[] } {
  const uris: string[] = [];
  const problems: RedirectUriProblem[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const value = raw.trim();
    if (value === '') return;
    const problem = redirectUriProblem(value);
    if (problem) problems.push({ line: index + 1, value, ...problem });
    else if (!uris.includes(value)) uris.push(value);
  });
  if (uris.length > DEVELOPER_APP_LIMITS.redirectUris) {
    problems.push({
      line: 0,
      value: '',
      reason: 'too_many',
      message: `at most ${DEVELOPER_APP_LIMITS.redirectUris} redirect URIs`,
    });
  }
  return { uris, problems };
}

function redirectUriProblem(value: string): { reason: RedirectUriReason; message: string } | null {
  if (value.length > DEVELOPER_APP_LIMITS.redirectUri) {
    return { reason: 'too_long', message: `is longer than ${DEVELOPER_APP_LIMITS.redirectUri} characters` };
  }
  if (value === OOB_REDIRECT_URI) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { reason: 'invalid', message: 'is not a valid URI' };
  }
  if (url.protocol === 'javascript:' || url.protocol === 'data:')
    return { reason: 'scheme', message: `must not use the ${url.protocol} scheme` };
  if (value.includes('#')) return { reason: 'fragment', message: 'must not contain a fragment (#)' };
  if (url.username || url.password)
    return { reason: 'credentials', message: 'must not contain a user name or password' };
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1')) return null;
  return {
    reason: 'not_https',
    message: 'must use https (http is allowed only for localhost and 127.0.0.1)',
  };
}

export const sandboxStatus = z.enum(['pending', 'live', 'failed']);
export type SandboxStatus = z.infer<typeof sandboxStatus>;

export const sandboxResponse = z.object({
  id: z.number().int(),
  status: sandboxStatus,
  live: z.boolean(),
  /** The sandbox OAuth client id. */
  app_id: z.string().nullable(),
  url: z.string().nullable(),
  redirect_uri: z.string(),
  company_id: z.number().int().nullable(),
  confidential: z.boolean(),
  /**
   * The sandbox client secret, on a live sandbox of a confidential app, for its collaborators and platform
   * administrators only (spec 2 "Sandbox card", viewSandboxCreds); absent otherwise.
   */
  app_secret: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string(),
  /** While a rotation's grace period runs, when the previous secret stops working (issue 23). */
  previous_secret_expires_at: z.string().optional(),
});
export type Sandbox = z.infer<typeof sandboxResponse>;

export const productionAccess = z.enum(['none', 'production_pending', 'granted']);
export type ProductionAccess = z.infer<typeof productionAccess>;

/** A listing submission as the app page names it (spec 3 §3 "On the developer app"). */
export const marketplaceAppSummary = z.object({
  id: z.number().int(),
  state: z.enum(['draft', 'in_review', 'published']),
  approval_state: z.enum(['unreviewed', 'approved', 'rejected']),
  admin_message: z.string().nullable(),
  version: z.number().int(),
});
export type MarketplaceAppSummary = z.infer<typeof marketplaceAppSummary>;

export const developerAppResponse = z.object({
  id: z.number().int(),
  /** The production OAuth client id, once production access is granted. */
  uid: z.string().nullable(),
  name: z.string(),
  internal_name: z.string(),
  owner: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  confidential: z.boolean(),
  production_access: productionAccess,
  /** Production redirect URIs, one per line. */
  redirect_uri: z.string(),
  thumbnail_url: z.string().nullable(),
  /** When the listing customers see was published, while the app is live; else null. */
  published_at: z.string().nullable(),
  /** The app is live: in the marketplace (isAppLive of live.ts, the one definition). */
  live: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
  current_user_role: collaboratorRole.nullable(),
  permissions: appPermissions,
  sandbox: sandboxResponse.nullable(),
  /**
   * Production credentials once issued: the client id, and whether its secret may still be revealed once
   * (spec 2 §4 "Client secret": show until revealed, reset after).
   */
  credentials: z
    .object({
      uid: z.string(),
      revealable: z.boolean(),
      /** While a rotation's grace period runs, when the previous secret stops working (issue 23). */
      previous_secret_expires_at: z.string().optional(),
    })
    .nullable(),
  /**
   * The newest sandbox and production versions (no documents), for the layout and the header status
   * (versionStatus of `@lintel/shared/manifests`); the lists come from GET /api/v1/manifests.
   */
  manifests: z.object({
    latest_sandbox: manifestSummary.nullable(),
    latest_production: manifestSummary.nullable(),
    sandbox_count: z.number().int(),
    production_count: z.number().int(),
  }),
  /** The newest listing submission, whatever its state (spec 3 §3). */
  last_marketplace_app: marketplaceAppSummary.nullable(),
  /** The listing customers see: the newest published submission. */
  published_app: marketplaceAppSummary.nullable(),
  /** The newest submission when it is not published yet (changes awaiting review), else null. */
  unpublished_app: marketplaceAppSummary.nullable(),
  /** Whether the app's listing may appear in the marketplace (platform administrators switch it). */
  marketplace_enabled: z.boolean(),
  /**
   * The app has a support contact: an integration contact (platform administrators add them) or the
   * published listing's support e-mail. A live app needs one (spec 2 §2 "Warnings").
   */
  has_support_contact: z.boolean(),
});
export type DeveloperApp = z.infer<typeof developerAppResponse>;

/** The apps list: one row per app the user owns or collaborates on. */
export const developerAppSummary = developerAppResponse
  .pick({
    id: true,
    name: true,
    internal_name: true,
    thumbnail_url: true,
    current_user_role: true,
    created_at: true,
    live: true,
  })
  .extend({ sandbox_status: sandboxStatus.nullable() });
export type DeveloperAppSummary = z.infer<typeof developerAppSummary>;

const appName = (max: number) => requiredText({ max });
const redirectUris = optionalText({
  max: DEVELOPER_APP_LIMITS.redirectUris * (DEVELOPER_APP_LIMITS.redirectUri + 1),
  multiline: true,
});

export const createDeveloperAppRequest = z.strictObject({
  internal_name: appName(DEVELOPER_APP_LIMITS.internalName),
});

export const updateDeveloperAppRequest = z.strictObject({
  developer_app: z.strictObject({
    internal_name: appName(DEVELOPER_APP_LIMITS.internalName).optional(),
    name: appName(DEVELOPER_APP_LIMITS.name).optional(),
    confidential: z.boolean().optional(),
    redirect_uri: redirectUris.optional(),
    /** Developers may only ask: 'production_pending'. Granting is the admin route's. */
    production_access: z
      .literal('production_pending', { message: 'can only be requested (production_pending)' })
      .optional(),
    remove_thumbnail: z.boolean().optional(),
    /** Multipart only: the new logo (THUMBNAIL_TYPES, DEVELOPER_APP_LIMITS.thumbnailBytes). */
    thumbnail: uploadedFile.optional(),
  }),
});
export type UpdateDeveloperAppRequest = z.input<typeof updateDeveloperAppRequest>;

export const updateSandboxRequest = z.strictObject({
  sandbox: z.strictObject({
    redirect_uri: redirectUris,
  }),
});

/** The answer that generates or resets a secret: the only time the plain secret ever leaves the server. */
export const secretResponse = z.object({ uid: z.string(), app_secret: z.string() });
export const revealedSecretResponse = z.object({ app_secret: z.string() });
export type SecretResponse = z.infer<typeof secretResponse>;
