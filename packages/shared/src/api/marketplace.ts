import { z } from 'zod';
import { endpoint } from '../contract';
import { emailAddress, optionalText, requiredText } from '../fields';
import { categoryResponse } from '../listing/model';
import { submissionResponse } from '../listing/submission';
import { idParams, id as idSchema, listQuery } from '../query';

const tags = ['Marketplace'];

/** The public marketplace's list (issue 12): search by name and tagline, filter by category. */
export const marketplaceListQuery = listQuery(
  ['public_name', 'published_at'],
  z.strictObject({
    search: optionalText({ max: 200 }).optional(),
    category_id: idSchema.optional(),
  }),
);

/** One published listing in the marketplace's list; `id` is the developer app's. */
export const marketplaceAppSummaryResponse = z.object({
  id: z.number().int(),
  public_name: z.string(),
  tagline: z.string().nullable(),
  built_by: z.string().nullable(),
  small_logo_url: z.string().nullable(),
  categories: z.array(categoryResponse),
  published_at: z.string().nullable(),
});
export type MarketplaceAppListing = z.infer<typeof marketplaceAppSummaryResponse>;

/** A published listing as customers read it: the submission's shape without its review internals. */
export const marketplaceAppResponse = submissionResponse;

export const installationStatus = z.enum(['installed', 'uninstalled']);

/** An installation (spec 1 §3 "Installation record"); the installer's e-mail only in the admin view. */
export const installationResponse = z.object({
  id: z.number().int(),
  company_name: z.string(),
  company_is_demo: z.boolean(),
  status: installationStatus,
  installed_at: z.string(),
  /** The platform's timestamp of its last change (installed, uninstalled). */
  updated_at: z.string(),
});
export type InstallationRecord = z.infer<typeof installationResponse>;
export const adminInstallationResponse = installationResponse.extend({
  user_email_address: z.string().nullable(),
});
export type AdminInstallationRecord = z.infer<typeof adminInstallationResponse>;

export const createInstallationRequest = z.strictObject({
  company_name: requiredText({ max: 200 }),
  email: emailAddress,
  company_is_demo: z.boolean().default(false),
});
export type CreateInstallationRequest = z.input<typeof createInstallationRequest>;

export const uninstallRequest = z.strictObject({ email: emailAddress });

const installationParams = z.strictObject({ id: idSchema, installation_id: idSchema });

/** The public marketplace of the embedded platform (issue 12): no session needed. */
export const marketplaceEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/marketplace/apps',
    summary: 'Published listings of the marketplace (search, category), paged',
    tags,
    auth: 'public',
    query: marketplaceListQuery,
    kind: 'list',
    response: z.array(marketplaceAppSummaryResponse),
    errors: [],
  }),
  categories: endpoint({
    method: 'GET',
    path: '/api/v1/marketplace/categories',
    summary: "The marketplace's categories (the public category filter)",
    tags,
    auth: 'public',
    response: z.array(categoryResponse),
    errors: [],
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v1/marketplace/apps/:id',
    summary: "An app's published listing; counts one marketplace view per visitor and day",
    tags,
    auth: 'public',
    params: idParams,
    response: marketplaceAppResponse,
    errors: ['not_found'],
  }),
  media: endpoint({
    method: 'GET',
    path: '/api/v1/marketplace/apps/:id/media/:media_id',
    summary: 'A picture, logo or video of a published listing',
    tags,
    auth: 'public',
    params: z.strictObject({ id: idSchema, media_id: idSchema }),
    kind: 'file',
    errors: ['not_found'],
  }),
  install: endpoint({
    method: 'POST',
    path: '/api/v1/marketplace/apps/:id/installations',
    summary: 'Install a published app in a company (status installed)',
    tags,
    auth: 'public',
    params: idParams,
    body: createInstallationRequest,
    status: 201,
    response: installationResponse,
    errors: ['not_found'],
  }),
  uninstall: endpoint({
    method: 'POST',
    path: '/api/v1/marketplace/apps/:id/installations/:installation_id/uninstall',
    summary: "Uninstall an installation (status uninstalled); the installer's e-mail must match",
    tags,
    auth: 'public',
    params: installationParams,
    body: uninstallRequest,
    response: installationResponse,
    errors: ['not_found'],
  }),
};

export const PLATFORM_EVENT_TYPES = [
  'installation.created',
  'installation.uninstalled',
  'marketplace_app.viewed',
] as const;

/** The earliest time an event may carry: the report fills every day from the earliest date on. */
export const EARLIEST_EVENT_TIME = '2000-01-01T00:00:00Z';
/** How far ahead of the server's clock an event may be dated (the platform's clock may run fast). */
export const EVENT_CLOCK_SKEW_MS = 86_400_000;
const OCCURRED_AT_RANGE_MESSAGE = 'must be between 2000-01-01 and one day from now';

/** Whether an event's time is in range; an unreadable time is the format check's business. */
function isPlausibleEventTime(value: string): boolean {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return true;
  return time >= Date.parse(EARLIEST_EVENT_TIME) && time <= Date.now() + EVENT_CLOCK_SKEW_MS;
}

/** An event the platform sends about an app (issue 12); the company fields name installations. */
export const platformEventRequest = z
  .strictObject({
    id: requiredText({ max: 200 }),
    type: z.enum(PLATFORM_EVENT_TYPES, { message: `must be one of ${PLATFORM_EVENT_TYPES.join(', ')}` }),
    developer_app_id: idSchema,
    occurred_at: z.iso
      .datetime({ offset: true, message: 'must be an ISO-8601 time' })
      .refine(isPlausibleEventTime, { message: OCCURRED_AT_RANGE_MESSAGE }),
    // A company name as the platform keeps it: line breaks are the platform's business.
    company_name: optionalText({ max: 500, multiline: true }).nullable().optional(),
    company_is_demo: z.boolean().optional(),
    user_email_address: emailAddress.nullable().optional(),
  })
  .superRefine((event, context) => {
    if (event.type !== 'marketplace_app.viewed' && !event.company_name) {
      context.addIssue({ code: 'custom', path: ['company_name'], message: "can't be blank" });
    }
  });

export const platformEventResponse = z.object({
  id: z.string(),
  /** False for a replay: it was processed before and changed nothing. */
  processed: z.boolean(),
});

export const platformEventEndpoints = {
  receive: endpoint({
    method: 'POST',
    path: '/api/v1/platform/events',
    summary:
      'Receive an installation or marketplace-view event from the platform (Bearer PLATFORM_EVENTS_SECRET; idempotent by id)',
    tags: ['Platform'],
    auth: 'public',
    body: platformEventRequest,
    response: platformEventResponse,
    errors: ['unauthenticated', 'not_found'],
  }),
};
