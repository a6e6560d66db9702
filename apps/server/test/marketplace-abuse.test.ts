// Issue 20 "Safety found by probing": nobody can inflate an app's installs and views.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeveloperAppRow } from '../src/db/schema';
import { MARKETPLACE_RATE } from '../src/modules/marketplace/routes';
import type { Runtime } from '../src/runtime';
import { type Client, countRows, createApp, createUser, errorOf, signIn, startTestRuntime } from './support';

let runtime: Runtime;
let owner: Client;

async function publishedApp(name: string): Promise<DeveloperAppRow> {
  const app = await createApp(runtime, { owner: owner.user, name });
  const now = new Date();
  await runtime.database.db
    .insertInto('marketplace_submissions')
    .values({
      developer_app_id: app.id,
      state: 'published',
      approval_state: 'approved',
      // As an approval leaves it: live (isAppLive).
      live: true,
      public_name: name,
      tagline: 'A tagline',
      category_ids: JSON.stringify([]),
      published_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return app;
}

const metricsOf = async (app: { id: number }) =>
  (
    await owner.request({ method: 'GET', url: `/api/v1/developer_apps/${app.id}/metrics?per_page=100` })
  ).json() as {
    daily_app_installations_aggregates: { total_count: number };
    daily_marketplace_app_views_aggregates: { total_count: number };
  };

function install(app: { id: number }, company: string, remoteAddress: string) {
  return runtime.app.inject({
    method: 'POST',
    url: `/api/v1/marketplace/apps/${app.id}/installations`,
    payload: { company_name: company, email: 'it@customer.test' },
    remoteAddress,
  });
}

function view(app: { id: number }, options: { remoteAddress: string; cookie?: string; userAgent?: string }) {
  return runtime.app.inject({
    method: 'GET',
    url: `/api/v1/marketplace/apps/${app.id}`,
    remoteAddress: options.remoteAddress,
    headers: {
      'user-agent': options.userAgent ?? 'Mozilla/5.0 Test',
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
  });
}

beforeAll(async () => {
  runtime = await startTestRuntime();
  owner = await signIn(runtime.app, await createUser(runtime));
});
afterAll(() => runtime?.close());

describe('installations', () => {
  it('takes a bounded number of installs of one app from one address, then 429 and no count', async () => {
    const app = await publishedApp('Install Flood');
    const statuses: number[] = [];
    for (let n = 0; n < MARKETPLACE_RATE.installsPerClientAndApp + 10; n++) {
      statuses.push((await install(app, `Company ${n}`, '203.0.113.7')).statusCode);
    }
    const limit = MARKETPLACE_RATE.installsPerClientAndApp;
    expect(statuses.slice(0, limit).every((status) => status === 201)).toBe(true);
    expect(statuses.slice(limit).every((status) => status === 429)).toBe(true);
    const refused = await install(app, 'One more', '203.0.113.7');
    expect(errorOf(refused).code).toBe('too_many_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await metricsOf(app)).daily_app_installations_aggregates.total_count).toBe(limit);
    // Another address is still heard.
    expect((await install(app, 'Elsewhere Ltd', '198.51.100.9')).statusCode).toBe(201);
    expect((await metricsOf(app)).daily_app_installations_aggregates.total_count).toBe(limit + 1);
  });

  it('answers an install for a company that has the app installed with its one installation', async () => {
    const app = await publishedApp('Install Twice');
    const rowsBefore = await countRows(runtime, 'platform_installations');
    const first = await install(app, 'Acme Builders', '203.0.113.20');
    const second = await install(app, 'Acme Builders', '203.0.113.21');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await countRows(runtime, 'platform_installations')).toBe(rowsBefore + 1);
    expect((await metricsOf(app)).daily_app_installations_aggregates.total_count).toBe(1);

    // Once uninstalled, installing again is a new installation.
    const uninstalled = await runtime.app.inject({
      method: 'POST',
      url: `/api/v1/marketplace/apps/${app.id}/installations/${first.json().id}/uninstall`,
      payload: { email: 'it@customer.test' },
      remoteAddress: '203.0.113.20',
    });
    expect(uninstalled.statusCode).toBe(200);
    const again = await install(app, 'Acme Builders', '203.0.113.20');
    expect(again.json().id).not.toBe(first.json().id);
    expect((await metricsOf(app)).daily_app_installations_aggregates.total_count).toBe(2);
  });
});

describe('views', () => {
  it('counts a visitor once a day whatever the cookie says: forged, dropped or replayed', async () => {
    const app = await publishedApp('View Flood');
    const address = '203.0.113.30';
    const first = await view(app, { remoteAddress: address });
    expect(first.statusCode).toBe(200);
    const cookie = first.cookies.find((c) => c.name === 'lintel_visitor');
    expect(cookie?.httpOnly).toBe(true);
    // Forged cookies in the old form, a tampered signed one, none at all: the same visitor.
    await view(app, {
      remoteAddress: address,
      cookie: 'lintel_visitor=00000000-0000-4000-8000-000000000001',
    });
    await view(app, {
      remoteAddress: address,
      cookie: 'lintel_visitor=00000000-0000-4000-8000-000000000002',
    });
    await view(app, { remoteAddress: address, cookie: `lintel_visitor=${cookie?.value}x` });
    await view(app, { remoteAddress: address });
    // The cookie it was given keeps it the same visitor from another address.
    await view(app, { remoteAddress: '198.51.100.30', cookie: `lintel_visitor=${cookie?.value}` });
    expect((await metricsOf(app)).daily_marketplace_app_views_aggregates.total_count).toBe(1);
    // Another browser is another visitor.
    await view(app, { remoteAddress: address, userAgent: 'Another Browser' });
    expect((await metricsOf(app)).daily_marketplace_app_views_aggregates.total_count).toBe(2);
  });

  it('answers 429 to an address that opens listings faster than a reader, and counts nothing more', async () => {
    const app = await publishedApp('View Rate');
    const address = '203.0.113.40';
    const statuses: number[] = [];
    for (let n = 0; n < MARKETPLACE_RATE.viewsPerClient + 5; n++) {
      statuses.push((await view(app, { remoteAddress: address, userAgent: `Browser ${n}` })).statusCode);
    }
    expect(statuses.slice(0, MARKETPLACE_RATE.viewsPerClient).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(MARKETPLACE_RATE.viewsPerClient).every((status) => status === 429)).toBe(true);
    expect((await metricsOf(app)).daily_marketplace_app_views_aggregates.total_count).toBe(
      MARKETPLACE_RATE.viewsPerClient,
    );
  });
});
