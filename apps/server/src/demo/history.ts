import type { MarketplaceEvent } from '../platform/types';

const DAY_MS = 86_400_000;

const PLACES = [
  'Harbor Point',
  'Summit Ridge',
  'Blue Oak',
  'Northwind',
  'Granite & Steel',
  'Riverbend',
  'Keystone',
  'Cedar Line',
  'Metro',
  'Lakeside',
  'Ironclad',
  'Prairie',
];
const TRADES = [
  'Builders',
  'Construction',
  'Contractors',
  'Civil',
  'Homes',
  'Mechanical',
  'Electric',
  'Concrete',
  'Renovations',
  'Roofing',
  'Build Group',
  'Interiors',
];

/** The n-th installing company: each installation is another company's (144 names, then numbered). */
function company(n: number): string {
  const name = `${PLACES[n % PLACES.length]} ${TRADES[Math.floor(n / PLACES.length) % TRADES.length]}`;
  const round = Math.floor(n / (PLACES.length * TRADES.length));
  return round === 0 ? name : `${name} ${round + 1}`;
}

/** A small deterministic generator: the demo looks the same on every machine. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * The platform's events of `days` days of a demo app's life in the marketplace, oldest first, up to
 * `now`: listing views (one per visitor and day) and installations, a few uninstalled a day later. They
 * are what a platform would send to POST /api/v1/platform/events; the seed hands them to the same service.
 */
export function demoHistory(
  appId: number,
  days: number,
  now = new Date(),
): Omit<MarketplaceEvent, 'appId'>[] {
  const next = random(appId * 7919 + days);
  const events: Omit<MarketplaceEvent, 'appId'>[] = [];
  const uninstalls: Omit<MarketplaceEvent, 'appId'>[] = [];
  let installs = 0;
  for (let back = days - 1; back >= 0; back--) {
    const start = now.getTime() - back * DAY_MS;
    const day = new Date(start).toISOString().slice(0, 10);
    const growth = (days - back) / days;
    const viewsToday = Math.round(4 + growth * 20 + next() * 10);
    for (let v = 0; v < viewsToday; v++) {
      events.push({
        id: `demo:${appId}:view:${day}:${v}`,
        type: 'marketplace_app.viewed',
        occurredAt: new Date(start - Math.floor(next() * 3_600_000)),
        companyName: null,
        companyIsDemo: false,
        userEmailAddress: null,
        visitorKey: `demo:${day}:${v}`,
      });
    }
    const installsToday = next() < 0.35 + growth * 0.3 ? 1 + Math.floor(next() * 2) : 0;
    for (let i = 0; i < installsToday; i++) {
      const companyName = company(installs++);
      const at = new Date(start - Math.floor(next() * 3_600_000));
      const install = {
        id: `demo:${appId}:install:${day}:${i}`,
        type: 'installation.created' as const,
        occurredAt: at,
        companyName,
        companyIsDemo: next() < 0.15,
        userEmailAddress: `admin@${companyName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.example.com`,
      };
      events.push(install);
      // A few companies uninstall again the next day (never in the future).
      if (next() < 0.1 && at.getTime() + DAY_MS < now.getTime()) {
        uninstalls.push({
          ...install,
          id: `demo:${appId}:uninstall:${day}:${i}`,
          type: 'installation.uninstalled',
          occurredAt: new Date(at.getTime() + DAY_MS),
        });
      }
    }
  }
  // In the order they happened: an uninstall comes after its install.
  return [...events, ...uninstalls].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
}
