import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeveloperAppRow } from '../src/db/schema';
import { etagOf, matchesEtag, ReportCache } from '../src/modules/metrics/cache';
import type { Runtime } from '../src/runtime';
import {
  addCollaborator,
  type Client,
  createApp,
  createUser,
  errorOf,
  signIn,
  startTestRuntime,
} from './support';

// The engagement report kept per app until an event of the app, with an ETag (issue 24).

const SECRET = 'platform-events-secret-for-cache-tests';

let runtime: Runtime;
let owner: Client;
let developer: Client;
let stranger: Client;
let platformAdmin: Client;
let app: DeveloperAppRow;
let other: DeveloperAppRow;

let sequence = 0;
function event(target: { id: number }, body: Record<string, unknown>) {
  sequence += 1;
  return runtime.app.inject({
    method: 'POST',
    url: '/api/v1/platform/events',
    headers: { authorization: `Bearer ${SECRET}` },
    payload: {
      id: `cache-evt-${sequence}`,
      developer_app_id: target.id,
      occurred_at: '2026-03-01T10:00:00Z',
      ...body,
    },
  });
}

const install = (
  target: { id: number },
  company: string,
  email = `${company.replace(/\W/g, '').toLowerCase()}@customer.test`,
) =>
  event(target, {
    type: 'installation.created',
    company_name: company,
    company_is_demo: false,
    user_email_address: email,
  });

function metrics(
  client: Client,
  target: { id: number },
  options: { admin?: boolean; ifNoneMatch?: string; query?: string; encoding?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (options.ifNoneMatch) headers['if-none-match'] = options.ifNoneMatch;
  if (options.encoding) headers['accept-encoding'] = options.encoding;
  return client.request({
    method: 'GET',
    url: `/api/v1/${options.admin ? 'admin/' : ''}developer_apps/${target.id}/metrics${options.query ?? ''}`,
    headers,
  });
}

beforeAll(async () => {
  runtime = await startTestRuntime({ env: { PLATFORM_EVENTS_SECRET: SECRET } });
  owner = await signIn(runtime.app, await createUser(runtime));
  developer = await signIn(runtime.app, await createUser(runtime));
  stranger = await signIn(runtime.app, await createUser(runtime));
  platformAdmin = await signIn(runtime.app, await createUser(runtime, { isAdmin: true }));
  app = await createApp(runtime, { owner: owner.user, name: 'Cached' });
  await addCollaborator(runtime, app, developer.user, 'developer');
  other = await createApp(runtime, { owner: stranger.user, name: 'Neighbour' });
  expect((await install(app, 'First Co')).statusCode).toBe(200);
  expect((await install(other, 'Neighbour Co', 'private@neighbour.test')).statusCode).toBe(200);
});
afterAll(() => runtime?.close());

describe('the metrics report with an ETag', () => {
  it('carries an ETag and the same JSON a serialised answer has', async () => {
    const response = await metrics(owner, app);
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    // Compact JSON in the contract's key order, as the serializer writes it.
    expect(response.body).toBe(JSON.stringify(response.json()));
    expect(Object.keys(response.json())).toEqual([
      'developer_app_id',
      'daily_app_installations_aggregates',
      'daily_marketplace_app_views_aggregates',
      'app_installations',
    ]);
    expect(response.json().app_installations.total_count).toBe(1);
    // Asked again: the same bytes and tag.
    const again = await metrics(owner, app);
    expect(again.body).toBe(response.body);
    expect(again.headers.etag).toBe(response.headers.etag);
  });

  it('answers 304 with no body to a matching If-None-Match, compressed or not', async () => {
    const { headers } = await metrics(owner, app);
    const etag = headers.etag as string;
    for (const ifNoneMatch of [etag, etag.replace(/^W\//, ''), `"other", ${etag}`, '*']) {
      const response = await metrics(owner, app, { ifNoneMatch });
      expect(response.statusCode).toBe(304);
      expect(response.body).toBe('');
      expect(response.headers.etag).toBe(etag);
      expect(response.headers['content-type']).toBeUndefined();
    }
    const compressed = await metrics(owner, app, { ifNoneMatch: etag, encoding: 'br, gzip' });
    expect(compressed.statusCode).toBe(304);
    expect(compressed.rawPayload.length).toBe(0);
    expect(compressed.headers['content-encoding']).toBeUndefined();
    const changed = await metrics(owner, app, { ifNoneMatch: 'W/"something-else"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().developer_app_id).toBe(app.id);
  });

  it('answers 200 with a new ETag after an installation, a view or an uninstall of the app', async () => {
    let etag = (await metrics(owner, app)).headers.etag as string;
    const steps = [
      () => install(app, 'Second Co'),
      () => event(app, { type: 'marketplace_app.viewed' }),
      () => event(app, { type: 'installation.uninstalled', company_name: 'Second Co' }),
    ];
    for (const step of steps) {
      expect((await step()).statusCode).toBe(200);
      const response = await metrics(owner, app, { ifNoneMatch: etag });
      expect(response.statusCode).toBe(200);
      expect(response.headers.etag).not.toBe(etag);
      etag = response.headers.etag as string;
    }
    const report = (await metrics(owner, app)).json();
    expect(report.app_installations.total_count).toBe(2);
    expect(report.daily_marketplace_app_views_aggregates.total_count).toBe(1);
    expect(report.app_installations.rows[0]).toMatchObject({
      company_name: 'Second Co',
      status: 'uninstalled',
    });
    // Another app's event leaves this app's report (and its tag) as it was.
    expect((await install(other, 'Elsewhere Co')).statusCode).toBe(200);
    expect((await metrics(owner, app, { ifNoneMatch: etag })).statusCode).toBe(304);
  });

  it("checks access before the cache: never another app's report nor the admin's e-mails", async () => {
    const kept = await metrics(owner, app);
    const etag = kept.headers.etag as string;
    // A stranger with the kept report's tag: still 404, and signed out still 401.
    const strangers = await metrics(stranger, app, { ifNoneMatch: etag });
    expect(strangers.statusCode).toBe(404);
    expect(errorOf(strangers).code).toBe('not_found');
    const signedOut = await runtime.app.inject({
      method: 'GET',
      url: `/api/v1/developer_apps/${app.id}/metrics`,
      headers: { 'if-none-match': etag },
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await metrics(owner, app, { admin: true, ifNoneMatch: etag })).statusCode).toBe(403);
    // The administrator's report (with e-mails) is kept apart from the collaborators'.
    const admin = await metrics(platformAdmin, other, { admin: true });
    expect(admin.body).toContain('private@neighbour.test');
    expect(
      (await metrics(platformAdmin, other, { admin: true, ifNoneMatch: admin.headers.etag as string }))
        .statusCode,
    ).toBe(304);
    const collaborators = await metrics(stranger, other, { ifNoneMatch: admin.headers.etag as string });
    expect(collaborators.statusCode).toBe(200);
    expect(collaborators.body).not.toContain('private@neighbour.test');
    expect(collaborators.headers.etag).not.toBe(admin.headers.etag);
    // Another app with the same page: its own report.
    expect(collaborators.json().developer_app_id).toBe(other.id);
    expect(collaborators.body).not.toContain('First Co');
    // A developer of the app gets the owner's report (the report is of the app, not of who asks).
    const developers = await metrics(developer, app, { ifNoneMatch: etag });
    expect(developers.statusCode).toBe(304);
  });

  it('keeps each page of the feed apart', async () => {
    const first = await metrics(owner, app, { query: '?per_page=1' });
    const second = await metrics(owner, app, { query: '?per_page=1&page=2' });
    expect(first.json().app_installations.rows).toHaveLength(1);
    expect(second.json().app_installations.rows).toHaveLength(1);
    expect(second.json().app_installations.rows[0].id).not.toBe(first.json().app_installations.rows[0].id);
    expect(second.headers.etag).not.toBe(first.headers.etag);
    const bad = await metrics(owner, app, { query: '?per_page=0' });
    expect(bad.statusCode).toBe(422);
  });
});

describe('ReportCache', () => {
  const limits = { maxEntries: 3, maxBytes: 10, ttlMs: 1000 };

  it('makes a report once for requests that arrive together, and again after ttlMs', async () => {
    let now = 0;
    const cache = new ReportCache(limits, () => now);
    let made = 0;
    const make = async () => {
      made += 1;
      return `r${made}`;
    };
    const [a, b] = await Promise.all([cache.get(1, 'k', make), cache.get(1, 'k', make)]);
    expect(made).toBe(1);
    expect(a).toBe(b);
    expect(a).toEqual({ body: 'r1', etag: etagOf('r1') });
    now = 999;
    expect((await cache.get(1, 'k', make)).body).toBe('r1');
    now = 1000;
    expect((await cache.get(1, 'k', make)).body).toBe('r2');
  });

  it("drops an app's reports on invalidate, also one being made, and only that app's", async () => {
    const cache = new ReportCache({ ...limits, maxEntries: 10, maxBytes: 100 });
    await cache.get(1, 'a', async () => 'one');
    await cache.get(2, 'a', async () => 'two');
    let release: (body: string) => void = () => {};
    const pending = cache.get(1, 'b', () => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidate(1);
    release('stale');
    expect((await pending).body).toBe('stale');
    expect((await cache.get(1, 'b', async () => 'fresh')).body).toBe('fresh');
    expect((await cache.get(1, 'a', async () => 'one again')).body).toBe('one again');
    expect((await cache.get(2, 'a', async () => 'not asked')).body).toBe('two');
  });

  it('keeps at most maxEntries and maxBytes, least recently used out first; a failure is not kept', async () => {
    const cache = new ReportCache(limits);
    await cache.get(1, 'a', async () => 'aaa');
    await cache.get(2, 'a', async () => 'bbb');
    await cache.get(3, 'a', async () => 'ccc');
    await cache.get(1, 'a', async () => 'not asked'); // 1 is now the most recent
    await cache.get(4, 'a', async () => 'ddd'); // 2 goes
    expect(cache.size).toEqual({ entries: 3, bytes: 9 });
    expect((await cache.get(2, 'a', async () => 'BBB')).body).toBe('BBB'); // 3 goes
    expect((await cache.get(1, 'a', async () => 'not asked')).body).toBe('aaa');
    await cache.get(5, 'a', async () => 'eeeeeeeee'); // 9 characters: only it and nothing else fit
    expect(cache.size).toEqual({ entries: 1, bytes: 9 });
    await expect(cache.get(6, 'a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await cache.get(6, 'a', async () => 'up')).body).toBe('up');
  });

  it('compares If-None-Match weakly', () => {
    const etag = etagOf('x');
    expect(matchesEtag(undefined, etag)).toBe(false);
    expect(matchesEtag(etag, etag)).toBe(true);
    expect(matchesEtag(` "a" ,${etag.slice(2)}`, etag)).toBe(true);
    expect(matchesEtag('"a", W/"b"', etag)).toBe(false);
  });
});
