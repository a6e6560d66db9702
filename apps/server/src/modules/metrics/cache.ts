import { createHash } from 'node:crypto';
import type { PlatformMarketplace } from '../../platform/types';

/** An engagement report as it goes out: its JSON bytes and their entity tag. */
export interface Report {
  body: string;
  /** Weak (the bytes differ once compressed), from a hash of the body: equal bodies, equal tags. */
  etag: string;
}

export interface ReportCacheLimits {
  /** Reports kept at most (every app, variant and page together). */
  maxEntries: number;
  /** Characters of JSON kept at most (a three-year report is ~68 kB). */
  maxBytes: number;
  /**
   * How long a report is served without asking the platform again. The process that records an
   * event drops the app's reports at once (invalidate); this bounds how late another process on the
   * same database sees it.
   */
  ttlMs: number;
}

export const REPORT_CACHE_LIMITS: ReportCacheLimits = {
  maxEntries: 500,
  maxBytes: 8 * 1024 * 1024,
  ttlMs: 5000,
};

interface Entry {
  appId: number;
  expiresAt: number;
  /** Shared by every request that arrives while the report is being made (one fill, not ten). */
  report: Promise<Report>;
  size: number;
}

/** The weak entity tag of a body. */
export function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Whether an If-None-Match header names this tag (weak comparison, RFC 9110 §13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/**
 * The engagement reports of the apps last read (issue 24): the two daily series of three years are
 * ~2,200 rows to read and ~68 kB to serialise on every request, and they change only when the platform
 * records an event. Least recently used first out when full; an app's reports go when an event of the
 * app is recorded (MarketplaceService calls invalidate) or after ttlMs.
 */
export class ReportCache {
  /** In least recently used order (a Map keeps insertion order; a hit moves its entry to the end). */
  private readonly entries = new Map<string, Entry>();
  private readonly keysByApp = new Map<number, Set<string>>();
  private bytes = 0;

  constructor(
    private readonly limits: ReportCacheLimits = REPORT_CACHE_LIMITS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The app's report under `key` (variant and page), made by `make` when not kept or expired. */
  get(appId: number, key: string, make: () => Promise<string>): Promise<Report> {
    const fullKey = `${appId}|${key}`;
    const found = this.entries.get(fullKey);
    if (found && found.expiresAt > this.now()) {
      this.entries.delete(fullKey);
      this.entries.set(fullKey, found);
      return found.report;
    }
    if (found) this.remove(fullKey);
    const entry: Entry = {
      appId,
      expiresAt: this.now() + this.limits.ttlMs,
      report: make().then((body) => ({ body, etag: etagOf(body) })),
      size: 0,
    };
    this.entries.set(fullKey, entry);
    const keys = this.keysByApp.get(appId) ?? new Set<string>();
    this.keysByApp.set(appId, keys);
    keys.add(fullKey);
    // Counted once made, unless an event dropped it meanwhile (its waiters still get it: they asked
    // before the event was recorded). A failure is not kept: the next request tries again.
    entry.report.then(
      (report) => {
        if (this.entries.get(fullKey) !== entry) return;
        entry.size = report.body.length;
        this.bytes += entry.size;
        this.evict();
      },
      () => {
        if (this.entries.get(fullKey) === entry) this.remove(fullKey);
      },
    );
    this.evict();
    return entry.report;
  }

  /** Drops every report of the app (an event of it was recorded). */
  invalidate(appId: number): void {
    for (const key of this.keysByApp.get(appId) ?? []) this.remove(key);
  }

  /** Reports kept and their characters (tests). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) return;
      this.remove(key);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
    const keys = this.keysByApp.get(entry.appId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByApp.delete(entry.appId);
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
