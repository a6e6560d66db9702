import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime';
import {
  createUser,
  errorOf,
  outboundEmails,
  registerViaApi,
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

const NEW_PASSWORD = 'a brand new password';

function requestReset(email: string) {
  return runtime.app.inject({ method: 'POST', url: '/api/v1/password_resets', payload: { email } });
}
function reset(token: string, password = NEW_PASSWORD) {
  return runtime.app.inject({
    method: 'PATCH',
    url: '/api/v1/password_resets',
    payload: { token, password },
  });
}
async function lastTokenFor(email: string) {
  const mail = (await outboundEmails(runtime)).findLast((e) => e.to_address === email);
  return tokenFrom(mail?.text_body ?? '');
}

describe('password resets', () => {
  it('answers the same whether or not the address exists, and mails only a real account', async () => {
    const user = await createUser(runtime);
    const before = (await outboundEmails(runtime)).length;
    const known = await requestReset(user.email);
    const unknown = await requestReset('nobody@example.test');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    const mails = (await outboundEmails(runtime)).slice(before);
    expect(mails.map((m) => [m.to_address, m.template])).toEqual([[user.email, 'passwordReset']]);
    expect(mails[0]?.text_body).toMatch(/http:\/\/portal\.test\/password\/reset\?token=/);
  });

  it('sets the password once per token and signs the account out everywhere', async () => {
    const user = await createUser(runtime);
    const client = await signIn(runtime.app, user);
    await requestReset(user.email);
    const token = await lastTokenFor(user.email);

    expect((await reset(token)).statusCode).toBe(200);
    expect((await client.request({ method: 'GET', url: '/api/v1/session' })).statusCode).toBe(401);
    await expect(signIn(runtime.app, user, TEST_PASSWORD)).rejects.toThrow();
    await signIn(runtime.app, user, NEW_PASSWORD);

    const reused = await reset(token, 'yet another password');
    expect(reused.statusCode).toBe(422);
    expect(errorOf(reused).code).toBe('invalid_token');
    await signIn(runtime.app, user, NEW_PASSWORD);
  });

  it('refuses an expired token', async () => {
    const user = await createUser(runtime);
    await requestReset(user.email);
    const token = await lastTokenFor(user.email);
    await runtime.database.db
      .updateTable('user_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    expect((await reset(token)).statusCode).toBe(422);
    await signIn(runtime.app, user, TEST_PASSWORD);
  });

  it('expires tokens after one hour', async () => {
    const user = await createUser(runtime);
    await requestReset(user.email);
    const row = await runtime.database.db
      .selectFrom('user_tokens')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('purpose', '=', 'password_reset')
      .executeTakeFirstOrThrow();
    const lifetime = row.expires_at.getTime() - row.created_at.getTime();
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000 + 5_000);
  });

  it('does not accept a confirmation token as a reset token', async () => {
    await registerViaApi(runtime, { email: 'mixup@example.test' });
    const confirmationToken = await lastTokenFor('mixup@example.test');
    expect((await reset(confirmationToken)).statusCode).toBe(422);
  });

  it('refuses a forged token and a short password with the error shape', async () => {
    expect(errorOf(await reset('forged')).code).toBe('invalid_token');
    const short = await reset('whatever', 'short');
    expect(short.statusCode).toBe(422);
    expect(errorOf(short).details).toMatchObject([
      { path: 'password', code: 'too_short', params: { min: 12 }, message: 'must be at least 12 characters' },
    ]);
  });
});
