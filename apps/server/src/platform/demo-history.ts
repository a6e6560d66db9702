import type { Db } from '../db/index';
import { utcDay } from './marketplace-repository';

const DAY_MS = 86_400_000;

const COMPANIES = [
  'Harbor Point Builders',
  'Summit Ridge Construction',
  'Blue Oak Contractors',
  'Northwind Civil',
  'Granite & Steel Co',
  'Riverbend Homes',
  'Keystone Mechanical',
  'Cedar Line Electric',
  'Metro Concrete Partners',
  'Lakeside Renovations',
  'Ironclad Roofing',
  'Prairie Build Group',
];

/** A small deterministic generator: the demo looks the same on every machine. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * The embedded platform's history of one demo app (issue 12 "Demo data"): `days` days of marketplace
 * views and installations up to `now`, with the daily aggregates equal to those rows, so that the
 * engagement report of the demo shows a real curve on the first start.
 */
export async function seedMarketplaceHistory(
  db: Db,
  appId: number,
  days: number,
  now = new Date(),
): Promise<void> {
  const next = random(appId * 7919 + days);
  const views: { developer_app_id: number; visitor_key: string; day: string; viewed_at: Date }[] = [];
  const installations: {
    developer_app_id: number;
    company_name: string;
    company_is_demo: boolean;
    user_email_address: string;
    status: 'installed' | 'uninstalled';
    installed_at: Date;
    updated_at: Date;
  }[] = [];
  const viewCounts = new Map<string, number>();
  const installCounts = new Map<string, number>();
  for (let back = days - 1; back >= 0; back--) {
    const start = now.getTime() - back * DAY_MS;
    const day = utcDay(new Date(start));
    const growth = (days - back) / days;
    const viewsToday = Math.round(4 + growth * 20 + next() * 10);
    for (let v = 0; v < viewsToday; v++) {
      views.push({
        developer_app_id: appId,
        visitor_key: `demo:${day}:${v}`,
        day,
        viewed_at: new Date(start),
      });
    }
    viewCounts.set(day, viewsToday);
    const installsToday = next() < 0.35 + growth * 0.3 ? 1 + Math.floor(next() * 2) : 0;
    for (let i = 0; i < installsToday; i++) {
      const company = COMPANIES[Math.floor(next() * COMPANIES.length)] ?? 'Demo Company';
      const at = new Date(start - Math.floor(next() * 3_600_000));
      const uninstalled = next() < 0.1;
      installations.push({
        developer_app_id: appId,
        company_name: company,
        company_is_demo: next() < 0.15,
        user_email_address: `${company.split(' ')[0]?.toLowerCase() ?? 'it'}.admin@example.com`,
        status: uninstalled ? 'uninstalled' : 'installed',
        installed_at: at,
        updated_at: uninstalled ? new Date(at.getTime() + DAY_MS) : at,
      });
      installCounts.set(utcDay(at), (installCounts.get(utcDay(at)) ?? 0) + 1);
    }
  }
  for (let i = 0; i < views.length; i += 1000) {
    await db
      .insertInto('platform_marketplace_views')
      .values(views.slice(i, i + 1000))
      .execute();
  }
  if (installations.length > 0) await db.insertInto('platform_installations').values(installations).execute();
  const rows = (counts: Map<string, number>) =>
    [...counts].map(([day, count]) => ({ developer_app_id: appId, day, count }));
  if (viewCounts.size > 0) await db.insertInto('platform_daily_views').values(rows(viewCounts)).execute();
  if (installCounts.size > 0) {
    await db.insertInto('platform_daily_installations').values(rows(installCounts)).execute();
  }
}
