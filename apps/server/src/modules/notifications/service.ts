import {
  ADMIN_NOTIFICATION_DEFAULT_SORT,
  type AdminNotificationSortKey,
  type NotificationChanges,
  type NotificationFields,
  normaliseCritical,
  type SortValue,
  utcDate,
} from '@lintel/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/index';
import type { NotificationRow, UserRow } from '../../db/schema';
import { errors } from '../../http/errors';
import type { Page } from '../../http/paging';
import type { Mailer } from '../../jobs/mail/mailer';
import type { JobQueue } from '../../jobs/queue';
import { type AuditActor, changedFields, recordAudit } from '../audit/recorder';
import { notificationPolicy } from './policy';
import { notificationRepository as repo } from './repository';

export const FANOUT_QUEUE = 'notifications.fanout';
export interface FanoutJob {
  notificationId: number;
}

export interface NotificationDeps {
  db: Db;
  config: Pick<Config, 'publicUrl'>;
  mailer: Mailer;
  queue: JobQueue;
  /** Recipients per fan-out transaction. */
  fanoutBatchSize?: number;
}

/** Announcements: what developers read, what administrators write, and the critical e-mail fan-out. */
export class NotificationService {
  constructor(private readonly deps: NotificationDeps) {}

  listForUser(user: UserRow, page: Page, now = new Date()) {
    return repo.listVisible(this.deps.db, user.id, utcDate(now), page);
  }

  async readForUser(user: UserRow, id: number, now = new Date()) {
    const found = await repo.findWithRead(this.deps.db, user.id, id);
    // A notification the developer may not see yet does not exist for them: 404, not 403.
    if (!found || !notificationPolicy.canRead(user, found, utcDate(now)))
      throw errors.notFound('Notification');
    return found;
  }

  /** Marks read for this user only; a notification the user cannot see is 404. */
  async markRead(user: UserRow, id: number, now = new Date()) {
    const found = await this.readForUser(user, id, now);
    if (found.read_at) return found;
    await repo.markRead(this.deps.db, user.id, id, now);
    return { ...found, read_at: now };
  }

  /** Every notification, newest first unless `sort` says otherwise, with the e-mail progress of each critical one. */
  async list(query: Page & { sort: readonly SortValue<AdminNotificationSortKey>[] }) {
    const sort = query.sort.length > 0 ? query.sort : ADMIN_NOTIFICATION_DEFAULT_SORT;
    const { rows, total } = await repo.list(this.deps.db, { ...query, sort });
    const delivery = await repo.deliveryCounts(
      this.deps.db,
      rows.filter((row) => row.critical).map((row) => row.id),
    );
    return { rows, total, delivery };
  }

  async deliveryOf(id: number) {
    return (await repo.deliveryCounts(this.deps.db, [id])).get(id);
  }

  async find(id: number) {
    const row = await repo.find(this.deps.db, id);
    if (!row) throw errors.notFound('Notification');
    return { row, delivery: row.critical ? await this.deliveryOf(id) : undefined };
  }

  /** Creates; a critical notification is stored going out at once and its e-mails are queued with it. */
  async create(
    admin: UserRow,
    input: NotificationFields,
    actor: AuditActor,
    now = new Date(),
  ): Promise<NotificationRow> {
    const fields = normaliseCritical(input);
    return this.deps.db.transaction().execute(async (trx) => {
      const row = await repo.insert(trx, fields, admin.id, now);
      await recordAudit(trx, actor, {
        action: 'notification.created',
        subjectType: 'notification',
        subjectId: row.id,
        changes: { after: auditedFields(row) },
      });
      if (row.critical) {
        await this.deps.queue.send(trx, FANOUT_QUEUE, { notificationId: row.id } satisfies FanoutJob);
      }
      return row;
    });
  }

  /** Updates; `critical` never changes after creation (spec 1 §4), and a critical one stays going out. */
  async update(
    id: number,
    changes: NotificationChanges,
    actor: AuditActor,
    now = new Date(),
  ): Promise<NotificationRow> {
    return this.deps.db.transaction().execute(async (trx) => {
      const current = await repo.find(trx, id);
      if (!current) throw errors.notFound('Notification');
      const { critical: _ignored, ...rest } = changes;
      const merged = normaliseCritical({
        title: rest.title ?? current.title,
        summary: rest.summary ?? current.summary,
        body: rest.body ?? current.body,
        critical: current.critical,
        draft: rest.draft ?? current.draft,
        show_after: rest.show_after === undefined ? current.show_after : (rest.show_after ?? null),
      });
      const updated = await repo.update(trx, id, merged, now);
      if (!updated) throw errors.notFound('Notification');
      await recordAudit(trx, actor, {
        action: 'notification.updated',
        subjectType: 'notification',
        subjectId: id,
        changes: changedFields(auditedFields(current), auditedFields(updated)),
      });
      return updated;
    });
  }

  async delete(id: number, actor: AuditActor): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const current = await repo.find(trx, id);
      if (!current || !(await repo.delete(trx, id))) throw errors.notFound('Notification');
      await recordAudit(trx, actor, {
        action: 'notification.deleted',
        subjectType: 'notification',
        subjectId: id,
        changes: { before: auditedFields(current) },
      });
    });
  }

  /**
   * The fan-out job: e-mails every confirmed developer who keeps critical e-mails on, a batch per
   * transaction. The cursor moves in the same transaction as the batch, and each message has the key
   * (notification, user), so a retry or a restart continues where it stopped and never sends twice.
   */
  async fanOut(job: FanoutJob): Promise<void> {
    const { db, config, mailer } = this.deps;
    const batchSize = this.deps.fanoutBatchSize ?? 1000;
    const notification = await repo.find(db, job.notificationId);
    if (!notification?.critical || notification.fanout_completed_at) return;
    // The Markdown toolchain (unified, remark, rehype: ~25 MB) is loaded by the first fan-out only.
    const { markdownToSafeHtml, markdownToText } = await import('../../jobs/mail/markdown');
    const data = {
      title: notification.title,
      summaryText: markdownToText(notification.summary),
      summaryHtml: markdownToSafeHtml(notification.summary),
      url: `${config.publicUrl}/notifications/${notification.id}`,
      settingsUrl: `${config.publicUrl}/account`,
    };
    let cursor = notification.fanout_cursor;
    for (;;) {
      const recipients = await repo.criticalRecipients(db, cursor, batchSize);
      if (recipients.length === 0) break;
      const last = recipients.at(-1)?.id ?? cursor;
      await db.transaction().execute(async (trx) => {
        await mailer.enqueueMany(
          trx,
          recipients.map((user) => ({
            to: user.email,
            template: 'announcement' as const,
            data,
            idempotencyKey: `notification:${notification.id}:user:${user.id}`,
            notificationId: notification.id,
          })),
        );
        await repo.advanceFanout(trx, notification.id, last);
      });
      cursor = last;
    }
    await repo.completeFanout(db, notification.id, new Date());
  }
}

/** The fields of an announcement the audit trail keeps (the body may be long: its length only). */
function auditedFields(row: NotificationRow): Record<string, unknown> {
  return {
    title: row.title,
    summary: row.summary,
    body_length: row.body?.length ?? 0,
    critical: row.critical,
    draft: row.draft,
    show_after: row.show_after,
  };
}
