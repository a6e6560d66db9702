import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime';
import { createUser, errorOf, signIn, startTestRuntime, TEST_PASSWORD } from './support';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime();
});
afterAll(() => runtime?.close());

describe('/api/v1/account', () => {
  it('is 401 when signed out', async () => {
    expect((await runtime.app.inject({ method: 'GET', url: '/api/v1/account' })).statusCode).toBe(401);
    const patch = await runtime.app.inject({
      method: 'PATCH',
      url: '/api/v1/account',
      payload: { name: 'x' },
    });
    expect(patch.statusCode).toBe(401);
    expect(errorOf(patch).code).toBe('unauthenticated');
  });

  it('shows the account with critical_emails on by default', async () => {
    const client = await signIn(runtime.app, await createUser(runtime));
    const response = await client.request({ method: 'GET', url: '/api/v1/account' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: client.user.email, critical_emails: true });
    expect(response.body).not.toContain('password');
  });

  it('changes name, company and the critical e-mail opt-in', async () => {
    const client = await signIn(runtime.app, await createUser(runtime));
    const response = await client.request({
      method: 'PATCH',
      url: '/api/v1/account',
      payload: { name: 'New Name', company_name: 'New Co', critical_emails: false },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'New Name',
      company_name: 'New Co',
      critical_emails: false,
    });
    const row = await runtime.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', client.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'New Name', company_name: 'New Co', critical_emails: false });
  });

  it('changes only the one field a PATCH carries', async () => {
    const client = await signIn(runtime.app, await createUser(runtime));
    const row = () =>
      runtime.database.db
        .selectFrom('users')
        .select(['name', 'company_name', 'critical_emails', 'email', 'password_hash'])
        .where('id', '=', client.user.id)
        .executeTakeFirstOrThrow();
    const before = await row();
    const response = await client.request({
      method: 'PATCH',
      url: '/api/v1/account',
      payload: { company_name: 'Only The Company' },
    });
    expect(response.statusCode).toBe(200);
    expect(await row()).toEqual({ ...before, company_name: 'Only The Company' });
  });

  it('needs the CSRF header and changes nothing without it', async () => {
    const client = await signIn(runtime.app, await createUser(runtime));
    const response = await client.request({
      method: 'PATCH',
      url: '/api/v1/account',
      payload: { name: 'Hacker' },
      csrf: false,
    });
    expect(response.statusCode).toBe(403);
    const row = await runtime.database.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', client.user.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe(client.user.name);
  });

  it('changes the password only with the current one, and signs out the other sessions', async () => {
    const user = await createUser(runtime);
    const client = await signIn(runtime.app, user);
    const other = await signIn(runtime.app, user);

    const wrong = await client.request({
      method: 'PATCH',
      url: '/api/v1/account',
      payload: { current_password: 'not it at all', password: 'a changed password' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(errorOf(wrong).details).toMatchObject([
      { path: 'current_password', code: 'incorrect', message: 'is incorrect' },
    ]);

    const missing = await client.request({
      method: 'PATCH',
      url: '/api/v1/account',
      payload: { password: 'a changed password' },
    });
    expect(missing.statusCode).toBe(422);
    expect(errorOf(missing).details[0]?.path).toBe('current_password');

    const ok = await client.request({
      method: 'PATCH',
      url: '/api/v1/account',
      payload: { current_password: TEST_PASSWORD, password: 'a changed password' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await client.request({ method: 'GET', url: '/api/v1/account' })).statusCode).toBe(200);
    expect((await other.request({ method: 'GET', url: '/api/v1/account' })).statusCode).toBe(401);
    await signIn(runtime.app, user, 'a changed password');
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(121) }, 'name'],
    [{ critical_emails: 'yes' }, 'critical_emails'],
    [{ email: 'new@example.test' }, 'email'],
    [{ is_admin: true }, 'is_admin'],
  ])('refuses %j with 422 on %s and changes nothing', async (payload, field) => {
    const client = await signIn(runtime.app, await createUser(runtime));
    const response = await client.request({ method: 'PATCH', url: '/api/v1/account', payload });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).details.map((d) => d.path)).toEqual([field]);
    const row = await runtime.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', client.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual(client.user);
  });
});
