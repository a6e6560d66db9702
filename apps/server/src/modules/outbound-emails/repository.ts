import type { OutboundEmailSortKey } from '@lintel/shared';
import type { Db } from '../../db/index';
import type { OutboundEmailRow } from '../../db/schema';
import { likePattern, type Page, pageOffset, type SortTerm } from '../../http/paging';

const sortColumns = {
  created_at: 'created_at',
  to: 'to_address',
  subject: 'subject',
  status: 'status',
  sent_at: 'sent_at',
} as const satisfies Record<OutboundEmailSortKey, string>;

export interface OutboundEmailListOptions extends Page {
  sort: SortTerm<OutboundEmailSortKey>[];
  search?: string;
  status?: OutboundEmailRow['status'];
}

/**
 * The admin page's reads of outbound_emails. Writing them (record, claim, mark sent or failed) is the
 * mailer's, in jobs/mail/repository.ts.
 */
export const outboundEmailRepository = {
  find(db: Db, id: number): Promise<OutboundEmailRow | undefined> {
    return db.selectFrom('outbound_emails').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async list(
    db: Db,
    options: OutboundEmailListOptions,
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
