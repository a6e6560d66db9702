import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime';
import { ACTORS, appWithTeam, grantProduction, MANAGERS, provisionNow, statusByActor } from './apps-support';
import { errorOf, startTestRuntime } from './support';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime({ env: { SANDBOX_PROVISION_DELAY_MS: '3600000' } });
});
afterAll(() => runtime?.close());

async function liveTeam(name: string) {
  const team = await appWithTeam(runtime, name);
  const sandboxId = await provisionNow(runtime, team.app.id);
  return { ...team, sandboxId };
}

describe('sandbox credentials', () => {
  it('saves sandbox redirect URIs for owner and admin only, with per-line errors', async () => {
    const { clients, sandboxId, app } = await liveTeam('Sandbox redirects');
    const url = `/api/v1/sandboxes/${sandboxId}`;
    const expected = statusByActor(200, MANAGERS);
    for (const actor of ACTORS) {
      const response = await clients[actor].request({
        method: 'PATCH',
        url,
        payload: { sandbox: { redirect_uri: `https://${actor}.example/cb` } },
      });
      expect(response.statusCode, actor).toBe(expected[actor]);
    }
    const bad = await clients.owner.request({
      method: 'PATCH',
      url,
      payload: { sandbox: { redirect_uri: 'ftp://x.example\nhttps://fine.example' } },
    });
    expect(bad.statusCode).toBe(422);
    expect(errorOf(bad).details).toMatchObject([
      {
        path: 'sandbox.redirect_uri',
        message: 'line 1: must use https (http is allowed only for localhost and 127.0.0.1)',
      },
    ]);
    const sandbox = (
      await clients.developer.request({ method: 'GET', url: `/api/v1/developer_apps/${app.id}` })
    ).json().sandbox;
    expect(sandbox.redirect_uri).toBe('https://admin.example/cb');
  });

  it('refuses changes while the sandbox is not live', async () => {
    const team = await appWithTeam(runtime, 'Pending sandbox');
    const sandboxId = (await runtime.platform.sandboxOf(team.app.id))?.id;
    const patch = await team.clients.owner.request({
      method: 'PATCH',
      url: `/api/v1/sandboxes/${sandboxId}`,
      payload: { sandbox: { redirect_uri: 'https://a.example' } },
    });
    expect(patch.statusCode).toBe(409);
    expect(
      (
        await team.clients.owner.request({
          method: 'POST',
          url: `/api/v1/sandboxes/${sandboxId}/reset_secret`,
        })
      ).statusCode,
    ).toBe(409);
  });

  it('resets the sandbox secret: shown once, stored hashed, the old one replaced', async () => {
    const { clients, sandboxId } = await liveTeam('Sandbox secret');
    const url = `/api/v1/sandboxes/${sandboxId}/reset_secret`;
    expect((await clients.developer.request({ method: 'POST', url })).statusCode).toBe(403);
    expect((await clients.stranger.request({ method: 'POST', url })).statusCode).toBe(404);
    const before = await runtime.database.db
      .selectFrom('platform_oauth_applications')
      .selectAll()
      .where('environment', '=', 'sandbox')
      .execute();
    const first = await clients.admin.request({ method: 'POST', url });
    expect(first.statusCode).toBe(200);
    const { uid, app_secret } = first.json();
    expect(app_secret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const second = (await clients.owner.request({ method: 'POST', url })).json();
    expect(second.uid).toBe(uid);
    expect(second.app_secret).not.toBe(app_secret);
    const rows = await runtime.database.db
      .selectFrom('platform_oauth_applications')
      .selectAll()
      .where('uid', '=', uid)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(second.app_secret);
    expect(before.find((r) => r.uid === uid)?.secret_hash).not.toBe(rows[0]?.secret_hash);
  });
});

describe('production credentials', () => {
  it('request → pending → granted by a platform admin → uid, then secrets shown once', async () => {
    const { app, clients, users } = await liveTeam('Production');
    const url = `/api/v1/developer_apps/${app.id}`;
    expect(
      (
        await clients.developer.request({
          method: 'PATCH',
          url,
          payload: { developer_app: { production_access: 'production_pending' } },
        })
      ).statusCode,
    ).toBe(403);
    const granted = await clients.owner.request({
      method: 'PATCH',
      url,
      payload: { developer_app: { production_access: 'granted' } },
    });
    expect(granted.statusCode).toBe(422);

    const requested = await clients.admin.request({
      method: 'PATCH',
      url,
      payload: { developer_app: { production_access: 'production_pending' } },
    });
    expect(requested.json()).toMatchObject({ production_access: 'production_pending', uid: null });

    expect((await grantProduction(clients.owner, app.id)).statusCode).toBe(403);
    const grant = await grantProduction(clients.platformAdmin, app.id);
    expect(grant.statusCode).toBe(200);
    const uid = grant.json().uid;
    expect(uid).toEqual(expect.any(String));
    // No production secret in the grant (the live sandbox's card secret is the one secret it may carry).
    const { sandbox, ...grantedApp } = grant.json();
    expect(JSON.stringify(grantedApp)).not.toMatch(/secret/i);
    expect(Object.keys(sandbox).filter((key) => /secret/i.test(key))).toEqual(['app_secret']);

    const seen = (await clients.developer.request({ method: 'GET', url })).json();
    expect(seen).toMatchObject({ production_access: 'granted', uid });

    const resetUrl = `/api/v1/oauth_applications/${uid}/reset_secret`;
    expect((await clients.developer.request({ method: 'POST', url: resetUrl })).statusCode).toBe(403);
    expect((await clients.stranger.request({ method: 'POST', url: resetUrl })).statusCode).toBe(404);
    expect(
      (
        await clients.owner.request({
          method: 'POST',
          url: '/api/v1/oauth_applications/unknown-uid/reset_secret',
        })
      ).statusCode,
    ).toBe(404);
    const secret = await clients.owner.request({ method: 'POST', url: resetUrl });
    expect(secret.json()).toEqual({ uid, app_secret: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/) });
    const again = await clients.owner.request({ method: 'GET', url });
    expect(again.body).not.toContain(secret.json().app_secret);
    const stored = await runtime.database.db
      .selectFrom('platform_oauth_applications')
      .selectAll()
      .where('uid', '=', uid)
      .executeTakeFirstOrThrow();
    expect(stored.secret_hash).not.toBe(secret.json().app_secret);
    expect(stored.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(users.owner.id).toBeGreaterThan(0);
  });

  it('granting twice does not create a second production application', async () => {
    const { app, clients } = await liveTeam('Granted twice');
    const first = (await grantProduction(clients.platformAdmin, app.id)).json();
    const second = (await grantProduction(clients.platformAdmin, app.id)).json();
    expect(second.uid).toBe(first.uid);
  });
});
