import type { RateLimitBucket as BucketResponse } from '@lintel/shared';
import type { RateLimitBucket } from '../../platform/types';

export function presentBucket(bucket: RateLimitBucket): BucketResponse {
  return {
    id: bucket.id,
    server: bucket.server,
    name: bucket.name,
    client_id: bucket.clientId,
    domain: bucket.domain,
    bucket_templates: bucket.templates.map((template) => ({
      name: template.name,
      fill_type: template.fillType,
      interval_ms: template.intervalMs,
      limit: template.limit,
    })),
    created_at: bucket.createdAt.toISOString(),
    updated_at: bucket.updatedAt.toISOString(),
  };
}

/** A bucket as the audit trail records it: the fields an admin changes, in the API's names. */
export function auditedBucket(bucket: RateLimitBucket): Record<string, unknown> {
  const { id: _id, created_at: _created, updated_at: _updated, ...fields } = presentBucket(bucket);
  return fields;
}
