import type { OutboundEmail } from '@lintel/shared';
import type { OutboundEmailRow } from '../../db/schema';

export function presentOutboundEmail(row: OutboundEmailRow): OutboundEmail {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    template: row.template,
    status: row.status,
    attempts: row.attempts,
    last_error: row.last_error,
    text_body: row.text_body,
    html_body: row.html_body,
    created_at: row.created_at.toISOString(),
    sent_at: row.sent_at?.toISOString() ?? null,
  };
}
