import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeveloperAppRow } from '../src/db/schema';
import { csvRow } from '../src/modules/metrics/csv';
import { CSV_BATCH_SIZE } from '../src/modules/metrics/service';
import type { Runtime } from '../src/runtime';
import {
  addCollaborator,
  type Client,
  countRows,
  createApp,
  createUser,
  errorOf,
  signIn,
  startTestRuntime,
} from './support';

const SECRET = 'platform-events-secret-for-tests';

let runtime: Runtime;
let owner: Client;
let developer: Client;
let stranger: Client;
let platformAdmin: Client;
let published: DeveloperAppRow;
let draftOnly: DeveloperAppRow;
let categoryIds: number[];

/** A published listing written straight to the database (the review is tested in listings.test.ts). */
async function publish(
  app: DeveloperAppRow,
  listing: { public_name: string; tagline?: string; category_ids?: number[] },
  state: 'published' | 'draft' = 'published',
) {
  const now = new Date();
  await runtime.database.db
    .insertInto('marketplace_submissions')
    .values({
      developer_app_id: app.id,
      state,
      approval_state: state === 'published' ? 'approved' : 'unreviewed',
      public_name: listing.public_name,
      tagline: listing.tagline ?? 'A tagline',
      category_ids: JSON.stringify(listing.category_ids ?? []),
      admin_message: 'internal review note',
      draft_developer_notes: 'draft notes',
      published_at: state === 'published' ? now : null,
      // As an approval leaves it: live (isAppLive).
      live: state === 'published',
      created_at: now,
      updated_at: now,
    })
    .execute();
}

function event(body: Record<string, unknown>, secret = SECRET) {
  return runtime.app.inject({
    method: 'POST',
    url: '/api/v1/platform/events',
    headers: { authorization: `Bearer ${secret}` },
    payload: body,
  });
}

let eventSequence = 0;
function installEvent(app: { id: number }, overrides: Record<string, unknown> = {}) {
  eventSequence += 1;
  return event({
    id: `evt-${eventSequence}`,
    type: 'installation.created',
    developer_app_id: app.id,
    occurred_at: '2026-03-01T10:00:00Z',
    company_name: `Company ${eventSequence}`,
    company_is_demo: false,
    user_email_address: `installer${eventSequence}@customer.test`,
    ...overrides,
  });
}

const metricsOf = (client: Client, app: { id: number }, admin = false) =>
  client.request({
    method: 'GET',
    url: `/api/v1/${admin ? 'admin/' : ''}developer_apps/${app.id}/metrics?per_page=100`,
  });

beforeAll(async () => {
  runtime = await startTestRuntime({ env: { PLATFORM_EVENTS_SECRET: SECRET } });
  owner = await signIn(runtime.app, await createUser(runtime));
  developer = await signIn(runtime.app, await createUser(runtime));
  stranger = await signIn(runtime.app, await createUser(runtime));
  platformAdmin = await signIn(runtime.app, await createUser(runtime, { isAdmin: true }));
  published = await createApp(runtime, { owner: owner.user, name: 'Field Reports' });
  await addCollaborator(runtime, published, developer.user, 'developer');
  draftOnly = await createApp(runtime, { owner: owner.user, name: 'Unlisted' });
  const categories = await runtime.database.db
    .selectFrom('listing_categories')
    .select('id')
    .orderBy('id')
    .execute();
  categoryIds = categories.map((c) => c.id);
  await publish(published, {
    public_name: 'Field Reports',
    tagline: 'Daily logs from the field',
    category_ids: [categoryIds[0] as number],
  });
  await publish(draftOnly, { public_name: 'Unlisted Draft' }, 'draft');
  for (let i = 0; i < 3; i++) {
    const other = await createApp(runtime, { owner: stranger.user, name: `Other ${i}` });
    await publish(other, { public_name: `Scheduler ${i}`, category_ids: [categoryIds[1] as number] });
  }
  const deleted = await createApp(runtime, { owner: owner.user, name: 'Gone', deleted: true });
  await publish(deleted, { public_name: 'Gone Listing' });
});
afterAll(() => runtime?.close());

describe('the public marketplace', () => {
  it('lists published listings of live apps without a session, with search, category and paging', async () => {
    const all = await runtime.app.inject({ method: 'GET', url: '/api/v1/marketplace/apps' });
    expect(all.statusCode).toBe(200);
    expect(all.headers.total).toBe('4');
    const names = all.json().map((row: { public_name: string }) => row.public_name);
    expect(names).toEqual(['Field Reports', 'Scheduler 0', 'Scheduler 1', 'Scheduler 2']);
    expect(names).not.toContain('Unlisted Draft');
    expect(names).not.toContain('Gone Listing');

    const search = await runtime.app.inject({
      method: 'GET',
      url: '/api/v1/marketplace/apps?filters[search]=daily%20logs',
    });
    expect(search.json().map((row: { id: number }) => row.id)).toEqual([published.id]);

    const category = await runtime.app.inject({
      method: 'GET',
      url: `/api/v1/marketplace/apps?filters[category_id]=${categoryIds[1]}&per_page=2&page=2`,
    });
    expect(category.headers.total).toBe('3');
    expect(category.headers['per-page']).toBe('2');
    expect(category.json().map((row: { public_name: string }) => row.public_name)).toEqual(['Scheduler 2']);

    const bad = await runtime.app.inject({
      method: 'GET',
      url: '/api/v1/marketplace/apps?filters[category_id]=abc&filters[owner]=1',
    });
    expect(bad.statusCode).toBe(422);
  });

  it('opens a published listing without its review internals and counts one view per visitor and day', async () => {
    const first = await runtime.app.inject({
      method: 'GET',
      url: `/api/v1/marketplace/apps/${published.id}`,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      public_name: 'Field Reports',
      admin_message: null,
      draft_developer_notes: null,
      notes: null,
    });
    const cookie = first.cookies.find((c) => c.name === 'lintel_visitor');
    expect(cookie?.httpOnly).toBe(true);
    // The same visitor again: no new view.
    await runtime.app.inject({
      method: 'GET',
      url: `/api/v1/marketplace/apps/${published.id}`,
      headers: { cookie: `lintel_visitor=${cookie?.value}` },
    });
    // A signed-in visitor, twice: one view.
    await developer.request({ method: 'GET', url: `/api/v1/marketplace/apps/${published.id}` });
    await developer.request({ method: 'GET', url: `/api/v1/marketplace/apps/${published.id}` });

    const metrics = (await metricsOf(owner, published)).json();
    const today = new Date().toISOString().slice(0, 10);
    expect(metrics.daily_marketplace_app_views_aggregates.rows[today]).toEqual({ count: 2 });

    const unlisted = await runtime.app.inject({
      method: 'GET',
      url: `/api/v1/marketplace/apps/${draftOnly.id}`,
    });
    expect(unlisted.statusCode).toBe(404);
    expect(errorOf(unlisted).code).toBe('not_found');
    expect(
      (await metricsOf(owner, draftOnly)).json().daily_marketplace_app_views_aggregates.total_count,
    ).toBe(0);
  });

  it('installs a published app (status installed) and uninstalls it for the installer only', async () => {
    const before = await countRows(runtime, 'platform_installations');
    const refused = await runtime.app.inject({
      method: 'POST',
      url: `/api/v1/marketplace/apps/${published.id}/installations`,
      payload: { company_name: '', email: 'not-an-email', company_is_demo: 'yes' },
    });
    expect(refused.statusCode).toBe(422);
    expect(
      errorOf(refused)
        .details.map((d) => d.path)
        .sort(),
    ).toEqual(['company_is_demo', 'company_name', 'email']);
    const unlisted = await runtime.app.inject({
      method: 'POST',
      url: `/api/v1/marketplace/apps/${draftOnly.id}/installations`,
      payload: { company_name: 'Acme', email: 'a@acme.test' },
    });
    expect(unlisted.statusCode).toBe(404);
    expect(await countRows(runtime, 'platform_installations')).toBe(before);

    const installed = await runtime.app.inject({
      method: 'POST',
      url: `/api/v1/marketplace/apps/${published.id}/installations`,
      payload: { company_name: 'Acme Builders', email: 'Pat@Acme.test', company_is_demo: true },
    });
    expect(installed.statusCode).toBe(201);
    const installation = installed.json();
    expect(installation).toMatchObject({
      company_name: 'Acme Builders',
      company_is_demo: true,
      status: 'installed',
    });
    expect(installation).not.toHaveProperty('user_email_address');

    const uninstallUrl = `/api/v1/marketplace/apps/${published.id}/installations/${installation.id}/uninstall`;
    const wrong = await runtime.app.inject({
      method: 'POST',
      url: uninstallUrl,
      payload: { email: 'x@acme.test' },
    });
    expect(wrong.statusCode).toBe(404);
    const done = await runtime.app.inject({
      method: 'POST',
      url: uninstallUrl,
      payload: { email: 'pat@acme.test' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().status).toBe('uninstalled');
    const admin = (await metricsOf(platformAdmin, published, true)).json();
    expect(admin.app_installations.rows[0]).toMatchObject({
      id: installation.id,
      status: 'uninstalled',
      user_email_address: 'pat@acme.test',
    });
  });
});

describe('POST /api/v1/platform/events', () => {
  it('refuses a missing or wrong secret before reading the body', async () => {
    const before = await countRows(runtime, 'platform_processed_events');
    const missing = await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/platform/events',
      payload: { id: 'x' },
    });
    expect(missing.statusCode).toBe(401);
    expect(errorOf(missing).code).toBe('unauthenticated');
    const wrong = await event(
      {
        id: 'wrong-secret',
        type: 'installation.created',
        developer_app_id: published.id,
        occurred_at: '2026-03-01T10:00:00Z',
        company_name: 'Intruder',
      },
      'not-the-secret-at-all',
    );
    expect(wrong.statusCode).toBe(401);
    expect(await countRows(runtime, 'platform_processed_events')).toBe(before);
  });

  it('refuses malformed events with one detail per field and changes nothing', async () => {
    const before = await countRows(runtime, 'platform_installations');
    const events = await countRows(runtime, 'platform_processed_events');
    const malformed = await event({
      id: '',
      type: 'installation.exploded',
      developer_app_id: -1,
      occurred_at: 'yesterday',
      extra: true,
    });
    expect(malformed.statusCode).toBe(422);
    expect(
      errorOf(malformed)
        .details.map((d) => d.path)
        .sort(),
    ).toEqual(['developer_app_id', 'extra', 'id', 'occurred_at', 'type']);
    const noCompany = await installEvent(published, { company_name: null });
    expect(noCompany.statusCode).toBe(422);
    expect(errorOf(noCompany).details.map((d) => d.path)).toEqual(['company_name']);
    const notJson = await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/platform/events',
      headers: { authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' },
      payload: '{"id": ',
    });
    expect(notJson.statusCode).toBe(400);
    const unknownApp = await installEvent({ id: 999_999 });
    expect(unknownApp.statusCode).toBe(404);
    const uninstallNothing = await event({
      id: 'uninstall-nothing',
      type: 'installation.uninstalled',
      developer_app_id: published.id,
      occurred_at: '2026-03-02T00:00:00Z',
      company_name: 'Never Installed Inc',
    });
    expect(uninstallNothing.statusCode).toBe(422);
    expect(await countRows(runtime, 'platform_installations')).toBe(before);
    expect(await countRows(runtime, 'platform_processed_events')).toBe(events);
  });

  it('is idempotent by event id: a replay answers 200 and changes nothing', async () => {
    const app = await createApp(runtime, { owner: owner.user, name: 'Replays' });
    const body = {
      id: 'evt-replayed',
      type: 'installation.created',
      developer_app_id: app.id,
      occurred_at: '2026-04-01T08:00:00Z',
      company_name: 'Once Only Ltd',
      user_email_address: 'once@only.test',
    };
    const first = await event(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ id: 'evt-replayed', processed: true });
    const replay = await event(body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ id: 'evt-replayed', processed: false });
    const view = {
      id: 'view-replayed',
      type: 'marketplace_app.viewed',
      developer_app_id: app.id,
      occurred_at: '2026-04-01T09:00:00Z',
    };
    await event(view);
    await event(view);
    const metrics = (await metricsOf(owner, app)).json();
    expect(metrics.daily_app_installations_aggregates).toEqual({
      rows: { '2026-04-01': { count: 1 } },
      total_count: 1,
    });
    expect(metrics.daily_marketplace_app_views_aggregates).toEqual({
      rows: { '2026-04-01': { count: 1 } },
      total_count: 1,
    });
    expect(metrics.app_installations.total_count).toBe(1);

    const uninstall = {
      id: 'evt-uninstall',
      type: 'installation.uninstalled',
      developer_app_id: app.id,
      occurred_at: '2026-04-03T08:00:00Z',
      company_name: 'Once Only Ltd',
    };
    expect((await event(uninstall)).json().processed).toBe(true);
    expect((await event(uninstall)).json().processed).toBe(false);
    const after = (await metricsOf(owner, app)).json();
    expect(after.app_installations.rows[0]).toMatchObject({
      status: 'uninstalled',
      updated_at: '2026-04-03T08:00:00.000Z',
      installed_at: '2026-04-01T08:00:00.000Z',
    });
    // An uninstall does not take the day's installation back.
    expect(after.daily_app_installations_aggregates.total_count).toBe(1);
  });
});

describe('POST /api/v1/platform/events: edge cases', () => {
  it('answers a replay 200 {processed: false} even after its app was deleted', async () => {
    const app = await createApp(runtime, { owner: owner.user, name: 'Deleted Later' });
    const body = {
      id: 'evt-before-delete',
      type: 'installation.created',
      developer_app_id: app.id,
      occurred_at: '2026-04-05T08:00:00Z',
      company_name: 'Early Adopter Ltd',
    };
    expect((await event(body)).json()).toEqual({ id: 'evt-before-delete', processed: true });
    await runtime.database.db
      .updateTable('developer_apps')
      .set({ deleted_at: new Date() })
      .where('id', '=', app.id)
      .execute();
    const installations = await countRows(runtime, 'platform_installations');
    const replay = await event(body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ id: 'evt-before-delete', processed: false });
    expect(await countRows(runtime, 'platform_installations')).toBe(installations);
    // A new event for the deleted app is still refused.
    const fresh = await event({ ...body, id: 'evt-after-delete' });
    expect(fresh.statusCode).toBe(404);
  });

  it('answers 401 for a wrong or missing secret even when the body is not JSON', async () => {
    for (const authorization of ['Bearer not-the-secret', undefined]) {
      const response = await runtime.app.inject({
        method: 'POST',
        url: '/api/v1/platform/events',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        payload: '{"id": ',
      });
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('unauthenticated');
    }
  });

  it('refuses an occurred_at more than a day ahead or before 2000, changing nothing', async () => {
    const events = await countRows(runtime, 'platform_processed_events');
    const installations = await countRows(runtime, 'platform_installations');
    const farAhead = new Date(Date.now() + 2 * 86_400_000).toISOString();
    for (const occurredAt of ['2999-01-01T00:00:00Z', farAhead, '1999-12-31T23:59:59Z']) {
      const response = await installEvent(published, { occurred_at: occurredAt });
      expect(response.statusCode).toBe(422);
      expect(errorOf(response).details).toEqual([
        expect.objectContaining({
          path: 'occurred_at',
          message: expect.stringContaining('between 2000-01-01 and one day from now'),
        }),
      ]);
    }
    expect(await countRows(runtime, 'platform_processed_events')).toBe(events);
    expect(await countRows(runtime, 'platform_installations')).toBe(installations);
    // A platform clock a few hours fast is fine.
    const soon = new Date(Date.now() + 3 * 3_600_000).toISOString();
    expect((await installEvent(published, { occurred_at: soon })).statusCode).toBe(200);
  });
});

describe('GET /api/v1/developer_apps/:id/metrics', () => {
  it('answers daily aggregates equal to the raw events', async () => {
    const app = await createApp(runtime, { owner: owner.user, name: 'Busy' });
    const days = ['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-03'];
    let n = 0;
    for (const [index, day] of days.entries()) {
      for (let i = 0; i <= index; i++) {
        n += 1;
        expect(
          (await installEvent(app, { occurred_at: `${day}T${String(10 + i).padStart(2, '0')}:00:00Z` }))
            .statusCode,
        ).toBe(200);
        for (let v = 0; v < 2; v++) {
          await event({
            id: `busy-view-${n}-${v}`,
            type: 'marketplace_app.viewed',
            developer_app_id: app.id,
            occurred_at: `${day}T23:59:59Z`,
          });
        }
      }
    }
    const metrics = (await metricsOf(owner, app)).json();
    const db = runtime.database.db;
    const rawInstalls = await db
      .selectFrom('platform_installations')
      .select([sql<string>`to_char(installed_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day')])
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('developer_app_id', '=', app.id)
      .groupBy(sql`1`)
      .execute();
    const rawViews = await db
      .selectFrom('platform_marketplace_views')
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day')])
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('developer_app_id', '=', app.id)
      .groupBy(sql`1`)
      .execute();
    const asRows = (raw: { day: string; n: string }[]) =>
      Object.fromEntries(raw.map((row) => [row.day, { count: Number(row.n) }]));
    expect(metrics.daily_app_installations_aggregates.rows).toEqual(asRows(rawInstalls));
    expect(metrics.daily_app_installations_aggregates.rows).toEqual({
      '2026-01-30': { count: 1 },
      '2026-01-31': { count: 2 },
      '2026-02-01': { count: 3 },
      '2026-02-03': { count: 4 },
    });
    expect(metrics.daily_app_installations_aggregates.total_count).toBe(10);
    expect(metrics.daily_marketplace_app_views_aggregates.rows).toEqual(asRows(rawViews));
    expect(metrics.daily_marketplace_app_views_aggregates.total_count).toBe(20);
    expect(metrics.app_installations.total_count).toBe(10);
    expect(metrics.app_installations.rows).toHaveLength(10);
    // Newest first; pages of the feed.
    const page = (
      await owner.request({
        method: 'GET',
        url: `/api/v1/developer_apps/${app.id}/metrics?per_page=3&page=2`,
      })
    ).json();
    expect(page.app_installations.rows.map((row: { id: number }) => row.id)).toEqual(
      metrics.app_installations.rows.slice(3, 6).map((row: { id: number }) => row.id),
    );
  });

  it('never shows installer e-mails to developers; platform admins see them on the admin route', async () => {
    await installEvent(published, { company_name: 'Visible Co', user_email_address: 'secret@visible.test' });
    for (const client of [owner, developer, platformAdmin]) {
      const response = await metricsOf(client, published);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('secret@visible.test');
      for (const row of response.json().app_installations.rows)
        expect(row).not.toHaveProperty('user_email_address');
    }
    const admin = await metricsOf(platformAdmin, published, true);
    expect(admin.statusCode).toBe(200);
    // (The feed is newest first by installation time: an earlier test installed later than this.)
    expect(admin.json().app_installations.rows).toContainEqual(
      expect.objectContaining({ company_name: 'Visible Co', user_email_address: 'secret@visible.test' }),
    );
    expect((await metricsOf(owner, published, true)).statusCode).toBe(403);
    const other = await metricsOf(stranger, published);
    expect(other.statusCode).toBe(404);
    expect(errorOf(other).code).toBe('not_found');
    expect(
      (await runtime.app.inject({ method: 'GET', url: `/api/v1/developer_apps/${published.id}/metrics` }))
        .statusCode,
    ).toBe(401);
    expect((await metricsOf(platformAdmin, { id: 999_999 }, true)).statusCode).toBe(404);
  });
});

describe('the installations CSV', () => {
  const tricky = [
    'Smith, Jones & Co',
    'The "Best" Builders',
    'Line one\nLine two',
    '=HYPERLINK("http://evil.test","click")',
    '+SUM(A1:A2)',
    '-2+3',
    '@cmd',
    'Bâtiments Élégants 建設',
  ];

  it('streams every installation, quoted and neutralised, with a header row and the app name in the file name', async () => {
    const app = await createApp(runtime, { owner: owner.user, name: 'Csv App' });
    await addCollaborator(runtime, app, developer.user, 'developer');
    for (const [index, name] of tricky.entries()) {
      expect(
        (
          await installEvent(app, {
            company_name: name,
            company_is_demo: index === 0,
            user_email_address: `i${index}@csv.test`,
          })
        ).statusCode,
      ).toBe(200);
    }
    // The browser navigates to the page address, which forwards to the API path.
    const page = await developer.request({
      method: 'GET',
      url: `/developer_apps/${app.id}/installations.csv`,
    });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe(`/api/v1/developer_apps/${app.id}/installations.csv`);
    const response = await developer.request({ method: 'GET', url: page.headers.location as string });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toContain(
      `filename="Csv_App_installations_${today}.csv"`,
    );
    const rows: string[][] = parse(response.rawPayload.toString('utf8'));
    expect(rows[0]).toEqual([
      'id',
      'company_name',
      'company_is_demo',
      'status',
      'installed_at',
      'updated_at',
    ]);
    expect(rows.slice(1).map((row) => row[1])).toEqual([
      'Smith, Jones & Co',
      'The "Best" Builders',
      'Line one\nLine two',
      `'=HYPERLINK("http://evil.test","click")`,
      "'+SUM(A1:A2)",
      "'-2+3",
      "'@cmd",
      'Bâtiments Élégants 建設',
    ]);
    expect(rows[1]?.[2]).toBe('true');
    expect(rows[1]?.[3]).toBe('installed');
    expect(response.body).not.toContain('@csv.test');

    // The API path answers the same; the admin variant adds the installer e-mails.
    const api = await owner.request({
      method: 'GET',
      url: `/api/v1/developer_apps/${app.id}/installations.csv`,
    });
    expect(api.body).toBe(response.body);
    const adminPage = await platformAdmin.request({
      method: 'GET',
      url: `/admin/developer_apps/${app.id}/installations.csv`,
    });
    expect(adminPage.headers.location).toBe(`/api/v1/admin/developer_apps/${app.id}/installations.csv`);
    // The admin report is the Metrics tab: its location + /installations.csv forwards the same way.
    const adminTab = await platformAdmin.request({
      method: 'GET',
      url: `/admin/developer_apps/${app.id}/metrics/installations.csv`,
    });
    expect(adminTab.statusCode).toBe(302);
    expect(adminTab.headers.location).toBe(`/api/v1/admin/developer_apps/${app.id}/installations.csv`);
    const admin = await platformAdmin.request({ method: 'GET', url: adminPage.headers.location as string });
    expect(admin.statusCode).toBe(200);
    const adminRows: string[][] = parse(admin.rawPayload.toString('utf8'));
    expect(adminRows[0]?.at(-1)).toBe('user_email_address');
    expect(adminRows.slice(1).map((row) => row.at(-1))).toEqual(
      tricky.map((_, index) => `i${index}@csv.test`),
    );
  });

  it('writes each line as csvField would, across batch boundaries, with timestamps as toISOString', async () => {
    const app = await createApp(runtime, { owner: owner.user, name: 'Batch App' });
    const { db } = runtime.database;
    // Odd values straight into the platform's table: white space at either end, a tab or carriage
    // return first, no e-mail, microseconds; then enough plain rows to cross a batch of the export.
    const odd = [' Leading space', 'Trailing space ', '\tTabbed', '\rReturned', 'Plain', ''];
    for (const [index, name] of odd.entries()) {
      await sql`insert into platform_installations
          (developer_app_id, company_name, company_is_demo, user_email_address, status, installed_at, updated_at)
        values (${app.id}, ${name}, ${index % 2 === 0}, ${index === 4 ? null : `odd${index}@csv.test`},
                'installed', '2026-02-03T04:05:06.789123Z', '2026-02-03T04:05:06.7Z')`.execute(db);
    }
    await sql`insert into platform_installations
        (developer_app_id, company_name, company_is_demo, user_email_address, status, installed_at, updated_at)
      select ${app.id}, 'Builder ' || g, false, 'b' || g || '@csv.test',
             case when g % 3 = 0 then 'uninstalled' else 'installed' end, now(), now()
        from generate_series(1, ${CSV_BATCH_SIZE + 5}) g`.execute(db);
    const stored = await db
      .selectFrom('platform_installations')
      .selectAll()
      .where('developer_app_id', '=', app.id)
      .orderBy('id')
      .execute();
    const expected = [
      csvRow([
        'id',
        'company_name',
        'company_is_demo',
        'status',
        'installed_at',
        'updated_at',
        'user_email_address',
      ]),
      ...stored.map((row) =>
        csvRow([
          row.id,
          row.company_name,
          row.company_is_demo,
          row.status,
          new Date(row.installed_at).toISOString(),
          new Date(row.updated_at).toISOString(),
          row.user_email_address,
        ]),
      ),
    ].join('');
    const response = await platformAdmin.request({
      method: 'GET',
      url: `/api/v1/admin/developer_apps/${app.id}/installations.csv`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(expected);
  });

  it("answers 404 for a deleted app, another developer's app, and 403 for a developer on the admin variant", async () => {
    const gone = await createApp(runtime, { owner: owner.user, name: 'Deleted', deleted: true });
    expect(
      (await owner.request({ method: 'GET', url: `/api/v1/developer_apps/${gone.id}/installations.csv` }))
        .statusCode,
    ).toBe(404);
    const adminGone = await platformAdmin.request({
      method: 'GET',
      url: `/api/v1/admin/developer_apps/${gone.id}/installations.csv`,
    });
    expect(adminGone.statusCode).toBe(404);
    expect(errorOf(adminGone).code).toBe('not_found');
    expect(
      (
        await stranger.request({
          method: 'GET',
          url: `/api/v1/developer_apps/${published.id}/installations.csv`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await owner.request({
          method: 'GET',
          url: `/api/v1/admin/developer_apps/${published.id}/installations.csv`,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('analytics', () => {
  it('stores the report events, refuses unknown keys and huge bodies, and counts per key and day for admins', async () => {
    const track = (key: string) =>
      developer.request({
        method: 'POST',
        url: '/api/v1/analytics',
        payload: {
          key,
          additional_properties: { developer_app_id: published.id, app_name: 'Field Reports' },
        },
      });
    expect((await track('developers.app_metrics.download_csv.clicked')).statusCode).toBe(204);
    expect((await track('developers.app_metrics.download_csv.clicked')).statusCode).toBe(204);
    expect((await track('metrics_report_clicked')).statusCode).toBe(204);
    const before = await countRows(runtime, 'analytics_events');
    const unknown = await track('developers.app_metrics.hacked');
    expect(unknown.statusCode).toBe(422);
    expect(errorOf(unknown).details[0]?.path).toBe('key');
    const huge = await developer.request({
      method: 'POST',
      url: '/api/v1/analytics',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        key: 'metrics_report_clicked',
        additional_properties: { blob: 'x'.repeat(1024 * 1024) },
      }),
    });
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge).code).toBe('payload_too_large');
    expect(await countRows(runtime, 'analytics_events')).toBe(before);

    const today = new Date().toISOString().slice(0, 10);
    const counts = await platformAdmin.request({ method: 'GET', url: '/api/v1/admin/analytics?sort[]=key' });
    expect(counts.statusCode).toBe(200);
    expect(counts.json()).toEqual([
      { key: 'developers.app_metrics.download_csv.clicked', day: today, count: 2 },
      { key: 'metrics_report_clicked', day: today, count: 1 },
    ]);
    const filtered = await platformAdmin.request({
      method: 'GET',
      url: '/api/v1/admin/analytics?filters[key]=metrics_report_clicked',
    });
    expect(filtered.headers.total).toBe('1');
    expect((await developer.request({ method: 'GET', url: '/api/v1/admin/analytics' })).statusCode).toBe(403);
  });
});
