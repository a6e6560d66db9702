import { z } from 'zod';

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
