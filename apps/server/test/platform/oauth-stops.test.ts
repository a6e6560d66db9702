import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime';
import { grantProduction } from '../apps-support';
import { addCollaborator, createUser, signIn, startTestRuntime } from '../support';
import {
  authorizeCode,
  basic,
  CALLBACK,
  consent,
  form,
  member,
  postToken,
  sandboxApp,
  tokenInfo,
} from './oauth-support';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime();
});
afterAll(() => runtime?.close());

async function userTokens(app: Awaited<ReturnType<typeof sandboxApp>>, client = app.client) {
  const code = await authorizeCode(client, app.uid);
  const response = await postToken(runtime, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: CALLBACK,
    client_id: app.uid,
    client_secret: app.secret,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { access_token: string; refresh_token: string; created_at: number };
}

async function clientToken(uid: string, secret: string, base = '/sandbox') {
  const response = await postToken(
    runtime,
    { grant_type: 'client_credentials', client_id: uid, client_secret: secret },
    { base },
  );
  expect(response.statusCode).toBe(200);
  return response.json().access_token as string;
}

function info(token: string, base = '/sandbox') {
  return runtime.app.inject({
    method: 'GET',
    url: `${base}/oauth/token/info`,
    headers: { authorization: `Bearer ${token}` },
  });
}

function revoke(fields: Record<string, string>, encoding: 'form' | 'json' = 'form') {
  return runtime.app.inject({
    method: 'POST',
    url: '/sandbox/oauth/revoke',
    ...(encoding === 'json'
      ? { payload: fields }
      : { payload: form(fields), headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
  });
}

/** A platform administrator, signed in. */
async function platformAdmin() {
  return signIn(runtime.app, await createUser(runtime, { isAdmin: true }));
}

describe('GET /sandbox/oauth/token/info', () => {
  it("tells a user token's owner, application, age and lifetime, in the reference's names and the modern ones", async () => {
    const app = await sandboxApp(runtime);
    const tokens = await userTokens(app);
    const response = await info(tokens.access_token);
    expect(response.statusCode).toBe(200);
    const user = await runtime.database.db
      .selectFrom('platform_users')
      .select('id')
      .where('portal_user_id', '=', app.owner.id)
      .executeTakeFirstOrThrow();
    const body = response.json();
    expect(body).toEqual({
      resource_owner_id: user.id,
      scopes: [],
      expires_in_seconds: expect.any(Number),
      application: { uid: app.uid },
      created_at: tokens.created_at,
      scope: '',
      expires_in: body.expires_in_seconds,
    });
    expect(body.expires_in_seconds).toBeGreaterThan(5390);
    expect(body.expires_in_seconds).toBeLessThanOrEqual(5400);
  });

  it('has no resource owner for a client-credentials token; refuses a bad token with invalid_token 401', async () => {
    const app = await sandboxApp(runtime);
    const token = await clientToken(app.uid, app.secret);
    expect((await info(token)).json()).toMatchObject({
      resource_owner_id: null,
      application: { uid: app.uid },
    });
    for (const response of [
      await info('nope'),
      await runtime.app.inject({ method: 'GET', url: '/sandbox/oauth/token/info' }),
      await info(token, '/production'),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ message: 'The access token is invalid' });
      expect(response.headers['www-authenticate']).toContain('error="invalid_token"');
    }
  });
});

describe('POST /sandbox/oauth/revoke', () => {
  it('revokes the access token and its refresh token, sent either way; answers 200 {} for anything', async () => {
    const app = await sandboxApp(runtime);
    const first = await userTokens(app);
    const credentials = { client_id: app.uid, client_secret: app.secret };
    const answer = await revoke({ token: first.access_token, ...credentials });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({});
    expect((await tokenInfo(runtime, first.access_token)).statusCode).toBe(401);
    const refreshed = await postToken(runtime, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      ...credentials,
    });
    expect(refreshed.json().error).toBe('invalid_grant');

    // The refresh token as the token, JSON body, with its hint.
    const second = await userTokens(app);
    const byRefresh = await revoke(
      { token: second.refresh_token, token_type_hint: 'refresh_token', ...credentials },
      'json',
    );
    expect(byRefresh.statusCode).toBe(200);
    expect((await tokenInfo(runtime, second.access_token)).statusCode).toBe(401);

    // Unknown or already revoked: still 200.
    expect((await revoke({ token: 'no-such-token', ...credentials })).json()).toEqual({});
    expect((await revoke({ token: first.access_token, ...credentials })).statusCode).toBe(200);
  });

  it("leaves another client's token alone (still 200), and authenticates the client as the token endpoint does", async () => {
    const app = await sandboxApp(runtime);
    const other = await sandboxApp(runtime, 'Other');
    const tokens = await userTokens(app);
    const foreign = await revoke({
      token: tokens.access_token,
      client_id: other.uid,
      client_secret: other.secret,
    });
    expect(foreign.statusCode).toBe(200);
    expect((await tokenInfo(runtime, tokens.access_token)).statusCode).toBe(200);

    const wrong = await revoke({ token: tokens.access_token, client_id: app.uid, client_secret: 'wrong' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('invalid_client');
    expect(wrong.headers['www-authenticate']).toContain('error="invalid_client"');
    expect((await tokenInfo(runtime, tokens.access_token)).statusCode).toBe(200);

    const viaBasic = await runtime.app.inject({
      method: 'POST',
      url: '/sandbox/oauth/revoke',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic(app.uid, app.secret),
      },
      payload: form({ token: tokens.access_token }),
    });
    expect(viaBasic.statusCode).toBe(200);
    expect((await tokenInfo(runtime, tokens.access_token)).statusCode).toBe(401);
  });
});

describe('what stops tokens on the next request', () => {
  it("resetting the sandbox secret (the sandbox card's reset) stops the tokens issued before it", async () => {
    const app = await sandboxApp(runtime);
    const user = await userTokens(app);
    const service = await clientToken(app.uid, app.secret);
    const sandbox = await runtime.platform.sandboxOf(app.app.id);
    const reset = await app.client.request({
      method: 'POST',
      url: `/api/v1/sandboxes/${sandbox?.id}/reset_secret`,
    });
    expect(reset.statusCode).toBe(200);
    const newSecret = reset.json().app_secret as string;
    expect((await tokenInfo(runtime, user.access_token)).statusCode).toBe(401);
    expect((await tokenInfo(runtime, service)).statusCode).toBe(401);
    // Nor may its refresh token renew it, even with the new secret; the old secret is refused.
    const refreshed = await postToken(runtime, {
      grant_type: 'refresh_token',
      refresh_token: user.refresh_token,
      client_id: app.uid,
      client_secret: newSecret,
    });
    expect(refreshed.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: 'The refresh token is invalid',
    });
    const old = await postToken(runtime, {
      grant_type: 'client_credentials',
      client_id: app.uid,
      client_secret: app.secret,
    });
    expect(old.statusCode).toBe(401);
    expect((await tokenInfo(runtime, await clientToken(app.uid, newSecret))).statusCode).toBe(200);
  });

  it('removing a collaborator stops their user tokens, and the consent page no longer offers them the company', async () => {
    const app = await sandboxApp(runtime);
    const developer = await createUser(runtime, { name: 'Dev Eloper' });
    const collaborator = await addCollaborator(runtime, app.app, developer, 'developer');
    // The factory writes the collaborator row directly, so the test tells the platform, as the
    // collaborators service does on every team change; the removal below goes through the portal alone.
    await runtime.platform.setAppMembers(app.app.id, [
      member(app.owner, 'owner'),
      member(developer, 'developer'),
    ]);
    const devClient = await signIn(runtime.app, developer);
    const tokens = await userTokens(app, devClient);
    expect((await tokenInfo(runtime, tokens.access_token)).statusCode).toBe(200);

    const removed = await app.client.request({
      method: 'DELETE',
      url: `/api/v1/collaborators/${collaborator.id}?developer_app_id=${app.app.id}`,
    });
    expect(removed.statusCode).toBe(204);
    expect((await tokenInfo(runtime, tokens.access_token)).statusCode).toBe(401);
    const refreshed = await postToken(runtime, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: app.uid,
      client_secret: app.secret,
    });
    expect(refreshed.json().error).toBe('invalid_grant');
    const page = await consent(devClient, {
      response_type: 'code',
      client_id: app.uid,
      redirect_uri: CALLBACK,
    });
    expect(page.statusCode).toBe(403);
  });
});

describe('deleting an app', () => {
  it('stops its sandbox tokens and credentials: no new token, no refresh, no consent', async () => {
    const app = await sandboxApp(runtime);
    const user = await userTokens(app);
    const service = await clientToken(app.uid, app.secret);
    const deleted = await app.client.request({
      method: 'DELETE',
      url: `/api/v1/developer_apps/${app.app.id}`,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await tokenInfo(runtime, user.access_token)).statusCode).toBe(401);
    expect((await tokenInfo(runtime, service)).statusCode).toBe(401);
    const credentials = { client_id: app.uid, client_secret: app.secret };
    const fresh = await postToken(runtime, { grant_type: 'client_credentials', ...credentials });
    expect(fresh.statusCode).toBe(401);
    const refreshed = await postToken(runtime, {
      grant_type: 'refresh_token',
      refresh_token: user.refresh_token,
      ...credentials,
    });
    expect(refreshed.statusCode).toBe(401);
    const page = await consent(app.client, {
      response_type: 'code',
      client_id: app.uid,
      redirect_uri: CALLBACK,
    });
    expect(page.statusCode).toBe(400);
  });
});

describe('production', () => {
  async function productionApp() {
    const app = await sandboxApp(runtime, 'Live App');
    const admin = await platformAdmin();
    const granted = await grantProduction(admin, app.app.id);
    expect(granted.statusCode).toBe(200);
    const uid = granted.json().uid as string;
    const secret = await runtime.platform.revealSecret(uid);
    if (!secret) throw new Error('no production secret');
    return { ...app, admin, productionUid: uid, productionSecret: secret };
  }

  it('issues client-credentials tokens with the production secret; refuses the code grant (unauthorized_client)', async () => {
    const app = await productionApp();
    const token = await clientToken(app.productionUid, app.productionSecret, '/production');
    expect((await tokenInfo(runtime, token, '/production')).statusCode).toBe(200);
    // Tokens never cross environments.
    expect((await tokenInfo(runtime, token, '/sandbox')).statusCode).toBe(401);
    const sandboxToken = await clientToken(app.uid, app.secret);
    expect((await tokenInfo(runtime, sandboxToken, '/production')).statusCode).toBe(401);

    const code = await postToken(
      runtime,
      {
        grant_type: 'authorization_code',
        code: 'anything',
        redirect_uri: CALLBACK,
        client_id: app.productionUid,
        client_secret: app.productionSecret,
      },
      { base: '/production' },
    );
    expect(code.statusCode).toBe(400);
    expect(code.json().error).toBe('unauthorized_client');
    const refresh = await postToken(
      runtime,
      {
        grant_type: 'refresh_token',
        refresh_token: 'anything',
        client_id: app.productionUid,
        client_secret: app.productionSecret,
      },
      { base: '/production' },
    );
    expect(refresh.json().error).toBe('unauthorized_client');
  });

  it("an administrator's revocation of production access stops its tokens", async () => {
    const app = await productionApp();
    const token = await clientToken(app.productionUid, app.productionSecret, '/production');
    const revoked = await app.admin.request({
      method: 'PATCH',
      url: `/api/v1/admin/developer_apps/${app.app.id}`,
      payload: { developer_app: { production_access: 'none' } },
    });
    expect(revoked.statusCode).toBe(200);
    expect((await tokenInfo(runtime, token, '/production')).statusCode).toBe(401);
    const again = await postToken(
      runtime,
      { grant_type: 'client_credentials', client_id: app.productionUid, client_secret: app.productionSecret },
      { base: '/production' },
    );
    expect(again.statusCode).toBe(401);
  });

  it('deleting the app stops its production tokens', async () => {
    const app = await productionApp();
    const token = await clientToken(app.productionUid, app.productionSecret, '/production');
    const deleted = await app.client.request({
      method: 'DELETE',
      url: `/api/v1/developer_apps/${app.app.id}`,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await tokenInfo(runtime, token, '/production')).statusCode).toBe(401);
  });
});
