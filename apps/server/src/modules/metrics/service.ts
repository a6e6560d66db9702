import type { Readable } from 'node:stream';
import type { DeveloperAppRow } from '../../db/schema';
import { errors } from '../../http/errors';
import type { Page } from '../../http/paging';
import type { DailyCount, Installation } from '../../platform/types';
import type { ServiceDeps } from '../../services';
import { developerAppRepository } from '../developer-apps/repository';
import { type Report, type ReportCache, reportCacheOf } from './cache';
import { csvStream } from './csv';

/** How many installations the CSV export reads at a time. */
export const CSV_BATCH_SIZE = 1000;

export interface MetricsData {
  appId: number;
  installations: DailyCount[];
  views: DailyCount[];
  feed: { rows: Installation[]; total: number };
}

/** The engagement report's data (spec 1 §2, §3): the platform's daily counts and its install feed. */
export class MetricsService {
  private readonly reports: ReportCache;

  constructor(private readonly deps: ServiceDeps) {
    this.reports = reportCacheOf(deps.platform.marketplace);
  }

  /**
   * The report as its JSON goes out (`serialize` presents the data for its audience), kept per app,
   * audience and page until an event of the app is recorded (ReportCache). The caller has checked
   * access: the cache is keyed by what the report is of, never by who asks.
   */
  report(
    appId: number,
    audience: 'collaborator' | 'admin',
    page: Page,
    serialize: (data: MetricsData) => string,
  ): Promise<Report> {
    return this.reports.get(appId, `${audience}|${page.page}|${page.per_page}`, async () =>
      serialize(await this.metrics(appId, page)),
    );
  }

  async metrics(appId: number, page: Page): Promise<MetricsData> {
    const marketplace = this.deps.platform.marketplace;
    const [installations, views, feed] = await Promise.all([
      marketplace.dailyInstallations(appId),
      marketplace.dailyViews(appId),
      marketplace.installations(appId, { limit: page.per_page, offset: (page.page - 1) * page.per_page }),
    ]);
    return { appId, installations, views, feed };
  }

  /** Any app for the admin routes (deleted ones too), else 404. */
  async adminApp(appId: number): Promise<DeveloperAppRow> {
    const app = await developerAppRepository.find(this.deps.db, appId);
    if (!app) throw errors.notFound('App');
    return app;
  }

  /**
   * The app's installations as CSV, streamed in batches from the database; installer e-mails only when
   * asked for (platform administrators). A deleted app has no export (404).
   */
  installationsCsv(
    app: DeveloperAppRow,
    withEmails: boolean,
    now = new Date(),
  ): { body: Readable; filename: string } {
    if (app.deleted_at !== null) throw errors.notFound('App');
    const header = ['id', 'company_name', 'company_is_demo', 'status', 'installed_at', 'updated_at'];
    if (withEmails) header.push('user_email_address');
    const body = csvStream(
      header,
      this.deps.platform.marketplace.installationsCsv(app.id, { batchSize: CSV_BATCH_SIZE, withEmails }),
    );
    return {
      body,
      filename: `${app.name || app.internal_name} installations ${now.toISOString().slice(0, 10)}.csv`,
    };
  }
}
