import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime';
import {
  type Client,
  countRows,
  createNotification,
  createUser,
  dayFromToday,
  errorOf,
  signIn,
  startTestRuntime,
} from './support';

let runtime: Runtime;
let admin: Client;
let developer: Client;

const base = '/api/v1/admin/notifications';
const valid = { title: 'Maintenance', summary: 'We patch on *Sunday*', body: 'Details **here**' };

beforeAll(async () => {
  runtime = await startTestRuntime();
  admin = await signIn(runtime.app, await createUser(runtime, { isAdmin: true }));
  developer = await signIn(runtime.app, await createUser(runtime, { isEmployee: true }));
});
afterAll(() => runtime?.close());

function fanoutJobs() {
  return runtime.queue.boss.findJobs('notifications.fanout');
}

describe('admin notifications: who may', () => {
  it('refuses developers (403) and strangers (401) on every route, changing nothing', async () => {
    const existing = await createNotification(runtime);
    const calls = [
      { method: 'GET', url: base },
      { method: 'GET', url: `${base}/${existing.id}` },
      { method: 'POST', url: base, payload: valid },
      { method: 'PATCH', url: `${base}/${existing.id}`, payload: { title: 'Hacked' } },
      { method: 'DELETE', url: `${base}/${existing.id}` },
    ] as const;
    for (const call of calls) {
      const asDeveloper = await developer.request({ ...call });
      expect(asDeveloper.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(errorOf(asDeveloper).code).toBe('forbidden');
      const asStranger = await runtime.app.inject({ ...call });
      expect(asStranger.statusCode, `${call.method} ${call.url}`).toBe(401);
    }
    expect(
      await runtime.database.db
        .selectFrom('notifications')
        .selectAll()
        .where('id', '=', existing.id)
        .executeTakeFirst(),
    ).toEqual(existing);
  });

  it('needs the CSRF header from admins too', async () => {
    const response = await admin.request({ method: 'POST', url: base, payload: valid, csrf: false });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('csrf_invalid');
  });
});

describe('admin notifications: create, read, update, delete', () => {
  it('creates a plain notification, visible, with no e-mail', async () => {
    const response = await admin.request({
      method: 'POST',
      url: base,
      payload: { ...valid, show_after: '' },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      ...valid,
      critical: false,
      draft: false,
      show_after: null,
      visible: true,
      visible_by_show_after: true,
      delivery: null,
    });
    const one = await admin.request({ method: 'GET', url: `${base}/${body.id}` });
    expect(one.json()).toEqual(body);
    expect(
      (await fanoutJobs()).filter((j) => (j.data as { notificationId: number }).notificationId === body.id),
    ).toEqual([]);
  });

  it('reports visible and visible_by_show_after for drafts and future dates', async () => {
    const future = await admin.request({
      method: 'POST',
      url: base,
      payload: { ...valid, show_after: dayFromToday(3) },
    });
    expect(future.json()).toMatchObject({
      visible: false,
      visible_by_show_after: false,
      draft: false,
      show_after: dayFromToday(3),
    });
    const draft = await admin.request({
      method: 'POST',
      url: base,
      payload: { ...valid, draft: true, show_after: dayFromToday(-1) },
    });
    expect(draft.json()).toMatchObject({ visible: false, visible_by_show_after: true, draft: true });
  });

  it('stores a critical notification going out at once, whatever was sent, and queues its fan-out', async () => {
    const response = await admin.request({
      method: 'POST',
      url: base,
      payload: { ...valid, critical: true, draft: true, show_after: dayFromToday(5) },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ critical: true, draft: false, show_after: null, visible: true });
    expect(body.delivery).toEqual({ total: 0, queued: 0, sent: 0, failed: 0 });
    const jobs = (await fanoutJobs()).filter(
      (j) => (j.data as { notificationId: number }).notificationId === body.id,
    );
    expect(jobs).toHaveLength(1);
  });

  it('keeps critical unchanged on update, both ways', async () => {
    const plain = (await admin.request({ method: 'POST', url: base, payload: valid })).json();
    const promoted = await admin.request({
      method: 'PATCH',
      url: `${base}/${plain.id}`,
      payload: { critical: true, title: 'Now?' },
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ critical: false, title: 'Now?' });

    const critical = (
      await admin.request({ method: 'POST', url: base, payload: { ...valid, critical: true } })
    ).json();
    const demoted = await admin.request({
      method: 'PATCH',
      url: `${base}/${critical.id}`,
      payload: { critical: false, draft: true, show_after: dayFromToday(4) },
    });
    expect(demoted.json()).toMatchObject({ critical: true, draft: false, show_after: null });
    const jobs = (await fanoutJobs()).filter(
      (j) => (j.data as { notificationId: number }).notificationId === plain.id,
    );
    expect(jobs).toEqual([]);
  });

  it('updates fields and clears show_after with an empty string', async () => {
    const created = (
      await admin.request({ method: 'POST', url: base, payload: { ...valid, show_after: dayFromToday(9) } })
    ).json();
    const updated = await admin.request({
      method: 'PATCH',
      url: `${base}/${created.id}`,
      payload: { show_after: '', draft: true },
    });
    expect(updated.json()).toMatchObject({ show_after: null, draft: true, title: valid.title });
  });

  it('lists every notification with paging headers and sorts by title', async () => {
    const response = await admin.request({ method: 'GET', url: `${base}?sort[]=title&per_page=100` });
    expect(response.statusCode).toBe(200);
    const titles = response.json().map((n: { title: string }) => n.title);
    expect(titles).toEqual([...titles].sort());
    expect(Number(response.headers.total)).toBe(titles.length);
    expect(response.headers['per-page']).toBe('100');
    const bad = await admin.request({ method: 'GET', url: `${base}?sort[]=body` });
    expect(bad.statusCode).toBe(422);
  });

  it('deletes, then answers 404', async () => {
    const created = (await admin.request({ method: 'POST', url: base, payload: valid })).json();
    expect((await admin.request({ method: 'DELETE', url: `${base}/${created.id}` })).statusCode).toBe(204);
    expect((await admin.request({ method: 'GET', url: `${base}/${created.id}` })).statusCode).toBe(404);
    expect((await admin.request({ method: 'DELETE', url: `${base}/${created.id}` })).statusCode).toBe(404);
    expect(
      (await admin.request({ method: 'PATCH', url: `${base}/${created.id}`, payload: { title: 'x' } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('admin notifications: bad input', () => {
  it.each([
    [{ ...valid, title: '' }, 'title', "can't be blank"],
    [{ ...valid, title: 'x'.repeat(201) }, 'title', 'must be at most 200 characters'],
    [{ ...valid, summary: 'x'.repeat(1001) }, 'summary', 'must be at most 1000 characters'],
    [{ ...valid, body: 'x'.repeat(20_001) }, 'body', 'must be at most 20000 characters'],
    [{ ...valid, show_after: '2026-02-30' }, 'show_after', 'must be a real date written YYYY-MM-DD'],
    [{ ...valid, show_after: '12/01/2026' }, 'show_after', 'must be a real date written YYYY-MM-DD'],
    [{ ...valid, critical: 'yes' }, 'critical', 'must be a boolean'],
    [{ ...valid, author: 'me' }, 'author', 'is not a known field'],
    [{ summary: 's', body: 'b' }, 'title', "can't be blank"],
  ])('refuses %j on %s', async (payload, path, message) => {
    const before = await countRows(runtime, 'notifications');
    const response = await admin.request({ method: 'POST', url: base, payload });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).details).toMatchObject([{ path, message }]);
    const after = await countRows(runtime, 'notifications');
    expect(after).toBe(before);
  });

  it('refuses a bad update without changing the notification', async () => {
    const created = await createNotification(runtime);
    const response = await admin.request({
      method: 'PATCH',
      url: `${base}/${created.id}`,
      payload: { title: '', show_after: 'soon' },
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).details.map((d) => d.path)).toEqual(['title', 'show_after']);
    expect(
      await runtime.database.db
        .selectFrom('notifications')
        .selectAll()
        .where('id', '=', created.id)
        .executeTakeFirst(),
    ).toEqual(created);
  });
});
