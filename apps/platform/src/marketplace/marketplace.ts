import { randomUUID } from 'node:crypto';
import type { PlatformDb as Db, PlatformInstallationRow } from '../db/schema';
import { marketplaceRepository as repo, utcDay } from './repository';
import type { EventOutcome, Installation, MarketplaceEvent, PlatformMarketplace } from './types';

function toInstallation(row: PlatformInstallationRow): Installation {
  return {
    id: row.id,
    appId: row.developer_app_id,
    companyName: row.company_name,
    companyIsDemo: row.company_is_demo,
    userEmailAddress: row.user_email_address,
    status: row.status,
    installedAt: row.installed_at,
    updatedAt: row.updated_at,
  };
}

/**
 * The embedded platform's marketplace: every installation and view is an event, processed once by its id
 * in one transaction that also moves the day's aggregate, so the counts always equal the raw rows.
 */
export class EmbeddedMarketplace implements PlatformMarketplace {
  constructor(private readonly db: Db) {}

  record(event: MarketplaceEvent): Promise<{ outcome: EventOutcome; installation?: Installation }> {
    return this.db
      .transaction()
      .execute((trx) => recordIn(trx, event))
      .catch((error: unknown) => {
        // The transaction is rolled back: the event id stays unclaimed, so a corrected replay works.
        if (error instanceof NothingInstalled) return { outcome: 'no_installation' as const };
        throw error;
      });
  }

  /**
   * Many events in one transaction, each exactly as record() takes it (a history imported at once, the
   * demo's). An uninstall of nothing installed refuses the whole batch.
   */
  recordMany(events: readonly MarketplaceEvent[]): Promise<EventOutcome[]> {
    return this.db
      .transaction()
      .execute(async (trx) => {
        const outcomes = new Map<MarketplaceEvent, EventOutcome>();
        // Views, the bulk of any history, a thousand at a time; installations one by one, in order.
        const views = events.filter((event) => event.type === 'marketplace_app.viewed');
        for (let start = 0; start < views.length; start += VIEW_BATCH) {
          const batch = views.slice(start, start + VIEW_BATCH);
          const recorded = await recordViews(trx, batch);
          for (const [index, event] of batch.entries()) outcomes.set(event, recorded[index] ?? 'ignored');
        }
        for (const event of events) {
          if (event.type !== 'marketplace_app.viewed')
            outcomes.set(event, (await recordIn(trx, event)).outcome);
        }
        return events.map((event) => outcomes.get(event) ?? 'ignored');
      })
      .catch((error: unknown) => {
        if (error instanceof NothingInstalled) return ['no_installation' as const];
        throw error;
      });
  }

  seen(eventId: string): Promise<boolean> {
    return repo.eventSeen(this.db, eventId);
  }

  async install(
    appId: number,
    company: { companyName: string; companyIsDemo: boolean; userEmailAddress: string },
  ): Promise<Installation> {
    const { installation } = await this.record({
      id: `embedded:${randomUUID()}`,
      type: 'installation.created',
      appId,
      occurredAt: new Date(),
      ...company,
    });
    if (!installation) throw new Error('installation not recorded');
    return installation;
  }

  async uninstall(
    appId: number,
    installationId: number,
    userEmailAddress: string,
  ): Promise<Installation | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await repo.findInstallation(trx, appId, installationId);
      if (row?.status !== 'installed' || row.user_email_address !== userEmailAddress) return undefined;
      await repo.claimEvent(trx, `embedded:${randomUUID()}`, 'installation.uninstalled');
      return toInstallation(await repo.markUninstalled(trx, row.id, new Date()));
    });
  }

  async view(appId: number, visitorKey: string, at = new Date()): Promise<void> {
    await this.record({
      id: `embedded:${randomUUID()}`,
      type: 'marketplace_app.viewed',
      appId,
      occurredAt: at,
      companyName: null,
      companyIsDemo: false,
      userEmailAddress: null,
      visitorKey,
    });
  }

  dailyInstallations(appId: number) {
    return repo.daily(this.db, 'platform_daily_installations', appId);
  }

  dailyViews(appId: number) {
    return repo.daily(this.db, 'platform_daily_views', appId);
  }

  async installations(appId: number, page: { limit: number; offset: number }) {
    const { rows, total } = await repo.installationsPage(this.db, appId, page);
    return { rows: rows.map(toInstallation), total };
  }

  async *installationsCsv(appId: number, options: { batchSize: number; withEmails: boolean }) {
    let afterId = 0;
    for (;;) {
      const batch = await repo.installationsCsvAfter(
        this.db,
        appId,
        afterId,
        options.batchSize,
        options.withEmails,
      );
      if (batch.rows === 0) return;
      yield batch.text;
      afterId = batch.lastId;
      if (batch.rows < options.batchSize) return;
    }
  }
}

class NothingInstalled extends Error {}

/** One event, claimed by its id, with its consequence and the day's aggregate, in the caller's transaction. */
async function recordIn(
  trx: Db,
  event: MarketplaceEvent,
): Promise<{ outcome: EventOutcome; installation?: Installation }> {
  if (event.type === 'marketplace_app.viewed') {
    const [outcome] = await recordViews(trx, [event]);
    return { outcome: outcome ?? 'ignored' };
  }
  if (!(await repo.claimEvent(trx, event.id, event.type))) return { outcome: 'duplicate' };
  switch (event.type) {
    case 'installation.created': {
      // A company that has the app installed already keeps its one installation: the same answer,
      // no second row, no second count (issue 20). The lock settles two installs racing.
      const company = event.companyName ?? '';
      await repo.lockCompany(trx, event.appId, company);
      const existing = await repo.findInstalledByCompany(trx, event.appId, company);
      if (existing) return { outcome: 'ignored', installation: toInstallation(existing) };
      const row = await repo.insertInstallation(trx, {
        appId: event.appId,
        companyName: company,
        companyIsDemo: event.companyIsDemo,
        userEmailAddress: event.userEmailAddress,
        at: event.occurredAt,
      });
      await repo.increment(trx, 'platform_daily_installations', event.appId, event.occurredAt);
      return { outcome: 'recorded', installation: toInstallation(row) };
    }
    case 'installation.uninstalled': {
      const found = await repo.findInstalledByCompany(trx, event.appId, event.companyName ?? '');
      if (!found) throw new NothingInstalled();
      const row = await repo.markUninstalled(trx, found.id, event.occurredAt);
      return { outcome: 'recorded', installation: toInstallation(row) };
    }
  }
}

const VIEW_BATCH = 1000;

/**
 * Views, each claimed by its id and counted once per visitor and day, with the days' aggregates moved
 * by what was counted: the one rule for a single view and for a history of them.
 */
async function recordViews(trx: Db, events: readonly MarketplaceEvent[]): Promise<EventOutcome[]> {
  const fresh = await repo.claimEvents(trx, events);
  const outcomes: EventOutcome[] = events.map((event) => (fresh.has(event.id) ? 'ignored' : 'duplicate'));
  const claimed = new Set<string>();
  const byApp = new Map<number, number[]>();
  events.forEach((event, index) => {
    // An id twice in one batch is claimed once: the second is a replay.
    if (!fresh.has(event.id) || claimed.has(event.id)) {
      outcomes[index] = 'duplicate';
      return;
    }
    claimed.add(event.id);
    const ofApp = byApp.get(event.appId);
    if (ofApp) ofApp.push(index);
    else byApp.set(event.appId, [index]);
  });
  for (const [appId, indexes] of byApp) {
    const views = indexes.map((index) => {
      const event = events[index] as MarketplaceEvent;
      return { visitorKey: event.visitorKey ?? `event:${event.id}`, at: event.occurredAt };
    });
    const counted = await repo.insertViews(trx, appId, views);
    const days = new Map<string, number>();
    indexes.forEach((index, n) => {
      const view = views[n] as { visitorKey: string; at: Date };
      const key = `${view.visitorKey}|${utcDay(view.at)}`;
      // One visitor twice on one day in one batch: the first view counts.
      if (!counted.delete(key)) return;
      outcomes[index] = 'recorded';
      days.set(utcDay(view.at), (days.get(utcDay(view.at)) ?? 0) + 1);
    });
    await repo.addToDays(trx, 'platform_daily_views', appId, days);
  }
  return outcomes;
}
