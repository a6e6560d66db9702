import { z } from 'zod';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from './paging';
import { id } from './query';

/**
 * The Webhooks tab of the app page (issue 22): the app's sandbox company's hooks with their triggers and
 * health, the deliveries log with each attempt, redelivery, test events and the signing secret. The
 * platform's own webhooks API (webhooks.md) is the model; the portal shows it in snake_case as the rest
 * of the portal's API.
 */

export const WEBHOOK_API_VERSIONS = ['v2.0', 'v4.0'] as const;
export const webhookApiVersion = z.enum(WEBHOOK_API_VERSIONS);
export type WebhookApiVersion = z.infer<typeof webhookApiVersion>;

export const WEBHOOK_EVENT_TYPES = ['create', 'update', 'delete'] as const;

/** A delivery's state: queued (waiting or backing off), ok, failing (retried), discarded. */
export const WEBHOOK_DELIVERY_STATUSES = ['queued', 'ok', 'failing', 'discarded'] as const;
export const webhookDeliveryStatus = z.enum(WEBHOOK_DELIVERY_STATUSES);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatus>;

export const WEBHOOK_ATTEMPT_OUTCOMES = ['ok', 'retried', 'failed', 'discarded'] as const;

export const WEBHOOK_LIMITS = {
  namespace: 64,
  url: 2048,
  authorization: 1024,
  resourceName: 100,
  eventType: 40,
} as const;

/** Lowercase letters, digits and dashes (webhooks.md §1). */
export const WEBHOOK_NAMESPACE_PATTERN = /^[a-z0-9-]+$/;

/** An id of the platform's webhooks tables (bigint there): positive, within a JavaScript number. */
export const webhookRecordId = z.coerce
  .number<number | string>()
  .int()
  .positive()
  .max(Number.MAX_SAFE_INTEGER, { message: `must be at most ${Number.MAX_SAFE_INTEGER}` });

const isoTime = z.iso.datetime({ offset: true, message: 'must be an ISO-8601 date-time' });

export const hookParams = z.strictObject({ id, hook_id: webhookRecordId });
export const triggerParams = z.strictObject({ id, hook_id: webhookRecordId, trigger_id: webhookRecordId });
export const deliveryParams = z.strictObject({ id, delivery_id: webhookRecordId });

/** A hook's settings as the form sends them; `authorization` undefined keeps it, null or '' removes it. */
export const webhookHookInput = z.strictObject({
  destination_url: z
    .string()
    .trim()
    .min(1, { message: "can't be blank" })
    .max(WEBHOOK_LIMITS.url, { message: `must be at most ${WEBHOOK_LIMITS.url} characters` })
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
      message: 'must be an http or https URL',
    }),
  namespace: z
    .string()
    .trim()
    .min(1, { message: "can't be blank" })
    .max(WEBHOOK_LIMITS.namespace, { message: `must be at most ${WEBHOOK_LIMITS.namespace} characters` })
    .regex(WEBHOOK_NAMESPACE_PATTERN, { message: 'may hold only lowercase letters, digits and dashes' }),
  api_version: webhookApiVersion,
  authorization: z
    .string()
    .trim()
    .max(WEBHOOK_LIMITS.authorization, {
      message: `must be at most ${WEBHOOK_LIMITS.authorization} characters`,
    })
    .nullable()
    .optional(),
});
export type WebhookHookInput = z.input<typeof webhookHookInput>;

export const createWebhookHookRequest = z.strictObject({ hook: webhookHookInput });
export const updateWebhookHookRequest = z.strictObject({ hook: webhookHookInput.partial() });

export const createWebhookTriggerRequest = z.strictObject({
  trigger: z.strictObject({
    resource_name: z.string().trim().min(1, { message: "can't be blank" }).max(WEBHOOK_LIMITS.resourceName),
    event_type: z.string().trim().min(1, { message: "can't be blank" }).max(WEBHOOK_LIMITS.eventType),
  }),
});

export const redeliverFailedRequest = z.strictObject({ since: isoTime });

export const webhookTriggerResponse = z.object({
  id: z.number().int(),
  hook_id: z.number().int(),
  resource_name: z.string(),
  event_type: z.string(),
  created_at: z.string(),
});
export type WebhookTrigger = z.infer<typeof webhookTriggerResponse>;

export const webhookHealthResponse = z.object({
  /** ok ÷ (ok + failed attempts) over the last 24 hours, 0–1; null when nothing was attempted. */
  success_rate_24h: z.number().nullable(),
  state: z.enum(['healthy', 'backing_off', 'discarding']),
  failing_since: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  discarded_count: z.number().int(),
  queued_count: z.number().int(),
});
export type WebhookHealth = z.infer<typeof webhookHealthResponse>;

export const webhookHookResponse = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  project_id: z.number().int().nullable(),
  namespace: z.string(),
  api_version: webhookApiVersion,
  destination_url: z.string(),
  /** Whether an Authorization header is sent (its value is never shown back). */
  has_authorization: z.boolean(),
  triggers: z.array(webhookTriggerResponse),
  health: webhookHealthResponse,
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookHook = z.infer<typeof webhookHookResponse>;

export const webhookResourceResponse = z.object({
  resource_name: z.string(),
  event_types: z.array(z.string()),
});
export type WebhookResource = z.infer<typeof webhookResourceResponse>;

/** What the actor may do on the tab (policy.ts), so the web shows exactly that. */
export const webhookPermissionsResponse = z.object({
  can_manage: z.boolean(),
  can_redeliver: z.boolean(),
  can_view_secret: z.boolean(),
  can_rotate_secret: z.boolean(),
});
export type WebhookPermissions = z.infer<typeof webhookPermissionsResponse>;

export const webhooksOverviewResponse = z.object({
  /** The sandbox company the hooks belong to; null while the sandbox is not live. */
  company_id: z.number().int().nullable(),
  hooks: z.array(webhookHookResponse),
  resources: z.array(webhookResourceResponse),
  permissions: webhookPermissionsResponse,
  generated_at: z.string(),
});
export type WebhooksOverview = z.infer<typeof webhooksOverviewResponse>;

export const webhookAttemptResponse = z.object({
  id: z.number().int(),
  outcome: z.enum(WEBHOOK_ATTEMPT_OUTCOMES),
  request_headers: z.record(z.string(), z.string()),
  response_status: z.number().int().nullable(),
  response_headers: z.record(z.string(), z.string()).nullable(),
  response_body: z.string().nullable(),
  response_error: z.string().nullable(),
  started_at: z.string(),
  completed_at: z.string(),
  duration_ms: z.number(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptResponse>;

export const webhookDeliveryResponse = z.object({
  id: z.number().int(),
  hook_id: z.number().int(),
  event_id: z.number().int().nullable(),
  resource_name: z.string().nullable(),
  event_type: z.string().nullable(),
  status: webhookDeliveryStatus,
  is_test: z.boolean(),
  redelivery_of: z.number().int().nullable(),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** The last attempt's status and error, for the list (its bodies are in the details). */
  last_response_status: z.number().int().nullable(),
  last_response_error: z.string().nullable(),
  last_duration_ms: z.number().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliveryResponse>;

export const webhookDeliveryDetailResponse = webhookDeliveryResponse.extend({
  destination_url: z.string(),
  /** The exact JSON body sent. */
  body: z.string(),
  /** Every attempt, oldest first. */
  attempts_log: z.array(webhookAttemptResponse),
});
export type WebhookDeliveryDetail = z.infer<typeof webhookDeliveryDetailResponse>;

export const webhookDeliveryListResponse = z.object({
  deliveries: z.array(webhookDeliveryResponse),
  /** The cursor of the next (older) page; null when there is none. */
  next_before: z.number().int().nullable(),
});
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListResponse>;

/** `filters[…]` of the deliveries log: an unknown filter is refused (422). */
export const webhookDeliveryFilters = z
  .strictObject({
    hook_id: webhookRecordId.optional(),
    status: webhookDeliveryStatus.optional(),
    resource_name: z.string().trim().max(WEBHOOK_LIMITS.resourceName).optional(),
    event_type: z.string().trim().max(WEBHOOK_LIMITS.eventType).optional(),
    from: isoTime.optional(),
    to: isoTime.optional(),
  })
  .refine((filters) => !filters.from || !filters.to || Date.parse(filters.from) <= Date.parse(filters.to), {
    message: 'must not be after to',
    path: ['from'],
  });
export type WebhookDeliveryFilters = z.input<typeof webhookDeliveryFilters>;

export const webhookDeliveryQuery = z.strictObject({
  filters: webhookDeliveryFilters.optional(),
  before: webhookRecordId.optional(),
  per_page: z.coerce
    .number<number | string>()
    .int()
    .min(1, { message: 'must be at least 1' })
    .max(MAX_PER_PAGE, { message: `must be at most ${MAX_PER_PAGE}` })
    .default(DEFAULT_PER_PAGE),
});
export type WebhookDeliveryQuery = z.input<typeof webhookDeliveryQuery>;

export const redeliverFailedResponse = z.object({ count: z.number().int() });

export const signingSecretResponse = z.object({
  signing_secret: z.string(),
  /** While a rotation's 24 hours run: when the old secret stops signing; else null. */
  previous_expires_at: z.string().nullable(),
});
export type SigningSecret = z.infer<typeof signingSecretResponse>;

/** How long a rotated-out signing secret keeps signing beside the new one. */
export const SIGNING_SECRET_OVERLAP_HOURS = 24;
