import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime';
import {
  countRows,
  createUser,
  errorOf,
  outboundEmails,
  signIn,
  startTestRuntime,
  TEST_PASSWORD,
  tokenFrom,
} from './support';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime();
});
afterAll(() => runtime?.close());

const valid = {
  name: 'Rita Roofer',
  company_name: 'Roofs Inc',
  email: 'Rita@Example.test',
  password: 'a long enough password',
};

function register(payload: unknown) {
  return runtime.app.inject({ method: 'POST', url: '/api/v1/registrations', payload: payload as object });
}

describe('POST /api/v1/registrations', () => {
  it('creates an unconfirmed account and queues a confirmation e-mail with a token link', async () => {
    const response = await register(valid);
    expect(response.statusCode).toBe(201);
    const user = await runtime.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'rita@example.test')
      .executeTakeFirstOrThrow();
    expect(user.confirmed_at).toBeNull();
    expect(user.password_hash).not.toContain(valid.password);
    const [email] = (await outboundEmails(runtime)).filter((e) => e.to_address === 'rita@example.test');
    expect(email?.template).toBe('confirmation');
    expect(email?.status).toBe('queued');
    expect(email?.text_body).toMatch(/http:\/\/portal\.test\/confirm_email\?token=/);
    expect(email?.html_body).toMatch(/token=/);
    const jobs = await runtime.queue.boss.findJobs('mail.deliver', { data: { outboundEmailId: email?.id } });
    expect(jobs).toHaveLength(1);
    expect(response.body).not.toContain('password');
  });

  it('answers a sign-up for a confirmed address exactly like a new one, changes nothing and tells the owner', async () => {
    const owner = await createUser(runtime);
    const before = await runtime.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    const fresh = await register({ ...valid, email: 'nobody-yet@example.test' });
    const duplicate = await register({ ...valid, email: owner.email.toUpperCase(), name: 'Impostor' });
    expect(duplicate.statusCode).toBe(fresh.statusCode);
    expect(duplicate.json()).toEqual(fresh.json());
    expect(
      await runtime.database.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', owner.id)
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
    const mails = (await outboundEmails(runtime)).filter((mail) => mail.to_address === owner.email);
    expect(mails.map((mail) => mail.template)).toEqual(['signUpAttempt']);
    expect(mails[0]?.subject).toBe('Someone tried to sign up with your address');
    expect(mails[0]?.text_body).not.toContain('token=');
  });

  it('lets the newest sign-up of an unconfirmed address win: its password, and only its confirmation link', async () => {
    const email = 'pre-hijack@example.test';
    expect(
      (await register({ ...valid, email, name: 'Attacker', password: 'attacker password 1' })).statusCode,
    ).toBe(201);
    const attackerLink = tokenFrom(
      (await outboundEmails(runtime)).filter((mail) => mail.to_address === email).at(-1)?.text_body ?? '',
    );
    expect(
      (await register({ ...valid, email, name: 'Victim', password: 'victim password 12' })).statusCode,
    ).toBe(201);
    const victimLink = tokenFrom(
      (await outboundEmails(runtime)).filter((mail) => mail.to_address === email).at(-1)?.text_body ?? '',
    );
    expect(victimLink).not.toBe(attackerLink);
    const confirm = (token: string) =>
      runtime.app.inject({ method: 'POST', url: '/api/v1/registrations/confirmation', payload: { token } });
    expect((await confirm(attackerLink)).statusCode).toBe(422);
    expect((await confirm(victimLink)).statusCode).toBe(200);
    const signInWith = (password: string) =>
      runtime.app.inject({ method: 'POST', url: '/api/v1/session', payload: { email, password } });
    expect((await signInWith('attacker password 1')).statusCode).toBe(401);
    const signedIn = await signInWith('victim password 12');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.name).toBe('Victim');
    const rows = await runtime.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['a short password', { ...valid, email: 'a@example.test', password: 'short' }, 'password'],
    ['a bad e-mail', { ...valid, email: 'not-an-address' }, 'email'],
    ['an over-long name', { ...valid, email: 'b@example.test', name: 'x'.repeat(121) }, 'name'],
    [
      'an over-long company',
      { ...valid, email: 'c@example.test', company_name: 'x'.repeat(161) },
      'company_name',
    ],
    ['a blank name', { ...valid, email: 'd@example.test', name: '   ' }, 'name'],
    ['a wrong type', { ...valid, email: 'e@example.test', name: 42 }, 'name'],
    ['an unknown field', { ...valid, email: 'f@example.test', is_admin: true }, 'is_admin'],
    ['a missing field', { name: 'x', company_name: 'y', password: 'a long enough password' }, 'email'],
  ])('answers 422 for %s, one detail for the field', async (_label, payload, field) => {
    const count = await countRows(runtime, 'users');
    const response = await register(payload);
    expect(response.statusCode).toBe(422);
    const error = errorOf(response);
    expect(error.code).toBe('validation_failed');
    expect(error.details.map((d) => d.path)).toEqual([field]);
    const after = await countRows(runtime, 'users');
    expect(after).toBe(count);
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/registrations',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('malformed_json');
  });
});

describe('confirmation', () => {
  it('refuses sign-in until confirmed, then confirms once with the e-mailed token', async () => {
    await register({ ...valid, email: 'conf@example.test' });
    const signInBefore = await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/session',
      payload: { email: 'conf@example.test', password: valid.password },
    });
    expect(signInBefore.statusCode).toBe(403);
    expect(errorOf(signInBefore).code).toBe('email_not_confirmed');
    expect(signInBefore.cookies).toHaveLength(0);

    const email = (await outboundEmails(runtime)).findLast((e) => e.to_address === 'conf@example.test');
    const token = tokenFrom(email?.text_body ?? '');
    const confirm = () =>
      runtime.app.inject({ method: 'POST', url: '/api/v1/registrations/confirmation', payload: { token } });
    expect((await confirm()).statusCode).toBe(200);

    const again = await confirm();
    expect(again.statusCode).toBe(422);
    expect(errorOf(again).code).toBe('invalid_token');

    const signInAfter = await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/session',
      payload: { email: 'conf@example.test', password: valid.password },
    });
    expect(signInAfter.statusCode).toBe(200);
  });

  it('refuses a forged token', async () => {
    const response = await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/registrations/confirmation',
      payload: { token: 'forged-token-value' },
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).code).toBe('invalid_token');
  });

  it('resends a new link that replaces the old one, and answers the same for unknown addresses', async () => {
    await register({ ...valid, email: 'resend@example.test' });
    const first = tokenFrom(
      (await outboundEmails(runtime)).findLast((e) => e.to_address === 'resend@example.test')?.text_body ??
        '',
    );
    const resend = (email: string) =>
      runtime.app.inject({
        method: 'POST',
        url: '/api/v1/registrations/confirmation/resend',
        payload: { email },
      });
    const known = await resend('resend@example.test');
    const unknown = await resend('nobody@example.test');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    const mails = (await outboundEmails(runtime)).filter((e) => e.to_address === 'resend@example.test');
    expect(mails).toHaveLength(2);
    const second = tokenFrom(mails[1]?.text_body ?? '');
    expect(second).not.toBe(first);
    const old = await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/registrations/confirmation',
      payload: { token: first },
    });
    expect(old.statusCode).toBe(422);
    const fresh = await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/registrations/confirmation',
      payload: { token: second },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('sends nothing when a confirmed account asks for a resend', async () => {
    const user = await createUser(runtime);
    const before = (await outboundEmails(runtime)).length;
    await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/registrations/confirmation/resend',
      payload: { email: user.email },
    });
    expect((await outboundEmails(runtime)).length).toBe(before);
  });

  it('needs the CSRF header when made with a session cookie', async () => {
    const client = await signIn(runtime.app, await createUser(runtime), TEST_PASSWORD);
    const response = await client.request({
      method: 'POST',
      url: '/api/v1/registrations',
      payload: { ...valid, email: 'csrf@example.test' },
      csrf: false,
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('csrf_invalid');
    const user = await runtime.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'csrf@example.test')
      .executeTakeFirst();
    expect(user).toBeUndefined();
  });
});

describe('mail cannot be used as a cannon (issue 8 item 9)', () => {
  it('sends at most 5 mails an hour to one address from sign-up, resend and reset, then 429 with Retry-After', async () => {
    const email = 'cannon-target@example.test';
    const from = (remoteAddress: string) => ({ remoteAddress });
    const asks = [
      () =>
        runtime.app.inject({
          method: 'POST',
          url: '/api/v1/registrations',
          payload: { ...valid, email },
          ...from('10.1.0.1'),
        }),
      () =>
        runtime.app.inject({
          method: 'POST',
          url: '/api/v1/registrations/confirmation/resend',
          payload: { email },
          ...from('10.1.0.2'),
        }),
      () =>
        runtime.app.inject({
          method: 'POST',
          url: '/api/v1/password_resets',
          payload: { email },
          ...from('10.1.0.3'),
        }),
    ];
    const statuses: number[] = [];
    // Five asks in turn (sign-up, resend, reset, sign-up, resend): all under the limit.
    for (const ask of [...asks, ...asks].slice(0, 5)) statuses.push((await ask()).statusCode);
    expect(statuses.every((status) => status < 300)).toBe(true);
    const mailsBefore = (await outboundEmails(runtime)).filter((mail) => mail.to_address === email).length;
    for (const ask of asks) {
      const refused = await ask();
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused).code).toBe('too_many_requests');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    }
    expect((await outboundEmails(runtime)).filter((mail) => mail.to_address === email)).toHaveLength(
      mailsBefore,
    );
  });

  it('limits the mails one client address asks for, whatever the recipients', async () => {
    const limited = await startTestRuntime({ env: { MAIL_MAX_PER_CLIENT_HOUR: '3' } });
    try {
      const reset = (n: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/password_resets',
          payload: { email: `spray-${n}@example.test` },
          remoteAddress: '10.3.3.3',
        });
      for (let n = 0; n < 3; n++) expect((await reset(n)).statusCode).toBe(202);
      expect((await reset(3)).statusCode).toBe(429);
      const elsewhere = await limited.app.inject({
        method: 'POST',
        url: '/api/v1/password_resets',
        payload: { email: 'spray-3@example.test' },
        remoteAddress: '10.3.3.4',
      });
      expect(elsewhere.statusCode).toBe(202);
    } finally {
      await limited.close();
    }
  });
});
