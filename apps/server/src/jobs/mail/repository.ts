import { sql } from 'kysely';
import type { Db } from '../../db/index';
import type { OutboundEmailRow } from '../../db/schema';

export interface NewOutboundEmail {
  idempotencyKey: string;
  to: string;
  subject: string;
  template: string;
  text: string;
  html: string;
  notificationId: number | null;
}

/**
 * The mailer's statements about outbound e-mail: record, claim, mark sent or failed. The admin page's
 * reads are modules/outbound-emails/repository.ts.
 */
/** A token in a link's query string (`?token=…`, `&amp;token=…`), as PostgreSQL's regular expression. */
const TOKEN_IN_LINK = '([?&;]token=)[A-Za-z0-9_-]+';
const REDACTED_TOKEN = '\\1[redacted]';

export const mailRepository = {
  /** Inserts each message once per idempotency key; returns the ids of the rows this call created. */
  async insertMany(db: Db, emails: NewOutboundEmail[]): Promise<number[]> {
    const rows = await db
      .insertInto('outbound_emails')
      .values(
        emails.map((email) => ({
          idempotency_key: email.idempotencyKey,
          to_address: email.to,
          subject: email.subject,
          template: email.template,
          text_body: email.text,
          html_body: email.html,
          last_error: null,
          notification_id: email.notificationId,
        })),
      )
      .onConflict((c) => c.column('idempotency_key').doNothing())
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  },

  /** Counts one more attempt on a message still queued, and returns it; undefined when sent or failed. */
  claimAttempt(db: Db, id: number): Promise<OutboundEmailRow | undefined> {
    return db
      .updateTable('outbound_emails')
      .set({ attempts: sql`attempts + 1`, updated_at: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .returningAll()
      .executeTakeFirst();
  },

  /**
   * Sent: the stored copy keeps no usable link (issue 8 "secrets out of copies"). Confirmation, reset and
   * invitation tokens are redacted, so an administrator reading the copy sees that a link was sent but
   * cannot follow it.
   */
  async markSent(db: Db, id: number): Promise<void> {
    await db
      .updateTable('outbound_emails')
      .set({
        status: 'sent',
        sent_at: new Date(),
        last_error: null,
        updated_at: new Date(),
        text_body: sql`regexp_replace(text_body, ${TOKEN_IN_LINK}, ${REDACTED_TOKEN}, 'g')`,
        html_body: sql`regexp_replace(html_body, ${TOKEN_IN_LINK}, ${REDACTED_TOKEN}, 'g')`,
      })
      .where('id', '=', id)
      .execute();
  },

  async recordFailure(db: Db, id: number, message: string, final: boolean): Promise<void> {
    await db
      .updateTable('outbound_emails')
      .set({
        last_error: message.slice(0, 1000),
        updated_at: new Date(),
        ...(final ? { status: 'failed' as const } : {}),
      })
      .where('id', '=', id)
      .where('status', '!=', 'sent')
      .execute();
  },
};
