// The admin apps list and the review queue kept per normalised query (issue 24,
// modules/admin-lists/cache.ts): a kept page is the page made afresh, with an ETag (304 on
// If-None-Match); the administrator is still checked on every request; every change this process makes
// to what the pages show (an app created or deleted, a version submitted for review, an approval) is in
// the next page at once.
import { adminListEndpoints as api } from '@lintel/shared';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_APPS_TABLES, AdminAppsCache } from '../src/modules/admin-lists/cache';
import { presentAdminApp } from '../src/modules/admin-lists/presenter';
import type { Runtime } from '../src/runtime';
import { type Actor, appWithMembers, grantProduction, signInActors } from './apps-support';
import { createVersion, promote, review } from './manifests-support';
import { type Client, createApp, startTestRuntime, statementsDuring } from './support';

let runtime: Runtime;
let as: Record<Actor, Client>;
const db = () => runtime.database.db;
const appsUrl = '/api/v1/admin/developer_apps?per_page=100';
const queueUrl = '/api/v1/admin/developer_apps?per_page=100&filters[in_review]=true&sort[]=in_review_at';

interface Row {
  id: number;
  name: string;
  has_app_version_in_review: boolean;
  review_queue: { app_version: { id: number; position: number } | null };
}
const get = (who: Client, url: string, headers: Record<string, string> = {}) =>
  who.request({ method: 'GET', url, headers });
const rows = async (url: string): Promise<Row[]> => (await get(as.platformAdmin, url)).json();
const ids = async (url: string) => (await rows(url)).map((row) => row.id);

beforeAll(async () => {
  runtime = await startTestRuntime();
  as = await signInActors(runtime);
  await createApp(runtime, { owner: as.owner.user, name: 'Kept one' });
  await createApp(runtime, { owner: as.developer.user, name: 'Kept two' });
});
afterAll(() => runtime?.close());

describe('GET /api/v1/admin/developer_apps kept', () => {
  it('answers a kept page with its ETag, 304 to If-None-Match, the same as a page made afresh', async () => {
    const first = await get(as.platformAdmin, appsUrl);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    // Kept: the next request reads only the session.
    let again: Awaited<ReturnType<typeof get>> | undefined;
    expect(await statementsDuring(db(), async () => (again = await get(as.platformAdmin, appsUrl)))).toBe(1);
    expect(again?.body).toBe(first.body);
    expect(again?.headers.etag).toBe(etag);
    expect(again?.headers.total).toBe(first.headers.total);
    expect(again?.headers['per-page']).toBe(first.headers['per-page']);

    const unchanged = await get(as.platformAdmin, appsUrl, { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect((await get(as.platformAdmin, appsUrl, { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);

    // The page made afresh, as the contract's serializer writes it.
    const fresh = await runtime.services.adminLists.developerApps({ page: 1, per_page: 100, sort: [] });
    const contract = serializerCompiler({
      schema: api.developerApps.response,
      method: 'GET',
      url: api.developerApps.path,
      httpStatus: '200',
    }) as (data: unknown) => string;
    expect(contract(fresh.rows.map(presentAdminApp))).toBe(first.body);
    expect(first.headers.total).toBe(String(fresh.total));
  });

  it('keeps pages apart by query, and still refuses a developer (403) and a stranger (401)', async () => {
    const all = await ids(appsUrl);
    const named = await ids(`${appsUrl}&filters[search]=Kept two`);
    expect(named).toHaveLength(1);
    expect(all.length).toBeGreaterThan(1);
    const sorted = await ids(`${appsUrl}&sort[]=internal_name`);
    expect([...sorted].sort()).toEqual([...all].sort());

    // The page is kept now; the guard runs before it is looked up.
    for (const actor of ['owner', 'developer', 'stranger'] as const) {
      const refused = await get(as[actor], appsUrl);
      expect(refused.statusCode, actor).toBe(403);
      expect(refused.headers.etag, actor).toBeUndefined();
      expect(refused.body).not.toContain('Kept one');
    }
    const signedOut = await runtime.app.inject({ method: 'GET', url: appsUrl });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.body).not.toContain('Kept one');
    const queue = await runtime.app.inject({ method: 'GET', url: queueUrl });
    expect(queue.statusCode).toBe(401);
  });

  it('shows each change at once: created, submitted for review, approved, deleted', async () => {
    const before = await ids(appsUrl);
    await rows(queueUrl);

    const created = await as.owner.request({
      method: 'POST',
      url: '/api/v1/developer_apps',
      payload: { internal_name: 'Fresh kept app' },
    });
    expect(created.statusCode).toBe(201);
    const appId = created.json().id as number;
    const afterCreate = await ids(appsUrl);
    expect(afterCreate).toContain(appId);
    expect(afterCreate).toHaveLength(before.length + 1);

    // A production version submitted for review: the app enters the queue.
    const members = { owner: as.owner.user, admin: as.admin.user, developer: as.developer.user };
    const { app } = await appWithMembers(runtime, members, { name: 'Reviewed app' });
    expect((await grantProduction(as.platformAdmin, app.id)).statusCode).toBe(200);
    const sandbox = (await createVersion(as.owner, app.id, '0.1.0')).json();
    const production = (await promote(as.owner, sandbox.id)).json();
    expect(await ids(queueUrl)).not.toContain(app.id);
    expect((await review(as.owner, production.id, 'in_review')).statusCode).toBe(200);
    const queued = (await rows(queueUrl)).find((row) => row.id === app.id);
    expect(queued?.has_app_version_in_review).toBe(true);
    expect(queued?.review_queue.app_version?.id).toBe(production.id);

    // Approved: out of the queue, and the apps list says so.
    expect((await review(as.platformAdmin, production.id, 'published')).statusCode).toBe(200);
    expect(await ids(queueUrl)).not.toContain(app.id);
    const listed = (await rows(appsUrl)).find((row) => row.id === app.id);
    expect(listed?.has_app_version_in_review).toBe(false);
    expect(listed?.review_queue.app_version).toBeNull();

    // Deleted: gone from the list (and there with the deleted ones).
    const deleted = await as.owner.request({ method: 'DELETE', url: `/api/v1/developer_apps/${appId}` });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await ids(appsUrl)).not.toContain(appId);
    expect(await ids(`${appsUrl}&filters[with_deleted]=true`)).toContain(appId);
  });
});

describe('AdminAppsCache', () => {
  const options = {
    page: 1,
    per_page: 50,
    sort: [{ key: 'created_at' as const, direction: 'desc' as const }],
  };
  const page = (body: string) => async () => ({ body, etag: `W/"${body}"`, total: 1 });

  it('is emptied by a write to a table the pages read, after commit, not by others or a rollback', async () => {
    const cache = new AdminAppsCache(db());
    expect(cache.enabled).toBe(true);
    expect((await cache.page(options, page('a'))).body).toBe('a');
    expect((await cache.page(options, page('b'))).body).toBe('a');
    // Another query is another page.
    expect((await cache.page({ ...options, page: 2 }, page('c'))).body).toBe('c');
    expect((await cache.page({ ...options, inReview: true }, page('d'))).body).toBe('d');

    // A table the pages do not read.
    await db().deleteFrom('collaborators').where('developer_app_id', '=', -1).execute();
    expect((await cache.page(options, page('e'))).body).toBe('a');

    // A rolled-back write to the apps.
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('developer_apps')
          .set({ updated_at: new Date() })
          .where('id', '=', -1)
          .execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect((await cache.page(options, page('f'))).body).toBe('a');

    // Each table the pages read.
    for (const table of ADMIN_APPS_TABLES) {
      await sql`delete from ${sql.table(table)} where false`.execute(db());
      expect((await cache.page(options, page(table))).body, table).toBe(table);
    }
  });

  it('keeps a page at most ttlMs (another process’s writes)', async () => {
    let now = 0;
    const cache = new AdminAppsCache(db(), { maxEntries: 10, maxBytes: 1000, ttlMs: 2000 }, () => now);
    expect((await cache.page(options, page('a'))).body).toBe('a');
    now = 1999;
    expect((await cache.page(options, page('b'))).body).toBe('a');
    now = 2001;
    expect((await cache.page(options, page('c'))).body).toBe('c');
  });
});
