import { z } from 'zod';
import { optionalText } from './fields';

export const outboundEmailStatus = z.enum(['queued', 'sent', 'failed']);
export type OutboundEmailStatus = z.infer<typeof outboundEmailStatus>;

export const outboundEmailResponse = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  status: outboundEmailStatus,
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  text_body: z.string(),
  html_body: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboundEmail = z.infer<typeof outboundEmailResponse>;

/** The columns the admin "Outbound e-mail" list sorts by (`sort[]=-created_at`). */
export const OUTBOUND_EMAIL_SORT_KEYS = ['created_at', 'to', 'subject', 'status', 'sent_at'] as const;
export type OutboundEmailSortKey = (typeof OUTBOUND_EMAIL_SORT_KEYS)[number];

/** Its filters: `filters[search]` (recipient or subject, literal) and `filters[status]`. */
export const outboundEmailFilters = z.strictObject({
  search: optionalText({ max: 200 }).optional(),
  status: outboundEmailStatus.optional(),
});
export type OutboundEmailFilters = z.input<typeof outboundEmailFilters>;
