// "My apps" kept per user and page (issue 24, modules/developer-apps/cache.ts): a kept page is the page
// made afresh, with an ETag (304 on If-None-Match), never another user's, and every change this
// process makes to what the page shows is in the next page at once.
import { developerAppEndpoints as api } from '@lintel/shared';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/schema';
import { MyAppsCache } from '../src/modules/developer-apps/cache';
import { presentSummary } from '../src/modules/developer-apps/presenter';
import type { Runtime } from '../src/runtime';
import { provisionNow } from './apps-support';
import {
  addCollaborator,
  type Client,
  createApp,
  createUser,
  signIn,
  startTestRuntime,
  statementsDuring,
} from './support';

let runtime: Runtime;
let user: UserRow;
let other: UserRow;
let client: Client;
let otherClient: Client;
const db = () => runtime.database.db;
const url = '/api/v1/developer_apps?per_page=50';

interface Item {
  id: number;
  name: string;
  sandbox_status: string | null;
  live: boolean;
}
const list = (who: Client = client, headers: Record<string, string> = {}) =>
  who.request({ method: 'GET', url, headers });
const items = async (who: Client = client): Promise<Item[]> => (await list(who)).json();
const itemOf = async (id: number) => (await items()).find((item) => item.id === id);

beforeAll(async () => {
  runtime = await startTestRuntime({ env: { SANDBOX_PROVISION_DELAY_MS: '3600000' } });
  user = await createUser(runtime);
  other = await createUser(runtime);
  client = await signIn(runtime.app, user);
  otherClient = await signIn(runtime.app, other);
  await createApp(runtime, { owner: user, name: 'First' });
  await createApp(runtime, { owner: other, name: 'Not yours' });
});
afterAll(() => runtime?.close());

describe('GET /api/v1/developer_apps kept', () => {
  it('answers a kept page with its ETag, 304 to If-None-Match, the same as a page made afresh', async () => {
    const first = await list();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    // Kept: the next request reads only the session.
    let again: Awaited<ReturnType<typeof list>> | undefined;
    expect(await statementsDuring(db(), async () => (again = await list()))).toBe(1);
    expect(again?.body).toBe(first.body);
    expect(again?.headers.etag).toBe(etag);
    expect(again?.headers.total).toBe(first.headers.total);

    const unchanged = await list(client, { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);
    expect((await list(client, { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);

    // The page made afresh, as the contract's serializer writes it.
    const fresh = await runtime.services.developerApps.list(user, { page: 1, per_page: 50 });
    const contract = serializerCompiler({
      schema: api.list.response,
      method: 'GET',
      url: api.list.path,
      httpStatus: '200',
    }) as (data: unknown) => string;
    expect(contract(fresh.items.map(presentSummary))).toBe(first.body);
    expect(first.headers.total).toBe(String(fresh.total));
  });

  it('never answers one user another user’s page', async () => {
    const mine = await items();
    const theirs = await items(otherClient);
    expect(mine.map((item) => item.name)).toContain('First');
    expect(theirs.map((item) => item.name)).toEqual(['Not yours']);
    expect((await list(otherClient)).headers.etag).not.toBe((await list()).headers.etag);
  });

  it('shows each change at once: created, renamed, sandbox, listing live, collaborator, deleted', async () => {
    await items();
    const created = await client.request({
      method: 'POST',
      url: '/api/v1/developer_apps',
      payload: { internal_name: 'Fresh app' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect((await itemOf(id))?.sandbox_status).toBe('pending');

    const renamed = await client.request({
      method: 'PATCH',
      url: `/api/v1/developer_apps/${id}`,
      payload: { developer_app: { name: 'Renamed app' } },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await itemOf(id))?.name).toBe('Renamed app');

    await provisionNow(runtime, id);
    expect((await itemOf(id))?.sandbox_status).not.toBe('pending');

    expect((await itemOf(id))?.live).toBe(false);
    await db()
      .insertInto('marketplace_submissions')
      .values({ developer_app_id: id, version: 1, state: 'published', live: true, published_at: new Date() })
      .execute();
    expect((await itemOf(id))?.live).toBe(true);

    const theirs = await createApp(runtime, { owner: other, name: 'Shared with me' });
    expect(await itemOf(theirs.id)).toBeUndefined();
    await addCollaborator(runtime, theirs, user, 'developer');
    expect((await itemOf(theirs.id))?.name).toBe('Shared with me');
    await db()
      .deleteFrom('collaborators')
      .where('developer_app_id', '=', theirs.id)
      .where('user_id', '=', user.id)
      .execute();
    expect(await itemOf(theirs.id)).toBeUndefined();

    const doomed = await createApp(runtime, { owner: user, name: 'Doomed' });
    expect((await itemOf(doomed.id))?.name).toBe('Doomed');
    const deleted = await client.request({ method: 'DELETE', url: `/api/v1/developer_apps/${doomed.id}` });
    expect(deleted.statusCode).toBe(204);
    expect(await itemOf(doomed.id)).toBeUndefined();
  });
});

describe('MyAppsCache', () => {
  it('keeps a page per user and page until a write to what it reads, or its lifetime', async () => {
    let now = 0;
    const cache = new MyAppsCache(db(), { maxEntries: 10, maxBytes: 1000, ttlMs: 2000 }, () => now);
    let made = 0;
    const make = async () => ({ body: `[${++made}]`, etag: `W/"${made}"`, total: made });
    const page = { page: 1, per_page: 50 };
    expect((await cache.page(1, page, make)).body).toBe('[1]');
    expect((await cache.page(1, page, make)).body).toBe('[1]');
    expect((await cache.page(2, page, make)).body).toBe('[2]');
    expect((await cache.page(1, { page: 2, per_page: 50 }, make)).body).toBe('[3]');
    // A write elsewhere leaves the pages be; one to a table the page reads drops them all.
    await db()
      .insertInto('listing_regions')
      .values({ name: `Cache ${process.pid}` })
      .execute();
    expect((await cache.page(1, page, make)).body).toBe('[1]');
    await db().updateTable('platform_sandboxes').set({ status: 'live' }).where('id', '=', -1).execute();
    expect((await cache.page(1, page, make)).body).toBe('[4]');
    // A write not heard (another process's) shows once the page's lifetime is over.
    now = 1999;
    expect((await cache.page(1, page, make)).body).toBe('[4]');
    now = 2000;
    expect((await cache.page(1, page, make)).body).toBe('[5]');
    // A deleted user (collaborator rows go by cascade) drops them too; a rolled-back write does not.
    await db().deleteFrom('users').where('id', '=', -1).execute();
    expect((await cache.page(1, page, make)).body).toBe('[6]');
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('developer_apps').set({ name: 'x' }).where('id', '=', -1).execute();
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect((await cache.page(1, page, make)).body).toBe('[6]');
  });
});
