import type { WebhookApiVersion } from './types';

/** An event as stored (platform_webhook_events), ids as numbers. */
export interface StoredEvent {
  id: number;
  ulid: string;
  companyId: number;
  projectId: number | null;
  userId: number | null;
  resourceName: string;
  resourceId: number;
  eventType: string;
  sourceApplicationId: string | null;
  occurredAt: Date;
}

/** webhooks.md §4 v2.0: every field, ids as numbers. */
export interface PayloadV2 {
  id: number;
  ulid: string;
  timestamp: string;
  event_type: string;
  resource_name: string;
  resource_id: number;
  company_id: number;
  project_id?: number;
  user_id: number | null;
  api_version: 'v2.0';
  metadata: {
    source_user_id: number | null;
    source_company_id: number | null;
    source_project_id: number | null;
    source_application_id: string | null;
    source_operation_id: string | null;
  };
}

/** webhooks.md §4 v4.0: the smaller schema, every id a string. */
export interface PayloadV4 {
  id: string;
  timestamp: string;
  reason: string;
  company_id: string;
  project_id: string | null;
  user_id: string | null;
  resource_type: string;
  resource_id: string;
}

/**
 * ISO-8601 UTC with microseconds, as the reference's payloads write it (`2020-06-03T17:42:12.634512Z`);
 * the clock keeps milliseconds, so the last three digits are zeros.
 */
export function microsecondTimestamp(date: Date): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/** The v2.0 body; project_id is left out for a company-level change (none here: every change has a project). */
export function payloadV2(event: StoredEvent): PayloadV2 {
  return {
    id: event.id,
    ulid: event.ulid,
    timestamp: microsecondTimestamp(event.occurredAt),
    event_type: event.eventType,
    resource_name: event.resourceName,
    resource_id: event.resourceId,
    company_id: event.companyId,
    ...(event.projectId === null ? {} : { project_id: event.projectId }),
    user_id: event.userId,
    api_version: 'v2.0',
    metadata: {
      source_user_id: event.userId,
      source_company_id: event.companyId,
      source_project_id: event.projectId,
      source_application_id: event.sourceApplicationId,
      // An operation token the client supplies: the sample API takes none.
      source_operation_id: null,
    },
  };
}

const text = (value: number | null) => (value === null ? null : String(value));

export function payloadV4(event: StoredEvent): PayloadV4 {
  return {
    id: event.ulid,
    timestamp: microsecondTimestamp(event.occurredAt),
    reason: event.eventType,
    company_id: String(event.companyId),
    project_id: text(event.projectId),
    user_id: text(event.userId),
    resource_type: event.resourceName,
    resource_id: String(event.resourceId),
  };
}

/** The exact JSON body a hook of this version is sent for the event. */
export function payloadBody(event: StoredEvent, version: WebhookApiVersion): string {
  return JSON.stringify(version === 'v4.0' ? payloadV4(event) : payloadV2(event));
}

/** A stored event row (bigint columns may come back as text on PostgreSQL) as numbers. */
export function storedEvent(row: {
  id: number | string;
  ulid: string;
  company_id: number | string;
  project_id: number | string | null;
  user_id: number | string | null;
  resource_name: string;
  resource_id: number | string;
  event_type: string;
  source_application_id: string | null;
  occurred_at: Date | string;
}): StoredEvent {
  const num = (value: number | string | null) => (value === null ? null : Number(value));
  return {
    id: Number(row.id),
    ulid: row.ulid,
    companyId: Number(row.company_id),
    projectId: num(row.project_id),
    userId: num(row.user_id),
    resourceName: row.resource_name,
    resourceId: Number(row.resource_id),
    eventType: row.event_type,
    sourceApplicationId: row.source_application_id,
    occurredAt: new Date(row.occurred_at),
  };
}
