import type {
  ApiActivitySummary,
  ApiCallDetail as ApiCallDetailResponse,
  ApiCallList,
  ApiCall as ApiCallResponse,
} from '@lintel/shared';
import type { ApiCallDetail, ApiCallSummary } from '../../platform/types';
import type { ApiActivitySummaryData } from './service';

/** One call of the list: never its headers or the client's id (the details answer those). */
export function presentApiCall(call: ApiCallSummary): ApiCallResponse {
  return {
    id: call.id,
    occurred_at: call.occurredAt.toISOString(),
    environment: call.environment,
    token_kind: call.tokenKind,
    company_id: call.companyId,
    method: call.method,
    route: call.route,
    path: call.path,
    status: call.status,
    duration_ms: Math.round(call.durationMs * 10) / 10,
    rate_limit: call.rateLimit,
    rate_remaining: call.rateRemaining,
    request_id: call.requestId,
  };
}

export function presentApiCallList(page: {
  calls: ApiCallSummary[];
  nextBefore: number | null;
}): ApiCallList {
  return { calls: page.calls.map(presentApiCall), next_before: page.nextBefore };
}

/** A call's details: its request headers as recorded (the token and cookies never were) and the error answered. */
export function presentApiCallDetail(call: ApiCallDetail): ApiCallDetailResponse {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(call.requestHeaders)) {
    // The recorder drops these already; kept out here too, should another recorder keep them.
    if (/^(authorization|proxy-authorization|cookie)$/i.test(name)) continue;
    headers[name] = String(value);
  }
  return {
    ...presentApiCall(call),
    client_id: call.clientId,
    request_headers: headers,
    response_error: call.responseError,
  };
}

export function presentApiActivitySummary(data: ApiActivitySummaryData): ApiActivitySummary {
  return {
    generated_at: data.generatedAt.toISOString(),
    since: data.since.toISOString(),
    per_minute: data.perMinute.map((entry) => ({
      minute: entry.minute.toISOString(),
      calls: entry.calls,
      errors: entry.errors,
    })),
    buckets: data.buckets.map((usage) => ({
      environment: usage.environment,
      server: usage.server,
      bucket: usage.bucket,
      template: usage.template,
      fill_type: usage.fillType,
      interval_ms: usage.intervalMs,
      limit: usage.limit,
      used: usage.used,
      resets_at: usage.resetsAt ? usage.resetsAt.toISOString() : null,
    })),
  };
}
