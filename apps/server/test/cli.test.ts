import { mkdtemp, stat, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../../packages/cli/src/run';
import type { Runtime } from '../src/runtime';
import { createApp, grantProduction } from './apps-support';
import { type Client, createUser, signIn, startTestRuntime } from './support';

// The lintel CLI against a running portal (issue 23 "CI runs the CLI against the started portal"): the
// portal listens on a port, a developer makes a personal access token through the API, and the CLI logs
// in with it, pushes a manifest, lists versions, promotes and submits for review, and lists apps.

let runtime: Runtime;
let baseUrl: string;
let owner: Client;
let configDir: string;
let workDir: string;

async function createToken(client: Client, scopes: string[]): Promise<string> {
  const response = await client.request({
    method: 'POST',
    url: '/api/v1/personal_access_tokens',
    payload: { personal_access_token: { name: `CLI ${scopes.join(' ')}`, expires_at: null, scopes } },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().token as string;
}

/** One run of the CLI in this process, with its own config directory. */
async function lintel(argv: string[], env: Record<string, string> = {}) {
  let out = '';
  let err = '';
  const status = await run(argv, {
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
    env: { LINTEL_CONFIG_DIR: configDir, HOME: os.tmpdir(), ...env },
    cwd: workDir,
    fetch: globalThis.fetch,
  });
  return { status, out, err };
}

const MANIFEST = JSON.stringify(
  { schema_version: '4.1', app_manifest: { uid: 'generated', name: 'generated' } },
  null,
  2,
);

beforeAll(async () => {
  runtime = await startTestRuntime();
  await runtime.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(runtime.app.server.address() as AddressInfo).port}`;
  const user = await createUser(runtime, { name: 'Cleo CLI' });
  owner = await signIn(runtime.app, user);
  configDir = await mkdtemp(path.join(os.tmpdir(), 'lintel-cli-online-'));
  workDir = await mkdtemp(path.join(os.tmpdir(), 'lintel-cli-work-'));
  await writeFile(path.join(workDir, 'manifest.json'), MANIFEST);
});
afterAll(() => runtime?.close());

describe('lintel against the started portal', () => {
  it('logs in with a token, pushes, lists versions, promotes, submits for review and lists apps', async () => {
    const app = await createApp(
      runtime,
      await runtime.database.db
        .selectFrom('users')
        .selectAll()
        .where('name', '=', 'Cleo CLI')
        .executeTakeFirstOrThrow(),
      'CLI Roof Sync',
    );
    const token = await createToken(owner, ['apps:read', 'apps:write', 'manifests:write']);

    const login = await lintel(['login', '--url', baseUrl, '--token', token]);
    expect(login.status, login.err).toBe(0);
    expect((await stat(path.join(configDir, 'config.json'))).mode & 0o777).toBe(0o600);

    const apps = await lintel(['apps', 'list', '--json']);
    expect(apps.status, apps.err).toBe(0);
    expect(JSON.parse(apps.out)).toEqual([expect.objectContaining({ id: app.id, name: 'CLI Roof Sync' })]);
    expect((await lintel(['apps', 'list'])).out).toMatch(
      new RegExp(`^${app.id}\\s+CLI Roof Sync\\s+owner`, 'm'),
    );

    const push = await lintel([
      'manifest',
      'push',
      'manifest.json',
      '--app',
      String(app.id),
      '--version',
      '1.0.0',
    ]);
    expect(push.status, push.err).toBe(0);
    expect(push.out).toContain(`Created sandbox version 1.0.0 of app ${app.id}`);

    // The same version again: the portal refuses, its text shown as it is, exit 1.
    const again = await lintel([
      'manifest',
      'push',
      'manifest.json',
      '--app',
      String(app.id),
      '--version',
      '1.0.0',
    ]);
    expect(again.status).toBe(1);
    expect(again.err).toMatch(/^lintel: .+/);

    const versions = await lintel(['versions', 'list', '--app', String(app.id), '--json']);
    expect(versions.status, versions.err).toBe(0);
    expect(JSON.parse(versions.out)).toEqual([
      expect.objectContaining({
        semantic_version: '1.0.0',
        environment: 'sandbox',
        environment_type: 'Sandbox',
      }),
    ]);

    // Promotion needs production credentials: a platform administrator grants them.
    const admin = await signIn(runtime.app, await createUser(runtime, { isAdmin: true }));
    expect((await grantProduction(admin, app.id)).statusCode).toBe(200);
    const promote = await lintel(['promote', '1.0.0', '--app', String(app.id), '--notes', 'First release']);
    expect(promote.status, promote.err).toBe(0);
    const after = JSON.parse((await lintel(['versions', 'list', '--app', String(app.id), '--json'])).out);
    expect(after).toContainEqual(
      expect.objectContaining({
        semantic_version: '1.0.0',
        environment: 'production',
        changelog: 'First release',
      }),
    );

    const submit = await lintel(['review', 'submit', '1.0.0', '--app', String(app.id), '--json']);
    expect(submit.status, submit.err).toBe(0);
    expect(JSON.parse(submit.out).state).toBe('in_review');
    const withdraw = await lintel(['review', 'withdraw', '1.0.0', '--app', String(app.id)]);
    expect(withdraw.status, withdraw.err).toBe(0);

    const missing = await lintel(['promote', '9.9.9', '--app', String(app.id), '--notes', 'x']);
    expect(missing).toMatchObject({
      status: 1,
      err: `lintel: App ${app.id} has no sandbox version 9.9.9.\n`,
    });
  });

  it('a token without manifests:write: the portal’s refusal as it is, exit 1; a wrong token exit 3', async () => {
    const app = (await lintel(['apps', 'list', '--json'])).out;
    const appId = String(JSON.parse(app)[0].id);
    const readOnly = await createToken(owner, ['apps:read']);
    const env = { LINTEL_URL: baseUrl, LINTEL_TOKEN: readOnly };
    const push = await lintel(
      ['manifest', 'push', 'manifest.json', '--app', appId, '--version', '2.0.0'],
      env,
    );
    expect(push.status).toBe(1);
    expect(push.err).toMatch(/^lintel: .+/);
    expect((await lintel(['versions', 'list', '--app', appId], env)).status).toBe(0);

    const wrong = await lintel(['apps', 'list'], { LINTEL_URL: baseUrl, LINTEL_TOKEN: 'lnt_not_a_token' });
    expect(wrong.status).toBe(3);
    expect(wrong.err).toContain('The token was refused');
  });
});
