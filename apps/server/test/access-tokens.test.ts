import {
  allEndpoints,
  endpointGroups,
  fillPath,
  routeScope,
  TOKEN_SCOPES,
  type TokenScope,
} from '@lintel/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/http/crypto';
import type { Runtime } from '../src/runtime';
import { createApp } from './apps-support';
import {
  type Client,
  createUser,
  errorOf,
  outboundEmails,
  signIn,
  startTestRuntime,
  tokenFrom,
} from './support';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime();
});
afterAll(() => runtime?.close());

const BASE = '/api/v1/personal_access_tokens';

async function mint(
  client: Client,
  scopes: readonly TokenScope[],
  extra: { name?: string; expires_at?: string | null } = {},
): Promise<{ token: string; id: number; body: Record<string, unknown> }> {
  const response = await client.request({
    method: 'POST',
    url: BASE,
    payload: {
      personal_access_token: { name: extra.name ?? 'CI', expires_at: extra.expires_at ?? null, scopes },
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json();
  return { token: body.token, id: body.id, body };
}

function bearer(
  token: string,
  options: { method?: string; url: string; payload?: unknown; headers?: Record<string, string> },
) {
  return runtime.app.inject({
    method: (options.method ?? 'GET') as 'GET',
    url: options.url,
    ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
    headers: { authorization: `Bearer ${token}`, ...options.headers },
  });
}

function codeOf(response: LightMyRequestResponse): string | undefined {
  return response.statusCode >= 400 ? errorOf(response).code : undefined;
}

describe('personal access tokens: create, list, revoke (issue 23)', () => {
  it('creates a token shown once, stores only its hash, lists it without the token, revokes it', async () => {
    const client = await signIn(runtime.app, await createUser(runtime));
    const created = await mint(client, ['apps:read'], { name: 'Deploy bot', expires_at: '2099-01-31' });
    expect(created.token).toMatch(/^lnt_[A-Za-z0-9_-]{40,}$/);
    expect(created.body).toMatchObject({
      name: 'Deploy bot',
      scopes: ['apps:read'],
      expires_at: '2099-01-31T23:59:59.999Z',
      expired: false,
      last_used_at: null,
      last_used_ip: null,
    });

    const row = await runtime.database.db
      .selectFrom('personal_access_tokens')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);

    const list = await client.request({ method: 'GET', url: BASE });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.token);
    expect(list.body).not.toContain(row.token_hash);
    expect(list.json()).toEqual([
      expect.objectContaining({ id: created.id, name: 'Deploy bot', scopes: ['apps:read'] }),
    ]);
    expect(list.json()[0]).not.toHaveProperty('token');

    // It works, and last use is recorded (address and time).
    const apps = await bearer(created.token, { url: '/api/v1/developer_apps' });
    expect(apps.statusCode).toBe(200);
    const used = (await client.request({ method: 'GET', url: BASE })).json()[0];
    expect(used.last_used_at).not.toBeNull();
    expect(used.last_used_ip).toBe('127.0.0.1');

    const revoked = await client.request({ method: 'DELETE', url: `${BASE}/${created.id}` });
    expect(revoked.statusCode).toBe(204);
    const after = await bearer(created.token, { url: '/api/v1/developer_apps' });
    expect(after.statusCode).toBe(401);
    expect(codeOf(after)).toBe('unauthenticated');
    expect((await client.request({ method: 'GET', url: BASE })).json()).toEqual([]);
    expect((await client.request({ method: 'DELETE', url: `${BASE}/${created.id}` })).statusCode).toBe(404);

    const audit = await runtime.database.db
      .selectFrom('audit_events')
      .select(['action', 'changes'])
      .where('subject_type', '=', 'personal_access_token')
      .where('subject_id', '=', String(created.id))
      .orderBy('id')
      .execute();
    expect(audit.map((event) => event.action)).toEqual([
      'personal_access_token.created',
      'personal_access_token.revoked',
    ]);
    expect(JSON.stringify(audit)).not.toContain(created.token);
  });

  it('touches last use at most once a minute', async () => {
    const client = await signIn(runtime.app, await createUser(runtime));
    const { token, id } = await mint(client, ['apps:read']);
    await bearer(token, { url: '/api/v1/developer_apps' });
    const first = await runtime.database.db
      .selectFrom('personal_access_tokens')
      .select('last_used_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await bearer(token, { url: '/api/v1/developer_apps' });
    const second = await runtime.database.db
      .selectFrom('personal_access_tokens')
      .select('last_used_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(second.last_used_at?.getTime()).toBe(first.last_used_at?.getTime());
  });

  it('refuses bad input with 422 and creates nothing', async () => {
    const client = await signIn(runtime.app, await createUser(runtime));
    const cases: [unknown, string][] = [
      [{ name: '', expires_at: null, scopes: ['apps:read'] }, 'personal_access_token.name'],
      [{ name: 'x', expires_at: null, scopes: [] }, 'personal_access_token.scopes'],
      [{ name: 'x', expires_at: null, scopes: ['apps:delete'] }, 'personal_access_token.scopes.0'],
      [{ name: 'x', expires_at: '2020-01-01', scopes: ['apps:read'] }, 'personal_access_token.expires_at'],
      [{ name: 'x', expires_at: 'soon', scopes: ['apps:read'] }, 'personal_access_token.expires_at'],
      [{ name: 'x', expires_at: null, scopes: ['admin'] }, 'personal_access_token.scopes'],
    ];
    for (const [body, path] of cases) {
      const response = await client.request({
        method: 'POST',
        url: BASE,
        payload: { personal_access_token: body },
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(errorOf(response).details.map((d) => d.path)).toContain(path);
    }
    expect((await client.request({ method: 'GET', url: BASE })).json()).toEqual([]);
  });

  it('lets platform administrators grant the admin scope', async () => {
    const admin = await signIn(runtime.app, await createUser(runtime, { isAdmin: true }));
    const { token } = await mint(admin, ['admin']);
    expect((await bearer(token, { url: '/api/v1/admin/developers' })).statusCode).toBe(200);
  });

  it('answers 401 for an expired, unknown or malformed token', async () => {
    const client = await signIn(runtime.app, await createUser(runtime));
    const { token, id } = await mint(client, ['apps:read'], { expires_at: '2099-01-01' });
    await runtime.database.db
      .updateTable('personal_access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    for (const value of [token, 'lnt_unknown', `${token}x`]) {
      const response = await bearer(value, { url: '/api/v1/developer_apps' });
      expect(response.statusCode, value.slice(0, 8)).toBe(401);
      expect(codeOf(response)).toBe('unauthenticated');
    }
    const listed = (await client.request({ method: 'GET', url: BASE })).json();
    expect(listed[0]).toMatchObject({ id, expired: true });
  });
});

describe('bearer calls and cookies never mix (issue 23)', () => {
  it('refuses a request with both a session cookie and a bearer token', async () => {
    const client = await signIn(runtime.app, await createUser(runtime));
    const { token } = await mint(client, ['apps:read', 'apps:write']);
    const response = await client.request({
      method: 'GET',
      url: '/api/v1/developer_apps',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toMatch(/not both/);
    // Even a stale cookie: the bearer call is refused, nothing is created.
    const write = await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/developer_apps',
      payload: { internal_name: 'Mixed' },
      headers: { authorization: `Bearer ${token}`, cookie: 'lintel_session=stale' },
    });
    expect(write.statusCode).toBe(400);
    const apps = await runtime.database.db
      .selectFrom('developer_apps')
      .select('id')
      .where('internal_name', '=', 'Mixed')
      .execute();
    expect(apps).toEqual([]);
  });

  it('does nothing with a token sent as the session cookie', async () => {
    const client = await signIn(runtime.app, await createUser(runtime));
    const { token } = await mint(client, ['apps:read']);
    const response = await runtime.app.inject({
      method: 'GET',
      url: '/api/v1/developer_apps',
      headers: { cookie: `lintel_session=${token}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('makes writes with a bearer token without a CSRF header', async () => {
    const client = await signIn(runtime.app, await createUser(runtime));
    const { token } = await mint(client, ['apps:write']);
    const response = await bearer(token, {
      method: 'POST',
      url: '/api/v1/developer_apps',
      payload: { internal_name: 'Bearer Built' },
    });
    expect(response.statusCode, response.body).toBe(201);
    // The cookie still needs its CSRF header.
    const cookieWrite = await client.request({
      method: 'POST',
      url: '/api/v1/developer_apps',
      payload: { internal_name: 'No CSRF' },
      csrf: false,
    });
    expect(cookieWrite.statusCode).toBe(403);
    expect(codeOf(cookieWrite)).toBe('csrf_invalid');
  });

  it("never widens the user's own rights: another developer's app stays 404", async () => {
    const owner = await createUser(runtime);
    const app = await createApp(runtime, owner, 'Private Crane');
    const stranger = await signIn(runtime.app, await createUser(runtime));
    const { token } = await mint(stranger, ['apps:read', 'apps:write']);
    expect((await bearer(token, { url: `/api/v1/developer_apps/${app.id}` })).statusCode).toBe(404);
    // A developer's admin-scoped token cannot exist, and admin routes refuse a developer anyway.
    const { token: readToken } = await mint(stranger, ['apps:read']);
    expect(codeOf(await bearer(readToken, { url: '/api/v1/admin/developers' }))).toBe('insufficient_scope');
  });

  it('keeps token management, the account and sessions to a session', async () => {
    const admin = await signIn(runtime.app, await createUser(runtime, { isAdmin: true }));
    const { token } = await mint(admin, TOKEN_SCOPES);
    const calls = [
      { method: 'GET', url: BASE },
      {
        method: 'POST',
        url: BASE,
        payload: { personal_access_token: { name: 'x', expires_at: null, scopes: ['apps:read'] } },
      },
      { method: 'GET', url: '/api/v1/account' },
      { method: 'PATCH', url: '/api/v1/account', payload: { name: 'Renamed' } },
      { method: 'GET', url: '/api/v1/account/sessions' },
      { method: 'DELETE', url: '/api/v1/session' },
    ];
    for (const call of calls) {
      const response = await bearer(token, call);
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(codeOf(response)).toBe('insufficient_scope');
    }
    expect((await admin.request({ method: 'GET', url: BASE })).json()).toHaveLength(1);
  });
});

describe('every route group declares its scope (a table over the contracts)', () => {
  const PARAMS: Record<string, string | number> = {
    id: 999999,
    uid: 'nope',
    hook_id: 999999,
    trigger_id: 999999,
    delivery_id: 999999,
    call_id: 'nope',
    media_id: 999999,
    installation_id: 999999,
    server: 'nope',
    version: '1.0.0',
    hashed_id: 'nope',
    token_id: 999999,
  };
  let all: string;
  let tokensWithout: Map<TokenScope, string>;
  let tokensWith: Map<TokenScope, string>;

  beforeAll(async () => {
    const admin = await signIn(runtime.app, await createUser(runtime, { isAdmin: true }));
    all = (await mint(admin, TOKEN_SCOPES)).token;
    tokensWithout = new Map();
    tokensWith = new Map();
    for (const scope of TOKEN_SCOPES) {
      tokensWithout.set(
        scope,
        (
          await mint(
            admin,
            TOKEN_SCOPES.filter((s) => s !== scope),
          )
        ).token,
      );
      tokensWith.set(scope, (await mint(admin, [scope])).token);
    }
  });

  const rows = Object.entries(endpointGroups).flatMap(([group, endpoints]) =>
    endpoints.map((endpoint) => ({ group, endpoint, scope: routeScope(endpoint) })),
  );

  it('covers every contract', () => {
    expect(rows.length).toBe(allEndpoints.length);
    expect(new Set(rows.map((row) => row.scope))).toEqual(
      new Set(['session', 'any', 'apps:read', 'apps:write', 'manifests:write', 'listings:write', 'admin']),
    );
  });

  it.each(Object.keys(endpointGroups).map((group) => [group]))(
    '%s: 403 insufficient_scope without its scope, past the scope check with it',
    async (group) => {
      for (const { endpoint, scope } of rows.filter((row) => row.group === group)) {
        const url = fillPath(endpoint.path, PARAMS);
        const label = `${endpoint.method} ${endpoint.path} (${scope})`;
        if (scope === 'any') {
          const response = await bearer(all, { method: endpoint.method, url });
          expect(codeOf(response), label).not.toBe('insufficient_scope');
          continue;
        }
        const without = scope === 'session' ? all : (tokensWithout.get(scope) as string);
        const refused = await bearer(without, { method: endpoint.method, url });
        expect(refused.statusCode, label).toBe(403);
        expect(codeOf(refused), label).toBe('insufficient_scope');
        if (scope === 'session') continue;
        const allowed = await bearer(tokensWith.get(scope) as string, { method: endpoint.method, url });
        expect(codeOf(allowed), label).not.toBe('insufficient_scope');
        expect(allowed.statusCode, label).not.toBe(401);
        expect(allowed.statusCode, label).toBeLessThan(500);
      }
    },
  );

  it('works with each scope on a real call', async () => {
    const developer = await signIn(runtime.app, await createUser(runtime));
    const write = (await mint(developer, ['apps:write'])).token;
    const created = await bearer(write, {
      method: 'POST',
      url: '/api/v1/developer_apps',
      payload: { internal_name: 'Scoped App' },
    });
    expect(created.statusCode).toBe(201);
    const appId = created.json().id as number;
    const read = (await mint(developer, ['apps:read'])).token;
    expect((await bearer(read, { url: `/api/v1/developer_apps/${appId}` })).statusCode).toBe(200);
    expect(
      codeOf(await bearer(read, { method: 'PATCH', url: `/api/v1/developer_apps/${appId}`, payload: {} })),
    ).toBe('insufficient_scope');
    expect(
      (await bearer(tokensWith.get('admin') as string, { url: '/api/v1/admin/developers' })).statusCode,
    ).toBe(200);
  });
});

describe('tokens end with the password or the account', () => {
  it('revokes every token when the password is reset', async () => {
    const user = await createUser(runtime);
    const client = await signIn(runtime.app, user);
    const { token } = await mint(client, ['apps:read']);
    await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/password_resets',
      payload: { email: user.email },
    });
    const mail = (await outboundEmails(runtime)).filter(
      (email) => email.to_address === user.email && email.template === 'passwordReset',
    );
    const reset = await runtime.app.inject({
      method: 'PATCH',
      url: '/api/v1/password_resets',
      payload: { token: tokenFrom(mail.at(-1)?.text_body ?? ''), password: 'a whole new password' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await bearer(token, { url: '/api/v1/developer_apps' })).statusCode).toBe(401);
    const left = await runtime.database.db
      .selectFrom('personal_access_tokens')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('revokes every token when the account is deleted', async () => {
    const user = await createUser(runtime);
    const { token } = await mint(await signIn(runtime.app, user), ['apps:read']);
    await runtime.database.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect((await bearer(token, { url: '/api/v1/developer_apps' })).statusCode).toBe(401);
  });

  it("lists a developer's tokens for administrators, who can revoke them", async () => {
    const developer = await createUser(runtime);
    const { token, id } = await mint(await signIn(runtime.app, developer), ['apps:read'], { name: 'Laptop' });
    const admin = await signIn(runtime.app, await createUser(runtime, { isAdmin: true }));
    const url = `/api/v1/admin/developers/${developer.id}/personal_access_tokens`;
    const list = await admin.request({ method: 'GET', url });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ id, name: 'Laptop' })]);
    expect(list.body).not.toContain(token);
    const other = await signIn(runtime.app, await createUser(runtime));
    expect((await other.request({ method: 'GET', url })).statusCode).toBe(403);
    expect(
      (await admin.request({ method: 'GET', url: '/api/v1/admin/developers/999999/personal_access_tokens' }))
        .statusCode,
    ).toBe(404);
    expect((await admin.request({ method: 'DELETE', url: `${url}/${id}` })).statusCode).toBe(204);
    expect((await bearer(token, { url: '/api/v1/developer_apps' })).statusCode).toBe(401);
  });
});

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function signInWith(email: string, userAgent: string) {
  const response = await runtime.app.inject({
    method: 'POST',
    url: '/api/v1/session',
    payload: { email, password: 'correct horse battery' },
    headers: { 'user-agent': userAgent },
  });
  expect(response.statusCode).toBe(200);
  const cookie = response.cookies.find((c) => c.name === 'lintel_session')?.value as string;
  const csrf = response.json().csrf_token as string;
  return {
    request: (options: { method: 'GET' | 'DELETE'; url: string }) =>
      runtime.app.inject({
        ...options,
        headers: { cookie: `lintel_session=${cookie}`, 'x-csrf-token': csrf },
      }),
  };
}

describe('sessions you can see (issue 23)', () => {
  it('lists sessions with browser, system, address and times, marks this one, signs one or all others out', async () => {
    const user = await createUser(runtime);
    const mac = await signInWith(user.email, CHROME_MAC);
    const windows = await signInWith(user.email, FIREFOX_WINDOWS);
    const third = await signInWith(user.email, FIREFOX_WINDOWS);

    const list = await mac.request({ method: 'GET', url: '/api/v1/account/sessions' });
    expect(list.statusCode).toBe(200);
    const sessions = list.json() as { id: number; browser: string; os: string; current: boolean }[];
    expect(sessions).toHaveLength(3);
    const current = sessions.find((s) => s.current);
    expect(current).toMatchObject({ browser: 'Chrome', os: 'macOS Catalina', ip: '127.0.0.1' });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.filter((s) => s.browser === 'Firefox' && s.os.startsWith('Windows'))).toHaveLength(2);
    expect(list.body).not.toMatch(/csrf|user_agent/);
    for (const session of sessions) {
      expect(session).toHaveProperty('signed_in_at');
      expect(session).toHaveProperty('last_seen_at');
    }

    const windowsId = (await windows.request({ method: 'GET', url: '/api/v1/account/sessions' }))
      .json()
      .find((s: { current: boolean }) => s.current).id;
    expect(
      (await mac.request({ method: 'DELETE', url: `/api/v1/account/sessions/${windowsId}` })).statusCode,
    ).toBe(204);
    expect((await windows.request({ method: 'GET', url: '/api/v1/account' })).statusCode).toBe(401);
    // Another account's session is not found.
    const stranger = await signIn(runtime.app, await createUser(runtime));
    const strangerId = (await stranger.request({ method: 'GET', url: '/api/v1/account/sessions' })).json()[0]
      .id;
    expect(
      (await mac.request({ method: 'DELETE', url: `/api/v1/account/sessions/${strangerId}` })).statusCode,
    ).toBe(404);
    expect((await stranger.request({ method: 'GET', url: '/api/v1/account' })).statusCode).toBe(200);

    const others = await mac.request({ method: 'DELETE', url: '/api/v1/account/sessions' });
    expect(others.statusCode).toBe(200);
    expect(others.json()).toEqual({ signed_out: 1 });
    expect((await third.request({ method: 'GET', url: '/api/v1/account' })).statusCode).toBe(401);
    expect((await mac.request({ method: 'GET', url: '/api/v1/account' })).statusCode).toBe(200);
  });

  it('e-mails a notice when an account signs in from a new browser, with no secret in it', async () => {
    const user = await createUser(runtime);
    const noticesFor = async () =>
      (await outboundEmails(runtime)).filter(
        (e) => e.to_address === user.email && e.template === 'newSignIn',
      );
    await signInWith(user.email, CHROME_MAC);
    expect(await noticesFor()).toHaveLength(0);
    await signInWith(user.email, CHROME_MAC.replace('131.0.0.0', '132.0.0.0'));
    expect(await noticesFor()).toHaveLength(0);
    await signInWith(user.email, FIREFOX_WINDOWS);
    const notices = await noticesFor();
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text_body).toContain('Firefox on Windows');
    expect(notices[0]?.text_body).toContain('127.0.0.1');
    expect(notices[0]?.text_body).not.toMatch(/token=|lnt_/);
    await signInWith(user.email, FIREFOX_WINDOWS);
    expect(await noticesFor()).toHaveLength(1);
  });
});
