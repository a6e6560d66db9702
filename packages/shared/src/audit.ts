import { z } from 'zod';
import { isCalendarDate, optionalText } from './fields';
import { id } from './query';

/**
 * The actions the audit trail records (issue 11). A new audited change adds its action here, so the
 * admin page's action filter and the API's `filters[action]` know every value.
 */
export const AUDIT_ACTIONS = [
  'developer_app.owner_changed',
  'developer_app.deleted',
  'developer_app.undeleted',
  'developer_app.updated',
  'developer_app.production_access_granted',
  'developer_app.production_access_revoked',
  'app_version.approved',
  'app_version.rejected',
  'marketplace_listing.approved',
  'marketplace_listing.rejected',
  'marketplace_listing.updated',
  'rate_limit_bucket.created',
  'rate_limit_bucket.updated',
  'rate_limit_bucket.deleted',
  'notification.created',
  'notification.updated',
  'notification.deleted',
  'developer.updated',
  'oauth_application.secret_reset',
  'oauth_application.test_token_issued',
  'webhook_hook.signing_secret_rotated',
  'oauth_application.secret_rotated',
  'oauth_application.previous_secret_expired',
  'personal_access_token.created',
  'personal_access_token.revoked',
  'developer.two_factor_removed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const auditAction = z.enum(AUDIT_ACTIONS);

/** A time filter: a calendar day (YYYY-MM-DD, UTC) or an ISO-8601 date-time with its offset. */
const auditTime = z
  .string()
  .trim()
  .refine((value) => isCalendarDate(value) || z.iso.datetime({ offset: true }).safeParse(value).success, {
    message: 'must be a date (YYYY-MM-DD) or an ISO-8601 date-time',
    params: { code: 'invalid_date' },
  });

/** The instant a time filter starts at: a day's start, or the date-time itself. */
export function auditTimeStart(value: string): Date {
  return new Date(isCalendarDate(value) ? `${value}T00:00:00Z` : value);
}

/** The instant a `to` filter ends before: the next day's start for a day (inclusive), else just past it. */
export function auditTimeEnd(value: string): Date {
  if (isCalendarDate(value)) return new Date(Date.parse(`${value}T00:00:00Z`) + 86_400_000);
  return new Date(Date.parse(value) + 1);
}

/**
 * `filters[actor_id]`, `filters[developer_app_id]`, `filters[action]`, `filters[from]`, `filters[to]`:
 * who, which app, what and when (from and to inclusive); `to` before `from` is refused.
 */
export const auditEventFilters = z
  .strictObject({
    actor_id: id.optional(),
    developer_app_id: id.optional(),
    action: auditAction.optional(),
    from: auditTime.optional(),
    to: auditTime.optional(),
  })
  .superRefine((filters, context) => {
    if (filters.from && filters.to && auditTimeEnd(filters.to) <= auditTimeStart(filters.from)) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'must not be before from',
        params: { code: 'invalid_date' },
      });
    }
  });
export type AuditEventFilters = z.input<typeof auditEventFilters>;

/** The list sorts by time only; newest first unless `sort[]=created_at`. */
export const AUDIT_EVENT_SORT_KEYS = ['created_at'] as const;

export const auditActorResponse = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type AuditEventActor = z.infer<typeof auditActorResponse>;

export const auditEventResponse = z.object({
  id: z.number().int(),
  action: z.string(),
  /** Null once the acting user is gone. */
  actor: auditActorResponse.nullable(),
  subject_type: z.string(),
  subject_id: z.string(),
  developer_app_id: z.number().int().nullable(),
  changes: z.object({
    before: z.record(z.string(), z.unknown()),
    after: z.record(z.string(), z.unknown()),
  }),
  client_address: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventResponse>;

/** The actor filter's lookup: `search` matches actors' e-mail addresses (and names). */
export const auditActorQuery = z.strictObject({ search: optionalText({ max: 254 }).optional() });
