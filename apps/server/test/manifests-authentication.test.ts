import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as recomputeFlags } from '../src/db/migrations/0020_version_authentication';
import type { Runtime } from '../src/runtime';
import { type Actor, appWithMembers, grantProduction, signInActors } from './apps-support';
import { createVersion, promote, review } from './manifests-support';
import { type Client, countRows, errorOf, startTestRuntime } from './support';

// Issue 20 item 6: the stored authentication flags follow the manifest (a service account always comes on
// top of user-level authentication), whatever the client says; spec 2 §4: platform administrators submit
// and withdraw as the developers do.

let runtime: Runtime;
let as: Record<Actor, Client>;

beforeAll(async () => {
  runtime = await startTestRuntime();
  as = await signInActors(runtime);
});
afterAll(() => runtime?.close());

async function team(options: { production?: boolean } = {}) {
  const { app } = await appWithMembers(runtime, {
    owner: as.owner.user,
    admin: as.admin.user,
    developer: as.developer.user,
  });
  if (options.production) expect((await grantProduction(as.platformAdmin, app.id)).statusCode).toBe(200);
  return app;
}

const row = (id: number) =>
  runtime.database.db
    .selectFrom('app_versions')
    .select(['auth_code_enabled', 'configured_manifest_content'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const manifest41 = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    schema_version: '4.1',
    app_manifest: { uid: 'x', name: 'x' },
    fullscreen: { source_url: 'https://tiles.example/app' },
    ...extra,
  });

describe('stored authentication flags follow the manifest', () => {
  it('a 4.1 version from the JSON editor with permissions has user-level auth and a service account', async () => {
    const app = await team();
    const response = await createVersion(as.owner, app.id, '0.1.0', {
      content: manifest41({ permissions: { project: { rfi: 'readonly' } } }),
      auth_code_enabled: false,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.auth_code_enabled).toBe(true);
    expect(body.configured_manifest_content).toMatchObject({
      auth_code_enabled: true,
      service_account_enabled: true,
    });
    expect(await row(body.id)).toMatchObject({
      auth_code_enabled: true,
      configured_manifest_content: { auth_code_enabled: true, service_account_enabled: true },
    });
    const read = await as.developer.request({
      method: 'GET',
      url: `/api/v1/app_versioned_manifests/${body.id}`,
    });
    expect(read.json()).toMatchObject({
      auth_code_enabled: true,
      configured_manifest_content: { auth_code_enabled: true, service_account_enabled: true },
    });
  });

  it('a builder form that contradicts its content is stored as the content says', async () => {
    const app = await team();
    const withAccount = await createVersion(as.owner, app.id, '0.1.0', {
      configured_manifest_content: {
        auth_code_enabled: false,
        service_account_enabled: true,
        permissions: { company: { directory: 'readonly' } },
      },
    });
    expect(withAccount.statusCode).toBe(201);
    expect(withAccount.json()).toMatchObject({
      auth_code_enabled: true,
      configured_manifest_content: { auth_code_enabled: true, service_account_enabled: true },
    });
    // A service account without any permission is none: nothing in the manifest says it.
    const emptyAccount = await createVersion(as.owner, app.id, '0.2.0', {
      configured_manifest_content: {
        auth_code_enabled: false,
        service_account_enabled: true,
        permissions: { company: {}, project: {} },
        fullscreen: { type: 'fullscreen', source_url: 'https://tiles.example/app' },
      },
    });
    expect(emptyAccount.statusCode).toBe(201);
    expect(emptyAccount.json()).toMatchObject({
      auth_code_enabled: false,
      configured_manifest_content: { auth_code_enabled: false, service_account_enabled: false },
    });
  });

  it('builder and editor agree: the same 4.1 manifest gets the same flags either way', async () => {
    const app = await team();
    const built = (
      await createVersion(as.owner, app.id, '0.1.0', {
        configured_manifest_content: { auth_code_enabled: true },
      })
    ).json();
    expect(built.auth_code_enabled).toBe(true);
    // The editor starts from that manifest and declares user level beside it, as its checkbox does.
    const edited = await createVersion(as.owner, app.id, '0.2.0', {
      content: JSON.stringify(built.content),
      auth_code_enabled: true,
    });
    expect(edited.json()).toMatchObject({
      auth_code_enabled: true,
      configured_manifest_content: { auth_code_enabled: true, service_account_enabled: false },
    });
    const undeclared = await createVersion(as.owner, app.id, '0.3.0', {
      content: manifest41(),
    });
    expect(undeclared.json()).toMatchObject({ auth_code_enabled: false });
  });

  it('3.x: the oauth instances decide, whatever is declared', async () => {
    const app = await team();
    const response = await createVersion(as.owner, app.id, '0.1.0', {
      content: JSON.stringify({
        schema_version: '3.2',
        components: { oauth: { instances: [{ grant_type: 'client_credentials' }] } },
      }),
      auth_code_enabled: false,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      auth_code_enabled: true,
      configured_manifest_content: { auth_code_enabled: true, service_account_enabled: true },
    });
  });

  it('migration 0020 recomputes the flags of versions stored before the fix', async () => {
    const app = await team();
    const version = (
      await createVersion(as.owner, app.id, '0.1.0', {
        content: manifest41({ permissions: { project: { rfi: 'readonly' } } }),
      })
    ).json();
    // What the JSON editor stored before the fix.
    const stale = JSON.stringify({ ...version.configured_manifest_content, auth_code_enabled: false });
    await sql`update app_versions set auth_code_enabled = false,
      configured_manifest_content = ${stale}::jsonb where id = ${version.id}`.execute(runtime.database.db);
    expect(await row(version.id)).toMatchObject({ auth_code_enabled: false });
    await recomputeFlags(runtime.database.db as never);
    expect(await row(version.id)).toMatchObject({
      auth_code_enabled: true,
      configured_manifest_content: {
        auth_code_enabled: true,
        service_account_enabled: true,
        permissions: { project: { rfi: 'readonly' } },
      },
    });
  });
});

describe('platform administrators submit and withdraw as the developers do (spec 2 §4)', () => {
  it('a platform admin who is not a collaborator submits a confidential version; confidential without notes on it in review is a reject without notes: 422', async () => {
    const app = await team({ production: true });
    const sandbox = (await createVersion(as.owner, app.id, '0.1.0')).json();
    const production = (await promote(as.owner, sandbox.id)).json();
    const submitted = await review(as.platformAdmin, production.id, 'in_review');
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ state: 'in_review', submittable: false });
    // Not a manager of the app, the platform admin cannot withdraw: confidential is a rejection, which
    // needs the reviewer's notes (issue 20), so it is refused and nothing changes.
    const auditBefore = await countRows(runtime, 'audit_events');
    const refused = await review(as.platformAdmin, production.id, 'confidential');
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).details).toEqual([
      expect.objectContaining({ path: 'app_version.admin_notes', code: 'required' }),
    ]);
    expect(await countRows(runtime, 'audit_events')).toBe(auditBefore);
    const after = await as.owner.request({
      method: 'GET',
      url: `/api/v1/app_versioned_manifests/${production.id}`,
    });
    expect(after.json()).toMatchObject({ state: 'in_review', rejected_at: null, admin_notes: null });
    const events = await runtime.database.db
      .selectFrom('analytics_events')
      .select('key')
      .where(({ eb }) =>
        eb(eb.ref('properties', '->>').key('app_version_id' as never), '=', String(production.id)),
      )
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.key)).toEqual(['manifest_review_submit']);
  });
});
