import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime';
import { type Actor, appWithTeam, grantProduction, provisionNow, statusByActor } from './apps-support';
import { postToken } from './platform/oauth-support';
import { errorOf, outboundEmails, startTestRuntime } from './support';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime({ env: { SANDBOX_PROVISION_DELAY_MS: '3600000' } });
});
afterAll(() => runtime?.close());

/** Client credentials at the platform's token endpoint: the status of the answer. */
async function authenticates(uid: string, secret: string, base = '/sandbox'): Promise<number> {
  const response = await postToken(
    runtime,
    { grant_type: 'client_credentials', client_id: uid, client_secret: secret },
    { base },
  );
  return response.statusCode;
}

/** An app with a live sandbox and its current sandbox secret. */
async function liveSandbox(name: string) {
  const team = await appWithTeam(runtime, name);
  const sandboxId = await provisionNow(runtime, team.app.id);
  const sandbox = await runtime.platform.findSandbox(sandboxId);
  const uid = sandbox?.oauth?.uid;
  if (!uid) throw new Error('no sandbox application');
  const secret = await runtime.platform.sandboxSecret(uid);
  if (!secret) throw new Error('no sandbox secret');
  return { ...team, sandboxId, uid, secret };
}

async function auditActions(appId: number) {
  const rows = await runtime.database.db
    .selectFrom('audit_events')
    .select(['action', 'changes', 'actor_id'])
    .where('developer_app_id', '=', appId)
    .orderBy('id')
    .execute();
  return rows;
}

function pastGrace(uid: string) {
  return runtime.database.db
    .updateTable('platform_oauth_applications')
    .set({ previous_secret_expires_at: new Date(Date.now() - 1000) })
    .where('uid', '=', uid)
    .execute();
}

describe('rotating the sandbox secret (issue 23)', () => {
  it('answers the new secret once with the grace end; old and new authenticate until the grace ends', async () => {
    const { clients, sandboxId, uid, secret: old, app } = await liveSandbox('Rotating Sandbox');
    expect(await authenticates(uid, old)).toBe(200);

    const before = Date.now();
    const rotated = await clients.owner.request({
      method: 'POST',
      url: `/api/v1/sandboxes/${sandboxId}/rotate_secret`,
      payload: { grace_period_hours: 24 },
    });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.headers['cache-control']).toBe('no-store');
    const body = rotated.json();
    expect(body.uid).toBe(uid);
    expect(body.app_secret).toEqual(expect.any(String));
    expect(body.app_secret).not.toBe(old);
    const expires = Date.parse(body.previous_secret_expires_at);
    expect(expires - before).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    expect(expires - before).toBeLessThan(24 * 3600_000 + 60_000);

    // During the grace: both work.
    expect(await authenticates(uid, old)).toBe(200);
    expect(await authenticates(uid, body.app_secret)).toBe(200);
    expect(await authenticates(uid, 'not-the-secret')).toBe(401);

    // The card tells when the old one stops; never the old secret itself.
    const card = (
      await clients.developer.request({ method: 'GET', url: `/api/v1/developer_apps/${app.id}` })
    ).json().sandbox;
    expect(card.previous_secret_expires_at).toBe(body.previous_secret_expires_at);
    expect(card.app_secret).toBe(body.app_secret);
    expect(JSON.stringify(card)).not.toContain(old);

    // After the grace period: only the new one.
    await pastGrace(uid);
    expect(await authenticates(uid, old)).toBe(401);
    expect(await authenticates(uid, body.app_secret)).toBe(200);
    const after = (
      await clients.owner.request({ method: 'GET', url: `/api/v1/developer_apps/${app.id}` })
    ).json().sandbox;
    expect(after).not.toHaveProperty('previous_secret_expires_at');
  });

  it('"Expire the old secret now" ends the grace at once; a second call is a 409 with nothing changed', async () => {
    const { clients, sandboxId, uid, secret: old } = await liveSandbox('Expiring Sandbox');
    const rotated = await clients.admin.request({
      method: 'POST',
      url: `/api/v1/sandboxes/${sandboxId}/rotate_secret`,
      payload: { grace_period_hours: 168 },
    });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().app_secret as string;
    expect(await authenticates(uid, old)).toBe(200);

    const expired = await clients.admin.request({
      method: 'POST',
      url: `/api/v1/sandboxes/${sandboxId}/expire_previous_secret`,
    });
    expect(expired.statusCode).toBe(200);
    expect(expired.json()).toEqual({ uid, previous_secret_expires_at: null });
    expect(await authenticates(uid, old)).toBe(401);
    expect(await authenticates(uid, fresh)).toBe(200);

    const again = await clients.admin.request({
      method: 'POST',
      url: `/api/v1/sandboxes/${sandboxId}/expire_previous_secret`,
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('conflict');
  });

  it('a reset during the grace ends it: neither old secret works, only the reset one', async () => {
    const { clients, sandboxId, uid, secret: first } = await liveSandbox('Reset Grace');
    const rotated = await clients.owner.request({
      method: 'POST',
      url: `/api/v1/sandboxes/${sandboxId}/rotate_secret`,
      payload: { grace_period_hours: 1 },
    });
    const second = rotated.json().app_secret as string;
    const reset = await clients.owner.request({
      method: 'POST',
      url: `/api/v1/sandboxes/${sandboxId}/reset_secret`,
    });
    expect(reset.statusCode).toBe(200);
    const third = reset.json().app_secret as string;
    expect(await authenticates(uid, first)).toBe(401);
    expect(await authenticates(uid, second)).toBe(401);
    expect(await authenticates(uid, third)).toBe(200);
  });

  it('a second rotation during a grace drops the oldest secret at once', async () => {
    const { clients, sandboxId, uid, secret: first } = await liveSandbox('Twice Rotated');
    const rotate = () =>
      clients.owner.request({
        method: 'POST',
        url: `/api/v1/sandboxes/${sandboxId}/rotate_secret`,
        payload: { grace_period_hours: 24 },
      });
    const second = (await rotate()).json().app_secret as string;
    const third = (await rotate()).json().app_secret as string;
    expect(await authenticates(uid, first)).toBe(401);
    expect(await authenticates(uid, second)).toBe(200);
    expect(await authenticates(uid, third)).toBe(200);
  });

  it('refuses a grace period other than 1, 24 or 168 hours with 422, nothing changed', async () => {
    const { clients, sandboxId, uid, secret, app } = await liveSandbox('Bad Grace');
    const mailsBefore = (await outboundEmails(runtime)).length;
    for (const payload of [
      { grace_period_hours: 2 },
      { grace_period_hours: '24' },
      {},
      { grace_period_hours: 24, extra: 1 },
    ]) {
      const response = await clients.owner.request({
        method: 'POST',
        url: `/api/v1/sandboxes/${sandboxId}/rotate_secret`,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(errorOf(response).code).toBe('validation_failed');
    }
    const bad = await clients.owner.request({
      method: 'POST',
      url: `/api/v1/sandboxes/${sandboxId}/rotate_secret`,
      payload: { grace_period_hours: 2 },
    });
    expect(errorOf(bad).details[0]?.path).toBe('grace_period_hours');
    expect(await runtime.platform.sandboxSecret(uid)).toBe(secret);
    expect((await runtime.platform.findOAuthApplication(uid))?.previousSecretExpiresAt).toBeNull();
    expect(await auditActions(app.id)).toEqual([]);
    expect((await outboundEmails(runtime)).length).toBe(mailsBefore);

    const none = await clients.owner.request({
      method: 'POST',
      url: `/api/v1/sandboxes/${sandboxId}/expire_previous_secret`,
    });
    expect(none.statusCode).toBe(409);
  });

  it('may be done by whoever may reset: owner and admin; a developer 403, a stranger 404', async () => {
    const { clients, sandboxId } = await liveSandbox('Who Rotates');
    const expected = statusByActor(200, ['owner', 'admin']);
    for (const actor of Object.keys(expected) as Actor[]) {
      const response = await clients[actor].request({
        method: 'POST',
        url: `/api/v1/sandboxes/${sandboxId}/rotate_secret`,
        payload: { grace_period_hours: 1 },
      });
      const reset = await clients[actor].request({
        method: 'POST',
        url: `/api/v1/sandboxes/${sandboxId}/reset_secret`,
      });
      expect(response.statusCode, actor).toBe(reset.statusCode);
      expect(response.statusCode, actor).toBe(expected[actor]);
      const expire = await clients[actor].request({
        method: 'POST',
        url: `/api/v1/sandboxes/${sandboxId}/expire_previous_secret`,
      });
      // Nothing runs after the reset: allowed actors get 409, the others their refusal.
      expect(expire.statusCode, actor).toBe(expected[actor] === 200 ? 409 : expected[actor]);
    }
    const missing = await clients.owner.request({
      method: 'POST',
      url: '/api/v1/sandboxes/999999/rotate_secret',
      payload: { grace_period_hours: 1 },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('audits rotation, expiry and reset, and e-mails them to the owners and admins, never the secret', async () => {
    const { clients, sandboxId, users, app, secret: old } = await liveSandbox('Audited Rotation');
    const mailsBefore = (await outboundEmails(runtime)).length;
    const rotated = await clients.admin.request({
      method: 'POST',
      url: `/api/v1/sandboxes/${sandboxId}/rotate_secret`,
      payload: { grace_period_hours: 24 },
    });
    const fresh = rotated.json().app_secret as string;
    await clients.admin.request({
      method: 'POST',
      url: `/api/v1/sandboxes/${sandboxId}/expire_previous_secret`,
    });
    const reset = await clients.owner.request({
      method: 'POST',
      url: `/api/v1/sandboxes/${sandboxId}/reset_secret`,
    });
    const last = reset.json().app_secret as string;

    const events = await auditActions(app.id);
    expect(events.map((event) => event.action)).toEqual([
      'oauth_application.secret_rotated',
      'oauth_application.previous_secret_expired',
      'oauth_application.secret_reset',
    ]);
    expect(events[0]?.actor_id).toBe(users.admin.id);
    expect(events[0]?.changes).toMatchObject({
      after: { environment: 'sandbox', grace_period_hours: 24 },
    });
    for (const secret of [old, fresh, last]) expect(JSON.stringify(events)).not.toContain(secret);

    const mails = (await outboundEmails(runtime)).slice(mailsBefore);
    expect(mails.map((mail) => mail.to_address).sort()).toEqual(
      [
        users.owner.email,
        users.admin.email,
        users.owner.email,
        users.admin.email,
        users.owner.email,
        users.admin.email,
      ].sort(),
    );
    expect(mails.map((mail) => mail.subject)).toEqual([
      'The sandbox secret of Audited Rotation was rotated',
      'The sandbox secret of Audited Rotation was rotated',
      'The previous sandbox secret of Audited Rotation has expired',
      'The previous sandbox secret of Audited Rotation has expired',
      'The sandbox secret of Audited Rotation was reset',
      'The sandbox secret of Audited Rotation was reset',
    ]);
    const everything = JSON.stringify(mails);
    for (const secret of [old, fresh, last]) expect(everything).not.toContain(secret);
    expect(everything).not.toContain(users.developer.email);
  });
});

describe('rotating a production secret (issue 23)', () => {
  it('old and new both get client-credentials tokens during the grace, then only the new', async () => {
    const { clients, app, users } = await liveSandbox('Production Rotation');
    const granted = await grantProduction(clients.platformAdmin, app.id);
    expect(granted.statusCode).toBe(200);
    const uid = granted.json().uid as string;
    const old = await runtime.platform.revealSecret(uid);
    if (!old) throw new Error('no production secret');
    expect(await authenticates(uid, old, '/production')).toBe(200);

    const developer = await clients.developer.request({
      method: 'POST',
      url: `/api/v1/oauth_applications/${uid}/rotate_secret`,
      payload: { grace_period_hours: 1 },
    });
    expect(developer.statusCode).toBe(403);
    const stranger = await clients.stranger.request({
      method: 'POST',
      url: `/api/v1/oauth_applications/${uid}/rotate_secret`,
      payload: { grace_period_hours: 1 },
    });
    expect(stranger.statusCode).toBe(404);
    const bad = await clients.owner.request({
      method: 'POST',
      url: `/api/v1/oauth_applications/${uid}/rotate_secret`,
      payload: { grace_period_hours: 48 },
    });
    expect(bad.statusCode).toBe(422);
    expect(await authenticates(uid, old, '/production')).toBe(200);

    const rotated = await clients.owner.request({
      method: 'POST',
      url: `/api/v1/oauth_applications/${uid}/rotate_secret`,
      payload: { grace_period_hours: 1 },
    });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().app_secret as string;
    expect(rotated.json().uid).toBe(uid);
    expect(await authenticates(uid, old, '/production')).toBe(200);
    expect(await authenticates(uid, fresh, '/production')).toBe(200);

    const card = (
      await clients.owner.request({ method: 'GET', url: `/api/v1/developer_apps/${app.id}` })
    ).json();
    expect(card.credentials.previous_secret_expires_at).toBe(rotated.json().previous_secret_expires_at);

    const expired = await clients.owner.request({
      method: 'POST',
      url: `/api/v1/oauth_applications/${uid}/expire_previous_secret`,
    });
    expect(expired.statusCode).toBe(200);
    expect(await authenticates(uid, old, '/production')).toBe(401);
    expect(await authenticates(uid, fresh, '/production')).toBe(200);

    const mails = await outboundEmails(runtime);
    const production = mails.filter((mail) =>
      mail.subject.includes('production secret of Production Rotation'),
    );
    expect(production.length).toBe(4);
    expect(JSON.stringify(mails)).not.toContain(fresh);
    void users;
  });
});
