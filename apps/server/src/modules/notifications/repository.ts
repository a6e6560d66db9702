import type { AdminNotificationSortKey, NotificationFields, SortValue } from '@lintel/shared';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { byName } from '../../db/collation';
import type { Db } from '../../db/index';
import type { Database, NotificationRow } from '../../db/schema';
import { type Page, pageOffset } from '../../http/paging';

export type NotificationWithRead = NotificationRow & { read_at: Date | null };

/** Visible to developers on `today`: not a draft, show_after empty or reached (spec 1 §4). */
function visibleOn(eb: ExpressionBuilder<Database, 'notifications'>, today: string): Expression<SqlBool> {
  return eb.and([
    eb('notifications.draft', '=', false),
    eb.or([
      eb('notifications.show_after', 'is', null),
      eb('notifications.show_after', '<=', sql<string>`${today}::date`),
    ]),
  ]);
}

/** Every SQL statement about notifications and their read state. */
export const notificationRepository = {
  /** One page of what a developer may see, newest first, with this user's read state and counts. */
  async listVisible(
    db: Db,
    userId: number,
    today: string,
    page: Page,
  ): Promise<{ rows: NotificationWithRead[]; total: number; unread: number }> {
    const base = db
      .selectFrom('notifications')
      .leftJoin('notification_reads as r', (join) =>
        join.onRef('r.notification_id', '=', 'notifications.id').on('r.user_id', '=', userId),
      )
      .where((eb) => visibleOn(eb, today));
    const counts = await base
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        sql<number>`count(*) filter (where r.read_at is null)`.as('unread'),
      ])
      .executeTakeFirstOrThrow();
    const rows = await base
      .selectAll('notifications')
      .select('r.read_at')
      .orderBy('notifications.created_at', 'desc')
      .orderBy('notifications.id', 'desc')
      .limit(page.per_page)
      .offset(pageOffset(page))
      .execute();
    return { rows, total: Number(counts.total), unread: Number(counts.unread) };
  },

  /** One notification with this user's read state, whatever its visibility (the policy decides). */
  findWithRead(db: Db, userId: number, id: number): Promise<NotificationWithRead | undefined> {
    return db
      .selectFrom('notifications')
      .leftJoin('notification_reads as r', (join) =>
        join.onRef('r.notification_id', '=', 'notifications.id').on('r.user_id', '=', userId),
      )
      .selectAll('notifications')
      .select('r.read_at')
      .where('notifications.id', '=', id)
      .executeTakeFirst();
  },

  /** Marks read once; the first read time stays. */
  async markRead(db: Db, userId: number, id: number, now: Date): Promise<void> {
    await db
      .insertInto('notification_reads')
      .values({ notification_id: id, user_id: userId, read_at: now })
      .onConflict((c) => c.columns(['notification_id', 'user_id']).doNothing())
      .execute();
  },

  find(db: Db, id: number): Promise<NotificationRow | undefined> {
    return db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** One page of every notification in `sort` order (`-title`: descending), ties broken by id. */
  async list(db: Db, options: Page & { sort: readonly SortValue<AdminNotificationSortKey>[] }) {
    const { total } = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const terms = options.sort.map((value) =>
      value.startsWith('-')
        ? { key: value.slice(1) as AdminNotificationSortKey, direction: 'desc' as const }
        : { key: value as AdminNotificationSortKey, direction: 'asc' as const },
    );
    let query = db.selectFrom('notifications').selectAll();
    for (const term of terms)
      query = query.orderBy(term.key === 'title' ? byName('title') : term.key, term.direction);
    query = query.orderBy('id', terms[0]?.direction ?? 'desc');
    const rows = await query.limit(options.per_page).offset(pageOffset(options)).execute();
    return { rows, total: Number(total) };
  },

  insert(db: Db, fields: NotificationFields, createdBy: number, now: Date): Promise<NotificationRow> {
    return db
      .insertInto('notifications')
      .values({ ...fields, created_by: createdBy, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  update(
    db: Db,
    id: number,
    fields: Partial<NotificationFields>,
    now: Date,
  ): Promise<NotificationRow | undefined> {
    return db
      .updateTable('notifications')
      .set({ ...fields, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  },

  async delete(db: Db, id: number): Promise<boolean> {
    const result = await db.deleteFrom('notifications').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  /** queued / sent / failed counts of the e-mails of each notification. */
  async deliveryCounts(
    db: Db,
    ids: number[],
  ): Promise<Map<number, Record<'queued' | 'sent' | 'failed', number>>> {
    const counts = new Map<number, Record<'queued' | 'sent' | 'failed', number>>();
    if (ids.length === 0) return counts;
    const rows = await db
      .selectFrom('outbound_emails')
      .select(['notification_id', 'status', (eb) => eb.fn.countAll<number>().as('count')])
      .where('notification_id', 'in', ids)
      .groupBy(['notification_id', 'status'])
      .execute();
    for (const row of rows) {
      if (row.notification_id === null) continue;
      const entry = counts.get(row.notification_id) ?? { queued: 0, sent: 0, failed: 0 };
      entry[row.status] = Number(row.count);
      counts.set(row.notification_id, entry);
    }
    return counts;
  },

  /** The next opted-in, confirmed developers after `afterId`, in id order. */
  criticalRecipients(db: Db, afterId: number, limit: number) {
    return db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('critical_emails', '=', true)
      .where('confirmed_at', 'is not', null)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  async advanceFanout(db: Db, id: number, cursor: number): Promise<void> {
    await db.updateTable('notifications').set({ fanout_cursor: cursor }).where('id', '=', id).execute();
  },

  async completeFanout(db: Db, id: number, now: Date): Promise<void> {
    await db.updateTable('notifications').set({ fanout_completed_at: now }).where('id', '=', id).execute();
  },
};
