// The admin apps list and the review queue in one statement per page (issue 24, bench/RESULTS.md §11d):
// after the session lookup, a page is one statement (two with a search or an owner filter, whose total
// needs the planner's estimate first), and its answer is the statement-by-statement path's, field for
// field, for every sort, filter and page.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kyselyOnPostgres, onQueryDuration } from '../src/db/index';
import type { DeveloperAppRow, UserRow } from '../src/db/schema';
import { adminAppsPage } from '../src/modules/admin-lists/apps-page';
import { presentAdminApp } from '../src/modules/admin-lists/presenter';
import { authRepository } from '../src/modules/auth/repository';
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
const owners: UserRow[] = [];
const apps: DeveloperAppRow[] = [];
const db = () => runtime.database.db;
const HOUR = 3_600_000;
const NOW = new Date(Date.UTC(2026, 10, 20, 12));
const at = (hoursAgo: number) => new Date(NOW.getTime() - hoursAgo * HOUR);

const versionInReview = (app: DeveloperAppRow, since: Date, version?: string) =>
  insertVersionInReview(runtime, app, since, version);

async function submission(
  app: DeveloperAppRow,
  state: 'in_review' | 'published',
  submitted: Date | null,
  options: { live?: boolean; version?: number; updated?: Date } = {},
) {
  const when = submitted ?? options.updated ?? at(50);
  return db()
    .insertInto('marketplace_submissions')
    .values({
      developer_app_id: app.id,
      state,
      version: options.version ?? 1,
      live: options.live ?? false,
      submitted_at: submitted,
      published_at: state === 'published' ? when : null,
      created_at: when,
      updated_at: options.updated ?? when,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  runtime = await startTestRuntime();
  admin = await signIn(
    runtime.app,
    await createUser(runtime, { isAdmin: true, email: 'admin@statements.test' }),
  );
  for (const [email, name] of [
    ['cy@owners.test', 'Cy'],
    ['Ada@owners.test', 'Ada'],
    ['ben@owners.test', 'Ben'],
  ] as const) {
    owners.push(await createUser(runtime, { email, name }));
  }
  // Names in the name collation's order and not in byte order; some created at the same moment (ties).
  const names = ['Zeta Sync', 'alpha Sync', 'Álvaro Hub', 'beta Hub', 'Beta Hub', 'gamma Link', 'delta Link'];
  for (const [index, name] of [...names, ...names.map((n) => `${n} II`)].entries()) {
    const owner = owners[index % owners.length] as UserRow;
    const app = await createApp(runtime, { owner, name, deleted: index % 5 === 4 });
    await db()
      .updateTable('developer_apps')
      .set({
        created_at: at(100 - Math.floor(index / 3)),
        ...(index % 5 === 4 ? { deleted_at: at(index) } : {}),
      })
      .where('id', '=', app.id)
      .execute();
    apps.push(app);
  }
  const app = (index: number) => apps[index] as DeveloperAppRow;
  // Versions in review (one app with two, one deleted app), listings in review (one without a submission
  // date, alone and next to a version in review), published listings (several on one app, live or not).
  await versionInReview(app(0), at(5));
  await versionInReview(app(0), at(2), '1.1.0');
  await versionInReview(app(1), at(7));
  await versionInReview(app(3), at(1));
  await versionInReview(app(4), at(3));
  await versionInReview(app(9), at(4));
  await submission(app(1), 'in_review', at(6));
  await submission(app(2), 'in_review', null, { updated: at(8) });
  await submission(app(3), 'in_review', null, { updated: at(9) });
  await submission(app(5), 'in_review', at(3));
  await submission(app(9), 'in_review', at(10));
  await submission(app(11), 'in_review', at(6));
  await submission(app(5), 'published', at(30), { live: true, version: 1 });
  await submission(app(6), 'published', at(40), { live: true, version: 1 });
  await submission(app(6), 'published', at(20), { live: false, version: 2 });
  await submission(app(8), 'published', at(20), { live: true });
  await submission(app(12), 'published', at(60), { live: false });
  // Review history within 30 days of NOW: versions 2 h and 6 h (median 4), a listing 3 h.
  for (const [versionId, hours] of [
    [990_001, 2],
    [990_002, 6],
  ] as const) {
    await db()
      .insertInto('analytics_events')
      .values([
        {
          user_id: null,
          key: 'manifest_review_submit',
          properties: JSON.stringify({ app_version_id: versionId }),
          created_at: at(48 + hours),
        },
        {
          user_id: null,
          key: 'manifest_review_approve',
          properties: JSON.stringify({ app_version_id: versionId }),
          created_at: at(48),
        },
      ])
      .execute();
  }
  const decided = await submission(app(13), 'published', at(30));
  await db()
    .insertInto('listing_review_events')
    .values([
      {
        submission_id: decided.id,
        developer_app_id: app(13).id,
        state: 'submitted',
        actor_id: null,
        created_at: at(33),
      },
      {
        submission_id: decided.id,
        developer_app_id: app(13).id,
        state: 'approved',
        actor_id: null,
        created_at: at(30),
      },
    ])
    .execute();
});
afterAll(() => runtime?.close());

describe('the admin apps list in one statement', () => {
  it('answers what the statement-by-statement path answers, for every sort, filter and page', async () => {
    const service = runtime.services.adminLists;
    const keys = ['app_id', 'internal_name', 'owner', 'created_at', 'in_review_at', 'deleted_at'];
    const sorts = [
      [],
      ...keys.flatMap((key) => [[key], [`-${key}`]]),
      ['owner', '-created_at'],
      ['-in_review_at', 'internal_name'],
      ['deleted_at', 'app_id'],
    ];
    const filterSets = [
      {},
      { in_review: 'true' },
      { with_deleted: 'true' },
      { in_review: 'true', with_deleted: 'true' },
      { owner_id: String(owners[1]?.id) },
      { owner_id: [String(owners[0]?.id), String(owners[2]?.id)], with_deleted: 'true' },
      { search: 'Hub' },
      { search: 'beta', in_review: 'true' },
      { search: 'owners.test', with_deleted: 'true' },
      { search: 'nothing matches' },
    ];
    let compared = 0;
    let inQueue = 0;
    for (const sort of sorts) {
      for (const filters of filterSets) {
        for (const [per_page, pages] of [
          [50, [1]],
          [4, [1, 3, 4]],
        ] as const) {
          for (const page of pages) {
            const query = { page, per_page, sort, filters } as Parameters<typeof service.developerApps>[0];
            const [one, steps] = await Promise.all([
              service.developerApps(query, NOW),
              service.developerAppsInSteps(query, NOW),
            ]);
            const label = JSON.stringify({ sort, filters, per_page, page });
            expect(one.total, label).toBe(steps.total);
            expect(one.rows.map(presentAdminApp), label).toEqual(steps.rows.map(presentAdminApp));
            compared += one.rows.length;
            inQueue += one.rows.filter(
              (row) => row.review_queue.app_version ?? row.review_queue.marketplace_listing,
            ).length;
          }
        }
      }
    }
    // The comparison saw rows, places and estimates.
    expect(compared).toBeGreaterThan(500);
    expect(inQueue).toBeGreaterThan(100);
    const queue = await service.developerApps(
      { page: 1, per_page: 50, sort: ['in_review_at'], filters: { in_review: 'true' } } as never,
      NOW,
    );
    expect(queue.rows.some((row) => row.review_queue.app_version?.estimated_wait_hours === 4)).toBe(true);
    expect(queue.rows.some((row) => row.review_queue.marketplace_listing?.estimated_wait_hours === 3)).toBe(
      true,
    );
  }, 240_000);

  it('reads a page in one statement after the session lookup, two with a search or an owner filter', async () => {
    let statements = 0;
    onQueryDuration(db(), () => {
      statements += 1;
    });
    const count = async (url: string) => {
      statements = 0;
      const answer = await admin.request({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      return statements;
    };
    try {
      const base = '/api/v1/admin/developer_apps?per_page=3';
      expect(await count(base)).toBe(2);
      expect(await count(`${base}&page=4`)).toBe(2);
      for (const key of ['app_id', 'internal_name', 'owner', 'created_at', 'in_review_at', 'deleted_at']) {
        expect(await count(`${base}&sort[]=${key}`), key).toBe(2);
        expect(await count(`${base}&sort[]=-${key}&filters[in_review]=true`), key).toBe(2);
        expect(await count(`${base}&sort[]=${key}&filters[with_deleted]=true&page=2`), key).toBe(2);
      }
      expect(await count(`${base}&filters[search]=Hub`)).toBe(3);
      expect(await count(`${base}&filters[owner_id][]=${owners[0]?.id}`)).toBe(3);
    } finally {
      onQueryDuration(db(), () => undefined);
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'prepares the session lookup and a page without a search once per connection',
    async () => {
      const { db: one } = kyselyOnPostgres(runtime.database.connectionString as string, 1);
      try {
        const page = {
          page: 1,
          per_page: 3,
          sort: [{ key: 'created_at' as const, direction: 'desc' as const }],
        };
        await authRepository.findActiveSession(one, 'no-such-session', NOW);
        await adminAppsPage(one, page, NOW);
        await adminAppsPage(one, { ...page, page: 2 }, NOW);
        await adminAppsPage(one, { ...page, search: 'Hub' }, NOW);
        const { rows } = await sql<{
          statement: string;
        }>`select statement from pg_prepared_statements`.execute(one);
        expect(rows.filter((row) => row.statement.includes('from "sessions"'))).toHaveLength(1);
        // Pages 1 and 2 share one statement; the search's text names its term, so it is not prepared.
        expect(rows.filter((row) => row.statement.includes('with ids as'))).toHaveLength(1);
      } finally {
        await one.destroy();
      }
    },
  );
});
