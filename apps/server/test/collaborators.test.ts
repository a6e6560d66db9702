import { PERMISSION_MATRIX } from '@lintel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeveloperAppRow, UserRow } from '../src/db/schema';
import type { Runtime } from '../src/runtime';
import {
  ACTORS,
  type Actor,
  appWithMembers,
  collaboratorsOf,
  MANAGERS,
  requestForApp,
  signInActors,
  statusByActor,
} from './apps-support';
import { type Client, createUser, errorOf, startTestRuntime } from './support';

let runtime: Runtime;
let as: Record<Actor, Client>;
let member: UserRow;

beforeAll(async () => {
  runtime = await startTestRuntime();
  as = await signInActors(runtime, { owner: 'Olga Owner', admin: 'Ada Admin', developer: 'Dev Developer' });
  member = await createUser(runtime, { name: 'Mia Member' });
});
afterAll(() => runtime?.close());

/** A fresh app: owner, an admin, a developer and one more developer to act upon. */
const team = (options: { deleted?: boolean } = {}) =>
  appWithMembers(
    runtime,
    { owner: as.owner.user, admin: as.admin.user, developer: as.developer.user },
    { ...options, target: member },
  );

function appRow(app: DeveloperAppRow) {
  return runtime.database.db
    .selectFrom('developer_apps')
    .selectAll()
    .where('id', '=', app.id)
    .executeTakeFirstOrThrow();
}

const patch = (client: Client, appId: number, collaborators: unknown) =>
  client.request({
    method: 'PATCH',
    url: '/api/v1/collaborators',
    payload: { developer_app_id: appId, collaborators },
  });

describe('GET /api/v1/collaborators', () => {
  it('lists the owner first, then oldest first, with the account of each', async () => {
    const { app, owner, admin, developer, target } = await team();
    const response = await requestForApp(as.developer, 'GET', '/api/v1/collaborators', app.id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.map((c: { id: number }) => c.id)).toEqual([owner.id, admin.id, developer.id, target.id]);
    expect(body[0]).toEqual({
      id: owner.id,
      role: 'owner',
      user_id: as.owner.user.id,
      name: 'Olga Owner',
      email: as.owner.user.email,
      developer: { name: 'Olga Owner', email: as.owner.user.email },
      created_at: owner.created_at.toISOString(),
    });
    expect(body.map((c: { role: string }) => c.role)).toEqual(['owner', 'admin', 'developer', 'developer']);
  });

  const expected = statusByActor(200, ['owner', 'admin', 'developer', 'platformAdmin']);
  it.each(ACTORS)('%s reads the list', async (actor) => {
    const { app } = await team();
    const response = await requestForApp(as[actor], 'GET', '/api/v1/collaborators', app.id);
    expect(response.statusCode).toBe(expected[actor]);
    if (expected[actor] === 404) expect(errorOf(response).code).toBe('not_found');
  });

  it('is 404 for everyone on a deleted app, 404 on an unknown app, 422 without developer_app_id, 401 signed out', async () => {
    const { app } = await team({ deleted: true });
    for (const actor of ACTORS) {
      const response = await requestForApp(as[actor], 'GET', '/api/v1/collaborators', app.id);
      expect(response.statusCode, actor).toBe(404);
    }
    expect(
      (await as.owner.request({ method: 'GET', url: '/api/v1/collaborators?developer_app_id=999999' }))
        .statusCode,
    ).toBe(404);
    const missing = await as.owner.request({ method: 'GET', url: '/api/v1/collaborators' });
    expect(missing.statusCode).toBe(422);
    expect(errorOf(missing).details[0]?.path).toBe('developer_app_id');
    const word = await as.owner.request({ method: 'GET', url: '/api/v1/collaborators?developer_app_id=abc' });
    expect(errorOf(word).details[0]?.path).toBe('developer_app_id');
    const signedOut = await runtime.app.inject({
      method: 'GET',
      url: `/api/v1/collaborators?developer_app_id=${app.id}`,
    });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('PATCH /api/v1/collaborators: role changes', () => {
  const expected = statusByActor(200, MANAGERS);
  it.each(ACTORS)('%s makes a developer an admin', async (actor) => {
    const { app, target } = await team();
    const before = await collaboratorsOf(runtime, app);
    const response = await patch(as[actor], app.id, [{ id: target.id, role: 'admin' }]);
    expect(response.statusCode).toBe(expected[actor]);
    if (expected[actor] === 200) {
      expect(response.json().find((c: { id: number }) => c.id === target.id).role).toBe('admin');
      expect((await collaboratorsOf(runtime, app)).find((c) => c.id === target.id)?.role).toBe('admin');
    } else {
      expect(errorOf(response).code).toBe(expected[actor] === 404 ? 'not_found' : 'forbidden');
      expect(await collaboratorsOf(runtime, app)).toEqual(before);
    }
  });

  it('lets an admin demote another admin and returns the whole list', async () => {
    const { app, owner, admin, developer, target } = await team();
    await runtime.database.db
      .updateTable('collaborators')
      .set({ role: 'admin' })
      .where('id', '=', target.id)
      .execute();
    const response = await patch(as.admin, app.id, [{ id: target.id, role: 'developer' }]);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((c: { id: number; role: string }) => [c.id, c.role])).toEqual([
      [owner.id, 'owner'],
      [admin.id, 'admin'],
      [developer.id, 'developer'],
      [target.id, 'developer'],
    ]);
  });

  it("refuses changing your own role or the owner's row, for owner and admin alike", async () => {
    const { app, owner, admin } = await team();
    const before = await collaboratorsOf(runtime, app);
    const own = await patch(as.admin, app.id, [{ id: admin.id, role: 'developer' }]);
    expect(own.statusCode).toBe(403);
    expect(errorOf(own).message).toBe('You cannot change your own role.');
    const ownerRow = await patch(as.admin, app.id, [{ id: owner.id, role: 'developer' }]);
    expect(ownerRow.statusCode).toBe(403);
    expect(errorOf(ownerRow).message).toMatch(/owner's role cannot be changed/);
    const ownerSelf = await patch(as.owner, app.id, [{ id: owner.id, role: 'admin' }]);
    expect(ownerSelf.statusCode).toBe(403);
    expect(errorOf(ownerSelf).message).toBe('You cannot change your own role.');
    expect(await collaboratorsOf(runtime, app)).toEqual(before);
  });

  it('applies all entries or none: one refused entry leaves every role as it was', async () => {
    const { app, admin, target } = await team();
    const before = await collaboratorsOf(runtime, app);
    const response = await patch(as.admin, app.id, [
      { id: target.id, role: 'admin' },
      { id: admin.id, role: 'developer' },
    ]);
    expect(response.statusCode).toBe(403);
    expect(await collaboratorsOf(runtime, app)).toEqual(before);
  });

  it('accepts entries that keep a role (the whole table may be sent)', async () => {
    const { app, owner, admin, developer, target } = await team();
    const response = await patch(as.admin, app.id, [
      { id: owner.id, role: 'owner' },
      { id: admin.id, role: 'admin' },
      { id: developer.id, role: 'developer' },
      { id: target.id, role: 'admin' },
    ]);
    expect(response.statusCode).toBe(200);
    expect((await collaboratorsOf(runtime, app)).map((c) => c.role)).toEqual([
      'owner',
      'admin',
      'developer',
      'admin',
    ]);
  });

  it('refuses bad input with 422 and one detail per field, changing nothing', async () => {
    const { app, target } = await team();
    const other = await team();
    const before = await collaboratorsOf(runtime, app);
    const otherBefore = await collaboratorsOf(runtime, other.app);
    const cases: [unknown, string][] = [
      [[{ id: target.id, role: 'user' }], 'collaborators.0.role'],
      [[{ id: target.id, role: 'boss' }], 'collaborators.0.role'],
      [[{ id: target.id }], 'collaborators.0.role'],
      [[{ id: target.id, role: 'admin', extra: 1 }], 'collaborators.0.extra'],
      [[], 'collaborators'],
      ['admin', 'collaborators'],
      [[{ id: 999_999, role: 'admin' }], 'collaborators.0.id'],
      [[{ id: other.target.id, role: 'admin' }], 'collaborators.0.id'],
      [
        [
          { id: target.id, role: 'admin' },
          { id: target.id, role: 'developer' },
        ],
        'collaborators.1.id',
      ],
    ];
    for (const [collaborators, path] of cases) {
      const response = await patch(as.owner, app.id, collaborators);
      expect(response.statusCode, JSON.stringify(collaborators)).toBe(422);
      expect(errorOf(response).code).toBe('validation_failed');
      expect(errorOf(response).details.map((d) => d.path)).toContain(path);
    }
    const noApp = await as.owner.request({
      method: 'PATCH',
      url: '/api/v1/collaborators',
      payload: { collaborators: [{ id: target.id, role: 'admin' }] },
    });
    expect(noApp.statusCode).toBe(422);
    expect(errorOf(noApp).details[0]?.path).toBe('developer_app_id');
    expect(await collaboratorsOf(runtime, app)).toEqual(before);
    expect(await collaboratorsOf(runtime, other.app)).toEqual(otherBefore);
  });
});

describe('PATCH /api/v1/collaborators: transfer of ownership', () => {
  const expected = statusByActor(200, ['owner']);
  it.each(ACTORS)('%s gives the owner role to a developer', async (actor) => {
    const { app, target } = await team();
    const before = await collaboratorsOf(runtime, app);
    const response = await patch(as[actor], app.id, [{ id: target.id, role: 'owner' }]);
    expect(response.statusCode).toBe(expected[actor]);
    if (expected[actor] !== 200) {
      expect(await collaboratorsOf(runtime, app)).toEqual(before);
      expect((await appRow(app)).owner_id).toBe(as.owner.user.id);
    }
    if (actor === 'admin') expect(errorOf(response).message).toBe('Only the owner can transfer ownership.');
  });

  it('makes the chosen collaborator the owner, the old owner an admin, and moves owner_id', async () => {
    const { app, owner, admin, developer, target } = await team();
    const response = await patch(as.owner, app.id, [{ id: developer.id, role: 'owner' }]);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((c: { id: number; role: string }) => [c.id, c.role])).toEqual([
      [developer.id, 'owner'],
      [admin.id, 'admin'],
      [target.id, 'developer'],
      [owner.id, 'admin'],
    ]);
    expect((await appRow(app)).owner_id).toBe(as.developer.user.id);

    // The old owner is an admin now: no more transfers, and the new owner's row is out of reach.
    const back = await patch(as.owner, app.id, [{ id: owner.id, role: 'owner' }]);
    expect(back.statusCode).toBe(403);
    const again = await patch(as.owner, app.id, [{ id: target.id, role: 'owner' }]);
    expect(again.statusCode).toBe(403);
    expect(errorOf(again).message).toBe('Only the owner can transfer ownership.');
    const permissions = await requestForApp(as.owner, 'GET', '/api/v1/developer_app_permissions', app.id);
    expect(permissions.json().role).toBe('admin');
    expect(permissions.json().permissions.canTransferOwnership).toBe(false);

    // The new owner can hand it back.
    const handBack = await patch(as.developer, app.id, [{ id: owner.id, role: 'owner' }]);
    expect(handBack.statusCode).toBe(200);
    expect((await collaboratorsOf(runtime, app)).find((c) => c.id === developer.id)?.role).toBe('admin');
    expect((await appRow(app)).owner_id).toBe(as.owner.user.id);
  });

  it('combines a transfer with other role changes in one request', async () => {
    const { app, owner, admin, target } = await team();
    const response = await patch(as.owner, app.id, [
      { id: admin.id, role: 'owner' },
      { id: target.id, role: 'admin' },
    ]);
    expect(response.statusCode).toBe(200);
    const roles = await collaboratorsOf(runtime, app);
    expect(roles.find((c) => c.id === admin.id)?.role).toBe('owner');
    expect(roles.find((c) => c.id === owner.id)?.role).toBe('admin');
    expect(roles.find((c) => c.id === target.id)?.role).toBe('admin');
    expect(roles.filter((c) => c.role === 'owner')).toHaveLength(1);
  });

  it('refuses two owner entries in one request, changing nothing', async () => {
    const { app, admin, target } = await team();
    const before = await collaboratorsOf(runtime, app);
    const response = await patch(as.owner, app.id, [
      { id: admin.id, role: 'owner' },
      { id: target.id, role: 'owner' },
    ]);
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).details[0]?.path).toBe('collaborators');
    expect(await collaboratorsOf(runtime, app)).toEqual(before);
    expect((await appRow(app)).owner_id).toBe(as.owner.user.id);
  });
});

describe('DELETE /api/v1/collaborators/{id}', () => {
  const expected = statusByActor(204, MANAGERS);
  it.each(ACTORS)('%s removes a developer', async (actor) => {
    const { app, target } = await team();
    const response = await requestForApp(as[actor], 'DELETE', `/api/v1/collaborators/${target.id}`, app.id);
    expect(response.statusCode).toBe(expected[actor]);
    const ids = (await collaboratorsOf(runtime, app)).map((c) => c.id);
    expect(ids.includes(target.id)).toBe(expected[actor] !== 204);
  });

  it('takes the app away from the removed collaborator', async () => {
    const { app, developer } = await team();
    const response = await requestForApp(as.admin, 'DELETE', `/api/v1/collaborators/${developer.id}`, app.id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const list = await requestForApp(as.developer, 'GET', '/api/v1/collaborators', app.id);
    expect(list.statusCode).toBe(404);
  });

  it('never removes the owner nor yourself', async () => {
    const { app, owner, admin } = await team();
    const before = await collaboratorsOf(runtime, app);
    const theOwner = await requestForApp(as.admin, 'DELETE', `/api/v1/collaborators/${owner.id}`, app.id);
    expect(theOwner.statusCode).toBe(403);
    expect(errorOf(theOwner).message).toMatch(/owner cannot be removed/);
    const ownerSelf = await requestForApp(as.owner, 'DELETE', `/api/v1/collaborators/${owner.id}`, app.id);
    expect(ownerSelf.statusCode).toBe(403);
    const adminSelf = await requestForApp(as.admin, 'DELETE', `/api/v1/collaborators/${admin.id}`, app.id);
    expect(adminSelf.statusCode).toBe(403);
    expect(errorOf(adminSelf).message).toBe('You cannot remove yourself from this app.');
    expect(await collaboratorsOf(runtime, app)).toEqual(before);
  });

  it('is 404 for a collaborator of another app or an unknown id, 422 without developer_app_id', async () => {
    const { app } = await team();
    const other = await team();
    const foreign = await requestForApp(
      as.owner,
      'DELETE',
      `/api/v1/collaborators/${other.target.id}`,
      app.id,
    );
    expect(foreign.statusCode).toBe(404);
    expect((await collaboratorsOf(runtime, other.app)).map((c) => c.id)).toContain(other.target.id);
    const unknown = await requestForApp(as.owner, 'DELETE', '/api/v1/collaborators/999999', app.id);
    expect(unknown.statusCode).toBe(404);
    const noApp = await as.owner.request({
      method: 'DELETE',
      url: `/api/v1/collaborators/${other.target.id}`,
    });
    expect(noApp.statusCode).toBe(422);
    expect(errorOf(noApp).details[0]?.path).toBe('developer_app_id');
  });
});

describe('GET /api/v1/developer_app_permissions', () => {
  it.each(ACTORS)('%s reads their role, permissions and the matrix', async (actor) => {
    const { app } = await team();
    const response = await requestForApp(as[actor], 'GET', '/api/v1/developer_app_permissions', app.id);
    if (actor === 'stranger') {
      expect(response.statusCode).toBe(404);
      return;
    }
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.developer_app_id).toBe(app.id);
    expect(body.matrix).toEqual(PERMISSION_MATRIX);
    const role = actor === 'platformAdmin' ? null : actor;
    expect(body.role).toBe(role);
    expect(body.permissions.canManageCollaborators).toBe(actor === 'owner' || actor === 'admin');
    expect(body.permissions.canTransferOwnership).toBe(actor === 'owner');
    expect(body.permissions.canDestroy).toBe(actor === 'owner');
    expect(body.permissions.canEdit).toBe(actor === 'owner' || actor === 'admin');
  });

  it('is 404 on a deleted app and 401 signed out', async () => {
    const { app } = await team({ deleted: true });
    const url = `/api/v1/developer_app_permissions?developer_app_id=${app.id}`;
    expect((await as.owner.request({ method: 'GET', url })).statusCode).toBe(404);
    expect((await runtime.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('guards', () => {
  it('answers 401 signed out and 403 without the CSRF header on the changes', async () => {
    const { app, target } = await team();
    const changes = [
      {
        method: 'PATCH' as const,
        url: '/api/v1/collaborators',
        payload: { developer_app_id: app.id, collaborators: [{ id: target.id, role: 'admin' }] },
      },
      { method: 'DELETE' as const, url: `/api/v1/collaborators/${target.id}?developer_app_id=${app.id}` },
    ];
    for (const change of changes) {
      expect((await runtime.app.inject(change)).statusCode).toBe(401);
      const noCsrf = await as.owner.request({ ...change, csrf: false });
      expect(noCsrf.statusCode).toBe(403);
      expect(errorOf(noCsrf).code).toBe('csrf_invalid');
    }
    expect((await collaboratorsOf(runtime, app)).find((c) => c.id === target.id)?.role).toBe('developer');
  });
});
