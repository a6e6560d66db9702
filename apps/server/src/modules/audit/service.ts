import {
  type AuditEventActor,
  type AuditEventFilters,
  auditTimeEnd,
  auditTimeStart,
  type SortValue,
} from '@lintel/shared';
import type { Db } from '../../db/index';
import type { Page } from '../../http/paging';
import { type AuditEventView, auditRepository as repo } from './repository';

export interface AuditEventQuery extends Page {
  sort: SortValue<'created_at'>[];
  filters?: AuditEventFilters;
}

/** The audit trail's read side (issue 11): the admin page and an app's own events. */
export class AuditService {
  constructor(private readonly deps: { db: Db }) {}

  /** A page of events, newest first unless `sort[]=created_at`; from and to are inclusive. */
  list(query: AuditEventQuery): Promise<{ rows: AuditEventView[]; total: number }> {
    const filters = query.filters ?? {};
    return repo.list(this.deps.db, {
      page: query.page,
      per_page: query.per_page,
      direction: query.sort[0] === 'created_at' ? 'asc' : 'desc',
      actorId: filters.actor_id === undefined ? undefined : Number(filters.actor_id),
      developerAppId: filters.developer_app_id === undefined ? undefined : Number(filters.developer_app_id),
      action: filters.action,
      from: filters.from ? auditTimeStart(filters.from) : undefined,
      before: filters.to ? auditTimeEnd(filters.to) : undefined,
    });
  }

  /** The actor filter's options: up to 20 users with audited changes, matched by e-mail or name. */
  actors(search: string | undefined): Promise<AuditEventActor[]> {
    return repo.actors(this.deps.db, search?.trim() || undefined, 20);
  }
}
