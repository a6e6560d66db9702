import type { AuditEvent } from '@lintel/shared';
import type { AuditEventView } from './repository';

export function presentAuditEvent(event: AuditEventView): AuditEvent {
  return {
    id: event.id,
    action: event.action,
    actor: event.actor ? { id: event.actor.id, name: event.actor.name, email: event.actor.email } : null,
    subject_type: event.subject_type,
    subject_id: event.subject_id,
    developer_app_id: event.developer_app_id,
    changes: { before: event.changes.before ?? {}, after: event.changes.after ?? {} },
    client_address: event.client_address,
    created_at: event.created_at.toISOString(),
  };
}
