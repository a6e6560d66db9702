// Issue 8 item 1: a NUL character in any text field or path/query parameter, or a date in year 0000,
// answers 4xx with the error shape and a detail on the field — never 500 — and writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime';
import { appWithTeam, provisionNow } from './apps-support';
import { type Client, createUser, errorOf, signIn, startTestRuntime } from './support';

let runtime: Runtime;
let developer: Client;
let admin: Client;
let appId: number;
let sandboxId: number;

beforeAll(async () => {
  runtime = await startTestRuntime();
  const team = await appWithTeam(runtime, 'Bad input');
  developer = team.clients.owner;
  appId = team.app.id;
  sandboxId = await provisionNow(runtime, appId);
  admin = await signIn(runtime.app, await createUser(runtime, { isAdmin: true }));
});
afterAll(() => runtime?.close());

const NUL = 'a\u0000b';

async function counts() {
  const db = runtime.database.db;
  const [users, apps, notifications] = await Promise.all([
    db.selectFrom('users').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('developer_apps').select(['name', 'redirect_uri']).orderBy('id').execute(),
    db.selectFrom('notifications').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { users: Number(users.n), apps, notifications: Number(notifications.n) };
}

describe('NUL characters and impossible dates', () => {
  const cases: [string, () => Promise<{ statusCode: number; json(): unknown; body: string }>, string][] = [
    [
      'sign-in e-mail',
      () =>
        runtime.app.inject({
          method: 'POST',
          url: '/api/v1/session',
          payload: { email: NUL, password: 'x' },
        }),
      'email',
    ],
    [
      'sign-up name',
      () =>
        runtime.app.inject({
          method: 'POST',
          url: '/api/v1/registrations',
          payload: {
            name: NUL,
            company_name: 'C',
            email: 'nul@example.test',
            password: 'long enough password',
          },
        }),
      'name',
    ],
    [
      'account name',
      () => developer.request({ method: 'PATCH', url: '/api/v1/account', payload: { name: NUL } }),
      'name',
    ],
    [
      'app name',
      () =>
        developer.request({ method: 'POST', url: '/api/v1/developer_apps', payload: { internal_name: NUL } }),
      'internal_name',
    ],
    [
      'redirect URIs',
      () =>
        developer.request({
          method: 'PATCH',
          url: `/api/v1/developer_apps/${appId}`,
          payload: { developer_app: { redirect_uri: `https://a.example/${NUL}` } },
        }),
      'developer_app.redirect_uri',
    ],
    [
      'sandbox redirect URIs',
      () =>
        developer.request({
          method: 'PATCH',
          url: `/api/v1/sandboxes/${sandboxId}`,
          payload: { sandbox: { redirect_uri: NUL } },
        }),
      'sandbox.redirect_uri',
    ],
    [
      'admin notification title',
      () =>
        admin.request({
          method: 'POST',
          url: '/api/v1/admin/notifications',
          payload: { title: NUL, summary: 'S', body: 'B' },
        }),
      'title',
    ],
    [
      'admin notification show_after in year 0000',
      () =>
        admin.request({
          method: 'POST',
          url: '/api/v1/admin/notifications',
          payload: { title: 'T', summary: 'S', body: 'B', show_after: '0000-01-01' },
        }),
      'show_after',
    ],
    [
      'outbound e-mail search',
      () => admin.request({ method: 'GET', url: '/api/v1/admin/outbound_emails?filters[search]=a%00b' }),
      'filters.search',
    ],
  ];

  it.each(cases)(
    'refuses a bad %s with 422 and a detail on the field, changing nothing',
    async (_, send, path) => {
      const before = await counts();
      const response = await send();
      expect(response.statusCode).toBe(422);
      expect(errorOf(response as never).details.map((d) => d.path)).toContain(path);
      expect(await counts()).toEqual(before);
    },
  );

  it('answers a NUL in an OAuth client id in the path with a 4xx, not 500', async () => {
    for (const action of ['reset_secret', 'reveal_secret']) {
      const response = await developer.request({
        method: 'POST',
        url: `/api/v1/oauth_applications/a%00b/${action}`,
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(errorOf(response).code).toEqual(expect.any(String));
    }
  });
});
