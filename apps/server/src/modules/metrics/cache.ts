import { AnswerCache, type AnswerCacheLimits } from '../../http/answer-cache';
import { type KeptJson, keepJson } from '../../http/etag';
import type { PlatformMarketplace } from '../../platform/types';

export { etagOf, matchesEtag } from '../../http/etag';

/** An engagement report as it goes out: its JSON bytes and their entity tag. */
export type Report = KeptJson;

export type ReportCacheLimits = AnswerCacheLimits;

export const REPORT_CACHE_LIMITS: ReportCacheLimits = {
  maxEntries: 500,
  // A three-year report is ~68 kB.
  maxBytes: 8 * 1024 * 1024,
  // The process that records an event drops the app's reports at once; another process sees it within this.
  ttlMs: 5000,
};

/**
 * The engagement reports of the apps last read (issue 24): the two daily series of three years are
 * ~2,200 rows to read and ~68 kB to serialise on every request, and they change only when the platform
 * records an event. An AnswerCache grouped by app: an app's reports go when an event of the app is
 * recorded (MarketplaceService calls invalidate) or after ttlMs.
 */
export class ReportCache {
  private readonly answers: AnswerCache<Report>;

  constructor(limits: ReportCacheLimits = REPORT_CACHE_LIMITS, now?: () => number) {
    this.answers = new AnswerCache<Report>(limits, now);
  }

  /** The app's report under `key` (variant and page), made by `make` when not kept or expired. */
  get(appId: number, key: string, make: () => Promise<string>): Promise<Report> {
    return this.answers.get(appId, key, async () => keepJson(await make()));
  }

  /** Drops every report of the app (an event of it was recorded). */
  invalidate(appId: number): void {
    this.answers.invalidate(appId);
  }

  /** Reports kept and their characters (tests). */
  get size(): { entries: number; bytes: number } {
    return this.answers.size;
  }
}

const caches = new WeakMap<PlatformMarketplace, ReportCache>();

/**
 * The report cache of one platform marketplace: the metrics routes read through it, and whatever
 * records the marketplace's events drops the app's reports from it. Keyed by the marketplace object so
 * that two servers in one process (tests) never share reports.
 */
export function reportCacheOf(marketplace: PlatformMarketplace): ReportCache {
  const cache = caches.get(marketplace) ?? new ReportCache();
  caches.set(marketplace, cache);
  return cache;
}
