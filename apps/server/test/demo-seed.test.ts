import { isAppLive } from '@lintel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/schema';
import { DEMO_APP_NAME, DEMO_HISTORY_DAYS } from '../src/demo/app';
import { demoHistory } from '../src/demo/history';
import { newestPublishedListings } from '../src/modules/listings/live';
import type { Runtime } from '../src/runtime';
import { DEMO_ACCOUNTS, demoDepsOf, seedDemo } from '../src/seed';
import { type Client, createApp, createUser, signIn, startTestRuntime } from './support';

let runtime: Runtime;
let developer: Client;
let admin: Client;
let appId: number;
const seededAt = new Date();

const userOf = (email: string) =>
  runtime.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

beforeAll(async () => {
  // Workers on: the embedded platform builds the sandbox in the background, as under `npm start`.
  runtime = await startTestRuntime({ workers: true, env: { SANDBOX_PROVISION_DELAY_MS: '200' } });
  expect(await seedDemo(demoDepsOf(runtime), runtime.config, seededAt)).toBe(true);
  const [adminRow, developerRow] = (await Promise.all(DEMO_ACCOUNTS.map((a) => userOf(a.email)))) as [
    UserRow,
    UserRow,
  ];
  admin = await signIn(runtime.app, adminRow, runtime.config.demoPassword);
  developer = await signIn(runtime.app, developerRow, runtime.config.demoPassword);
  const apps = await developer.request({ method: 'GET', url: '/api/v1/developer_apps' });
  appId = apps.json()[0].id;
}, 120_000);

afterAll(async () => {
  await runtime?.close();
});

const get = (client: Client, url: string) => client.request({ method: 'GET', url });

describe('the demo seed on a fresh database', () => {
  it('seeds once: a second run on a database with users does nothing', async () => {
    expect(await seedDemo(demoDepsOf(runtime), runtime.config)).toBe(false);
    const apps = await runtime.database.db.selectFrom('developer_apps').select('id').execute();
    expect(apps).toHaveLength(1);
  });

  it('gives the developer the live demo app with a live sandbox on the apps list', async () => {
    const list = await get(developer, '/api/v1/developer_apps');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        id: appId,
        internal_name: DEMO_APP_NAME,
        current_user_role: 'owner',
        sandbox_status: 'live',
        live: true,
      }),
    ]);
  });

  it('has a live sandbox, production credentials and an approved production version', async () => {
    const app = (await get(developer, `/api/v1/developer_apps/${appId}`)).json();
    expect(app.sandbox).toMatchObject({ status: 'live', live: true });
    expect(app.sandbox.app_id).toEqual(expect.any(String));
    expect(app.production_access).toBe('granted');
    expect(app.credentials).toMatchObject({ uid: expect.any(String) });
    expect(app.uid).toBe(app.credentials.uid);
    expect(app.thumbnail_url).not.toBeNull();
    expect(app.manifests.latest_production).toMatchObject({ semantic_version: '1.0.0', state: 'published' });
    // The next version waits in the sandbox, newer than production: ready for testing.
    expect(app.manifests.latest_sandbox).toMatchObject({ semantic_version: '1.1.0', promotable: true });

    const production = await get(
      developer,
      `/api/v1/manifests?filters[developer_app_id]=${appId}&filters[versionable_type]=ProductionEnvironment`,
    );
    expect(production.statusCode).toBe(200);
    expect(production.json().map((v: { semantic_version: string; state: string }) => v.state)).toEqual([
      'published',
      'published',
    ]);
  });

  it('has a published, approved listing and is live, with no support-contact warning condition', async () => {
    const app = (await get(developer, `/api/v1/developer_apps/${appId}`)).json();
    expect(app.live).toBe(true);
    expect(app.published_at).not.toBeNull();
    expect(app.marketplace_enabled).toBe(true);
    expect(app.published_app).toMatchObject({ state: 'published', approval_state: 'approved' });
    expect(app.unpublished_app).toBeNull();
    // The warning fires for a live app without a support contact: the listing's support e-mail is one.
    expect(app.has_support_contact).toBe(true);

    const listing = (await get(developer, `/api/v1/developer_apps/${appId}/submissions/current`)).json();
    expect(listing).toMatchObject({ state: 'published', support_email: 'support@example.com' });
  });

  it('lists the demo app in the public marketplace', async () => {
    const listed = await runtime.app.inject({
      method: 'GET',
      url: '/api/v1/marketplace/apps?filters[search]=Site%20Diary',
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((row: { id: number }) => row.id)).toEqual([appId]);
    const opened = await runtime.app.inject({ method: 'GET', url: `/api/v1/marketplace/apps/${appId}` });
    expect(opened.statusCode).toBe(200);
  });

  it('shows the administrator the live marker and production credentials', async () => {
    const list = await get(admin, '/api/v1/admin/developer_apps?filters[search]=Site%20Diary');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ id: appId, live: true, has_published_app: true }),
    ]);
    const page = (await get(admin, `/api/v1/admin/developer_apps/${appId}`)).json();
    expect(page).toMatchObject({ has_production_credentials: true, live: true, has_support_contact: true });
    expect(page.sandbox).toMatchObject({ live: true });
  });

  it('has about four months of installs and views in the metrics, equal to the platform rows', async () => {
    const metrics = (await get(developer, `/api/v1/developer_apps/${appId}/metrics`)).json();
    const views = metrics.daily_marketplace_app_views_aggregates;
    expect(Object.keys(views.rows).length).toBeGreaterThanOrEqual(DEMO_HISTORY_DAYS);
    expect(views.total_count).toBe(await countWhere('platform_marketplace_views'));
    expect(metrics.daily_app_installations_aggregates.total_count).toBe(
      await countWhere('platform_installations'),
    );
    expect(metrics.app_installations.total_count).toBeGreaterThan(20);
    // They came in as the platform's events, each claimed by its id.
    const events = await runtime.database.db
      .selectFrom('platform_processed_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(events.n)).toBeGreaterThanOrEqual(views.total_count);
  });

  it('took the history through the platform-events service: a replay of it changes nothing', async () => {
    const before = (await get(developer, `/api/v1/developer_apps/${appId}/metrics`)).json();
    const replayed = await runtime.services.marketplace.receiveMany(
      appId,
      demoHistory(appId, DEMO_HISTORY_DAYS, seededAt),
    );
    expect(replayed).toBe(0);
    const after = (await get(developer, `/api/v1/developer_apps/${appId}/metrics`)).json();
    expect(after.daily_marketplace_app_views_aggregates).toEqual(
      before.daily_marketplace_app_views_aggregates,
    );
    expect(after.app_installations.total_count).toBe(before.app_installations.total_count);
  });

  it('decides "live" in SQL exactly as isAppLive does, on every kind of app', async () => {
    const owner = await createUser(runtime);
    const published = (live: boolean) => ({ state: 'published' as const, live });
    // Each case beside the demo app: not deleted or deleted, newest published listing live or not, none.
    const cases = [
      { deleted: true, listings: [published(true)] },
      { deleted: false, listings: [published(false)] },
      { deleted: false, listings: [published(true), published(false)] },
      { deleted: false, listings: [published(false), published(true)] },
      { deleted: false, listings: [] },
    ];
    for (const [index, kind] of cases.entries()) {
      const app = await createApp(runtime, { owner, name: `Live case ${index}`, deleted: kind.deleted });
      for (const [n, listing] of kind.listings.entries()) {
        const at = new Date(Date.UTC(2026, 0, 1 + n));
        await runtime.database.db
          .insertInto('marketplace_submissions')
          .values({
            developer_app_id: app.id,
            version: n + 1,
            ...listing,
            published_at: at,
            created_at: at,
            updated_at: at,
          })
          .execute();
      }
    }
    const rows = await newestPublishedListings(runtime.database.db).execute();
    const live = (await runtime.app.inject({ method: 'GET', url: '/api/v1/marketplace/apps?per_page=100' }))
      .json()
      .map((row: { id: number }) => row.id)
      .sort((a: number, b: number) => a - b);
    const expected = rows
      .filter((row) => isAppLive({ deleted_at: row.deleted_at, published_listing: row }))
      .map((row) => row.developer_app_id)
      .sort((a, b) => a - b);
    expect(live).toEqual(expected);
    // The demo app, and the one whose newest published listing is live.
    expect(expected).toHaveLength(2);
    expect(expected).toContain(appId);
  });
});

async function countWhere(table: 'platform_marketplace_views' | 'platform_installations') {
  const row = await runtime.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('developer_app_id', '=', appId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
