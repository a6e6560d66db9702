// "My apps" in one statement (issue 24): with the embedded platform the page reads each app's sandbox
// status and its live flag by subquery in the page's own statement; a platform that cannot offer its
// status as SQL gets the two-step path (the page, then sandboxStatuses). Both must answer the same.
import { developerAppEndpoints as api, isAppLive } from '@lintel/shared';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, onQueryDuration } from '../src/db/index';
import type { UserRow } from '../src/db/schema';
import { presentSummary } from '../src/modules/developer-apps/presenter';
import { DeveloperAppService } from '../src/modules/developer-apps/service';
import { newestPublishedListings } from '../src/modules/listings/live';
import { platformRepository } from '../src/platform/repository';
import type { Platform, SandboxStatus } from '../src/platform/types';
import type { Runtime } from '../src/runtime';
import { addCollaborator, type Client, createApp, createUser, signIn, startTestRuntime } from './support';

let runtime: Runtime;
let user: UserRow;
let client: Client;
const db = () => runtime.database.db;
const url = '/api/v1/developer_apps?per_page=100';

/** What each app of the user was given, to check the answer against. */
const expected = new Map<string, { sandbox: SandboxStatus | null }>();

beforeAll(async () => {
  runtime = await startTestRuntime({ env: { SANDBOX_PROVISION_DELAY_MS: '3600000' } });
  user = await createUser(runtime);
  client = await signIn(runtime.app, user);
  const other = await createUser(runtime);
  const published = (live: boolean) => ({ state: 'published' as const, live });
  // A sandbox in each status and none; listings that make the app live or not (isAppLive's cases);
  // apps the user owns and apps the user collaborates on; a thumbnail.
  const cases: {
    name: string;
    mine: boolean;
    sandbox: SandboxStatus | null;
    listings: { state: 'draft' | 'in_review' | 'published'; live: boolean }[];
    thumbnail?: boolean;
  }[] = [
    { name: 'Pending', mine: true, sandbox: 'pending', listings: [] },
    { name: 'Live sandbox', mine: false, sandbox: 'live', listings: [published(true)] },
    { name: 'Failed', mine: true, sandbox: 'failed', listings: [published(false)], thumbnail: true },
    { name: 'No sandbox', mine: false, sandbox: null, listings: [published(true), published(false)] },
    { name: 'Live again', mine: true, sandbox: 'live', listings: [published(false), published(true)] },
    { name: 'Draft only', mine: true, sandbox: 'pending', listings: [{ state: 'draft', live: false }] },
  ];
  for (const kind of cases) {
    const app = await createApp(runtime, { owner: kind.mine ? user : other, name: kind.name });
    if (!kind.mine) await addCollaborator(runtime, app, user, 'developer');
    if (kind.sandbox) {
      const sandbox = await platformRepository.insertSandbox(db(), app.id, new Date());
      await db()
        .updateTable('platform_sandboxes')
        .set({ status: kind.sandbox })
        .where('id', '=', sandbox.id)
        .execute();
    }
    for (const [n, listing] of kind.listings.entries()) {
      const at = new Date(Date.UTC(2026, 0, 1 + n));
      await db()
        .insertInto('marketplace_submissions')
        .values({
          developer_app_id: app.id,
          version: n + 1,
          ...listing,
          published_at: listing.state === 'published' ? at : null,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    if (kind.thumbnail) {
      await db()
        .updateTable('developer_apps')
        .set({ thumbnail_key: 'thumbnails/x.png', thumbnail_content_type: 'image/png' })
        .where('id', '=', app.id)
        .execute();
    }
    expected.set(kind.name, { sandbox: kind.sandbox });
  }
  // A deleted app with a live listing stays out of the list.
  const deleted = await createApp(runtime, { owner: user, name: 'Deleted', deleted: true });
  await db()
    .insertInto('marketplace_submissions')
    .values({ developer_app_id: deleted.id, version: 1, ...published(true), published_at: new Date() })
    .execute();
});
afterAll(() => runtime?.close());

describe('GET /api/v1/developer_apps in one statement', () => {
  it('answers each app its sandbox status and isAppLive, as the two-step path does', async () => {
    const answer = await client.request({ method: 'GET', url });
    expect(answer.statusCode).toBe(200);
    const items: { id: number; name: string; sandbox_status: SandboxStatus | null; live: boolean }[] =
      answer.json();
    expect(items.map((item) => item.name).sort()).toEqual([...expected.keys()].sort());

    // The facts, read apart: the sandbox each app was given, and isAppLive of its newest published listing.
    const newest = await newestPublishedListings(db()).execute();
    for (const item of items) {
      expect(item.sandbox_status, item.name).toBe(expected.get(item.name)?.sandbox);
      const listing = newest.find((row) => row.developer_app_id === item.id);
      expect(item.live, item.name).toBe(isAppLive({ deleted_at: null, published_listing: listing }));
    }
    expect(
      items
        .filter((item) => item.live)
        .map((item) => item.name)
        .sort(),
    ).toEqual(['Live again', 'Live sandbox']);

    // A platform with no status in SQL (a real one): the page, then sandboxStatuses of its apps.
    const platform = runtime.platform;
    const withoutSql = {
      sandboxStatuses: (ids: readonly number[]) => platform.sandboxStatuses(ids),
    } as unknown as Platform;
    expect(platform.sandboxStatusSql(db())).toBeDefined();
    const twoStep = new DeveloperAppService({ ...runtime, db: db(), platform: withoutSql });
    const page = { page: 1, per_page: 100 };
    const viaPlatform = await twoStep.list(user, page);
    const oneStatement = await runtime.services.developerApps.list(user, page);
    expect(viaPlatform.total).toBe(oneStatement.total);
    expect(viaPlatform.items.map(presentSummary)).toEqual(oneStatement.items.map(presentSummary));
    expect(viaPlatform.items.map(presentSummary)).toEqual(items);
  });

  it('sends the bytes the contract’s serializer writes (sendAsPresented), which the contract validates', async () => {
    const answer = await client.request({ method: 'GET', url });
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const items = answer.json();
    expect(api.list.response.parse(items)).toEqual(items);
    const contract = serializerCompiler({
      schema: api.list.response,
      method: 'GET',
      url: api.list.path,
      httpStatus: '200',
    }) as (data: unknown) => string;
    expect(contract(items)).toBe(answer.body);
    // Every kind of value is in there: a thumbnail, no sandbox, live and not.
    expect(answer.body).toContain('"thumbnail_url":"/api/v1/developer_apps/');
    expect(answer.body).toContain('"sandbox_status":null');
    expect(answer.body).toContain('"live":true');
  });

  it('reads a page in one statement after the session lookup', async () => {
    let statements = 0;
    onQueryDuration(db(), () => {
      statements += 1;
    });
    try {
      const answer = await client.request({ method: 'GET', url: '/api/v1/developer_apps?per_page=2&page=2' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toHaveLength(2);
      expect(answer.headers.total).toBe(String(expected.size));
      expect(statements).toBe(2);
    } finally {
      onQueryDuration(db(), () => undefined);
    }
  });

  it('offers the status as SQL only for a statement on the platform’s own database', () => {
    expect(runtime.platform.sandboxStatusSql(db())).toBe(platformRepository.sandboxStatusSql);
    const elsewhere = Object.create(db()) as Db;
    expect(runtime.platform.sandboxStatusSql(elsewhere)).toBeUndefined();
  });
});
