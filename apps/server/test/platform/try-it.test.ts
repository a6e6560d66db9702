import { verifyAccessToken } from '@lintel/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime';
import { ACTORS, appWithTeam, provisionNow, statusByActor } from '../apps-support';
import { errorOf, startTestRuntime } from '../support';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime();
});
afterAll(() => runtime?.close());

/** An app with one user per role, its sandbox live and its collaborators users of the sandbox company. */
async function liveTeam(name: string) {
  const team = await appWithTeam(runtime, name);
  await runtime.platform.setAppMembers(
    team.app.id,
    (['owner', 'admin', 'developer'] as const).map((role) => ({
      portalUserId: team.users[role].id,
      email: team.users[role].email,
      name: team.users[role].name,
      role,
    })),
  );
  await provisionNow(runtime, team.app.id);
  return team;
}

describe('GET /api/v1/platform/base_urls', () => {
  it('names both environments under the public URL, to visitors too', async () => {
    const response = await runtime.app.inject({ method: 'GET', url: '/api/v1/platform/base_urls' });
    expect(response.statusCode).toBe(200);
    const base = runtime.config.publicUrl;
    expect(response.json()).toEqual({
      sandbox: { auth: `${base}/sandbox`, api: `${base}/sandbox` },
      production: { auth: `${base}/production`, api: `${base}/production` },
    });
  });
});

describe('POST /api/v1/developer_apps/:id/sandbox/test_token', () => {
  it('gives each collaborator a sandbox user token of their own; strangers 404, other admins 403', async () => {
    const { app, clients, users } = await liveTeam('Test tokens');
    const expected = statusByActor(200, ['owner', 'admin', 'developer']);
    const sandbox = await runtime.platform.sandboxOf(app.id);
    for (const actor of ACTORS) {
      const response = await clients[actor].request({
        method: 'POST',
        url: `/api/v1/developer_apps/${app.id}/sandbox/test_token`,
      });
      expect(response.statusCode, actor).toBe(expected[actor]);
      if (response.statusCode !== 200) continue;
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json();
      expect(body).toEqual({
        access_token: expect.any(String),
        token_type: 'bearer',
        expires_in: 5400,
        refresh_token: expect.any(String),
        created_at: expect.any(Number),
        company_id: sandbox?.companyId,
      });
      expect(Math.abs(body.created_at - Date.now() / 1000)).toBeLessThan(60);
      const principal = await verifyAccessToken(runtime.database.db as never, body.access_token, 'sandbox');
      expect(principal).toMatchObject({ kind: 'user', appId: app.id, clientId: sandbox?.oauth?.uid });
      // The token is the user's own (it acts as them in the company), never another actor's.
      const platformUser = await runtime.database.db
        .selectFrom('platform_users')
        .select('id')
        .where('portal_user_id', '=', users[actor].id)
        .executeTakeFirstOrThrow();
      expect(principal?.userId).toBe(platformUser.id);
      // Not valid for production.
      expect(
        await verifyAccessToken(runtime.database.db as never, body.access_token, 'production'),
      ).toBeNull();
    }
  });

  it('is audited without the token', async () => {
    const { app, clients, users } = await liveTeam('Audited token');
    const response = await clients.developer.request({
      method: 'POST',
      url: `/api/v1/developer_apps/${app.id}/sandbox/test_token`,
    });
    expect(response.statusCode).toBe(200);
    const events = await runtime.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('developer_app_id', '=', app.id)
      .where('action', '=', 'oauth_application.test_token_issued')
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]?.actor_id).toBe(users.developer.id);
    expect(JSON.stringify(events[0])).not.toContain(response.json().access_token);
  });

  it('needs the CSRF token, as every POST', async () => {
    const { app, clients } = await liveTeam('CSRF token');
    const response = await clients.owner.request({
      method: 'POST',
      url: `/api/v1/developer_apps/${app.id}/sandbox/test_token`,
      csrf: false,
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('csrf_invalid');
  });

  it('answers 409 with a clear message while the sandbox is not live', async () => {
    const { app, clients } = await appWithTeam(runtime, 'Pending token');
    const response = await clients.owner.request({
      method: 'POST',
      url: `/api/v1/developer_apps/${app.id}/sandbox/test_token`,
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(
      'The sandbox is not live yet: a test token can be had once it is.',
    );
  });
});

describe("the app's redirect URIs", () => {
  it('reach the sandbox OAuth application too, so its authorize page accepts them', async () => {
    const { app, clients } = await liveTeam('Redirects everywhere');
    const redirectUri = 'http://localhost:8765/callback\nhttps://app.example/cb';
    const response = await clients.owner.request({
      method: 'PATCH',
      url: `/api/v1/developer_apps/${app.id}`,
      payload: { developer_app: { redirect_uri: redirectUri } },
    });
    expect(response.statusCode).toBe(200);
    const sandbox = await runtime.platform.oauthApplicationOf(app.id, 'sandbox');
    expect(sandbox?.redirectUri).toBe(redirectUri);
  });
});
