import type {
  WebhookDeliveryDetail as DeliveryDetailResponse,
  WebhookDelivery as DeliveryResponse,
  SigningSecret,
  WebhookAttempt,
  WebhookDeliveryList,
  WebhookHealth,
  WebhookHook,
  WebhookPermissions,
  WebhooksOverview,
  WebhookTrigger,
} from '@lintel/shared';
import type {
  WebhookAttemptView,
  WebhookDeliveryDetail,
  WebhookDeliveryView,
  WebhookHookHealth,
  WebhookHookView,
  WebhookSigningSecret,
  WebhookTriggerView,
} from '../../platform/types';
import type { WebhooksOverviewData } from './service';
import { quietHealth } from './service';

/** Request headers the log never shows: the receiver's credential (configured on the hook). */
const HIDDEN_HEADERS = /^(authorization|proxy-authorization|cookie)$/i;

export function presentTrigger(trigger: WebhookTriggerView): WebhookTrigger {
  return {
    id: trigger.id,
    hook_id: trigger.hookId,
    resource_name: trigger.resourceName,
    event_type: trigger.eventType,
    created_at: trigger.createdAt,
  };
}

export function presentHealth(health: WebhookHookHealth): WebhookHealth {
  return {
    success_rate_24h: health.successRate24h,
    state: health.state,
    failing_since: health.failingSince,
    next_attempt_at: health.nextAttemptAt,
    discarded_count: health.discardedCount,
    queued_count: health.queuedCount,
  };
}

/** A hook: never its Authorization header's value nor its signing secret. */
export function presentHook(hook: WebhookHookView, health: WebhookHookHealth | undefined): WebhookHook {
  return {
    id: hook.id,
    company_id: hook.companyId,
    project_id: hook.projectId,
    namespace: hook.namespace,
    api_version: hook.apiVersion,
    destination_url: hook.destinationUrl,
    has_authorization: hook.hasAuthorization,
    triggers: hook.triggers.map(presentTrigger),
    health: presentHealth(health ?? quietHealth(hook.id)),
    created_at: hook.createdAt,
    updated_at: hook.updatedAt,
  };
}

export function presentOverview(
  data: WebhooksOverviewData,
  permissions: WebhookPermissions,
): WebhooksOverview {
  return {
    company_id: data.companyId,
    hooks: data.hooks.map(({ hook, health }) => presentHook(hook, health)),
    resources: data.resources.map((resource) => ({
      resource_name: resource.resourceName,
      event_types: [...resource.eventTypes],
    })),
    permissions,
    generated_at: data.generatedAt.toISOString(),
  };
}

function headersShown(headers: Record<string, string>): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    shown[name] = HIDDEN_HEADERS.test(name) ? '[hidden]' : String(value);
  }
  return shown;
}

export function presentAttempt(attempt: WebhookAttemptView): WebhookAttempt {
  return {
    id: attempt.id,
    outcome: attempt.outcome,
    request_headers: headersShown(attempt.requestHeaders),
    response_status: attempt.responseStatus,
    response_headers: attempt.responseHeaders,
    response_body: attempt.responseBody,
    response_error: attempt.responseError,
    started_at: attempt.startedAt,
    completed_at: attempt.completedAt,
    duration_ms: Math.round(attempt.durationMs * 10) / 10,
  };
}

export function presentDelivery(delivery: WebhookDeliveryView): DeliveryResponse {
  const last = delivery.lastAttempt;
  return {
    id: delivery.id,
    hook_id: delivery.hookId,
    event_id: delivery.eventId,
    resource_name: delivery.resourceName,
    event_type: delivery.eventType,
    status: delivery.status,
    is_test: delivery.isTest,
    redelivery_of: delivery.redeliveryOf,
    attempts: delivery.attempts,
    next_attempt_at: delivery.nextAttemptAt,
    created_at: delivery.createdAt,
    completed_at: delivery.completedAt,
    last_response_status: last?.responseStatus ?? null,
    last_response_error: last?.responseError ?? null,
    last_duration_ms: last ? Math.round(last.durationMs * 10) / 10 : null,
  };
}

export function presentDeliveryList(page: {
  deliveries: WebhookDeliveryView[];
  nextBefore: number | null;
}): WebhookDeliveryList {
  return { deliveries: page.deliveries.map(presentDelivery), next_before: page.nextBefore };
}

export function presentDeliveryDetail(delivery: WebhookDeliveryDetail): DeliveryDetailResponse {
  return {
    ...presentDelivery(delivery),
    destination_url: delivery.destinationUrl,
    body: delivery.body,
    attempts_log: delivery.attemptsLog.map(presentAttempt),
  };
}

export function presentSigningSecret(secret: WebhookSigningSecret): SigningSecret {
  return {
    signing_secret: secret.secret,
    previous_expires_at: secret.previousExpiresAt ? secret.previousExpiresAt.toISOString() : null,
  };
}
