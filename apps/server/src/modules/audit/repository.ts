import type { AuditAction } from '@lintel/shared';
import type { Db } from '../../db/index';
import type { AuditChanges } from '../../db/schema';
import { likePattern, type Page, pageOffset } from '../../http/paging';

export interface AuditEventListOptions extends Page {
  direction: 'asc' | 'desc';
  actorId?: number;
  developerAppId?: number;
  action?: AuditAction;
  /** From this instant on (inclusive). */
  from?: Date;
  /** Before this instant (exclusive). */
  before?: Date;
}

export interface AuditEventView {
  id: number;
  action: string;
  actor: { id: number; name: string; email: string } | null;
  subject_type: string;
  subject_id: string;
  developer_app_id: number | null;
  changes: AuditChanges;
  client_address: string | null;
  created_at: Date;
}

/** The audit trail's reads; writing is recordAudit's (recorder.ts), in the transaction of each change. */
export const auditRepository = {
  async list(db: Db, options: AuditEventListOptions): Promise<{ rows: AuditEventView[]; total: number }> {
    let query = db.selectFrom('audit_events');
    if (options.actorId !== undefined) query = query.where('audit_events.actor_id', '=', options.actorId);
    if (options.developerAppId !== undefined) {
      query = query.where('audit_events.developer_app_id', '=', options.developerAppId);
    }
    if (options.action) query = query.where('audit_events.action', '=', options.action);
    if (options.from) query = query.where('audit_events.created_at', '>=', options.from);
    if (options.before) query = query.where('audit_events.created_at', '<', options.before);
    const { total } = await query
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const rows = await query
      .leftJoin('users', 'users.id', 'audit_events.actor_id')
      .select([
        'audit_events.id',
        'audit_events.action',
        'audit_events.subject_type',
        'audit_events.subject_id',
        'audit_events.developer_app_id',
        'audit_events.changes',
        'audit_events.client_address',
        'audit_events.created_at',
        'users.id as actor_id',
        'users.name as actor_name',
        'users.email as actor_email',
      ])
      .orderBy('audit_events.created_at', options.direction)
      .orderBy('audit_events.id', options.direction)
      .limit(options.per_page)
      .offset(pageOffset(options))
      .execute();
    return {
      rows: rows.map((row) => ({
        id: Number(row.id),
        action: row.action,
        actor:
          row.actor_id !== null && row.actor_name !== null && row.actor_email !== null
            ? { id: row.actor_id, name: row.actor_name, email: row.actor_email }
            : null,
        subject_type: row.subject_type,
        subject_id: row.subject_id,
        developer_app_id: row.developer_app_id,
        changes: row.changes,
        client_address: row.client_address,
        created_at: row.created_at,
      })),
      total: Number(total),
    };
  },

  /** Users who made audited changes whose e-mail (or name) contains the term, at most `limit`. */
  actors(db: Db, search: string | undefined, limit: number) {
    let query = db
      .selectFrom('users')
      .select(['users.id', 'users.name', 'users.email'])
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('audit_events')
            .select('audit_events.id')
            .whereRef('audit_events.actor_id', '=', 'users.id'),
        ),
      );
    if (search) {
      const pattern = likePattern(search);
      query = query.where((eb) =>
        eb.or([eb('users.email', 'ilike', pattern), eb('users.name', 'ilike', pattern)]),
      );
    }
    return query.orderBy('users.email').limit(limit).execute();
  },
};
