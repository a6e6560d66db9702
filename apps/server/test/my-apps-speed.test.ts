// "My apps" at scale (issue 11, Performance; 0016_my_apps_speed): the app's created_at and deleted_at
// copied onto its collaborator rows by triggers, behind the index the list reads. The copies must follow
// every change of the app, reach collaborators added later, and leave the list's answer as it was.
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../src/db/migrations/index';
import type { UserRow } from '../src/db/schema';
import type { Runtime } from '../src/runtime';
import {
  addCollaborator,
  type Client,
  createApp,
  createTestDatabase,
  createUser,
  signIn,
  startTestRuntime,
} from './support';

let runtime: Runtime;
const db = () => runtime.database.db;
const base = '/api/v1/developer_apps';

beforeAll(async () => {
  runtime = await startTestRuntime({ env: { SANDBOX_PROVISION_DELAY_MS: '3600000' } });
});
afterAll(() => runtime?.close());

/** Each collaborator row of the app with its copies, against the app's own values. */
async function copiesOf(appId: number) {
  const app = await db()
    .selectFrom('developer_apps')
    .select(['created_at', 'deleted_at'])
    .where('id', '=', appId)
    .executeTakeFirstOrThrow();
  const rows = await db()
    .selectFrom('collaborators')
    .select(['user_id', 'app_created_at', 'app_deleted_at'])
    .where('developer_app_id', '=', appId)
    .orderBy('user_id')
    .execute();
  return { app, rows };
}

async function expectCopiesFollow(appId: number, collaborators: number) {
  const { app, rows } = await copiesOf(appId);
  expect(rows).toHaveLength(collaborators);
  for (const row of rows) {
    expect(row.app_created_at).toEqual(app.created_at);
    expect(row.app_deleted_at).toEqual(app.deleted_at);
  }
}

const namesOf = async (client: Client, query = '') =>
  (await client.request({ method: 'GET', url: `${base}${query}` }))
    .json()
    .map((i: { name: string }) => i.name);

describe('the copies of created_at and deleted_at on collaborators', () => {
  let owner: Client;
  let developer: UserRow;
  let developerClient: Client;
  let platformAdmin: Client;
  beforeAll(async () => {
    owner = await signIn(runtime.app, await createUser(runtime));
    developer = await createUser(runtime);
    developerClient = await signIn(runtime.app, developer);
    platformAdmin = await signIn(runtime.app, await createUser(runtime, { isAdmin: true }));
  });

  it('start with the app, follow its soft delete and undelete, and reach collaborators added later', async () => {
    const created = await owner.request({ method: 'POST', url: base, payload: { internal_name: 'Copied' } });
    expect(created.statusCode).toBe(201);
    const appId: number = created.json().id;
    await expectCopiesFollow(appId, 1);
    const { rows } = await copiesOf(appId);
    expect(rows[0]?.app_created_at?.toISOString()).toBe(created.json().created_at);
    expect(rows[0]?.app_deleted_at).toBeNull();

    await addCollaborator(runtime, { id: appId }, developer, 'developer');
    await expectCopiesFollow(appId, 2);
    expect(await namesOf(developerClient)).toEqual(['Copied']);

    expect((await owner.request({ method: 'DELETE', url: `${base}/${appId}` })).statusCode).toBe(204);
    await expectCopiesFollow(appId, 2);
    expect((await copiesOf(appId)).rows[0]?.app_deleted_at).toEqual(expect.any(Date));
    expect(await namesOf(developerClient)).toEqual([]);
    expect((await developerClient.request({ method: 'GET', url: base })).headers.total).toBe('0');

    // A collaborator added while the app is deleted takes the deletion too.
    const late = await createUser(runtime);
    await addCollaborator(runtime, { id: appId }, late, 'admin');
    await expectCopiesFollow(appId, 3);
    expect(await namesOf(await signIn(runtime.app, late))).toEqual([]);

    const undeleted = await platformAdmin.request({
      method: 'PATCH',
      url: `/api/v1/admin/developer_apps/${appId}`,
      payload: { developer_app: { deleted_at: null } },
    });
    expect(undeleted.statusCode).toBe(200);
    await expectCopiesFollow(appId, 3);
    expect((await copiesOf(appId)).rows.every((row) => row.app_deleted_at === null)).toBe(true);
    expect(await namesOf(developerClient)).toEqual(['Copied']);
  });

  it('follow a change of created_at and an app inserted with its owner row in one statement', async () => {
    const user = await createUser(runtime);
    const app = await createApp(runtime, { owner: user, name: 'Moved' });
    const earlier = new Date('2020-02-03T04:05:06.789Z');
    await db().updateTable('developer_apps').set({ created_at: earlier }).where('id', '=', app.id).execute();
    await expectCopiesFollow(app.id, 1);
    expect((await copiesOf(app.id)).rows[0]?.app_created_at).toEqual(earlier);

    // The collaborator's own trigger may not see an app inserted by the same statement: the app's
    // statement trigger copies the values afterwards.
    const inserted = await sql<{ id: number }>`
      with app as (
        insert into developer_apps (internal_name, name, owner_id, created_at, updated_at, deleted_at)
        values ('One statement', 'One statement', ${user.id}, ${earlier}, ${earlier}, ${earlier})
        returning id, owner_id, created_at
      ), owner_row as (
        insert into collaborators (developer_app_id, user_id, role, created_at)
        select id, owner_id, 'owner', created_at from app
      )
      select id from app`.execute(db());
    const id = inserted.rows[0]?.id as number;
    await expectCopiesFollow(id, 1);
    expect((await copiesOf(id)).rows[0]).toMatchObject({ app_created_at: earlier, app_deleted_at: earlier });
  });
});

describe('GET /api/v1/developer_apps on the copies', () => {
  it('orders newest first with the id as tiebreak, across pages, deleted apps left out, as a join of the apps would', async () => {
    const user = await createUser(runtime);
    const client = await signIn(runtime.app, user);
    const other = await createUser(runtime);
    const same = new Date('2024-05-06T07:08:09.123Z');
    const times = [
      same,
      new Date('2025-01-01T00:00:00.000Z'),
      same,
      new Date('2023-01-01T00:00:00.001Z'),
      same,
    ];
    for (const [i, createdAt] of times.entries()) {
      // Half the apps are the user's own, half the user collaborates on; one of each is deleted.
      const mine = i % 2 === 0;
      const app = await createApp(runtime, {
        owner: mine ? user : other,
        name: `Ordered ${i}`,
        deleted: i >= 3,
      });
      if (!mine) await addCollaborator(runtime, app, user, 'developer');
      await db()
        .updateTable('developer_apps')
        .set({ created_at: createdAt })
        .where('id', '=', app.id)
        .execute();
    }
    const expected = await db()
      .selectFrom('collaborators as c')
      .innerJoin('developer_apps as a', 'a.id', 'c.developer_app_id')
      .select(['a.name', 'a.created_at'])
      .where('c.user_id', '=', user.id)
      .where('a.deleted_at', 'is', null)
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .execute();
    expect(expected.map((row) => row.name)).toEqual(['Ordered 1', 'Ordered 2', 'Ordered 0']);

    const seen: string[] = [];
    for (const page of [1, 2]) {
      const response = await client.request({ method: 'GET', url: `${base}?page=${page}&per_page=2` });
      expect(response.headers.total).toBe('3');
      expect(response.headers['per-page']).toBe('2');
      seen.push(...response.json().map((item: { name: string }) => item.name));
    }
    expect(seen).toEqual(expected.map((row) => row.name));
    const all = (await client.request({ method: 'GET', url: base })).json();
    expect(all.map((item: { created_at: string }) => item.created_at)).toEqual(
      expected.map((row) => row.created_at.toISOString()),
    );
    const past = await client.request({ method: 'GET', url: `${base}?page=3&per_page=2` });
    expect(past.json()).toEqual([]);
    expect(past.headers.total).toBe('3');
  });

  it('writes created_at and the thumbnail URL exactly as the app page does, microseconds truncated', async () => {
    const user = await createUser(runtime);
    const client = await signIn(runtime.app, user);
    const plain = await createApp(runtime, { owner: user, name: 'No logo' });
    const logo = await createApp(runtime, { owner: user, name: 'Logo' });
    await sql`update developer_apps set thumbnail_key = 'thumbnails/x.png', thumbnail_content_type = 'image/png',
        created_at = '2024-05-06T07:08:09.123999Z', updated_at = '2024-06-07T08:09:10.456789Z'
      where id = ${logo.id}`.execute(db());
    await sql`update developer_apps set created_at = '1999-12-31T23:59:59.999999Z' where id = ${plain.id}`.execute(
      db(),
    );
    const list = (await client.request({ method: 'GET', url: base })).json();
    for (const app of [logo, plain]) {
      const page = (await client.request({ method: 'GET', url: `${base}/${app.id}` })).json();
      const item = list.find((i: { id: number }) => i.id === app.id);
      expect(item).toMatchObject({ created_at: page.created_at, thumbnail_url: page.thumbnail_url });
    }
    expect(list.map((i: { created_at: string }) => i.created_at)).toEqual([
      '2024-05-06T07:08:09.123Z',
      '1999-12-31T23:59:59.999Z',
    ]);
    expect(list[0].thumbnail_url).toBe(
      `/api/v1/developer_apps/${logo.id}/thumbnail?v=${Date.parse('2024-06-07T08:09:10.456Z')}`,
    );
    expect(list[1].thumbnail_url).toBeNull();
  });

  it('reads the page from the partial index collaborators_user_live_apps', async () => {
    const index = await sql<{ indexdef: string }>`
      select indexdef from pg_indexes where indexname = 'collaborators_user_live_apps'`.execute(db());
    expect(index.rows[0]?.indexdef).toMatch(/\(user_id, app_created_at DESC, developer_app_id DESC\)/);
    expect(index.rows[0]?.indexdef).toMatch(/WHERE \(app_deleted_at IS NULL\)/);
  });
});

describe('migration 0016_my_apps_speed', () => {
  it('copies the values of the rows there are, and goes down again', async () => {
    const handle = await createTestDatabase({ fresh: true });
    try {
      const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
      const before = await migrator.migrateTo('0015_admin_list_speed');
      expect(before.error).toBeUndefined();
      const [owner] = (
        await sql<{
          id: number;
        }>`insert into users (name, company_name, email, password_hash, created_at, updated_at)
          values ('Old', 'Old Co', 'old@migration.test', 'x', now(), now()) returning id`.execute(handle.db)
      ).rows;
      const apps = await sql<{ id: number; created_at: Date; deleted_at: Date | null }>`
        insert into developer_apps (internal_name, name, owner_id, created_at, updated_at, deleted_at)
        values ('Live', 'Live', ${owner?.id}, '2021-01-01T00:00:00.5Z', now(), null),
               ('Gone', 'Gone', ${owner?.id}, '2022-01-01T00:00:00.25Z', now(), '2022-02-01T00:00:00Z')
        returning id, created_at, deleted_at`.execute(handle.db);
      for (const app of apps.rows) {
        await sql`insert into collaborators (developer_app_id, user_id, role, created_at)
          values (${app.id}, ${owner?.id}, 'owner', now())`.execute(handle.db);
      }

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const copies = await sql<{
        developer_app_id: number;
        app_created_at: Date;
        app_deleted_at: Date | null;
      }>`
        select developer_app_id, app_created_at, app_deleted_at from collaborators order by developer_app_id`.execute(
        handle.db,
      );
      expect(copies.rows).toEqual(
        apps.rows.map((app) => ({
          developer_app_id: app.id,
          app_created_at: app.created_at,
          app_deleted_at: app.deleted_at,
        })),
      );

      expect((await migrator.migrateTo('0015_admin_list_speed')).error).toBeUndefined();
      const columns = await sql<{ column_name: string }>`
        select column_name from information_schema.columns
         where table_name = 'collaborators' and column_name like 'app_%'`.execute(handle.db);
      expect(columns.rows).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
