import { z } from 'zod';
import {
  collaboratorRole,
  DEVELOPER_APP_LIMITS,
  developerAppResponse,
  productionAccess,
  sandboxResponse,
} from './developer-apps';
import { emailAddress, optionalText, requiredText } from './fields';
import { LIMITS } from './limits';
import { uploadedFile } from './uploads';

/** How long the admin form's free texts may be (spec 1 §2 "Admin developer app detail"). */
export const ADMIN_APP_LIMITS = {
  corsDomains: 4000,
  contactName: LIMITS.name,
} as const;

/** An integration contact of an app (spec 1 §2 sidebar "new integration contact"). */
export const integrationContactResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  created_at: z.string(),
});
export type IntegrationContact = z.infer<typeof integrationContactResponse>;

/** One collaborator as the admin page lists it. */
export const adminAppCollaborator = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: collaboratorRole,
});

/** The sandbox as the admin Sandbox form shows it (spec 1 §2 "Sandbox form"). */
export const adminSandboxResponse = sandboxResponse.extend({
  /** The platform's own id of the sandbox OAuth application ("provider app id"); null until it is live. */
  provider_app_id: z.number().int().nullable(),
});

/**
 * The app as platform administrators see it (spec 1 §3 "Developer app (admin detail)"): the developer
 * view plus the admin form's fields, the contacts and collaborators, and the platform checks.
 */
export const adminDeveloperAppResponse = developerAppResponse.extend({
  /** The owner with their platform ({product}-style) id, null until the platform knows them. */
  owner: developerAppResponse.shape.owner.extend({ platform_id: z.number().int().nullable() }),
  /** The portal's owner (the owner's id). */
  owner_id: z.number().int(),
  /** Whom the platform records as the app's owner; differs from owner_id on an owner mismatch. */
  external_owner_id: z.number().int().nullable(),
  sandbox: adminSandboxResponse.nullable(),
  /** The public name of the app's newest listing submission (read-only on the General form). */
  listing_name: z.string().nullable(),
  /** The legacy checkbox of the credentials section. */
  legacy: z.boolean(),
  /** Allowed CORS domains, one per line. */
  allowed_cors_domains: z.string(),
  /** The connectable checkbox of the credentials section. */
  connectable: z.boolean(),
  /** Production credentials were generated at some time (else the page's notice). */
  has_production_credentials: z.boolean(),
  /** The platform records another owner for this app than the portal (spec 1 §8). */
  owner_mismatch: z.boolean(),
  contacts: z.array(integrationContactResponse),
  collaborators: z.array(adminAppCollaborator),
});
export type AdminDeveloperApp = z.infer<typeof adminDeveloperAppResponse>;

const appName = (max: number) => requiredText({ max });
const redirectUris = optionalText({
  max: DEVELOPER_APP_LIMITS.redirectUris * (DEVELOPER_APP_LIMITS.redirectUri + 1),
  multiline: true,
});

/** The General form (spec 1 §2) and the admin's own switches; `deleted_at: null` undeletes (spec 1 §7). */
export const adminUpdateDeveloperAppRequest = z.strictObject({
  developer_app: z.strictObject({
    internal_name: appName(DEVELOPER_APP_LIMITS.internalName).optional(),
    name: appName(DEVELOPER_APP_LIMITS.name).optional(),
    redirect_uri: redirectUris.optional(),
    legacy: z.boolean().optional(),
    allowed_cors_domains: optionalText({ max: ADMIN_APP_LIMITS.corsDomains, multiline: true }).optional(),
    connectable: z.boolean().optional(),
    production_access: productionAccess.optional(),
    deleted_at: z.null().optional(),
    /** Lets the app's listing appear in the marketplace (spec 3 §6). */
    marketplace_enabled: z.boolean().optional(),
    /** The Sandbox form (spec 1 §7 "sandbox_attributes"): the live sandbox's redirect URIs. */
    sandbox_attributes: z.strictObject({ redirect_uri: redirectUris }).optional(),
  }),
});
export type AdminUpdateDeveloperAppRequest = z.input<typeof adminUpdateDeveloperAppRequest>;

/** The thumbnail PUT (spec 1 §7): a multipart file, or `remove_thumbnail: true`. */
export const adminThumbnailRequest = z.strictObject({
  developer_app: z.strictObject({
    thumbnail: uploadedFile.optional(),
    remove_thumbnail: z.boolean().optional(),
  }),
});

/** Hands the app to another (confirmed) developer, found by e-mail; the old owner becomes admin. */
export const changeOwnerRequest = z.strictObject({
  owner: z.strictObject({ email: emailAddress }),
});

export const createIntegrationContactRequest = z.strictObject({
  contact: z.strictObject({
    name: requiredText({ max: ADMIN_APP_LIMITS.contactName }),
    email: emailAddress,
  }),
});
