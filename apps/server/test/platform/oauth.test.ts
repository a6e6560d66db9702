import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime';
import { grantProduction } from '../apps-support';
import { createUser, signIn, startTestRuntime } from '../support';
import {
  authorizeCode,
  CALLBACK,
  consent,
  decide,
  form,
  formFields,
  member,
  OOB,
  postToken,
  sandboxApp,
} from './oauth-support';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime();
});
afterAll(() => runtime?.close());

function authorizeQuery(uid: string, extra: Record<string, string> = {}) {
  return { response_type: 'code', client_id: uid, redirect_uri: CALLBACK, state: 'xyz', ...extra };
}

describe('GET /sandbox/oauth/authorize', () => {
  it('asks a member of the sandbox company on a consent page of its own, safe to show', async () => {
    const { client, uid } = await sandboxApp(runtime, 'Roof Sync');
    const page = await consent(client, authorizeQuery(uid));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain(
      'Allow <strong>Roof Sync</strong> to access <strong>Roof Sync Sandbox</strong> as <strong>Olivia Owner</strong>?',
    );
    expect(page.body).toMatch(/<h1>/);
    expect(page.body).toContain('<button type="submit" name="decision" value="allow">Allow</button>');
    expect(page.body).toContain('<button type="submit" name="decision" value="deny">Deny</button>');
    expect(page.body).not.toContain('<script');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-frame-options']).toBe('DENY');
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // Browsers apply form-action to the redirect answering the form: the callback's origin is allowed.
    expect(csp).toContain("form-action 'self' http://localhost:8765");
    const fields = formFields(page.body);
    expect(fields).toMatchObject({
      response_type: 'code',
      client_id: uid,
      redirect_uri: CALLBACK,
      state: 'xyz',
    });
    expect(fields.authenticity_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('speaks Spanish to a Spanish browser and escapes every name', async () => {
    const { client, uid } = await sandboxApp(runtime, '<b>Tejas</b> & "Co"');
    const page = await client.request({
      method: 'GET',
      url: `/sandbox/oauth/authorize?${new URLSearchParams(authorizeQuery(uid, { state: '"><script>x</script>' }))}`,
      headers: { 'accept-language': 'fr;q=0.9, es-ES;q=0.8, en;q=0.5' },
      csrf: false,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain(
      '¿Permitir que <strong>&lt;b&gt;Tejas&lt;/b&gt; &amp; &quot;Co&quot;</strong>',
    );
    expect(page.body).toContain('>Permitir</button>');
    expect(page.body).not.toContain('<b>Tejas');
    expect(page.body).not.toContain('<script>x');
  });

  it('sends a signed-out browser to sign in first, coming back to the same request', async () => {
    const { uid } = await sandboxApp(runtime);
    const url = `/sandbox/oauth/authorize?${new URLSearchParams(authorizeQuery(uid))}`;
    const response = await runtime.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/sign_in?redirect=${encodeURIComponent(url)}`);
  });

  it('shows an unknown client or an unregistered redirect URI to the user, never redirecting', async () => {
    const { client, uid } = await sandboxApp(runtime);
    const cases = [
      authorizeQuery('no-such-client'),
      authorizeQuery(uid, { redirect_uri: 'http://evil.example/callback' }),
      // Matched exactly: a trailing slash is another URI.
      authorizeQuery(uid, { redirect_uri: `${CALLBACK}/` }),
      authorizeQuery(uid, { redirect_uri: '' }),
    ];
    for (const query of cases) {
      const page = await consent(client, query);
      expect(page.statusCode).toBe(400);
      expect(page.headers.location).toBeUndefined();
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('role="alert"');
    }
    const unknown = await consent(client, authorizeQuery('no-such-client'));
    expect(unknown.body).toContain('unknown');
    const wrong = await consent(client, authorizeQuery(uid, { redirect_uri: `${CALLBACK}/` }));
    expect(wrong.body).toContain('not registered');
  });

  it('tells a signed-in stranger that they are not a user of the company (403), without a redirect', async () => {
    const { uid } = await sandboxApp(runtime);
    const stranger = await signIn(runtime.app, await createUser(runtime));
    const page = await consent(stranger, authorizeQuery(uid));
    expect(page.statusCode).toBe(403);
    expect(page.headers.location).toBeUndefined();
    expect(page.body).toContain('You are not a user of <strong>Roof Sync Sandbox</strong>');
  });

  it('sends redirectable errors back to the client with the state', async () => {
    const { client, uid } = await sandboxApp(runtime);
    const cases: [Record<string, string>, string][] = [
      [authorizeQuery(uid, { response_type: 'token' }), 'unsupported_response_type'],
      [
        authorizeQuery(uid, { code_challenge: 'a'.repeat(43), code_challenge_method: 'S512' }),
        'invalid_request',
      ],
      [authorizeQuery(uid, { code_challenge: 'short', code_challenge_method: 'S256' }), 'invalid_request'],
      [authorizeQuery(uid, { code_challenge_method: 'S256' }), 'invalid_request'],
    ];
    for (const [query, error] of cases) {
      const response = await consent(client, query);
      expect(response.statusCode).toBe(302);
      const location = new URL(response.headers.location as string);
      expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
      expect(location.searchParams.get('error')).toBe(error);
      expect(location.searchParams.get('error_description')).toBeTruthy();
      expect(location.searchParams.get('state')).toBe('xyz');
    }
  });
});

describe('POST /sandbox/oauth/authorize', () => {
  it('Allow redirects with a code and the state; the code is stored hashed, for ten minutes', async () => {
    const { client, uid } = await sandboxApp(runtime);
    const code = await authorizeCode(client, uid);
    const rows = await runtime.database.db.selectFrom('platform_oauth_codes').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(code);
    const row = rows.at(-1);
    expect(row?.redirect_uri).toBe(CALLBACK);
    expect((row?.expires_at.getTime() ?? 0) - (row?.created_at.getTime() ?? 0)).toBe(600_000);
  });

  it('Deny redirects with access_denied and the state', async () => {
    const { client, uid } = await sandboxApp(runtime);
    const answer = await decide(client, await consent(client, authorizeQuery(uid)), 'deny');
    expect(answer.statusCode).toBe(302);
    const location = new URL(answer.headers.location as string);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('error_description')).toBeTruthy();
    expect(location.searchParams.get('state')).toBe('xyz');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('refuses a form it did not issue to this user for this request, or one used already', async () => {
    const { client, uid, app, owner } = await sandboxApp(runtime);
    const page = await consent(client, authorizeQuery(uid));
    const fields = formFields(page.body);
    const post = (who: typeof client, payload: Record<string, string>) =>
      who.request({
        method: 'POST',
        url: '/sandbox/oauth/authorize',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form(payload),
        csrf: false,
      });
    // Forged: no token, another token, the request changed under it.
    expect((await post(client, { ...fields, authenticity_token: '', decision: 'allow' })).statusCode).toBe(
      403,
    );
    expect(
      (await post(client, { ...fields, authenticity_token: 'x'.repeat(43), decision: 'allow' })).statusCode,
    ).toBe(403);
    expect((await post(client, { ...fields, state: 'other', decision: 'allow' })).statusCode).toBe(403);
    // Another member of the company cannot use it either.
    const colleague = await createUser(runtime);
    await runtime.platform.setAppMembers(app.id, [member(owner, 'owner'), member(colleague, 'developer')]);
    const theirs = await post(await signIn(runtime.app, colleague), { ...fields, decision: 'allow' });
    expect(theirs.statusCode).toBe(403);
    const first = await post(client, { ...fields, decision: 'allow' });
    expect(first.statusCode).toBe(302);
    const again = await post(client, { ...fields, decision: 'allow' });
    expect(again.statusCode).toBe(403);
    expect(again.headers['content-type']).toContain('text/html');
  });

  it('sends a browser whose session ended before the form came back to sign in, then to the same request', async () => {
    const { client, uid } = await sandboxApp(runtime);
    const fields = formFields((await consent(client, authorizeQuery(uid))).body);
    const response = await runtime.app.inject({
      method: 'POST',
      url: '/sandbox/oauth/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ ...fields, decision: 'allow' }),
    });
    expect(response.statusCode).toBe(302);
    const back = new URL(response.headers.location as string, 'http://portal.test').searchParams.get(
      'redirect',
    );
    expect(back).toBe(`/sandbox/oauth/authorize?${new URLSearchParams(authorizeQuery(uid))}`);
  });

  it('out of band: the code on a page of its own; a denial shown, not redirected', async () => {
    const { client, uid, secret } = await sandboxApp(runtime);
    const page = await consent(client, authorizeQuery(uid, { redirect_uri: OOB }));
    expect(page.headers['content-security-policy']).toContain("form-action 'self';");
    const allowed = await decide(client, page, 'allow');
    expect(allowed.statusCode).toBe(302);
    const native = allowed.headers.location as string;
    expect(native).toMatch(/^\/sandbox\/oauth\/authorize\/native\?code=/);
    const shown = await runtime.app.inject({ method: 'GET', url: native });
    expect(shown.statusCode).toBe(200);
    const code = new URL(native, 'http://x').searchParams.get('code') as string;
    expect(shown.body).toContain(`value="${code}"`);
    expect(shown.body).toContain('<label for="code">');
    const spoofed = await runtime.app.inject({
      method: 'GET',
      url: '/sandbox/oauth/authorize/native?code=Call%20us%20at%20555-0100',
    });
    expect(spoofed.statusCode).toBe(400);
    expect(spoofed.body).not.toContain('555-0100');
    const token = await postToken(runtime, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: OOB,
      client_id: uid,
      client_secret: secret,
    });
    expect(token.statusCode).toBe(200);

    const denied = await decide(
      client,
      await consent(client, authorizeQuery(uid, { redirect_uri: OOB })),
      'deny',
    );
    expect(denied.statusCode).toBe(400);
    expect(denied.headers.location).toBeUndefined();
    expect(denied.body).toContain('access_denied');
    const badType = await consent(client, authorizeQuery(uid, { redirect_uri: OOB, response_type: 'token' }));
    expect(badType.statusCode).toBe(400);
    expect(badType.body).toContain('unsupported_response_type');
  });

  it('the code exchanged acts as the user who allowed it', async () => {
    const { client, uid, secret } = await sandboxApp(runtime);
    const code = await authorizeCode(client, uid);
    const token = await postToken(runtime, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      client_id: uid,
      client_secret: secret,
    });
    expect(token.statusCode).toBe(200);
    const answer = await runtime.app.inject({
      method: 'GET',
      url: '/sandbox/rest/v1.0/me',
      headers: { authorization: `Bearer ${token.json().access_token}` },
    });
    expect(answer.statusCode).toBe(200);
    const user = await runtime.database.db
      .selectFrom('platform_users')
      .select('id')
      .where('portal_user_id', '=', client.user.id)
      .executeTakeFirstOrThrow();
    expect(answer.json().id).toBe(user.id);
  });

  it('production credentials are service accounts: the code flow is refused as unauthorized_client', async () => {
    const { app, client } = await sandboxApp(runtime);
    const admin = await signIn(runtime.app, await createUser(runtime, { isAdmin: true }));
    const granted = await grantProduction(admin, app.id);
    const uid = granted.json().uid as string;
    await runtime.platform.updateOAuthApplication(uid, { redirectUri: CALLBACK });
    const response = await consent(client, authorizeQuery(uid), '/production');
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    expect(location.searchParams.get('error')).toBe('unauthorized_client');
    expect(location.searchParams.get('state')).toBe('xyz');
    // The sandbox's client id is unknown to production.
    const sandboxUid = (await runtime.platform.sandboxOf(app.id))?.oauth?.uid as string;
    expect((await consent(client, authorizeQuery(sandboxUid), '/production')).statusCode).toBe(400);
  });
});

describe('the consent page names the app as it is called now', () => {
  it('follows a rename by the developer and by a platform administrator', async () => {
    const { app, client, uid } = await sandboxApp(runtime, 'Roof Sync');
    const query = { response_type: 'code', client_id: uid, redirect_uri: CALLBACK, state: 's' };
    const renamed = await client.request({
      method: 'PATCH',
      url: `/api/v1/developer_apps/${app.id}`,
      payload: { developer_app: { name: 'Tile Sync' } },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await consent(client, query)).body).toContain('Allow <strong>Tile Sync</strong> to access');

    const admin = await signIn(runtime.app, await createUser(runtime, { isAdmin: true }));
    const byAdmin = await admin.request({
      method: 'PATCH',
      url: `/api/v1/admin/developer_apps/${app.id}`,
      payload: { developer_app: { name: 'Grout Sync' } },
    });
    expect(byAdmin.statusCode).toBe(200);
    expect((await consent(client, query)).body).toContain('Allow <strong>Grout Sync</strong> to access');
  });
});
