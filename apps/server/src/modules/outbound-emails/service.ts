import type { OutboundEmailFilters, OutboundEmailSortKey, SortValue } from '@lintel/shared';
import type { Db } from '../../db/index';
import type { OutboundEmailRow } from '../../db/schema';
import { errors } from '../../http/errors';
import { type Page, sortTerms } from '../../http/paging';
import { outboundEmailRepository as repo } from './repository';

export interface OutboundEmailQuery extends Page {
  sort: SortValue<OutboundEmailSortKey>[];
  filters?: OutboundEmailFilters;
}

/** The admin "Outbound e-mail" page: every message the portal queued, sent or failed to send. */
export class OutboundEmailService {
  constructor(private readonly deps: { db: Db }) {}

  /** A page of messages, newest first unless sorted otherwise; the search matches literally. */
  list(query: OutboundEmailQuery): Promise<{ rows: OutboundEmailRow[]; total: number }> {
    return repo.list(this.deps.db, {
      page: query.page,
      per_page: query.per_page,
      sort: sortTerms<OutboundEmailSortKey>(query.sort.length > 0 ? query.sort : ['-created_at']),
      search: query.filters?.search?.trim() || undefined,
      status: query.filters?.status,
    });
  }

  async get(id: number): Promise<OutboundEmailRow> {
    const row = await repo.find(this.deps.db, id);
    if (!row) throw errors.notFound('E-mail');
    return row;
  }
}
