import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { totpCodeAt } from '../src/modules/two-factor/totp';
import type { Runtime } from '../src/runtime';
import {
  type Client,
  countRows,
  createUser,
  errorOf,
  outboundEmails,
  signIn,
  startTestRuntime,
  TEST_PASSWORD,
} from './support';
import { SoftwareAuthenticator } from './webauthn-authenticator';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime({ env: { REQUIRE_ADMIN_2FA: 'true', LOGIN_MAX_FAILURES: '10' } });
});
afterAll(() => runtime?.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Each TOTP code works once: the tests move the clock 30 seconds on before each new code. */
function nextStep(): Date {
  const now = new Date(Date.now() + 30_000);
  vi.setSystemTime(now);
  return now;
}
function fakeClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
}

function postSession(payload: object, remoteAddress = '127.0.0.1') {
  return runtime.app.inject({ method: 'POST', url: '/api/v1/session', payload, remoteAddress });
}

/** Turns the authenticator on for a signed-in client: the secret and the recovery codes. */
async function enableTotp(client: Client): Promise<{ secret: string; codes: string[] }> {
  const setup = await client.request({ method: 'POST', url: '/api/v1/account/two_factor' });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const confirmed = await client.request({
    method: 'POST',
    url: '/api/v1/account/two_factor/confirmation',
    payload: { code: totpCodeAt(secret, new Date()) },
  });
  expect(confirmed.statusCode).toBe(200);
  return { secret, codes: confirmed.json().recovery_codes };
}

describe('turning the authenticator app on', () => {
  it('gives a pending secret with its otpauth URI and QR code, sealed at rest; a second call replaces it', async () => {
    const client = await signIn(runtime.app, await createUser(runtime));
    const first = await client.request({ method: 'POST', url: '/api/v1/account/two_factor' });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauth_uri).toContain(`secret=${body.secret}`);
    expect(body.otpauth_uri).toContain('issuer=Lintel');
    expect(body.qr_code_svg).toMatch(/^data:image\/svg\+xml;base64,/);
    const stored = await runtime.database.db
      .selectFrom('user_totp_factors')
      .selectAll()
      .where('user_id', '=', client.user.id)
      .executeTakeFirstOrThrow();
    expect(stored.confirmed_at).toBeNull();
    expect(stored.secret_sealed).not.toContain(body.secret);
    const status = await client.request({ method: 'GET', url: '/api/v1/account/two_factor' });
    expect(status.json()).toMatchObject({
      totp_enabled: false,
      recovery_codes_left: 0,
      setup_required: false,
    });

    const second = (await client.request({ method: 'POST', url: '/api/v1/account/two_factor' })).json();
    expect(second.secret).not.toBe(body.secret);
    const withOld = await client.request({
      method: 'POST',
      url: '/api/v1/account/two_factor/confirmation',
      payload: { code: totpCodeAt(body.secret, new Date()) },
    });
    expect(withOld.statusCode).toBe(422);
    expect(errorOf(withOld).details[0]).toMatchObject({ path: 'code', code: 'incorrect' });
  });

  it('confirms with a first code: ten recovery codes shown once and stored hashed; then 409 to set up again', async () => {
    const client = await signIn(runtime.app, await createUser(runtime));
    const nothingPending = await client.request({
      method: 'POST',
      url: '/api/v1/account/two_factor/confirmation',
      payload: { code: '123456' },
    });
    expect(nothingPending.statusCode).toBe(409);
    const { codes } = await enableTotp(client);
    expect(codes).toHaveLength(10);
    const stored = await runtime.database.db
      .selectFrom('user_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', client.user.id)
      .execute();
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes.some((code) => row.code_hash.includes(code))).toBe(false);
    const status = await client.request({ method: 'GET', url: '/api/v1/account/two_factor' });
    expect(status.json()).toMatchObject({ totp_enabled: true, recovery_codes_left: 10 });
    expect((await client.request({ method: 'POST', url: '/api/v1/account/two_factor' })).statusCode).toBe(
      409,
    );
    const again = await client.request({
      method: 'POST',
      url: '/api/v1/account/two_factor/confirmation',
      payload: { code: '123456' },
    });
    expect(errorOf(again).code).toBe('conflict');
  });

  it('refuses a malformed code with 422 and changes nothing', async () => {
    const client = await signIn(runtime.app, await createUser(runtime));
    await client.request({ method: 'POST', url: '/api/v1/account/two_factor' });
    const response = await client.request({
      method: 'POST',
      url: '/api/v1/account/two_factor/confirmation',
      payload: { code: '12ab' },
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).details[0]?.path).toBe('code');
    const status = await client.request({ method: 'GET', url: '/api/v1/account/two_factor' });
    expect(status.json().totp_enabled).toBe(false);
  });
});

describe('signing in with a second factor', () => {
  it('asks for it after a right password (no session), and signs in with a code, once', async () => {
    fakeClock();
    const user = await createUser(runtime);
    const { secret } = await enableTotp(await signIn(runtime.app, user));
    const sessionsBefore = await countRows(runtime, 'sessions');

    const wrongPassword = await postSession({ email: user.email, password: 'wrong password' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(errorOf(wrongPassword).code).toBe('invalid_credentials');

    const passwordOnly = await postSession({ email: user.email, password: TEST_PASSWORD });
    expect(passwordOnly.statusCode).toBe(401);
    expect(errorOf(passwordOnly).code).toBe('two_factor_required');
    expect(passwordOnly.cookies.find((c) => c.name === 'lintel_session')).toBeUndefined();
    expect(await countRows(runtime, 'sessions')).toBe(sessionsBefore);

    const wrongPasswordWithCode = await postSession({
      email: user.email,
      password: 'wrong password',
      otp_code: totpCodeAt(secret, nextStep()),
    });
    expect(errorOf(wrongPasswordWithCode).code).toBe('invalid_credentials');

    const code = totpCodeAt(secret, new Date());
    const signedIn = await postSession({ email: user.email, password: TEST_PASSWORD, otp_code: code });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.id).toBe(user.id);

    const reused = await postSession({ email: user.email, password: TEST_PASSWORD, otp_code: code });
    expect(reused.statusCode).toBe(422);
    expect(errorOf(reused).details[0]).toMatchObject({ path: 'otp_code', code: 'incorrect' });

    const expired = await postSession({
      email: user.email,
      password: TEST_PASSWORD,
      otp_code: totpCodeAt(secret, new Date(Date.now() - 5 * 60_000)),
    });
    expect(expired.statusCode).toBe(422);
  });

  it('signs in with a recovery code, each once; new codes replace the old ones', async () => {
    fakeClock();
    const user = await createUser(runtime);
    const client = await signIn(runtime.app, user);
    const { secret, codes } = await enableTotp(client);
    const [first, second] = codes;

    const signedIn = await postSession({ email: user.email, password: TEST_PASSWORD, recovery_code: first });
    expect(signedIn.statusCode).toBe(200);
    const reused = await postSession({ email: user.email, password: TEST_PASSWORD, recovery_code: first });
    expect(reused.statusCode).toBe(422);
    expect(errorOf(reused).details[0]).toMatchObject({ path: 'recovery_code', code: 'incorrect' });
    const status = await client.request({ method: 'GET', url: '/api/v1/account/two_factor' });
    expect(status.json().recovery_codes_left).toBe(9);

    const wrongCode = await client.request({
      method: 'POST',
      url: '/api/v1/account/two_factor/recovery_codes',
      payload: { code: '000000' },
    });
    expect(wrongCode.statusCode).toBe(422);
    const regenerated = await client.request({
      method: 'POST',
      url: '/api/v1/account/two_factor/recovery_codes',
      payload: { code: totpCodeAt(secret, nextStep()) },
    });
    expect(regenerated.statusCode).toBe(200);
    const fresh: string[] = regenerated.json().recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(second);
    const old = await postSession({ email: user.email, password: TEST_PASSWORD, recovery_code: second });
    expect(old.statusCode).toBe(422);
    const withFresh = await postSession({
      email: user.email,
      password: TEST_PASSWORD,
      recovery_code: fresh[0]?.toUpperCase(),
    });
    expect(withFresh.statusCode).toBe(200);
  });

  it('locks after repeated wrong codes, per account and address, as the password throttle does', async () => {
    fakeClock();
    const user = await createUser(runtime);
    const { secret } = await enableTotp(await signIn(runtime.app, user));
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt++) {
      const response = await postSession(
        { email: user.email, password: TEST_PASSWORD, otp_code: '000000' },
        '10.9.0.1',
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
    expect(statuses.slice(10)).toEqual(Array(10).fill(429));
    const right = await postSession(
      { email: user.email, password: TEST_PASSWORD, otp_code: totpCodeAt(secret, nextStep()) },
      '10.9.0.1',
    );
    expect(right.statusCode).toBe(429);
    expect(errorOf(right).code).toBe('too_many_attempts');
    const recovery = await postSession(
      { email: user.email, password: TEST_PASSWORD, recovery_code: 'aaaaa-bbbbb' },
      '10.9.0.1',
    );
    expect(recovery.statusCode).toBe(429);
    // The owner, from their own address, still gets in.
    const owner = await postSession(
      { email: user.email, password: TEST_PASSWORD, otp_code: totpCodeAt(secret, new Date()) },
      '10.9.0.2',
    );
    expect(owner.statusCode).toBe(200);
  });

  it('turns off with the password and a code; then the password alone signs in', async () => {
    fakeClock();
    const user = await createUser(runtime);
    const client = await signIn(runtime.app, user);
    const { secret } = await enableTotp(client);
    const wrongPassword = await client.request({
      method: 'DELETE',
      url: '/api/v1/account/two_factor',
      payload: { current_password: 'nope', code: totpCodeAt(secret, nextStep()) },
    });
    expect(wrongPassword.statusCode).toBe(422);
    expect(errorOf(wrongPassword).details[0]?.path).toBe('current_password');
    const wrongCode = await client.request({
      method: 'DELETE',
      url: '/api/v1/account/two_factor',
      payload: { current_password: TEST_PASSWORD, code: '000000' },
    });
    expect(wrongCode.statusCode).toBe(422);
    expect(errorOf(wrongCode).details[0]?.path).toBe('code');
    const off = await client.request({
      method: 'DELETE',
      url: '/api/v1/account/two_factor',
      payload: { current_password: TEST_PASSWORD, code: totpCodeAt(secret, new Date()) },
    });
    expect(off.statusCode).toBe(204);
    expect(await countRows(runtime, 'user_recovery_codes')).toBeGreaterThanOrEqual(0);
    const codesLeft = await runtime.database.db
      .selectFrom('user_recovery_codes')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(codesLeft).toEqual([]);
    expect((await postSession({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });
});

describe('passkeys', () => {
  async function registerPasskey(client: Client, name = 'Laptop'): Promise<SoftwareAuthenticator> {
    const authenticator = new SoftwareAuthenticator(runtime.config.publicUrl);
    const options = await client.request({
      method: 'POST',
      url: '/api/v1/account/passkeys/registration_options',
    });
    expect(options.statusCode).toBe(200);
    expect(options.json().options.rp.id).toBe('portal.test');
    const created = await client.request({
      method: 'POST',
      url: '/api/v1/account/passkeys',
      payload: { passkey: { name, response: authenticator.register(options.json().options) } },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name, last_used_at: null });
    return authenticator;
  }

  async function signInOptions(): Promise<{ challenge: string }> {
    const response = await runtime.app.inject({ method: 'POST', url: '/api/v1/session/passkey_options' });
    expect(response.statusCode).toBe(200);
    return response.json().options;
  }

  it('registers, lists and removes passkeys; a replayed or foreign registration is refused', async () => {
    const client = await signIn(runtime.app, await createUser(runtime));
    const authenticator = await registerPasskey(client, 'Phone');
    const list = await client.request({ method: 'GET', url: '/api/v1/account/passkeys' });
    expect(list.json()).toEqual([expect.objectContaining({ name: 'Phone' })]);
    expect(JSON.stringify(list.json())).not.toContain(authenticator.id);

    // A registration answer for a challenge never given (or already used) is refused.
    const replay = await client.request({
      method: 'POST',
      url: '/api/v1/account/passkeys',
      payload: {
        passkey: { name: 'Again', response: authenticator.register({ challenge: 'bm90LWdpdmVu' }) },
      },
    });
    expect(replay.statusCode).toBe(422);
    expect(errorOf(replay).details[0]?.path).toBe('passkey.response');
    // Another origin than PUBLIC_URL's.
    const options = await client.request({
      method: 'POST',
      url: '/api/v1/account/passkeys/registration_options',
    });
    const foreign = await client.request({
      method: 'POST',
      url: '/api/v1/account/passkeys',
      payload: {
        passkey: {
          name: 'Evil',
          response: new SoftwareAuthenticator(runtime.config.publicUrl).register(
            options.json().options,
            'https://evil.test',
          ),
        },
      },
    });
    expect(foreign.statusCode).toBe(422);

    const id = list.json()[0].id;
    const other = await signIn(runtime.app, await createUser(runtime));
    expect(
      (await other.request({ method: 'DELETE', url: `/api/v1/account/passkeys/${id}` })).statusCode,
    ).toBe(404);
    expect(
      (await client.request({ method: 'DELETE', url: `/api/v1/account/passkeys/${id}` })).statusCode,
    ).toBe(204);
    expect((await client.request({ method: 'GET', url: '/api/v1/account/passkeys' })).json()).toEqual([]);
  });

  it('stands in for a code as a second factor; another account’s passkey does not', async () => {
    const user = await createUser(runtime);
    const authenticator = await registerPasskey(await signIn(runtime.app, user));
    const passwordOnly = await postSession({ email: user.email, password: TEST_PASSWORD });
    expect(errorOf(passwordOnly).code).toBe('two_factor_required');

    const signedIn = await postSession({
      email: user.email,
      password: TEST_PASSWORD,
      passkey: authenticator.assert(await signInOptions(), { userVerified: false }),
    });
    expect(signedIn.statusCode).toBe(200);

    const stranger = await createUser(runtime);
    const strangerKey = await registerPasskey(await signIn(runtime.app, stranger));
    const foreign = await postSession({
      email: user.email,
      password: TEST_PASSWORD,
      passkey: strangerKey.assert(await signInOptions()),
    });
    expect(foreign.statusCode).toBe(422);
    expect(errorOf(foreign).details[0]?.path).toBe('passkey');
  });

  it('signs in without a password; a replayed answer or one without user verification is refused', async () => {
    const user = await createUser(runtime);
    const authenticator = await registerPasskey(await signIn(runtime.app, user));
    const answer = authenticator.assert(await signInOptions());
    const signedIn = await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/session/passkey',
      payload: { response: answer },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.id).toBe(user.id);
    expect(signedIn.cookies.find((c) => c.name === 'lintel_session')).toBeDefined();
    const stored = await runtime.database.db
      .selectFrom('user_passkeys')
      .select(['last_used_at', 'counter'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.last_used_at).not.toBeNull();
    expect(Number(stored.counter)).toBe(1);

    const replayed = await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/session/passkey',
      payload: { response: answer },
    });
    expect(replayed.statusCode).toBe(401);
    expect(errorOf(replayed).code).toBe('invalid_credentials');

    const unverified = await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/session/passkey',
      payload: { response: authenticator.assert(await signInOptions(), { userVerified: false }) },
    });
    expect(unverified.statusCode).toBe(401);

    const unknown = await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/session/passkey',
      payload: {
        response: new SoftwareAuthenticator(runtime.config.publicUrl).assert(await signInOptions()),
      },
    });
    expect(unknown.statusCode).toBe(401);
  });
});

describe('administrators', () => {
  it('REQUIRE_ADMIN_2FA: an administrator without a second factor is refused every admin route until one is set', async () => {
    const admin = await signIn(runtime.app, await createUser(runtime, { isAdmin: true }));
    for (const url of [
      '/api/v1/admin/developers',
      '/api/v1/admin/audit_events',
      '/api/v1/admin/outbound_emails',
    ]) {
      const refused = await admin.request({ method: 'GET', url });
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).code).toBe('two_factor_setup_required');
    }
    expect(
      (await admin.request({ method: 'GET', url: '/api/v1/account/two_factor' })).json().setup_required,
    ).toBe(true);
    // A developer still gets the plain 403 of the admin routes.
    const developer = await signIn(runtime.app, await createUser(runtime));
    expect(errorOf(await developer.request({ method: 'GET', url: '/api/v1/admin/developers' })).code).toBe(
      'forbidden',
    );

    await enableTotp(admin);
    expect((await admin.request({ method: 'GET', url: '/api/v1/admin/developers' })).statusCode).toBe(200);
    expect(
      (await admin.request({ method: 'GET', url: '/api/v1/account/two_factor' })).json().setup_required,
    ).toBe(false);
  });

  it('removes the factors of a developer who lost them: audited and e-mailed, without any secret', async () => {
    fakeClock();
    const admin = await signIn(runtime.app, await createUser(runtime, { isAdmin: true }));
    await enableTotp(admin);
    nextStep();
    const developer = await createUser(runtime, { name: 'Lost Phone' });
    const { secret, codes } = await enableTotp(await signIn(runtime.app, developer));

    const stranger = await signIn(runtime.app, await createUser(runtime));
    const refused = await stranger.request({
      method: 'DELETE',
      url: `/api/v1/admin/developers/${developer.id}/two_factor`,
    });
    expect(refused.statusCode).toBe(403);

    const status = await admin.request({
      method: 'GET',
      url: `/api/v1/admin/developers/${developer.id}/two_factor`,
    });
    expect(status.json()).toEqual({ totp_enabled: true, passkeys: 0 });
    const removed = await admin.request({
      method: 'DELETE',
      url: `/api/v1/admin/developers/${developer.id}/two_factor`,
    });
    expect(removed.statusCode).toBe(204);
    expect(
      (
        await admin.request({ method: 'GET', url: `/api/v1/admin/developers/${developer.id}/two_factor` })
      ).json(),
    ).toEqual({ totp_enabled: false, passkeys: 0 });
    expect(
      (await admin.request({ method: 'DELETE', url: '/api/v1/admin/developers/999999/two_factor' }))
        .statusCode,
    ).toBe(404);

    const event = await runtime.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'developer.two_factor_removed')
      .where('subject_id', '=', String(developer.id))
      .executeTakeFirstOrThrow();
    expect(event.actor_id).toBe(admin.user.id);

    const mails = (await outboundEmails(runtime)).filter((mail) => mail.to_address === developer.email);
    const notice = mails.find((mail) => mail.template === 'twoFactorRemoved');
    expect(notice?.subject).toMatch(/Two-factor authentication was removed/);
    expect(notice?.text_body).toContain('/account#two-factor');
    const everyMail = JSON.stringify(await outboundEmails(runtime));
    expect(everyMail).not.toContain(secret);
    for (const code of codes) expect(everyMail).not.toContain(code);

    expect((await postSession({ email: developer.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });
});
