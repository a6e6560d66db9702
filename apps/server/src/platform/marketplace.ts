import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index';
import type { PlatformInstallationRow } from '../db/schema';
import { marketplaceRepository as repo } from './marketplace-repository';
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
        const outcomes: EventOutcome[] = [];
        for (const event of events) outcomes.push((await recordIn(trx, event)).outcome);
        return outcomes;
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
  if (!(await repo.claimEvent(trx, event.id, event.type))) return { outcome: 'duplicate' };
  switch (event.type) {
    case 'installation.created': {
      const row = await repo.insertInstallation(trx, {
        appId: event.appId,
        companyName: event.companyName ?? '',
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
    case 'marketplace_app.viewed': {
      const fresh = await repo.insertView(
        trx,
        event.appId,
        event.visitorKey ?? `event:${event.id}`,
        event.occurredAt,
      );
      if (!fresh) return { outcome: 'ignored' };
      await repo.increment(trx, 'platform_daily_views', event.appId, event.occurredAt);
      return { outcome: 'recorded' };
    }
  }
}
