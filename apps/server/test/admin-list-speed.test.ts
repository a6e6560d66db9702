// The admin lists at scale (issue 11, Performance; 0015_admin_list_speed): the trigger-kept counters
// behind the unfiltered totals, the capped count and estimate behind the filtered ones, and the sorts that
// read a small set first (in review, published, deleted) across the page boundary with the other apps.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cappedCount, EXACT_COUNT_CAP } from '../src/db/counts';
import type { DeveloperAppRow, UserRow } from '../src/db/schema';
import { medianVersionReviewHoursQuery } from '../src/modules/admin-lists/repository';
import type { Runtime } from '../src/runtime';
import {
  type Client,
  createApp,
  createUser,
  insertVersionInReview,
  signIn,
  startTestRuntime,
} from './support';

let runtime: Runtime;
let admin: Client;
let owner: UserRow;

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);
const db = () => runtime.database.db;

beforeAll(async () => {
  runtime = await startTestRuntime();
  admin = await signIn(runtime.app, await createUser(runtime, { isAdmin: true }));
  owner = await createUser(runtime, { email: 'owner@speed.test' });
});
afterAll(() => runtime?.close());

/** Every counter against a real count of its rows. */
async function expectCountersExact() {
  const truth = await sql<{ name: string; n: number }>`
    select 'developer_apps' as name, count(*)::int as n from developer_apps
    union all select 'developer_apps.not_deleted', count(*)::int from developer_apps where deleted_at is null
    union all select 'users', count(*)::int from users
    union all select 'platform_oauth_applications.' || e, count(o.id)::int
      from unnest(array['production', 'sandbox', 'monthly_sandbox']) e
      left join platform_oauth_applications o on o.environment = e group by e`.execute(db());
  const counters = await db().selectFrom('row_counts').select(['name', 'n']).execute();
  const byName = new Map(counters.map((row) => [row.name, Number(row.n)]));
  for (const row of truth.rows) expect({ name: row.name, n: byName.get(row.name) }).toEqual(row);
}

async function oauthApplication(environment: string, appId: number | null) {
  return db()
    .insertInto('platform_oauth_applications')
    .values({
      uid: randomUUID(),
      secret_hash: 'not-a-hash',
      name: `Connector ${randomUUID().slice(0, 6)}`,
      environment: environment as never,
      developer_app_id: appId,
      redirect_uri: 'https://example.test/callback',
      created_at: new Date(),
      updated_at: new Date(),
      secret_rotated_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe('row counters (0015_admin_list_speed)', () => {
  it('stay exact under inserts, soft delete, undelete, delete and environment changes', async () => {
    await expectCountersExact();
    const app = await createApp(runtime, { owner });
    const gone = await createApp(runtime, { owner, deleted: true });
    await expectCountersExact();
    // Soft delete and undelete move an app between the two app counters.
    await db()
      .updateTable('developer_apps')
      .set({ deleted_at: new Date() })
      .where('id', '=', app.id)
      .execute();
    await expectCountersExact();
    await db()
      .updateTable('developer_apps')
      .set({ deleted_at: null })
      .where('id', 'in', [app.id, gone.id])
      .execute();
    await expectCountersExact();
    // An update that changes nothing counted.
    await db().updateTable('developer_apps').set({ name: 'Renamed' }).where('id', '=', app.id).execute();
    await expectCountersExact();

    const production = await oauthApplication('production', app.id);
    await oauthApplication('monthly_sandbox', null);
    await oauthApplication('sandbox', null);
    await expectCountersExact();
    await db()
      .updateTable('platform_oauth_applications')
      .set({ environment: 'monthly_sandbox', developer_app_id: null })
      .where('id', '=', production.id)
      .execute();
    await expectCountersExact();
    await db().deleteFrom('platform_oauth_applications').where('id', '=', production.id).execute();
    await expectCountersExact();

    // Several rows in one statement, then deleted (an app's OAuth applications go with it).
    await sql`insert into users (name, company_name, email, password_hash, created_at, updated_at)
      select 'Bulk ' || g, 'Bulk Co', 'bulk' || g || '@speed.test', 'x', now(), now()
        from generate_series(1, 25) g`.execute(db());
    await expectCountersExact();
    await db().deleteFrom('users').where('email', 'like', 'bulk%@speed.test').execute();
    await db().deleteFrom('developer_apps').where('id', '=', gone.id).execute();
    await expectCountersExact();
  });

  it('give the unfiltered totals of the lists', async () => {
    const [{ n: users }] = (await sql<{ n: number }>`select count(*)::int as n from users`.execute(db()))
      .rows as [{ n: number }];
    const developers = await admin.request({ method: 'GET', url: '/api/v1/admin/developers?per_page=1' });
    expect(developers.headers.total).toBe(String(users));
    const monthly = await admin.request({
      method: 'GET',
      url: '/api/v1/admin/oauth_applications?environment=monthly_sandbox&per_page=1',
    });
    const [{ n: applications }] = (
      await sql<{ n: number }>`select count(*)::int as n from platform_oauth_applications
        where environment = 'monthly_sandbox'`.execute(db())
    ).rows as [{ n: number }];
    expect(monthly.headers.total).toBe(String(applications));
  });
});

describe('filtered totals', () => {
  it('are exact up to the cap, and above it the estimate, never below the cap', async () => {
    await sql`insert into users (name, company_name, email, password_hash, created_at, updated_at)
      select 'Capped ' || g, 'Capped Co', 'capped' || g || '@speed.test', 'x', now(), now()
        from generate_series(1, ${EXACT_COUNT_CAP + 5}::int) g`.execute(db());
    const total = async (search: string) =>
      Number(
        (await admin.request({ method: 'GET', url: `/api/v1/admin/developers?filters[search]=${search}` }))
          .headers.total,
      );
    expect(await total('capped17@speed')).toBe(1);
    expect(await total('capped1@speed')).toBe(1);
    // capped1 … capped1005: 1, 10–19, 100–199, 1000–1005: 1 + 10 + 100 + 6.
    expect(await total('capped1')).toBe(117);
    // Counted with the page (page 3 of 50 holds the last 17), or alone past the last page.
    expect(await total('capped1&per_page=50&page=3')).toBe(117);
    expect(await total('capped1&per_page=50&page=4')).toBe(117);
    expect(await total('Capped')).toBeGreaterThan(EXACT_COUNT_CAP);
    await db().deleteFrom('users').where('email', 'like', 'capped%@speed.test').execute();
  });

  it('take the estimate alone when the planner expects far more rows than the cap', async () => {
    const query = db().selectFrom('users').select('id');
    expect(await cappedCount(db(), query, 50_000)).toBe(50_000);
    // A small estimate is counted exactly.
    const [{ n }] = (await sql<{ n: number }>`select count(*)::int as n from users`.execute(db())).rows as [
      { n: number },
    ];
    expect(await cappedCount(db(), query, 3)).toBe(n);
  });
});

describe('sorts that read a small set first', () => {
  const apps: DeveloperAppRow[] = [];
  let other: UserRow;

  beforeAll(async () => {
    other = await createUser(runtime, { email: 'other@speed.test' });
    await db().deleteFrom('developer_apps').execute();
    for (let i = 0; i < 8; i += 1) {
      apps.push(await createApp(runtime, { owner: i % 2 === 0 ? owner : other, name: `Small Set ${i}` }));
    }
    const [a0, a1, a2, a3, a4, a5] = apps as [DeveloperAppRow, ...DeveloperAppRow[]];
    // In review: a3 (oldest), a0, a5 (newest) — not in id order.
    await versionInReview(a3 as DeveloperAppRow, ago(5));
    await versionInReview(a0, ago(3));
    await listingInReview(a5 as DeveloperAppRow, ago(1));
    // Published: a4 then a1 (ids in that order).
    await published(a4 as DeveloperAppRow, ago(10));
    await published(a1 as DeveloperAppRow, ago(9));
    // Deleted: a2 (later) and a5 (earlier).
    await db()
      .updateTable('developer_apps')
      .set({ deleted_at: ago(2) })
      .where('id', '=', (a2 as DeveloperAppRow).id)
      .execute();
    await db()
      .updateTable('developer_apps')
      .set({ deleted_at: ago(4) })
      .where('id', '=', (a5 as DeveloperAppRow).id)
      .execute();
  });

  const versionInReview = (app: DeveloperAppRow, at: Date) => insertVersionInReview(runtime, app, at);
  async function listingInReview(app: DeveloperAppRow, at: Date) {
    await db()
      .insertInto('marketplace_submissions')
      .values({
        developer_app_id: app.id,
        state: 'in_review',
        version: 1,
        live: false,
        submitted_at: at,
        published_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  async function published(app: DeveloperAppRow, at: Date) {
    await db()
      .insertInto('marketplace_submissions')
      .values({
        developer_app_id: app.id,
        state: 'published',
        version: 1,
        live: true,
        submitted_at: at,
        published_at: at,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }

  const ids = (response: { json(): unknown }) => (response.json() as { id: number }[]).map((row) => row.id);
  const list = async (query: string) =>
    ids(await admin.request({ method: 'GET', url: `/api/v1/admin/developer_apps?${query}` }));
  /** Every page of `perPage`, concatenated. */
  async function paged(query: string, perPage: number) {
    const all: number[] = [];
    for (let page = 1; page <= Math.ceil(apps.length / perPage) + 1; page += 1) {
      all.push(...(await list(`${query}&per_page=${perPage}&page=${page}`)));
    }
    return all;
  }
  const id = (i: number) => (apps[i] as DeveloperAppRow).id;
  const byId = (indexes: number[], direction: 'asc' | 'desc') =>
    indexes.map(id).sort((a, b) => (direction === 'asc' ? a - b : b - a));

  it('lists the set in key order, then every other app in id order, on every page size', async () => {
    const live = [0, 1, 3, 4, 6, 7]; // a2 and a5 are deleted
    const cases: [string, number[]][] = [
      // a5 is deleted: its listing in review is not listed without with_deleted.
      ['sort[]=in_review_at', [id(3), id(0), ...byId([1, 4, 6, 7], 'asc')]],
      ['sort[]=-in_review_at', [id(0), id(3), ...byId([1, 4, 6, 7], 'desc')]],
      ['sort[]=app_id', [id(4), id(1), ...byId([0, 3, 6, 7], 'asc')]],
      ['sort[]=-app_id', [id(1), id(4), ...byId([0, 3, 6, 7], 'desc')]],
      ['sort[]=deleted_at', byId(live, 'asc')],
      ['sort[]=-deleted_at', byId(live, 'desc')],
      [
        'filters[with_deleted]=true&sort[]=in_review_at',
        [id(3), id(0), id(5), ...byId([1, 2, 4, 6, 7], 'asc')],
      ],
      ['filters[with_deleted]=true&sort[]=deleted_at', [id(5), id(2), ...byId(live, 'asc')]],
      ['filters[with_deleted]=true&sort[]=-deleted_at', [id(2), id(5), ...byId(live, 'desc')]],
      // Another filter: the set's apps are looked up one by one (owner: a0, a2, a4, a6).
      [`filters[owner_id]=${owner.id}&sort[]=app_id`, [id(4), ...byId([0, 6], 'asc')]],
      [`filters[search]=Small%20Set&sort[]=-in_review_at`, [id(0), id(3), ...byId([1, 4, 6, 7], 'desc')]],
      ['filters[in_review]=true&sort[]=in_review_at', [id(3), id(0)]],
    ];
    for (const [query, expected] of cases) {
      expect({ query, ids: await list(`${query}&per_page=100`) }).toEqual({ query, ids: expected });
      // Pages of 1 and 2 cross the boundary between the set and the rest at every place.
      for (const perPage of [1, 2, 3]) {
        expect({ query, perPage, ids: await paged(query, perPage) }).toEqual({
          query,
          perPage,
          ids: expected,
        });
      }
    }
  });

  it('counts the review queue exactly, with and without the deleted apps in review', async () => {
    const totalOf = async (query: string) =>
      (await admin.request({ method: 'GET', url: `/api/v1/admin/developer_apps?${query}&per_page=1` }))
        .headers.total;
    // In review: a0, a3 and the deleted a5.
    expect(await totalOf('filters[in_review]=true')).toBe('2');
    expect(await totalOf('filters[in_review]=true&sort[]=internal_name')).toBe('2');
    expect(await totalOf('filters[in_review]=true&filters[with_deleted]=true')).toBe('3');
  });

  it('keeps several sort terms, and the owner and created sorts, in their order', async () => {
    const owners = await list('sort[]=owner&sort[]=-internal_name&per_page=100');
    // other@speed.test (a1, a3, a7) before owner@speed.test (a0, a4, a6), each by name descending.
    expect(owners).toEqual([...byId([1, 3, 7], 'desc'), ...byId([0, 4, 6], 'desc')]);
    // Without deleted apps the Deleted term sorts nothing, but its direction still orders the tiebreak.
    expect(await list('sort[]=-deleted_at&sort[]=in_review_at&per_page=100')).toEqual([
      id(3),
      id(0),
      ...byId([1, 4, 6, 7], 'desc'),
    ]);
    expect(await list('sort[]=-in_review_at&sort[]=internal_name&per_page=100')).toEqual([
      id(0),
      id(3),
      id(1),
      id(4),
      id(6),
      id(7),
    ]);
  });
});

describe('the review-time history behind the wait estimate (0017_review_history_index)', () => {
  it('pairs each decision with its submission by one index probe, not a read of every submission', async () => {
    // A long history: 3,000 submissions, the last 40 of them decided within the 30 days, 2.5 h each.
    const events = [];
    for (let version = 1; version <= 3_000; version++) {
      const submitted = ago(24 * 60 + version / 10);
      events.push({
        user_id: null,
        key: 'manifest_review_submit',
        properties: JSON.stringify({ app_version_id: 700_000 + version }),
        created_at: version <= 40 ? ago(48 + 2.5) : submitted,
      });
      if (version <= 40) {
        events.push({
          user_id: null,
          key: version % 2 ? 'manifest_review_approve' : 'manifest_review_reject',
          properties: JSON.stringify({ app_version_id: 700_000 + version }),
          created_at: ago(48),
        });
      }
    }
    await db().insertInto('analytics_events').values(events).execute();
    await sql`analyze analytics_events`.execute(db());

    const since = ago(30 * 24);
    const { rows } = await medianVersionReviewHoursQuery(since).execute(db());
    expect(Number(rows[0]?.hours)).toBeCloseTo(2.5, 5);

    const plan = await sql<{
      'QUERY PLAN': unknown;
    }>`explain (format json) ${medianVersionReviewHoursQuery(since)}`.execute(db());
    expect(JSON.stringify(plan.rows[0]?.['QUERY PLAN'])).toContain('analytics_events_review_submits');
  });
});
