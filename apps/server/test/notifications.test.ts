import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime';
import {
  type Client,
  createNotification,
  createUser,
  dayFromToday,
  errorOf,
  signIn,
  startTestRuntime,
} from './support';

let runtime: Runtime;
let alice: Client;
let bob: Client;

beforeAll(async () => {
  runtime = await startTestRuntime();
  alice = await signIn(runtime.app, await createUser(runtime));
  bob = await signIn(runtime.app, await createUser(runtime));
});
afterAll(() => runtime?.close());

async function clearNotifications() {
  await runtime.database.db.deleteFrom('notifications').execute();
}

describe('visibility to developers (draft × show_after)', () => {
  const cases = [
    { draft: false, show_after: null, visible: true },
    { draft: false, show_after: dayFromToday(-3), visible: true },
    { draft: false, show_after: dayFromToday(0), visible: true },
    { draft: false, show_after: dayFromToday(2), visible: false },
    { draft: true, show_after: null, visible: false },
    { draft: true, show_after: dayFromToday(-3), visible: false },
    { draft: true, show_after: dayFromToday(2), visible: false },
  ];

  it.each(cases)(
    'draft=$draft show_after=$show_after → visible=$visible',
    async ({ draft, show_after, visible }) => {
      await clearNotifications();
      const notification = await createNotification(runtime, { draft, show_after });
      const list = await alice.request({ method: 'GET', url: '/api/v1/notifications' });
      expect(list.json().map((n: { id: number }) => n.id)).toEqual(visible ? [notification.id] : []);
      const one = await alice.request({ method: 'GET', url: `/api/v1/notifications/${notification.id}` });
      expect(one.statusCode).toBe(visible ? 200 : 404);
      const mark = await alice.request({ method: 'PATCH', url: `/api/v1/notifications/${notification.id}` });
      expect(mark.statusCode).toBe(visible ? 200 : 404);
    },
  );
});

describe('GET /api/v1/notifications', () => {
  it('is an array, newest first by created_at, paged with Total, Per-Page and Unread-Count', async () => {
    await clearNotifications();
    const base = Date.now() - 10 * 60_000;
    const made = [];
    for (let i = 0; i < 5; i++)
      made.push(await createNotification(runtime, { created_at: new Date(base + i * 1000) }));
    const page1 = await alice.request({ method: 'GET', url: '/api/v1/notifications?per_page=2' });
    expect(page1.statusCode).toBe(200);
    expect(page1.headers.total).toBe('5');
    expect(page1.headers['per-page']).toBe('2');
    expect(page1.headers['unread-count']).toBe('5');
    expect(page1.json().map((n: { id: number }) => n.id)).toEqual([made[4]?.id, made[3]?.id]);
    const page3 = await alice.request({ method: 'GET', url: '/api/v1/notifications?per_page=2&page=3' });
    expect(page3.json().map((n: { id: number }) => n.id)).toEqual([made[0]?.id]);
    expect(page1.json()[0]).toEqual({
      id: made[4]?.id,
      title: made[4]?.title,
      summary: 'A short summary',
      body: 'The **body** of the notice',
      critical: false,
      created_at: made[4]?.created_at.toISOString(),
      read_at: null,
    });
  });

  it('is 401 signed out and refuses bad paging with 422', async () => {
    expect((await runtime.app.inject({ method: 'GET', url: '/api/v1/notifications' })).statusCode).toBe(401);
    const bad = await alice.request({ method: 'GET', url: '/api/v1/notifications?per_page=500' });
    expect(bad.statusCode).toBe(422);
    expect(errorOf(bad).details[0]?.path).toBe('per_page');
  });
});

describe('read state', () => {
  it('is per user: PATCH marks read for the caller only, once', async () => {
    await clearNotifications();
    const notification = await createNotification(runtime);
    const first = await alice.request({ method: 'PATCH', url: `/api/v1/notifications/${notification.id}` });
    expect(first.statusCode).toBe(200);
    const readAt = first.json().read_at;
    expect(readAt).toEqual(expect.any(String));
    const again = await alice.request({ method: 'PATCH', url: `/api/v1/notifications/${notification.id}` });
    expect(again.json().read_at).toBe(readAt);

    const aliceView = await alice.request({ method: 'GET', url: `/api/v1/notifications/${notification.id}` });
    expect(aliceView.json().read_at).toBe(readAt);
    const bobView = await bob.request({ method: 'GET', url: `/api/v1/notifications/${notification.id}` });
    expect(bobView.json().read_at).toBeNull();
    const bobList = await bob.request({ method: 'GET', url: '/api/v1/notifications' });
    expect(bobList.headers['unread-count']).toBe('1');
    const aliceList = await alice.request({ method: 'GET', url: '/api/v1/notifications' });
    expect(aliceList.headers['unread-count']).toBe('0');
  });

  it('GET does not mark read by itself', async () => {
    await clearNotifications();
    const notification = await createNotification(runtime);
    await bob.request({ method: 'GET', url: `/api/v1/notifications/${notification.id}` });
    expect(
      (await bob.request({ method: 'GET', url: `/api/v1/notifications/${notification.id}` })).json().read_at,
    ).toBeNull();
  });

  it('PATCH needs the CSRF header and a signed-in user', async () => {
    const notification = await createNotification(runtime);
    const noCsrf = await alice.request({
      method: 'PATCH',
      url: `/api/v1/notifications/${notification.id}`,
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(
      (await runtime.app.inject({ method: 'PATCH', url: `/api/v1/notifications/${notification.id}` }))
        .statusCode,
    ).toBe(401);
  });

  it('answers 404 for unknown ids and 422 for malformed ones', async () => {
    expect((await alice.request({ method: 'GET', url: '/api/v1/notifications/999999' })).statusCode).toBe(
      404,
    );
    const bad = await alice.request({ method: 'GET', url: '/api/v1/notifications/abc' });
    expect(bad.statusCode).toBe(422);
    expect(errorOf(bad).details[0]?.path).toBe('id');
  });
});
