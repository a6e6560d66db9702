import type { WebhookApiVersion, WebhookEventType } from './types';

/** The payload versions a hook may ask for (webhooks.md §4; v3.0's related resources have nothing to relate here). */
export const WEBHOOK_API_VERSIONS: readonly WebhookApiVersion[] = ['v2.0', 'v4.0'];
export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = ['create', 'update', 'delete'];

/** One resource a trigger may name, as the portal and `GET /rest/v1.0/webhooks/resources` show it. */
export interface WebhookResource {
  /** The trigger's `resource_name` and the payload's `resource_name` / `resource_type`. */
  name: string;
  /** Company resources are subscribed by company hooks only; project resources by both. */
  level: 'company' | 'project';
  productCategory: string;
  tools: string[];
  /** The event types this resource raises. */
  eventTypes: WebhookEventType[];
}

/**
 * The sample API's resources and what they raise (the reference's resource CSV is lost; the real sandbox
 * lists Projects with create and update only — projects are deactivated, never deleted — and RFIs and
 * Submittals with all three). An RFI "delete" is its recycling (rest-api.md: a v1.0 delete is replaced by
 * recycling).
 */
const RESOURCES: readonly WebhookResource[] = [
  {
    name: 'Projects',
    level: 'company',
    productCategory: 'Portfolio',
    tools: ['Portfolio'],
    eventTypes: ['create', 'update'],
  },
  {
    name: 'RFIs',
    level: 'project',
    productCategory: 'Project Management',
    tools: ['RFIs'],
    eventTypes: ['create', 'update', 'delete'],
  },
  {
    name: 'Submittals',
    level: 'project',
    productCategory: 'Project Management',
    tools: ['Submittals'],
    eventTypes: ['create', 'update', 'delete'],
  },
];

/** The resources triggers may name, with their event types (the portal's "add trigger" choices). */
export function webhookCatalogue(): WebhookResource[] {
  return RESOURCES.map((resource) => ({
    ...resource,
    tools: [...resource.tools],
    eventTypes: [...resource.eventTypes],
  }));
}

export function findResource(name: string): WebhookResource | undefined {
  return RESOURCES.find((resource) => resource.name === name);
}

/** `v2`, `v2.0`, `v4`, `v4.0` (the reference's requests send `"v2"`) as the stored version; undefined otherwise. */
export function apiVersionOf(value: unknown): WebhookApiVersion | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^v([24])(?:\.0)?$/.exec(value.trim());
  return match ? (`v${match[1]}.0` as WebhookApiVersion) : undefined;
}

/** Why a trigger may not be added to a hook of this owner, or null. */
export function triggerProblem(
  resourceName: string,
  eventType: string,
  hookLevel: 'company' | 'project',
): { field: 'resource_name' | 'event_type'; message: string } | null {
  const resource = findResource(resourceName);
  if (!resource) {
    return {
      field: 'resource_name',
      message: `is not a webhook resource (one of ${RESOURCES.map((r) => r.name).join(', ')})`,
    };
  }
  if (!(resource.eventTypes as string[]).includes(eventType)) {
    return {
      field: 'event_type',
      message: `must be one of ${resource.eventTypes.join(', ')} for ${resource.name}`,
    };
  }
  if (resource.level === 'company' && hookLevel === 'project') {
    return {
      field: 'resource_name',
      message: `${resource.name} is a company resource: only a company hook can subscribe to it`,
    };
  }
  return null;
}
