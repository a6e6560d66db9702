import { AUDIT_ACTIONS, type AuditAction } from '@lintel/shared';
import type { Db } from '../../db/index';
import type { AuditChanges } from '../../db/schema';

/** Who made a change and from where: the signed-in user and the request's client address. */
export interface AuditActor {
  userId: number;
  clientAddress: string | null;
}

// The actions live in packages/shared (the admin page's action filter and `filters[action]` need them):
// a new audited change adds its action to AUDIT_ACTIONS there.
export { AUDIT_ACTIONS, type AuditAction };

export interface AuditEvent {
  action: AuditAction;
  subjectType: string;
  subjectId: string | number;
  developerAppId?: number | null;
  changes?: AuditChanges;
}

/**
 * Writes one audit event. Call it with the transaction of the change it records, so the change and
 * its event stand or fall together.
 */
export async function recordAudit(db: Db, actor: AuditActor, event: AuditEvent): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      actor_id: actor.userId,
      action: event.action,
      subject_type: event.subjectType,
      subject_id: String(event.subjectId),
      developer_app_id: event.developerAppId ?? null,
      changes: JSON.stringify(event.changes ?? {}),
      client_address: actor.clientAddress,
    })
    .execute();
}

/** The fields of `after` whose values differ from `before`, each side limited to those fields. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): AuditChanges {
  const keys = Object.keys(after).filter(
    (key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}
