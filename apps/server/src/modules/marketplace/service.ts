import { timingSafeEqual } from 'node:crypto';
import { errors } from '../../http/errors';
import { type Page, sortTerms } from '../../http/paging';
import type { Installation, MarketplaceEvent } from '../../platform/types';
import type { ServiceDeps } from '../../services';
import type { ListingService, SubmissionView } from '../listings/service';
import { reportCacheOf } from '../metrics/cache';
import { type MarketplaceSortKey, marketplaceRepository as repo } from './repository';

export interface MarketplaceListInput extends Page {
  sort: string[];
  filters?: { search?: string; category_id?: number };
}

/**
 * The public marketplace of the embedded platform (issue 12) and the door through which the platform's
 * events arrive: every installation and view is recorded by platform/, which keeps the daily counts.
 */
export class MarketplaceService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly listings: ListingService,
  ) {}

  list(input: MarketplaceListInput) {
    return repo.list(this.deps.db, {
      page: input.page,
      per_page: input.per_page,
      sort: sortTerms<MarketplaceSortKey>(input.sort),
      search: input.filters?.search || undefined,
      categoryId: input.filters?.category_id,
    });
  }

  /** Category names for the list. */
  referenceData() {
    return this.listings.referenceData();
  }

  /** The published listing, 404 when the app has none. */
  async listing(appId: number): Promise<SubmissionView> {
    const published = await repo.publishedSubmissionId(this.deps.db, appId);
    if (!published) throw errors.notFound('App');
    return this.listings.get(appId, published.id, false);
  }

  /** The listing a visitor opens: counts one marketplace view per visitor and day. */
  async view(appId: number, visitorKey: string): Promise<SubmissionView> {
    const listing = await this.listing(appId);
    await this.deps.platform.marketplace.view(appId, visitorKey);
    this.recorded(appId);
    return listing;
  }

  /** A file of the published listing (never of a draft). */
  async mediaFile(appId: number, mediaId: number) {
    const published = await repo.publishedSubmissionId(this.deps.db, appId);
    if (!published) throw errors.notFound('File');
    return this.listings.mediaFile(appId, published.id, mediaId);
  }

  async install(
    appId: number,
    body: { company_name: string; email: string; company_is_demo: boolean },
  ): Promise<Installation> {
    await this.listing(appId);
    const installation = await this.deps.platform.marketplace.install(appId, {
      companyName: body.company_name,
      companyIsDemo: body.company_is_demo,
      userEmailAddress: body.email,
    });
    this.recorded(appId);
    return installation;
  }

  async uninstall(appId: number, installationId: number, email: string): Promise<Installation> {
    const installation = await this.deps.platform.marketplace.uninstall(appId, installationId, email);
    if (!installation) throw errors.notFound('Installation');
    this.recorded(appId);
    return installation;
  }

  /** Whether `authorization` carries PLATFORM_EVENTS_SECRET (none configured: nothing does). */
  acceptsPlatformCredentials(authorization: string | undefined): boolean {
    const secret = this.deps.config.platformEventsSecret;
    const match = /^Bearer (.+)$/.exec(authorization ?? '');
    if (!secret || !match?.[1]) return false;
    const given = Buffer.from(match[1]);
    const expected = Buffer.from(secret);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /**
   * A platform event, processed once by its id; false for a replay. The claim inside record() settles
   * replays and two deliveries racing each other; an app gone since is asked about the id first, so a
   * replay answers 200 whatever happened to the app (the extra lookup only on that rare path).
   */
  async receive(event: MarketplaceEvent): Promise<boolean> {
    if (!(await repo.liveAppExists(this.deps.db, event.appId))) {
      if (await this.deps.platform.marketplace.seen(event.id)) return false;
      throw errors.notFound('App');
    }
    const { outcome } = await this.deps.platform.marketplace.record(event);
    this.recorded(event.appId);
    if (outcome === 'no_installation') {
      throw errors.field('company_name', 'invalid', 'has no installation of this app to uninstall');
    }
    return outcome !== 'duplicate';
  }

  /**
   * Many events of one app as receive() takes each (the demo's history): the app is checked once and
   * the events are recorded in one transaction; an uninstall of nothing installed refuses them all.
   */
  async receiveMany(appId: number, events: readonly Omit<MarketplaceEvent, 'appId'>[]): Promise<number> {
    if (!(await repo.liveAppExists(this.deps.db, appId))) throw errors.notFound('App');
    const outcomes = await this.deps.platform.marketplace.recordMany(
      events.map((event) => ({ ...event, appId })),
    );
    this.recorded(appId);
    if (outcomes.includes('no_installation')) {
      throw errors.field('company_name', 'invalid', 'has no installation of this app to uninstall');
    }
    return outcomes.filter((outcome) => outcome !== 'duplicate').length;
  }

  /**
   * An event of the app was recorded: its engagement reports kept by this process are out of date
   * (issue 24; other processes' copies expire within REPORT_CACHE_LIMITS.ttlMs).
   */
  private recorded(appId: number): void {
    reportCacheOf(this.deps.platform.marketplace).invalidate(appId);
  }
}
