import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime';
import { type Actor, appWithTeam, grantProduction, provisionNow } from './apps-support';
import { errorOf, startTestRuntime } from './support';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime({ env: { SANDBOX_PROVISION_DELAY_MS: '3600000' } });
});
afterAll(() => runtime?.close());

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

async function oauthRow(uid: string) {
  return runtime.database.db
    .selectFrom('platform_oauth_applications')
    .selectAll()
    .where('uid', '=', uid)
    .executeTakeFirstOrThrow();
}

describe('the sandbox secret on the live card (spec 2 "Sandbox card", viewSandboxCreds)', () => {
  it('is in the app JSON for every collaborator role and platform admins, sealed at rest, never cached', async () => {
    const { app, clients } = await appWithTeam(runtime, 'Secret card');
    const sandboxId = await provisionNow(runtime, app.id);
    const reset = await clients.owner.request({
      method: 'POST',
      url: `/api/v1/sandboxes/${sandboxId}/reset_secret`,
    });
    const secret: string = reset.json().app_secret;
    expect(reset.headers['cache-control']).toBe('no-store');

    const url = `/api/v1/developer_apps/${app.id}`;
    for (const actor of ['owner', 'admin', 'developer', 'platformAdmin'] as Actor[]) {
      const response = await clients[actor].request({ method: 'GET', url });
      expect(response.statusCode, actor).toBe(200);
      expect(response.json().sandbox.app_secret, actor).toBe(secret);
      expect(response.headers['cache-control'], actor).toBe('no-store');
    }
    const stranger = await clients.stranger.request({ method: 'GET', url });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain(secret);

    const list = await clients.owner.request({ method: 'GET', url: '/api/v1/developer_apps' });
    expect(list.body).not.toContain(secret);
    expect(list.body).not.toContain('app_secret');

    const row = await oauthRow(reset.json().uid);
    expect(row.secret_hash).toBe(sha256(secret));
    expect(row.secret_sealed).not.toBeNull();
    expect(row.secret_sealed).not.toContain(secret);

    const mails = await runtime.database.db.selectFrom('outbound_emails').selectAll().execute();
    expect(JSON.stringify(mails)).not.toContain(secret);
  });

  it('is absent while the sandbox is pending and for a public app', async () => {
    const { app, clients } = await appWithTeam(runtime, 'Public app');
    const url = `/api/v1/developer_apps/${app.id}`;
    const pending = (await clients.owner.request({ method: 'GET', url })).json();
    expect(pending.sandbox.status).toBe('pending');
    expect(pending.sandbox).not.toHaveProperty('app_secret');

    await provisionNow(runtime, app.id);
    expect((await clients.developer.request({ method: 'GET', url })).json().sandbox.app_secret).toEqual(
      expect.any(String),
    );
    const madePublic = await clients.owner.request({
      method: 'PATCH',
      url,
      payload: { developer_app: { confidential: false } },
    });
    expect(madePublic.statusCode).toBe(200);
    expect(madePublic.json().sandbox).not.toHaveProperty('app_secret');
    expect((await clients.developer.request({ method: 'GET', url })).json().sandbox).not.toHaveProperty(
      'app_secret',
    );
  });
});

describe('the production secret, revealed once (spec 2 §4 "Client secret")', () => {
  async function grantedTeam(name: string) {
    const team = await appWithTeam(runtime, name);
    const grant = await grantProduction(team.clients.platformAdmin, team.app.id);
    expect(grant.statusCode).toBe(200);
    return { ...team, uid: grant.json().uid as string };
  }

  it('answers the secret once to the owner or an admin, then 410; only the hash is kept', async () => {
    const { app, clients, uid } = await grantedTeam('Reveal once');
    const appUrl = `/api/v1/developer_apps/${app.id}`;
    expect((await clients.owner.request({ method: 'GET', url: appUrl })).json().credentials).toEqual({
      uid,
      revealable: true,
    });
    const url = `/api/v1/oauth_applications/${uid}/reveal_secret`;
    expect((await clients.developer.request({ method: 'POST', url })).statusCode).toBe(403);
    expect((await clients.stranger.request({ method: 'POST', url })).statusCode).toBe(404);
    expect(
      (
        await clients.owner.request({
          method: 'POST',
          url: '/api/v1/oauth_applications/nobody/reveal_secret',
        })
      ).statusCode,
    ).toBe(404);

    const first = await clients.admin.request({ method: 'POST', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const secret: string = first.json().app_secret;
    expect(first.json()).toEqual({ app_secret: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/) });
    const row = await oauthRow(uid);
    expect(row.secret_hash).toBe(sha256(secret));
    expect(row.secret_sealed).toBeNull();

    for (const client of [clients.admin, clients.owner]) {
      const again = await client.request({ method: 'POST', url });
      expect(again.statusCode).toBe(410);
      expect(errorOf(again)).toMatchObject({
        code: 'gone',
        message: 'This secret was already revealed; reset the secret to get a new one.',
      });
    }
    expect((await clients.owner.request({ method: 'GET', url: appUrl })).json().credentials).toEqual({
      uid,
      revealable: false,
    });
  });

  it('can be revealed once more after a reset, and then it is the new secret', async () => {
    const { clients, uid } = await grantedTeam('Reveal after reset');
    const url = `/api/v1/oauth_applications/${uid}/reveal_secret`;
    expect((await clients.owner.request({ method: 'POST', url })).statusCode).toBe(200);
    const reset = await clients.owner.request({
      method: 'POST',
      url: `/api/v1/oauth_applications/${uid}/reset_secret`,
    });
    const revealed = await clients.owner.request({ method: 'POST', url });
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json().app_secret).toBe(reset.json().app_secret);
    expect((await clients.owner.request({ method: 'POST', url })).statusCode).toBe(410);
  });

  it('never reveals a sandbox secret through the production call', async () => {
    const { app, clients } = await appWithTeam(runtime, 'Sandbox uid');
    await provisionNow(runtime, app.id);
    const sandboxUid = (await runtime.platform.sandboxOf(app.id))?.oauth?.uid;
    const response = await clients.owner.request({
      method: 'POST',
      url: `/api/v1/oauth_applications/${sandboxUid}/reveal_secret`,
    });
    expect(response.statusCode).toBe(410);
  });
});

describe('revoked means revoked (issue 8 item 5)', () => {
  async function granted(name: string) {
    const team = await appWithTeam(runtime, name);
    const adminUrl = `/api/v1/admin/developer_apps/${team.app.id}`;
    const setAccess = (production_access: string) =>
      team.clients.platformAdmin.request({
        method: 'PATCH',
        url: adminUrl,
        payload: { developer_app: { production_access } },
      });
    const uid: string = (await setAccess('granted')).json().uid;
    return { ...team, uid, adminUrl, setAccess };
  }

  it('stops the production application when access is set back to none, and a new grant brings a fresh secret', async () => {
    const { app, clients, uid, setAccess } = await granted('Revoked access');
    const appUrl = `/api/v1/developer_apps/${app.id}`;
    const before = (await runtime.platform.findOAuthApplication(uid))?.revoked;
    expect(before).toBe(false);

    const revoked = await setAccess('none');
    expect(revoked.json()).toMatchObject({ production_access: 'none', uid: null, credentials: null });
    expect((await clients.owner.request({ method: 'GET', url: appUrl })).json()).toMatchObject({
      uid: null,
      credentials: null,
    });
    expect((await runtime.platform.findOAuthApplication(uid))?.revoked).toBe(true);
    for (const action of ['reset_secret', 'reveal_secret']) {
      const response = await clients.owner.request({
        method: 'POST',
        url: `/api/v1/oauth_applications/${uid}/${action}`,
      });
      expect(response.statusCode, action).toBe(409);
      expect(errorOf(response).code).toBe('conflict');
    }
    await expect(runtime.platform.resetSecret(uid)).rejects.toThrow('revoked');

    const again = await setAccess('granted');
    expect(again.json()).toMatchObject({ uid, credentials: { uid, revealable: true } });
    const reveal = await clients.owner.request({
      method: 'POST',
      url: `/api/v1/oauth_applications/${uid}/reveal_secret`,
    });
    expect(reveal.statusCode).toBe(200);
    expect((await oauthRow(uid)).secret_hash).toBe(sha256(reveal.json().app_secret));
  });

  it('stops it when the app is deleted; undeleting a granted app reissues a fresh secret', async () => {
    const { app, clients, uid, adminUrl } = await granted('Deleted app');
    const hashBefore = (await oauthRow(uid)).secret_hash;
    expect(
      (await clients.owner.request({ method: 'DELETE', url: `/api/v1/developer_apps/${app.id}` })).statusCode,
    ).toBe(204);
    expect((await runtime.platform.findOAuthApplication(uid))?.revoked).toBe(true);
    expect(
      (await clients.platformAdmin.request({ method: 'GET', url: adminUrl })).json().credentials,
    ).toBeNull();

    const undeleted = await clients.platformAdmin.request({
      method: 'PATCH',
      url: adminUrl,
      payload: { developer_app: { deleted_at: null } },
    });
    expect(undeleted.json()).toMatchObject({ deleted_at: null, credentials: { uid, revealable: true } });
    expect((await oauthRow(uid)).secret_hash).not.toBe(hashBefore);
  });
});

describe('read-only stays read-only (issue 8 item 6)', () => {
  it('refuses a PATCH that changes nothing from a developer or a non-collaborating platform admin', async () => {
    const { app, clients } = await appWithTeam(runtime, 'Read only');
    const url = `/api/v1/developer_apps/${app.id}`;
    const updatedAt = (await clients.owner.request({ method: 'GET', url })).json().updated_at;
    for (const actor of ['developer', 'platformAdmin'] as Actor[]) {
      for (const payload of [{ developer_app: { remove_thumbnail: false } }, { developer_app: {} }]) {
        const response = await clients[actor].request({ method: 'PATCH', url, payload });
        expect(response.statusCode, `${actor} ${JSON.stringify(payload)}`).toBe(403);
      }
    }
    expect((await clients.owner.request({ method: 'GET', url })).json().updated_at).toBe(updatedAt);
  });
});
