import type { ActivityRecorder, ApiCall } from '../context';
import type { PlatformDb } from '../db/schema';

// PLACEHOLDER until the activity work lands: one insert per call.
export function createActivityRecorder(db: PlatformDb): ActivityRecorder {
  const pending = new Set<Promise<unknown>>();
  return {
    record(call: ApiCall) {
      const write = db
        .insertInto('platform_api_calls')
        .values({
          developer_app_id: call.appId,
          environment: call.environment,
          client_id: call.clientId,
          token_kind: call.tokenKind,
          token_id: call.tokenId,
          company_id: call.companyId,
          method: call.method,
          route: call.route,
          path: call.path,
          status: call.status,
          duration_ms: call.durationMs,
          rate_limit: call.rateLimit,
          rate_remaining: call.rateRemaining,
          request_id: call.requestId,
          request_headers: JSON.stringify(call.requestHeaders),
          response_error: call.responseError,
          occurred_at: call.occurredAt,
        })
        .execute()
        .catch(() => {})
        .finally(() => pending.delete(write));
      pending.add(write);
    },
    async flush() {
      await Promise.all(pending);
    },
    async close() {
      await Promise.all(pending);
    },
  };
}
