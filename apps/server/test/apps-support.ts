import zlib from 'node:zlib';
import type { CollaboratorRow, DeveloperAppRow, UserRow } from '../src/db/schema';
import type { Runtime } from '../src/runtime';
import { addCollaborator, type Client, createUser, createApp as insertApp, signIn } from './support';

export type Actor = 'owner' | 'admin' | 'developer' | 'stranger' | 'platformAdmin';
/** Every actor, in the order the authorization tables of the tests list them. */
export const ACTORS: readonly Actor[] = ['owner', 'admin', 'developer', 'stranger', 'platformAdmin'];

/**
 * What each actor gets from a route of an app that only `allowed` may use: `ok` for them, 404 for a
 * stranger (who may not learn that the app exists), 403 for everyone else.
 */
export function statusByActor(ok: number, allowed: readonly Actor[]): Record<Actor, number> {
  return Object.fromEntries(
    ACTORS.map((actor) => [actor, allowed.includes(actor) ? ok : actor === 'stranger' ? 404 : 403]),
  ) as Record<Actor, number>;
}

/** The roles that manage an app (edit it, its credentials and its collaborators). */
export const MANAGERS: readonly Actor[] = ['owner', 'admin'];

/**
 * One signed-in client per actor, for a test file to put on the apps of `appWithMembers`; `names`
 * gives some of them a name the assertions read.
 */
export async function signInActors(
  runtime: Runtime,
  names: Partial<Record<Actor, string>> = {},
): Promise<Record<Actor, Client>> {
  const clients = {} as Record<Actor, Client>;
  for (const actor of ACTORS) {
    const user = await createUser(runtime, { name: names[actor], isAdmin: actor === 'platformAdmin' });
    clients[actor] = await signIn(runtime.app, user);
  }
  return clients;
}

/** A request to a route scoped to one app by its `developer_app_id` query parameter. */
export function requestForApp(client: Client, method: 'GET' | 'DELETE', path: string, appId: number) {
  return client.request({ method, url: `${path}?developer_app_id=${appId}` });
}

/** A platform administrator's grant of production access to an app (the admin route). */
export function grantProduction(client: Client, appId: number) {
  return client.request({
    method: 'PATCH',
    url: `/api/v1/admin/developer_apps/${appId}`,
    payload: { developer_app: { production_access: 'granted' } },
  });
}

/** The collaborator rows of an app, oldest first. */
export function collaboratorsOf(runtime: Runtime, app: DeveloperAppRow) {
  return runtime.database.db
    .selectFrom('collaborators')
    .select(['id', 'user_id', 'role'])
    .where('developer_app_id', '=', app.id)
    .orderBy('id')
    .execute();
}

/** Factory: an app created through the service (so its sandbox is requested), owned by `owner`. */
export async function createApp(
  runtime: Runtime,
  owner: UserRow,
  name = 'Roof Sync',
): Promise<DeveloperAppRow> {
  return (await runtime.services.developerApps.create(owner, name)).app;
}

/** An app created through the service (so it has its sandbox) with one user per role signed in. */
export async function appWithTeam(runtime: Runtime, name = 'Roof Sync') {
  const users: Record<Actor, UserRow> = {
    owner: await createUser(runtime),
    admin: await createUser(runtime),
    developer: await createUser(runtime),
    stranger: await createUser(runtime),
    platformAdmin: await createUser(runtime, { isAdmin: true }),
  };
  const app = await createApp(runtime, users.owner, name);
  for (const role of ['admin', 'developer'] as const) {
    await runtime.database.db
      .insertInto('collaborators')
      .values({ developer_app_id: app.id, user_id: users[role].id, role, created_at: new Date() })
      .execute();
  }
  const clients = {} as Record<Actor, Client>;
  for (const actor of Object.keys(users) as Actor[]) clients[actor] = await signIn(runtime.app, users[actor]);
  return { app, users, clients };
}

/** The people `appWithMembers` puts on an app, besides the developer to act upon. */
export interface AppMembers {
  owner: UserRow;
  admin: UserRow;
  developer: UserRow;
}

/** What `appWithMembers` made: the app and the collaborator row of each member. */
export interface AppWithMembers<Target> {
  app: DeveloperAppRow;
  owner: CollaboratorRow;
  admin: CollaboratorRow;
  developer: CollaboratorRow;
  target: Target;
}

/**
 * The collaborators' and invitations' fixture: an app written straight to the database (no sandbox)
 * for people a test file signed in once, so each test gets a fresh app without new users. The owner,
 * then the admin, the developer and, when given, `target` (one more developer to act upon) joined
 * oldest first, an hour apart. (`appWithTeam` is the one with new users and a sandbox.)
 */
export async function appWithMembers<T extends UserRow | undefined = undefined>(
  runtime: Runtime,
  members: AppMembers,
  options: { deleted?: boolean; name?: string; target?: T } = {},
): Promise<AppWithMembers<T extends UserRow ? CollaboratorRow : undefined>> {
  const app = await insertApp(runtime, {
    owner: members.owner,
    deleted: options.deleted,
    name: options.name,
  });
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);
  const admin = await addCollaborator(runtime, app, members.admin, 'admin', hoursAgo(3));
  const developer = await addCollaborator(runtime, app, members.developer, 'developer', hoursAgo(2));
  const target = options.target
    ? await addCollaborator(runtime, app, options.target, 'developer', hoursAgo(1))
    : undefined;
  const owner = await runtime.database.db
    .selectFrom('collaborators')
    .selectAll()
    .where('developer_app_id', '=', app.id)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return { app, owner, admin, developer, target: target as T extends UserRow ? CollaboratorRow : undefined };
}

/** Runs the provisioning job of an app's sandbox now instead of waiting for its delay. */
export async function provisionNow(runtime: Runtime, appId: number) {
  const sandbox = await runtime.database.db
    .selectFrom('platform_sandboxes')
    .selectAll()
    .where('developer_app_id', '=', appId)
    .executeTakeFirstOrThrow();
  await runtime.platform.finishProvisioning({ sandboxId: sandbox.id });
  return sandbox.id;
}

/**
 * A valid PNG of any size (grey, one IDAT): logos must be square and larger than 200×200, so tests
 * need real dimensions, checked from the bytes. `padBytes` adds weight without changing the image.
 */
export function pngOf(width: number, height: number, padBytes = 0): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let row = 0; row < height; row++) rows[row * (width + 1)] = 0; // filter byte: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    // An ancillary chunk gives the file a real screenshot's weight (the benchmarks' uploads).
    ...(padBytes > 0 ? [chunk('paDd', Buffer.alloc(padBytes, 0x5a))] : []),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A logo that meets the rule (square, larger than 200×200). */
export const LOGO_PNG = pngOf(256, 256);

/** A tiny valid PNG (1×1). */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart body with one file field. */
export function multipart(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = `----lintel${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
