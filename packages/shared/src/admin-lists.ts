import { z } from 'zod';
import { emailAddress, optionalText, requiredText } from './fields';
import { LIMITS } from './limits';
import { id, queryBoolean } from './query';

/**
 * A submission's place in the review queue (1 = reviewed next, by the time it entered review) and the
 * expected wait: the median in-review → decided time of the last 30 days × the place; null without history.
 */
export const queuePlace = z.object({
  position: z.number().int().positive(),
  estimated_wait_hours: z.number().nullable(),
  in_review_at: z.string(),
});
export type QueuePlace = z.infer<typeof queuePlace>;

/** What one app has in review: its production version and its marketplace listing, each or null. */
export const reviewQueueResponse = z.object({
  app_version: queuePlace.extend({ id: z.number().int() }).nullable(),
  marketplace_listing: queuePlace.extend({ id: z.number().int() }).nullable(),
});
export type ReviewQueue = z.infer<typeof reviewQueueResponse>;

/** A listing in review is New (the app has no published listing yet) or an Update of the published one. */
export const listingReviewKind = z.enum(['new', 'update']);
export type ListingReviewKind = z.infer<typeof listingReviewKind>;

/** A row of the admin developer apps list and of the review queue (spec 1 §3). */
export const adminDeveloperAppRow = z.object({
  id: z.number().int(),
  internal_name: z.string(),
  name: z.string(),
  owner: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  /** The published marketplace app (the newest published listing), or null. */
  app_id: z.number().int().nullable(),
  /** Whether that published listing is live in the marketplace (the list's live marker). */
  live: z.boolean(),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
  has_marketplace_listing_in_review: z.boolean(),
  has_app_version_in_review: z.boolean(),
  has_published_app: z.boolean(),
  marketplace_listing_in_review_at: z.string().nullable(),
  app_version_in_review_at: z.string().nullable(),
  /** The later of the two review dates, or null. */
  in_review_at: z.string().nullable(),
  /** For a listing in review: new or update; null when no listing is in review. */
  marketplace_listing_review_kind: listingReviewKind.nullable(),
  review_queue: reviewQueueResponse,
});
export type AdminDeveloperAppRow = z.infer<typeof adminDeveloperAppRow>;

/** Sort keys of the admin developer apps list and the review queue (spec 1 §2). */
export const ADMIN_DEVELOPER_APP_SORT_KEYS = [
  'app_id',
  'internal_name',
  'owner',
  'created_at',
  'in_review_at',
  'deleted_at',
] as const;
export type AdminDeveloperAppSortKey = (typeof ADMIN_DEVELOPER_APP_SORT_KEYS)[number];

/** `filters[owner_id][]`, `filters[search]`, `filters[in_review]`, `filters[with_deleted]` (spec 1 §7). */
export const adminDeveloperAppFilters = z.strictObject({
  owner_id: z
    .union([id, z.array(id).max(50, { message: 'must name at most 50 owners' })])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .optional(),
  search: optionalText({ max: 200 }).optional(),
  in_review: queryBoolean.optional(),
  with_deleted: queryBoolean.optional(),
});
export type AdminDeveloperAppFilters = z.input<typeof adminDeveloperAppFilters>;

/** A row of the admin developers list (spec 1 §3): the platform id is the developer's id on the platform. */
export const adminDeveloperRow = z.object({
  id: z.number().int(),
  name: z.string(),
  company_name: z.string(),
  email: z.string(),
  platform_id: z.number().int().nullable(),
});
export type AdminDeveloperRow = z.infer<typeof adminDeveloperRow>;

/** Sort keys of the admin developers list: Company is `companyName` (spec 1 §2), `company_name` its alias. */
export const ADMIN_DEVELOPER_SORT_KEYS = [
  'name',
  'companyName',
  'company_name',
  'email',
  'platform_id',
] as const;
export type AdminDeveloperSortKey = (typeof ADMIN_DEVELOPER_SORT_KEYS)[number];

/** The developers list searches name, company, e-mail and platform id; the owner picker uses only this. */
export const adminDeveloperFilters = z.strictObject({
  search: optionalText({ max: 200 }).optional(),
});
export type AdminDeveloperFilters = z.input<typeof adminDeveloperFilters>;

/** One developer on the admin edit page, with the apps they own or work on. */
export const adminDeveloperResponse = adminDeveloperRow.extend({
  confirmed: z.boolean(),
  confirmed_at: z.string().nullable(),
  is_admin: z.boolean(),
  is_employee: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  apps: z.array(
    z.object({
      id: z.number().int(),
      internal_name: z.string(),
      role: z.enum(['owner', 'admin', 'developer']),
      created_at: z.string(),
      deleted_at: z.string().nullable(),
    }),
  ),
});
export type AdminDeveloper = z.infer<typeof adminDeveloperResponse>;

/** `PATCH /api/v1/admin/developers/:id`: any of the edit page's fields. */
export const updateAdminDeveloperRequest = z.strictObject({
  developer: z.strictObject({
    name: requiredText({ max: LIMITS.name }).optional(),
    company_name: requiredText({ max: LIMITS.companyName }).optional(),
    email: emailAddress.optional(),
    confirmed: z.boolean().optional(),
    is_admin: z.boolean().optional(),
    is_employee: z.boolean().optional(),
  }),
});
export type UpdateAdminDeveloperRequest = z.input<typeof updateAdminDeveloperRequest>;

/** The OAuth environments the admin list reads (spec 1 §9). */
export const OAUTH_ENVIRONMENTS = ['production', 'sandbox', 'monthly_sandbox'] as const;
export const oauthEnvironment = z.enum(OAUTH_ENVIRONMENTS, {
  message: `must be one of ${OAUTH_ENVIRONMENTS.join(', ')}`,
});
export type OAuthEnvironment = z.infer<typeof oauthEnvironment>;

/** A row of the admin OAuth applications list (spec 1 §3); never a secret or its hash. */
export const adminOAuthApplicationRow = z.object({
  uid: z.string(),
  name: z.string(),
  environment: oauthEnvironment,
  /** The admin page of the associated developer app, or null. */
  href: z.string().nullable(),
  developer_app: z.object({ id: z.number().int(), internal_name: z.string() }).nullable(),
  owner_name: z.string().nullable(),
  owner_email: z.string().nullable(),
  created_at: z.string(),
});
export type AdminOAuthApplicationRow = z.infer<typeof adminOAuthApplicationRow>;

/** Sortable by name and app id (the client id, uid). */
export const ADMIN_OAUTH_APPLICATION_SORT_KEYS = ['name', 'uid'] as const;
export type AdminOAuthApplicationSortKey = (typeof ADMIN_OAUTH_APPLICATION_SORT_KEYS)[number];

export const adminOAuthApplicationFilters = z.strictObject({
  name: optionalText({ max: 200 }).optional(),
  uid: optionalText({ max: 200 }).optional(),
  search: optionalText({ max: 200 }).optional(),
});
export type AdminOAuthApplicationFilters = z.input<typeof adminOAuthApplicationFilters>;
