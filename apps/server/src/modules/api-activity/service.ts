import { API_ACTIVITY_LIMITS, type ApiActivityQuery } from '@lintel/shared';
import type { DeveloperAppRow } from '../../db/schema';
import { errors } from '../../http/errors';
import type {
  ApiCallDetail,
  ApiCallSummary,
  ApiMinute,
  Environment,
  TemplateUsage,
} from '../../platform/types';
import type { ServiceDeps } from '../../services';
import { developerAppRepository } from '../developer-apps/repository';

/** The list's query after validation (the contract's defaults applied). */
export type ApiActivityListQuery = Omit<ApiActivityQuery, 'per_page' | 'before'> & {
  per_page: number;
  before?: number | undefined;
};

export interface ApiActivitySummaryData {
  generatedAt: Date;
  since: Date;
  perMinute: ApiMinute[];
  buckets: (TemplateUsage & { environment: Environment })[];
}

/** An app's API activity (issue 21), read from the platform through its adapter. */
export class ApiActivityService {
  constructor(private readonly deps: ServiceDeps) {}

  /** One page of the app's calls, newest first; `nextBefore` is the cursor of the next (older) page. */
  calls(
    appId: number,
    query: ApiActivityListQuery,
  ): Promise<{ calls: ApiCallSummary[]; nextBefore: number | null }> {
    const filters = query.filters ?? {};
    return this.deps.platform.activity.calls(appId, {
      limit: query.per_page,
      ...(query.before !== undefined ? { before: query.before } : {}),
      ...(filters.environment ? { environment: filters.environment } : {}),
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.method ? { method: filters.method } : {}),
      ...(filters.path ? { path: filters.path } : {}),
      ...(filters.from ? { from: new Date(filters.from) } : {}),
      ...(filters.to ? { to: new Date(filters.to) } : {}),
    });
  }

  /** One call of the app, else 404 (a call of another app is not found either). */
  async call(appId: number, callId: number): Promise<ApiCallDetail> {
    const found = await this.deps.platform.activity.call(appId, callId);
    if (!found) throw errors.notFound('API call');
    return found;
  }

  /** Calls and errors per minute over the last 24 hours, and each bucket's current use. */
  async summary(appId: number, now = new Date()): Promise<ApiActivitySummaryData> {
    const since = new Date(Math.floor((now.getTime() - API_ACTIVITY_LIMITS.seriesMs) / 60_000) * 60_000);
    const [perMinute, buckets] = await Promise.all([
      this.deps.platform.activity.perMinute(appId, since),
      this.deps.platform.activity.bucketUsage(appId),
    ]);
    return { generatedAt: now, since, perMinute, buckets };
  }

  /** Any app for the admin routes (deleted ones too), else 404. */
  async adminApp(appId: number): Promise<DeveloperAppRow> {
    const app = await developerAppRepository.find(this.deps.db, appId);
    if (!app) throw errors.notFound('App');
    return app;
  }
}
