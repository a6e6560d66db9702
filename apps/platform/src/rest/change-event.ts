import type { WebhookEventInput, WebhookEventType } from '../webhooks/types';
import type { Actor } from './access';

/**
 * The webhook event of a change made through the REST API: in the token's company, by `userId`, caused
 * by the token's app (`source_application_id`). A project's own events name it as their project too.
 */
export function changeEvent(
  actor: Actor,
  userId: number,
  resourceName: 'Projects' | 'RFIs' | 'Submittals',
  record: { id: number; project_id: number },
  eventType: WebhookEventType,
): WebhookEventInput {
  return {
    companyId: actor.company.id,
    projectId: Number(record.project_id),
    userId,
    resourceName,
    resourceId: Number(record.id),
    eventType,
    sourceApplicationId: actor.principal.clientId,
  };
}
