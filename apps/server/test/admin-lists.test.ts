import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeveloperAppRow, UserRow } from '../src/db/schema';
import type { Runtime } from '../src/runtime';
import { createApp as createAppWithSandbox, grantProduction, provisionNow } from './apps-support';
import {
  addCollaborator,
  type Client,
  countRows,
  createApp,
  createUser,
  errorOf,
  insertVersionInReview,
  signIn,
  startTestRuntime,
} from './support';

let runtime: Runtime;
let admin: Client;
let employee: Client;
let developer: Client;
let ann: UserRow;
let bea: UserRow;
let annClient: Client;
let stranger: Client;
let collaborator: Client;
const apps: Record<'alpha' | 'bravo' | 'charlie' | 'delta' | 'echo', DeveloperAppRow> = {} as never;

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

const versionInReview = (app: DeveloperAppRow, since: Date) => insertVersionInReview(runtime, app, since);

async function submission(
  app: DeveloperAppRow,
  state: 'in_review' | 'published',
  at: Date,
  options: { live?: boolean; version?: number } = {},
) {
  return runtime.database.db
    .insertInto('marketplace_submissions')
    .values({
      developer_app_id: app.id,
      state,
      version: options.version ?? 1,
      live: options.live ?? false,
      submitted_at: at,
      published_at: state === 'published' ? at : null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A review decided `hoursAgo` after taking `hours`, as the manifests area logs it. */
async function versionReviewHistory(hoursAgo: number, hours: number) {
  const versionId = 900_000 + Math.floor(Math.random() * 99_999);
  await runtime.database.db
    .insertInto('analytics_events')
    .values([
      {
        user_id: null,
        key: 'manifest_review_submit',
        properties: JSON.stringify({ app_version_id: versionId }),
        created_at: ago(hoursAgo + hours),
      },
      {
        user_id: null,
        key: 'manifest_review_approve',
        properties: JSON.stringify({ app_version_id: versionId }),
        created_at: ago(hoursAgo),
      },
    ])
    .execute();
}

const get = (client: Client, url: string) => client.request({ method: 'GET', url });
const idsOf = (response: { json(): unknown }) => (response.json() as { id: number }[]).map((row) => row.id);

beforeAll(async () => {
  runtime = await startTestRuntime();
  const db = runtime.database.db;
  admin = await signIn(
    runtime.app,
    await createUser(runtime, { isAdmin: true, email: 'zoe@admins.test', name: 'Zoe' }),
  );
  employee = await signIn(runtime.app, await createUser(runtime, { isEmployee: true }));
  developer = await signIn(runtime.app, await createUser(runtime));
  stranger = await signIn(runtime.app, await createUser(runtime));
  ann = await createUser(runtime, { email: 'ann@owners.test', name: 'Ann' });
  bea = await createUser(runtime, { email: 'bea@owners.test', name: 'Bea' });
  annClient = await signIn(runtime.app, ann);
  const helper = await createUser(runtime);
  collaborator = await signIn(runtime.app, helper);

  apps.alpha = await createApp(runtime, { owner: ann, name: 'Alpha Roof' });
  apps.bravo = await createApp(runtime, { owner: bea, name: 'Bravo Roof' });
  apps.charlie = await createApp(runtime, { owner: ann, name: 'Charlie Roof', deleted: true });
  apps.delta = await createApp(runtime, { owner: bea, name: 'Delta Roof' });
  apps.echo = await createApp(runtime, { owner: ann, name: 'Echo Roof' });
  // Created one day apart, oldest first: alpha … echo.
  for (const [index, app] of Object.values(apps).entries()) {
    await db
      .updateTable('developer_apps')
      .set({ created_at: ago(24 * (10 - index)) })
      .where('id', '=', app.id)
      .execute();
  }
  await db
    .updateTable('developer_apps')
    .set({ deleted_at: ago(1) })
    .where('id', '=', apps.charlie.id)
    .execute();
  await addCollaborator(runtime, apps.alpha, helper, 'developer');

  // In review: alpha's version (3 h ago), delta's version (1 h ago) and listing (2 h ago, new),
  // bravo's listing (30 min ago, an update of its live published listing).
  await versionInReview(apps.alpha, ago(3));
  await versionInReview(apps.delta, ago(1));
  await submission(apps.delta, 'in_review', ago(2));
  await submission(apps.bravo, 'published', ago(100), { live: true });
  await submission(apps.bravo, 'in_review', ago(0.5), { version: 2 });
  await submission(apps.echo, 'published', ago(50));

  // Version review history: 2, 4 and 6 hours within 30 days (median 4), one of 100 hours long ago.
  await versionReviewHistory(10, 2);
  await versionReviewHistory(20, 4);
  await versionReviewHistory(30, 6);
  await versionReviewHistory(24 * 40, 100);
});
afterAll(() => runtime?.close());

describe('who may call the admin lists', () => {
  const calls = [
    '/api/v1/admin/developer_apps',
    '/api/v1/admin/developers',
    '/api/v1/admin/oauth_applications',
  ];

  it('answers 401 signed out, 403 to developers and employees, 200 to platform administrators', async () => {
    const paths = [...calls, `/api/v1/admin/developers/${ann.id}`];
    for (const url of paths) {
      expect((await runtime.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      for (const client of [developer, employee, annClient]) {
        const refused = await get(client, url);
        expect(refused.statusCode, url).toBe(403);
        expect(errorOf(refused).code).toBe('forbidden');
      }
      expect((await get(admin, url)).statusCode, url).toBe(200);
    }
    const patch = {
      method: 'PATCH' as const,
      url: `/api/v1/admin/developers/${ann.id}`,
      payload: { developer: { name: 'X' } },
    };
    expect((await runtime.app.inject(patch)).statusCode).toBe(401);
    expect((await developer.request(patch)).statusCode).toBe(403);
    expect((await employee.request(patch)).statusCode).toBe(403);
    expect(
      (
        await runtime.database.db
          .selectFrom('users')
          .select('name')
          .where('id', '=', ann.id)
          .executeTakeFirstOrThrow()
      ).name,
    ).toBe('Ann');
  });

  it('refuses bad input with 422 and the error shape, one detail per field', async () => {
    for (const query of [
      'sort[]=bogus',
      'filters[owner_id][]=abc',
      'per_page=0',
      'per_page=10000',
      'page=0',
      'filters[in_review]=maybe',
      'filters[unknown]=1',
    ]) {
      const response = await get(admin, `/api/v1/admin/developer_apps?${query}`);
      expect(response.statusCode, query).toBe(422);
      const error = errorOf(response);
      expect(error.code).toBe('validation_failed');
      expect(error.details.length, query).toBeGreaterThanOrEqual(1);
    }
    const owner = errorOf(await get(admin, '/api/v1/admin/developer_apps?filters[owner_id][]=abc'));
    expect(owner.details.map((detail) => detail.path)[0]).toMatch(/^filters\.owner_id/);
    for (const url of [
      '/api/v1/admin/developers?sort[]=password_hash',
      '/api/v1/admin/developers?per_page=101',
      '/api/v1/admin/oauth_applications?environment=staging',
      '/api/v1/admin/oauth_applications?sort[]=secret_hash',
      '/api/v1/admin/developers/abc',
    ]) {
      expect((await get(admin, url)).statusCode, url).toBe(422);
    }
    expect((await get(admin, '/api/v1/admin/developers/999999')).statusCode).toBe(404);
  });
});

describe('GET /api/v1/admin/developer_apps', () => {
  it('lists apps that are not deleted, newest first, with the paging headers', async () => {
    const response = await get(admin, '/api/v1/admin/developer_apps?per_page=2');
    expect(response.statusCode).toBe(200);
    expect(response.headers.total).toBe('4');
    expect(response.headers['per-page']).toBe('2');
    expect(idsOf(response)).toEqual([apps.echo.id, apps.delta.id]);
    const second = await get(admin, '/api/v1/admin/developer_apps?per_page=2&page=2');
    expect(idsOf(second)).toEqual([apps.bravo.id, apps.alpha.id]);
    expect(second.headers.total).toBe('4');
  });

  it('carries the review-queue fields on every row', async () => {
    const rows = (await get(admin, '/api/v1/admin/developer_apps?filters[with_deleted]=true')).json() as {
      id: number;
    }[];
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(apps.alpha.id)).toMatchObject({
      internal_name: 'Alpha Roof',
      owner: { id: ann.id, email: 'ann@owners.test', name: 'Ann' },
      has_app_version_in_review: true,
      has_marketplace_listing_in_review: false,
      has_published_app: false,
      marketplace_listing_in_review_at: null,
      marketplace_listing_review_kind: null,
      app_id: null,
      live: false,
      deleted_at: null,
    });
    const delta = byId.get(apps.delta.id) as unknown as Record<string, string | null>;
    expect(delta).toMatchObject({
      has_app_version_in_review: true,
      has_marketplace_listing_in_review: true,
      has_published_app: false,
      marketplace_listing_review_kind: 'new',
    });
    expect(delta.in_review_at).toBe(delta.app_version_in_review_at);
    expect(Date.parse(delta.app_version_in_review_at as string)).toBeGreaterThan(
      Date.parse(delta.marketplace_listing_in_review_at as string),
    );
    expect(byId.get(apps.bravo.id)).toMatchObject({
      has_app_version_in_review: false,
      has_marketplace_listing_in_review: true,
      has_published_app: true,
      live: true,
      marketplace_listing_review_kind: 'update',
    });
    expect(byId.get(apps.echo.id)).toMatchObject({
      has_published_app: true,
      live: false,
      in_review_at: null,
    });
    expect((byId.get(apps.charlie.id) as unknown as { deleted_at: string | null }).deleted_at).not.toBeNull();
  });

  it('filters by owner, search, in review and with deleted', async () => {
    const list = (query: string) => get(admin, `/api/v1/admin/developer_apps?per_page=100&${query}`);
    expect(idsOf(await list(`filters[owner_id][]=${ann.id}`)).sort()).toEqual(
      [apps.alpha.id, apps.echo.id].sort(),
    );
    expect(idsOf(await list(`filters[owner_id]=${bea.id}`)).sort()).toEqual(
      [apps.bravo.id, apps.delta.id].sort(),
    );
    expect(
      idsOf(
        await list(`filters[owner_id][]=${ann.id}&filters[owner_id][]=${bea.id}&filters[with_deleted]=true`),
      ),
    ).toHaveLength(5);
    expect(idsOf(await list('filters[search]=bravo'))).toEqual([apps.bravo.id]);
    // The owner's e-mail matches too; % matches literally.
    expect(idsOf(await list('filters[search]=BEA@OWNERS')).sort()).toEqual(
      [apps.bravo.id, apps.delta.id].sort(),
    );
    expect(idsOf(await list('filters[search]=%25'))).toEqual([]);
    const inReview = await list('filters[in_review]=true');
    expect(idsOf(inReview).sort()).toEqual([apps.alpha.id, apps.bravo.id, apps.delta.id].sort());
    expect(inReview.headers.total).toBe('3');
    expect(idsOf(await list('filters[in_review]=false'))).toHaveLength(4);
    expect(idsOf(await list('filters[with_deleted]=true'))).toContain(apps.charlie.id);
    expect(idsOf(await list('filters[with_deleted]=false'))).not.toContain(apps.charlie.id);
    expect(
      idsOf(await list(`filters[owner_id][]=${ann.id}&filters[in_review]=true&filters[search]=roof`)),
    ).toEqual([apps.alpha.id]);
  });

  it('sorts by every key of spec 1 §2, both ways', async () => {
    const sorted = async (key: string) =>
      idsOf(
        await get(
          admin,
          `/api/v1/admin/developer_apps?per_page=100&filters[with_deleted]=true&sort[]=${key}`,
        ),
      );
    const { alpha, bravo, charlie, delta, echo } = apps;
    expect(await sorted('internal_name')).toEqual([alpha.id, bravo.id, charlie.id, delta.id, echo.id]);
    expect(await sorted('-internal_name')).toEqual([echo.id, delta.id, charlie.id, bravo.id, alpha.id]);
    expect(await sorted('created_at')).toEqual([alpha.id, bravo.id, charlie.id, delta.id, echo.id]);
    expect(await sorted('-created_at')).toEqual([echo.id, delta.id, charlie.id, bravo.id, alpha.id]);
    const byOwner = await sorted('owner');
    expect(byOwner.slice(0, 3).sort()).toEqual([alpha.id, charlie.id, echo.id].sort());
    expect(byOwner.slice(3).sort()).toEqual([bravo.id, delta.id].sort());
    expect((await sorted('-owner')).slice(0, 2).sort()).toEqual([bravo.id, delta.id].sort());
    // Review time: the later of the two dates; apps with nothing in review last, either way.
    expect((await sorted('in_review_at')).slice(0, 3)).toEqual([alpha.id, delta.id, bravo.id]);
    expect((await sorted('-in_review_at')).slice(0, 3)).toEqual([bravo.id, delta.id, alpha.id]);
    expect((await sorted('app_id')).slice(0, 2)).toEqual([bravo.id, echo.id]);
    expect((await sorted('-app_id')).slice(0, 2)).toEqual([echo.id, bravo.id]);
    expect((await sorted('deleted_at'))[0]).toBe(charlie.id);
    expect((await sorted('-deleted_at'))[0]).toBe(charlie.id);
  });
});

describe('queue transparency', () => {
  it("gives each submission in review its place and a wait from the last 30 days' review times", async () => {
    const rows = (await get(admin, '/api/v1/admin/developer_apps?filters[in_review]=true')).json() as {
      id: number;
      review_queue: { app_version: unknown; marketplace_listing: unknown };
    }[];
    const queue = new Map(rows.map((row) => [row.id, row.review_queue]));
    // Versions: alpha entered review first, delta second; median 4 h (the 100 h review is too old).
    expect(queue.get(apps.alpha.id)).toMatchObject({
      app_version: { position: 1, estimated_wait_hours: 4 },
      marketplace_listing: null,
    });
    expect(queue.get(apps.delta.id)).toMatchObject({
      app_version: { position: 2, estimated_wait_hours: 8 },
      // Listings: no decision in the last 30 days, so no estimate.
      marketplace_listing: { position: 1, estimated_wait_hours: null },
    });
    expect(queue.get(apps.bravo.id)).toMatchObject({
      app_version: null,
      marketplace_listing: { position: 2, estimated_wait_hours: null },
    });
  });

  it('shows the app its own places, to its collaborators and administrators only', async () => {
    const url = `/api/v1/developer_apps/${apps.alpha.id}/review_queue`;
    for (const client of [annClient, collaborator, admin]) {
      const response = await get(client, url);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        app_version: { position: 1, estimated_wait_hours: 4 },
        marketplace_listing: null,
      });
    }
    expect((await get(stranger, url)).statusCode).toBe(404);
    expect((await runtime.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await get(annClient, '/api/v1/developer_apps/0/review_queue')).statusCode).toBe(422);
    const echo = await get(annClient, `/api/v1/developer_apps/${apps.echo.id}/review_queue`);
    expect(echo.json()).toEqual({ app_version: null, marketplace_listing: null });
  });

  it('estimates listings from their decided reviews, once there are some', async () => {
    const db = runtime.database.db;
    const old = await submission(apps.echo, 'published', ago(60), { version: 7 });
    const events = [
      { state: 'submitted' as const, at: ago(13) },
      { state: 'rejected' as const, at: ago(10) },
    ];
    for (const event of events) {
      await db
        .insertInto('listing_review_events')
        .values({
          submission_id: old.id,
          developer_app_id: apps.echo.id,
          state: event.state,
          actor_id: null,
          created_at: event.at,
        })
        .execute();
    }
    const response = await get(admin, `/api/v1/developer_apps/${apps.bravo.id}/review_queue`);
    expect(response.json()).toMatchObject({ marketplace_listing: { position: 2, estimated_wait_hours: 6 } });
  });
});

describe('GET /api/v1/admin/developers', () => {
  it('lists developers with the paging headers, searches and sorts by every key', async () => {
    const response = await get(admin, '/api/v1/admin/developers?per_page=3');
    expect(response.headers.total).toBe(String(await countRows(runtime, 'users')));
    expect(response.headers['per-page']).toBe('3');
    expect(response.json()).toHaveLength(3);
    const found = await get(admin, '/api/v1/admin/developers?filters[search]=owners.test&sort[]=email');
    expect(found.json()).toEqual([
      {
        id: ann.id,
        name: 'Ann',
        company_name: 'Test Co',
        email: 'ann@owners.test',
        platform_id: expect.any(Number),
      },
      {
        id: bea.id,
        name: 'Bea',
        company_name: 'Test Co',
        email: 'bea@owners.test',
        platform_id: expect.any(Number),
      },
    ]);
    const names = async (sort: string) =>
      (
        (await get(admin, `/api/v1/admin/developers?filters[search]=owners.test&sort[]=${sort}`)).json() as {
          name: string;
        }[]
      ).map((row) => row.name);
    expect(await names('name')).toEqual(['Ann', 'Bea']);
    expect(await names('-name')).toEqual(['Bea', 'Ann']);
    expect(await names('-email')).toEqual(['Bea', 'Ann']);
    expect(await names('platform_id')).toEqual(['Ann', 'Bea']);
    expect(await names('-platform_id')).toEqual(['Bea', 'Ann']);
    await runtime.database.db
      .updateTable('users')
      .set({ company_name: 'Aardvark' })
      .where('id', '=', bea.id)
      .execute();
    // Company sorts by the spec's key companyName (spec 1 §2); company_name is its alias, same order.
    expect(await names('companyName')).toEqual(['Bea', 'Ann']);
    expect(await names('-companyName')).toEqual(['Ann', 'Bea']);
    expect(await names('company_name')).toEqual(['Bea', 'Ann']);
    expect(await names('-company_name')).toEqual(['Ann', 'Bea']);
    await runtime.database.db
      .updateTable('users')
      .set({ company_name: 'Test Co' })
      .where('id', '=', bea.id)
      .execute();
    // By name and by platform id too.
    expect((await get(admin, '/api/v1/admin/developers?filters[search]=bea')).json()).toHaveLength(1);
    const platformId = (found.json() as { platform_id: number }[])[0]?.platform_id;
    expect(idsOf(await get(admin, `/api/v1/admin/developers?filters[search]=${platformId}`))).toEqual([
      ann.id,
    ]);
  });

  it('finds a developer by a whole e-mail address, as a part of longer ones, in any case, and no other', async () => {
    const joann = await createUser(runtime, { email: 'joann@owners.test', name: 'Jo' });
    const elsewhere = await createUser(runtime, { email: 'ann@elsewhere.test', name: 'Other Ann' });
    const search = async (term: string) =>
      idsOf(
        await get(admin, `/api/v1/admin/developers?filters[search]=${encodeURIComponent(term)}&sort[]=email`),
      );
    // 'ann@owners.test' is also a part of 'joann@owners.test'; 'ann@elsewhere.test' shares only the name.
    expect(await search('ann@owners.test')).toEqual([ann.id, joann.id]);
    expect(await search('ANN@Owners.Test')).toEqual([ann.id, joann.id]);
    expect(await search('nn@owners.t')).toEqual([ann.id, joann.id]);
    expect(await search('ann@elsewhere')).toEqual([elsewhere.id]);
    expect(await search('oann@owners.test')).toEqual([joann.id]);
    expect(await search('ann@owners.test.org')).toEqual([]);
    // A short part before the '@' and a bare domain search the whole address as before.
    expect(await search('n@owners.test')).toEqual([ann.id, joann.id]);
    expect(await search('@elsewhere.test')).toEqual([elsewhere.id]);
    await runtime.database.db.deleteFrom('users').where('id', 'in', [joann.id, elsewhere.id]).execute();
  });

  it('shows one developer with their apps', async () => {
    const response = await get(admin, `/api/v1/admin/developers/${ann.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: ann.id,
      email: 'ann@owners.test',
      confirmed: true,
      is_admin: false,
      is_employee: false,
    });
    expect(body).not.toHaveProperty('password_hash');
    expect(body.apps.map((app: { id: number }) => app.id).sort()).toEqual(
      [apps.alpha.id, apps.charlie.id, apps.echo.id].sort(),
    );
    expect(body.apps.find((app: { id: number }) => app.id === apps.charlie.id).deleted_at).not.toBeNull();
  });
});

describe('PATCH /api/v1/admin/developers/:id', () => {
  it('changes the developer and records an audit event in the same transaction', async () => {
    const target = await createUser(runtime, { name: 'Cid', confirmed: false });
    const response = await admin.request({
      method: 'PATCH',
      url: `/api/v1/admin/developers/${target.id}`,
      payload: {
        developer: {
          name: 'Cid Moss',
          company_name: 'Moss Roofing',
          email: 'CID@moss.test',
          confirmed: true,
          is_admin: true,
          is_employee: true,
        },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Cid Moss',
      company_name: 'Moss Roofing',
      email: 'cid@moss.test',
      confirmed: true,
      is_admin: true,
      is_employee: true,
    });
    const events = await runtime.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('subject_type', '=', 'developer')
      .where('subject_id', '=', String(target.id))
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: 'developer.updated', actor_id: admin.user.id });
    expect(events[0]?.changes).toEqual({
      before: {
        name: 'Cid',
        company_name: 'Test Co',
        email: target.email,
        confirmed: false,
        is_admin: false,
        is_employee: false,
      },
      after: {
        name: 'Cid Moss',
        company_name: 'Moss Roofing',
        email: 'cid@moss.test',
        confirmed: true,
        is_admin: true,
        is_employee: true,
      },
    });
    // Taking a flag away records only that field.
    await admin.request({
      method: 'PATCH',
      url: `/api/v1/admin/developers/${target.id}`,
      payload: { developer: { is_employee: false, name: 'Cid Moss' } },
    });
    const last = await runtime.database.db
      .selectFrom('audit_events')
      .select('changes')
      .where('subject_id', '=', String(target.id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last.changes).toEqual({ before: { is_employee: true }, after: { is_employee: false } });
  });

  it('refuses to remove your own administrator flag, a taken e-mail and bad fields, changing nothing', async () => {
    const audits = await countRows(runtime, 'audit_events');
    const self = await admin.request({
      method: 'PATCH',
      url: `/api/v1/admin/developers/${admin.user.id}`,
      payload: { developer: { is_admin: false, name: 'Not Zoe' } },
    });
    expect(self.statusCode).toBe(422);
    expect(errorOf(self).details).toEqual([
      expect.objectContaining({ path: 'developer.is_admin', code: 'invalid' }),
    ]);
    const taken = await admin.request({
      method: 'PATCH',
      url: `/api/v1/admin/developers/${bea.id}`,
      payload: { developer: { email: 'ann@owners.test', name: 'Changed' } },
    });
    expect(taken.statusCode).toBe(422);
    expect(errorOf(taken).details).toEqual([
      expect.objectContaining({ path: 'developer.email', code: 'taken' }),
    ]);
    const bad = await admin.request({
      method: 'PATCH',
      url: `/api/v1/admin/developers/${bea.id}`,
      payload: { developer: { email: 'not-an-email', name: '', password_hash: 'x' } },
    });
    expect(bad.statusCode).toBe(422);
    expect(
      errorOf(bad)
        .details.map((detail) => detail.path)
        .sort(),
    ).toEqual(['developer.email', 'developer.name', 'developer.password_hash'].sort());
    const missing = await admin.request({
      method: 'PATCH',
      url: '/api/v1/admin/developers/999999',
      payload: { developer: { name: 'X' } },
    });
    expect(missing.statusCode).toBe(404);
    const rows = await runtime.database.db
      .selectFrom('users')
      .select(['id', 'name', 'email', 'is_admin'])
      .where('id', 'in', [admin.user.id, bea.id])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: admin.user.id, name: 'Zoe', email: 'zoe@admins.test', is_admin: true },
      { id: bea.id, name: 'Bea', email: 'bea@owners.test', is_admin: false },
    ]);
    expect(await countRows(runtime, 'audit_events')).toBe(audits);
  });
});

describe('GET /api/v1/admin/oauth_applications', () => {
  it('lists one environment with the associated app and its owner, filters and sorts, never a secret', async () => {
    const owner = await createUser(runtime, { name: 'Oli', email: 'oli@oauth.test' });
    const kilo = await createAppWithSandbox(runtime, owner, 'Kilo Crane');
    const lima = await createAppWithSandbox(runtime, owner, 'Lima Crane');
    await provisionNow(runtime, kilo.id);
    await provisionNow(runtime, lima.id);
    expect((await grantProduction(admin, kilo.id)).statusCode).toBe(200);
    // Known names and client ids, so that their order is the same in every collation.
    const db = runtime.database.db;
    for (const [app, name, uid] of [
      [kilo, 'Kilo Crane sandbox', 'uid-b-kilo'],
      [lima, 'Lima Crane sandbox', 'uid-a-lima'],
    ] as const) {
      await db
        .updateTable('platform_oauth_applications')
        .set({ name, uid })
        .where('developer_app_id', '=', app.id)
        .where('environment', '=', 'sandbox')
        .execute();
    }

    const list = (query: string) => get(admin, `/api/v1/admin/oauth_applications?per_page=100&${query}`);
    const sandbox = await list('environment=sandbox&filters[search]=crane');
    expect(sandbox.statusCode).toBe(200);
    expect(sandbox.headers.total).toBe('2');
    const rows = sandbox.json() as Record<string, unknown>[];
    expect(rows.map((row) => [row.name, row.uid, row.developer_app])).toEqual([
      ['Kilo Crane sandbox', 'uid-b-kilo', { id: kilo.id, internal_name: 'Kilo Crane' }],
      ['Lima Crane sandbox', 'uid-a-lima', { id: lima.id, internal_name: 'Lima Crane' }],
    ]);
    expect(rows[0]).toMatchObject({
      environment: 'sandbox',
      href: `/admin/developer_apps/${kilo.id}`,
      owner_name: 'Oli',
      owner_email: 'oli@oauth.test',
    });
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(
        [
          'created_at',
          'developer_app',
          'environment',
          'href',
          'name',
          'owner_email',
          'owner_name',
          'uid',
        ].sort(),
      );
    }
    const production = await list('environment=production&filters[search]=crane');
    expect(production.json()).toMatchObject([
      { name: 'Kilo Crane', developer_app: { id: kilo.id }, owner_email: 'oli@oauth.test' },
    ]);
    // Production is the default environment.
    expect((await list('filters[search]=crane')).headers.total).toBe('1');
    // Monthly sandboxes (and the platform's own applications) belong to no portal app: N/A.
    await db
      .insertInto('platform_oauth_applications')
      .values({
        uid: 'uid-monthly-crane',
        secret_hash: 'not-a-secret',
        name: 'Crane monthly sandbox',
        environment: 'monthly_sandbox',
        developer_app_id: null,
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    const monthly = await list('environment=monthly_sandbox&filters[search]=crane');
    expect(monthly.statusCode).toBe(200);
    expect(monthly.headers.total).toBe('1');
    expect(monthly.json()).toMatchObject([
      { uid: 'uid-monthly-crane', environment: 'monthly_sandbox', developer_app: null },
    ]);
    expect(JSON.stringify(monthly.json())).not.toContain('not-a-secret');
    // Not a portal app's: the credential calls do not know it.
    const reset = await admin.request({
      method: 'POST',
      url: '/api/v1/oauth_applications/uid-monthly-crane/reset_secret',
    });
    expect(reset.statusCode).toBe(404);

    const order = async (query: string) =>
      ((await list(`environment=sandbox&filters[search]=crane&${query}`)).json() as { name: string }[]).map(
        (row) => row.name,
      );
    expect(await order('sort[]=name')).toEqual(['Kilo Crane sandbox', 'Lima Crane sandbox']);
    expect(await order('sort[]=-name')).toEqual(['Lima Crane sandbox', 'Kilo Crane sandbox']);
    expect(await order('sort[]=uid')).toEqual(['Lima Crane sandbox', 'Kilo Crane sandbox']);
    expect(await order('sort[]=-uid')).toEqual(['Kilo Crane sandbox', 'Lima Crane sandbox']);
    expect((await list('environment=sandbox&filters[name]=lima crane')).json()).toEqual([rows[1]]);
    expect((await list('environment=sandbox&filters[uid]=B-KILO')).json()).toEqual([rows[0]]);
    expect((await list('environment=sandbox&filters[search]=uid-a')).json()).toEqual([rows[1]]);
    expect((await list('environment=sandbox&filters[search]=%25')).json()).toEqual([]);
  });
});
