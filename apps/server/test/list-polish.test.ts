import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/schema';
import type { Runtime } from '../src/runtime';
import { createApp as createAppWithSandbox, provisionNow } from './apps-support';
import { type Client, createApp, createUser, signIn, startTestRuntime } from './support';

/** Issue 20's polish of the lists: names in a collation, the OAuth search, the install feed's order. */

const SECRET = 'list-polish-events-secret';
let runtime: Runtime;
let admin: Client;
let owner: UserRow;
let ownerClient: Client;

const get = (client: Client, url: string) => client.request({ method: 'GET', url });

beforeAll(async () => {
  runtime = await startTestRuntime({ env: { PLATFORM_EVENTS_SECRET: SECRET } });
  admin = await signIn(runtime.app, await createUser(runtime, { isAdmin: true, email: 'ada@admins.test' }));
  owner = await createUser(runtime, { name: 'Olga', email: 'olga@feed.test' });
  ownerClient = await signIn(runtime.app, owner);
});

afterAll(async () => {
  await runtime.close();
});

const NAMES_IN_ORDER = ['alpha', 'Álvaro', 'beta', 'Zeta'];

describe('names sort case- and accent-insensitively', () => {
  it('orders the admin developer apps by name: alpha, Álvaro, beta, Zeta (and back)', async () => {
    const tag = 'colla';
    for (const name of ['Zeta', 'beta', 'Álvaro', 'alpha'])
      await createApp(runtime, { owner, name: `${name} ${tag}` });
    const names = async (sort: string) =>
      (
        (await get(admin, `/api/v1/admin/developer_apps?filters[search]=${tag}&sort[]=${sort}`)).json() as {
          internal_name: string;
        }[]
      ).map((row) => row.internal_name.replace(` ${tag}`, ''));
    expect(await names('internal_name')).toEqual(NAMES_IN_ORDER);
    expect(await names('-internal_name')).toEqual([...NAMES_IN_ORDER].reverse());
  });

  it('orders the registered developers by name and by company the same way', async () => {
    const tag = 'devcolla';
    for (const name of ['Zeta', 'beta', 'Álvaro', 'alpha']) {
      const user = await createUser(runtime, {
        name: `${name} ${tag}`,
        email: `${tag}-${NAMES_IN_ORDER.indexOf(name)}@x.test`,
      });
      await runtime.database.db
        .updateTable('users')
        .set({ company_name: `${name} Co` })
        .where('id', '=', user.id)
        .execute();
    }
    const rows = async (sort: string) =>
      (await get(admin, `/api/v1/admin/developers?filters[search]=${tag}&sort[]=${sort}`)).json() as {
        name: string;
        company_name: string;
      }[];
    expect((await rows('name')).map((row) => row.name.replace(` ${tag}`, ''))).toEqual(NAMES_IN_ORDER);
    expect((await rows('company_name')).map((row) => row.company_name)).toEqual(
      NAMES_IN_ORDER.map((name) => `${name} Co`),
    );
  });

  it('reads the name sorts from an index in the same collation', async () => {
    const db = runtime.database.db;
    // The indexes exist in the name collation, so the planner can read them in order.
    const { rows } = await sql<{ indexdef: string }>`
      select indexdef from pg_indexes
      where indexname in ('developer_apps_internal_name', 'users_name_sort', 'users_company_sort',
                          'platform_oauth_applications_env_name')`.execute(db);
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row.indexdef).toContain('COLLATE "und-x-icu"');
    // With sequential scans off (a tiny table would rather scan), the sort walks the index, no Sort node.
    const plan = await db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const explained = await sql<{ 'QUERY PLAN': string }>`
        explain select id from developer_apps
        order by internal_name collate "und-x-icu", id limit 50`.execute(trx);
      return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('developer_apps_internal_name');
    expect(plan).not.toMatch(/\bSort\b/);
  });
});

describe('GET /api/v1/admin/oauth_applications filters[search]', () => {
  it("also finds applications by their developer app's name and by the owner's e-mail", async () => {
    const dora = await createUser(runtime, { name: 'Dora', email: 'dora@quarry-owner.test' });
    const quarry = await createAppWithSandbox(runtime, dora, 'Quarry Planner');
    const other = await createAppWithSandbox(runtime, owner, 'Unrelated Tool');
    await provisionNow(runtime, quarry.id);
    await provisionNow(runtime, other.id);
    // Application names that say nothing of the app, so only the app's name or owner can match.
    const db = runtime.database.db;
    for (const [app, name] of [
      [quarry, 'sbx-7781'],
      [other, 'sbx-7782'],
    ] as const) {
      await db
        .updateTable('platform_oauth_applications')
        .set({ name })
        .where('developer_app_id', '=', app.id)
        .execute();
    }
    const search = async (term: string) => {
      const response = await get(
        admin,
        `/api/v1/admin/oauth_applications?environment=sandbox&filters[search]=${encodeURIComponent(term)}`,
      );
      expect(response.statusCode).toBe(200);
      return (response.json() as { name: string; developer_app: { id: number } | null }[]).map(
        (row) => row.developer_app?.id,
      );
    };
    expect(await search('quarry plan')).toEqual([quarry.id]);
    expect(await search('QUARRY-OWNER.test')).toEqual([quarry.id]);
    // Name and uid still match as before.
    expect(await search('sbx-778')).toEqual([quarry.id, other.id]);
    expect(await search('nothing-matches-this')).toEqual([]);
  });
});

describe('the install feed', () => {
  function installEvent(app: { id: number }, id: string, occurredAt: string) {
    return runtime.app.inject({
      method: 'POST',
      url: '/api/v1/platform/events',
      headers: { authorization: `Bearer ${SECRET}` },
      payload: {
        id,
        type: 'installation.created',
        developer_app_id: app.id,
        occurred_at: occurredAt,
        company_name: `Company ${id}`,
        company_is_demo: false,
        user_email_address: `${id}@customer.test`,
      },
    });
  }

  it('lists installations newest first by when they happened, a page at a time', async () => {
    const app = await createApp(runtime, { owner, name: 'Feed Order' });
    // Events arrive out of order: the one that happened first is recorded last.
    const days = ['2026-03-04', '2026-03-02', '2026-03-05', '2026-03-03', '2026-03-01'];
    for (const [index, day] of days.entries()) {
      const response = await installEvent(app, `feed-${index}`, `${day}T10:00:00Z`);
      expect(response.statusCode, response.body).toBeLessThan(300);
    }
    const feed = async (query: string) => {
      const response = await get(ownerClient, `/api/v1/developer_apps/${app.id}/metrics?${query}`);
      expect(response.statusCode).toBe(200);
      const body = response.json() as {
        app_installations: { rows: { installed_at: string }[]; total_count: number };
      };
      return body.app_installations;
    };
    const newestFirst = [...days].sort().reverse();
    const all = await feed('per_page=100');
    expect(all.total_count).toBe(5);
    expect(all.rows.map((row) => row.installed_at.slice(0, 10))).toEqual(newestFirst);
    const second = await feed('per_page=2&page=2');
    expect(second.total_count).toBe(5);
    expect(second.rows.map((row) => row.installed_at.slice(0, 10))).toEqual(newestFirst.slice(2, 4));
    const last = await feed('per_page=2&page=3');
    expect(last.rows.map((row) => row.installed_at.slice(0, 10))).toEqual(newestFirst.slice(4));
  });
});

describe('error messages name fields as people read them', () => {
  it("says the field's label, never its path, and gives the web the label to translate", async () => {
    const response = await admin.request({
      method: 'POST',
      url: '/api/v1/admin/quota_minder_servers/Production_US01/buckets',
      payload: {
        data: {
          name: '  ',
          client_id: 'client-labels',
          domain: 'labels.test',
          bucket_templates: [{ name: 'main', fill_type: 'count', interval_ms: 1000, limit: -1 }],
        },
      },
    });
    expect(response.statusCode).toBe(422);
    const body = response.json() as {
      errors: string[];
      error: { details: { path: string; label?: { key: string; number?: number } }[] };
    };
    expect(body.errors.some((text) => text.startsWith('Name '))).toBe(true);
    expect(body.errors.some((text) => text.startsWith('Template 1 limit '))).toBe(true);
    expect(body.errors.join(' ')).not.toMatch(/Data\.|bucket templates|\.0\./);
    expect(body.error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'data.name', label: { key: 'name' } }),
        expect.objectContaining({
          path: 'data.bucket_templates.0.limit',
          label: { key: 'templateLimit', number: 1 },
        }),
      ]),
    );
  });
});
