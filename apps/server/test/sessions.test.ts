import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/http/crypto';
import type { Runtime } from '../src/runtime';
import { createUser, errorOf, sessionCookieOf, signIn, startTestRuntime, TEST_PASSWORD } from './support';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime({
    env: { LOGIN_MAX_FAILURES: '10', LOGIN_IP_MAX_FAILURES: '40', LOGIN_ACCOUNT_MAX_FAILURES: '25' },
  });
});
afterAll(() => runtime?.close());

function postSession(payload: object, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') {
  return runtime.app.inject({ method: 'POST', url: '/api/v1/session', payload, headers, remoteAddress });
}

/** The status of signing in with the right password from `ip`: the throttles' verdict on that address. */
async function rightPasswordFrom(email: string, ip: string): Promise<number> {
  return (await postSession({ email, password: TEST_PASSWORD }, {}, ip)).statusCode;
}

describe('POST /api/v1/session', () => {
  it('signs in with an HttpOnly SameSite=Lax cookie and returns the user and a CSRF token', async () => {
    const user = await createUser(runtime);
    const response = await postSession({ email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'lintel_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.secure).toBeUndefined();
    const body = response.json();
    expect(body.user).toMatchObject({ id: user.id, email: user.email, is_admin: false, is_employee: false });
    expect(body.user.password_hash).toBeUndefined();
    expect(body.csrf_token).toEqual(expect.any(String));
    // the database keeps only the hash of the cookie value
    const stored = await runtime.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(stored.map((s) => s.id)).toEqual([hashToken(cookie?.value ?? '')]);
  });

  it('marks the cookie Secure when served over https', async () => {
    const user = await createUser(runtime);
    const response = await postSession(
      { email: user.email, password: TEST_PASSWORD },
      { 'x-forwarded-proto': 'https' },
    );
    // trust proxy is off by default: the forwarded header alone must not be believed
    expect(response.cookies.find((c) => c.name === 'lintel_session')?.secure).toBeUndefined();
  });

  it('marks the cookie Secure behind a trusted TLS proxy', async () => {
    const proxied = await startTestRuntime({ env: { TRUST_PROXY: 'true' } });
    try {
      const user = await createUser(proxied);
      const response = await proxied.app.inject({
        method: 'POST',
        url: '/api/v1/session',
        payload: { email: user.email, password: TEST_PASSWORD },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.cookies.find((c) => c.name === 'lintel_session')?.secure).toBe(true);
    } finally {
      await proxied.close();
    }
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const user = await createUser(runtime);
    const wrong = await postSession({ email: user.email, password: 'not the password' });
    const unknown = await postSession({ email: 'ghost@example.test', password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    // Nothing tells the two apart but each request's own id.
    const withoutId = (response: typeof wrong) =>
      response.body.replace(String(response.headers['x-request-id']), '<request id>');
    expect(withoutId(wrong)).toBe(withoutId(unknown));
    expect(errorOf(wrong).code).toBe('invalid_credentials');
  });

  it('rotates the session at sign-in: the old cookie stops working', async () => {
    const user = await createUser(runtime);
    const first = await signIn(runtime.app, user);
    const second = await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/session',
      payload: { email: user.email, password: TEST_PASSWORD },
      headers: { cookie: `lintel_session=${first.cookie}`, 'x-csrf-token': first.csrf },
    });
    expect(second.statusCode).toBe(200);
    expect(sessionCookieOf(second)).not.toBe(first.cookie);
    const old = await first.request({ method: 'GET', url: '/api/v1/session' });
    expect(old.statusCode).toBe(401);
  });

  it('throttles an account from one address after 10 failures in 15 minutes, even with the right password', async () => {
    const user = await createUser(runtime);
    for (let i = 0; i < 10; i++) {
      expect(
        (await postSession({ email: user.email, password: `wrong ${i}` }, {}, '10.0.0.1')).statusCode,
      ).toBe(401);
    }
    const blocked = await postSession({ email: user.email, password: TEST_PASSWORD }, {}, '10.0.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).message).toMatch(/Too many failed sign-in attempts/);
    // failures older than the window do not count
    await runtime.database.db
      .updateTable('login_attempts')
      .set({ created_at: new Date(Date.now() - 16 * 60_000) })
      .where('email', '=', user.email)
      .execute();
    expect(await rightPasswordFrom(user.email, '10.0.0.1')).toBe(200);
  });

  it("does not let an attacker's failures from one address lock the owner out from another", async () => {
    const user = await createUser(runtime);
    for (let i = 0; i < 12; i++)
      await postSession({ email: user.email, password: `guess ${i}` }, {}, '10.6.6.6');
    expect(await rightPasswordFrom(user.email, '10.6.6.6')).toBe(429);
    expect(await rightPasswordFrom(user.email, '10.0.0.7')).toBe(200);
    // The owner's success does not forgive the attacker's address.
    expect(await rightPasswordFrom(user.email, '10.6.6.6')).toBe(429);
  });

  it('evaluates at most 10 failures when twenty wrong passwords arrive at the same instant', async () => {
    const user = await createUser(runtime);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postSession({ email: user.email, password: `wrong ${i}` }, {}, '10.2.2.2'),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });

  it('stops a distributed attack at the account-wide ceiling and tells the owner once', async () => {
    const user = await createUser(runtime);
    for (let i = 0; i < 25; i++) {
      expect(
        (await postSession({ email: user.email, password: `spread ${i}` }, {}, `10.8.${i}.1`)).statusCode,
      ).toBe(401);
    }
    for (const address of ['10.8.200.1', '10.8.201.1']) {
      expect(
        (await postSession({ email: user.email, password: TEST_PASSWORD }, {}, address)).statusCode,
      ).toBe(429);
    }
    const warnings = await runtime.database.db
      .selectFrom('outbound_emails')
      .select(['to_address', 'template'])
      .where('to_address', '=', user.email)
      .where('template', '=', 'signInCeiling')
      .execute();
    expect(warnings).toHaveLength(1);
  });

  it('throttles guessing the current password on PATCH /api/v1/account the same way', async () => {
    const user = await createUser(runtime);
    const client = await signIn(runtime.app, user);
    const change = (current_password: string) =>
      client.request({
        method: 'PATCH',
        url: '/api/v1/account',
        payload: { current_password, password: 'a brand new password 1' },
      });
    for (let i = 0; i < 10; i++) expect((await change(`wrong current ${i}`)).statusCode).toBe(422);
    const blocked = await change(TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).code).toBe('too_many_attempts');
  });

  it('throttles one IP address that tries many accounts', async () => {
    for (let i = 0; i < 40; i++) {
      await postSession({ email: `spray${i}@example.test`, password: 'guess guess guess' }, {}, '10.9.9.9');
    }
    const user = await createUser(runtime);
    expect(await rightPasswordFrom(user.email, '10.9.9.9')).toBe(429);
    expect(await rightPasswordFrom(user.email, '10.9.9.10')).toBe(200);
  });

  it('refuses bad input with 422 and the error shape', async () => {
    const response = await postSession({ email: 'a@example.test' });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).details).toMatchObject([
      { path: 'password', code: 'required', message: "can't be blank" },
    ]);
  });
});

describe('GET /api/v1/session', () => {
  it('is 401 when signed out', async () => {
    const response = await runtime.app.inject({ method: 'GET', url: '/api/v1/session' });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('unauthenticated');
  });

  it('returns the user and the same CSRF token while signed in', async () => {
    const client = await signIn(runtime.app, await createUser(runtime));
    const response = await client.request({ method: 'GET', url: '/api/v1/session' });
    expect(response.statusCode).toBe(200);
    expect(response.json().csrf_token).toBe(client.csrf);
  });

  it('expires a session that has been idle too long', async () => {
    const client = await signIn(runtime.app, await createUser(runtime));
    await runtime.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', client.user.id)
      .execute();
    expect((await client.request({ method: 'GET', url: '/api/v1/session' })).statusCode).toBe(401);
  });

  it('slides the idle expiry forward when the session is used', async () => {
    const client = await signIn(runtime.app, await createUser(runtime));
    const stale = new Date(Date.now() - 5 * 60_000);
    await runtime.database.db
      .updateTable('sessions')
      .set({ last_seen_at: stale, expires_at: new Date(Date.now() + 60_000) })
      .where('user_id', '=', client.user.id)
      .execute();
    await client.request({ method: 'GET', url: '/api/v1/session' });
    const session = await runtime.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', client.user.id)
      .executeTakeFirstOrThrow();
    expect(session.expires_at.getTime()).toBeGreaterThan(Date.now() + 100 * 60_000);
  });

  it('ends a session SESSION_MAX_DAYS (30) after sign-in, however active it stays', async () => {
    const client = await signIn(runtime.app, await createUser(runtime));
    const day = 24 * 3600_000;
    // Signed in 30 days minus one minute ago and used a moment ago: the next use may not slide past day 30.
    await runtime.database.db
      .updateTable('sessions')
      .set({
        created_at: new Date(Date.now() - 30 * day + 60_000),
        last_seen_at: new Date(Date.now() - 5 * 60_000),
      })
      .where('user_id', '=', client.user.id)
      .execute();
    expect((await client.request({ method: 'GET', url: '/api/v1/session' })).statusCode).toBe(200);
    const session = await runtime.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', client.user.id)
      .executeTakeFirstOrThrow();
    expect(session.expires_at.getTime()).toBeLessThanOrEqual(session.created_at.getTime() + 30 * day);
    await runtime.database.db
      .updateTable('sessions')
      .set({ created_at: new Date(Date.now() - 30 * day - 1000), expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', client.user.id)
      .execute();
    expect((await client.request({ method: 'GET', url: '/api/v1/session' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/v1/session', () => {
  it('needs the CSRF header', async () => {
    const client = await signIn(runtime.app, await createUser(runtime));
    const refused = await client.request({ method: 'DELETE', url: '/api/v1/session', csrf: false });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('csrf_invalid');
    const wrong = await client.request({
      method: 'DELETE',
      url: '/api/v1/session',
      csrf: false,
      headers: { 'x-csrf-token': 'nope' },
    });
    expect(wrong.statusCode).toBe(403);
    expect((await client.request({ method: 'GET', url: '/api/v1/session' })).statusCode).toBe(200);
  });

  it('signs out: the cookie is cleared and the session is gone', async () => {
    const client = await signIn(runtime.app, await createUser(runtime));
    const response = await client.request({ method: 'DELETE', url: '/api/v1/session' });
    expect(response.statusCode).toBe(204);
    expect(response.cookies.find((c) => c.name === 'lintel_session')?.value).toBe('');
    expect((await client.request({ method: 'GET', url: '/api/v1/session' })).statusCode).toBe(401);
  });

  it('is 401 when signed out', async () => {
    expect((await runtime.app.inject({ method: 'DELETE', url: '/api/v1/session' })).statusCode).toBe(401);
  });
});
