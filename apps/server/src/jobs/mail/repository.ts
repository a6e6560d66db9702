import { sql } from 'kysely';
import type { Db } from '../../db/index';
import type { OutboundEmailRow } from '../../db/schema';
import { likePattern, type Page, pageOffset, type SortTerm } from '../../http/paging';

export interface NewOutboundEmail {
  idempotencyKey: string;
  to: string;
  subject: string;
  template: string;
  text: string;
  html: string;
  notificationId: number | null;
}

export const outboundEmailSortKeys = ['created_at', 'to', 'subject', 'status', 'sent_at'] as const;
export type OutboundEmailSortKey = (typeof outboundEmailSortKeys)[number];

const sortColumns = {
  created_at: 'created_at',
  to: 'to_address',
  subject: 'subject',
  status: 'status',
  sent_at: 'sent_at',
} as const;

/** Every SQL statement about outbound e-mail. */
export const outboundEmailRepository = {
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

  find(db: Db, id: number): Promise<OutboundEmailRow | undefined> {
    return db.selectFrom('outbound_emails').selectAll().where('id', '=', id).executeTakeFirst();
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

  async list(
    db: Db,
    options: Page & {
      sort: SortTerm<OutboundEmailSortKey>[];
      search?: string;
      status?: OutboundEmailRow['status'];
    },
  ): Promise<{ rows: OutboundEmailRow[]; total: number }> {
    let query = db.selectFrom('outbound_emails');
    if (options.search) {
      const pattern = likePattern(options.search);
      query = query.where((eb) =>
        eb.or([eb('to_address', 'ilike', pattern), eb('subject', 'ilike', pattern)]),
      );
    }
    if (options.status) query = query.where('status', '=', options.status);
    const { total } = await query
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    let rows = query.selectAll();
    for (const term of options.sort) rows = rows.orderBy(sortColumns[term.key], term.direction);
    rows = rows.orderBy('id', options.sort[0]?.direction ?? 'desc');
    return {
      rows: await rows.limit(options.per_page).offset(pageOffset(options)).execute(),
      total: Number(total),
    };
  },
};
