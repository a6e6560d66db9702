import { type Page, sortTerms } from '../../http/paging';
import type { ServiceDeps } from '../../services';
import { type AnalyticsCountSortKey, analyticsRepository } from './repository';

/** The admin analytics page (issue 12): how often each event was sent, per key and day. */
export class AnalyticsService {
  constructor(private readonly deps: Pick<ServiceDeps, 'db'>) {}

  counts(query: Page & { sort: string[]; filters?: { key?: string } }) {
    return analyticsRepository.counts(this.deps.db, {
      page: query.page,
      per_page: query.per_page,
      sort: sortTerms<AnalyticsCountSortKey>(query.sort),
      key: query.filters?.key,
    });
  }
}
