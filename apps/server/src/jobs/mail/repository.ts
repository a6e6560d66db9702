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

  async markSent(db: Db, id: number): Promise<void> {
    await db
      .updateTable('outbound_emails')
      .set({ status: 'sent', sent_at: new Date(), last_error: null, updated_at: new Date() })
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
