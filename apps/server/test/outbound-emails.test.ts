import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime';
import { type Client, createUser, errorOf, registerViaApi, signIn, startTestRuntime } from './support';

let runtime: Runtime;
let admin: Client;
let developer: Client;

beforeAll(async () => {
  // Seven resets to one address: above the default mail limit per address, which other tests cover.
  runtime = await startTestRuntime({ env: { MAIL_MAX_PER_ADDRESS_HOUR: '100' } });
  admin = await signIn(runtime.app, await createUser(runtime, { isAdmin: true }));
  developer = await signIn(runtime.app, await createUser(runtime));
  for (let i = 0; i < 7; i++) {
    await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/password_resets',
      payload: { email: admin.user.email },
    });
  }
  await registerViaApi(runtime, { name: 'Zed', company_name: 'Z', email: 'zed@example.test' });
});
afterAll(() => runtime?.close());

describe('GET /api/v1/admin/outbound_emails', () => {
  it('is 401 signed out and 403 for a developer', async () => {
    const signedOut = await runtime.app.inject({ method: 'GET', url: '/api/v1/admin/outbound_emails' });
    expect(signedOut.statusCode).toBe(401);
    const refused = await developer.request({ method: 'GET', url: '/api/v1/admin/outbound_emails' });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('forbidden');
    expect(
      (await developer.request({ method: 'GET', url: '/api/v1/admin/outbound_emails/1' })).statusCode,
    ).toBe(403);
  });

  it('lists every message newest first with the paging headers', async () => {
    const response = await admin.request({
      method: 'GET',
      url: '/api/v1/admin/outbound_emails?page=1&per_page=3',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers.total).toBe('8');
    expect(response.headers['per-page']).toBe('3');
    const rows = response.json();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      to: 'zed@example.test',
      template: 'confirmation',
      status: 'queued',
      attempts: 0,
      sent_at: null,
    });
    const last = await admin.request({
      method: 'GET',
      url: '/api/v1/admin/outbound_emails?page=3&per_page=3',
    });
    expect(last.json()).toHaveLength(2);
  });

  it('sorts with sort[] and filters with filters[search] and filters[status]', async () => {
    const ascending = await admin.request({
      method: 'GET',
      url: '/api/v1/admin/outbound_emails?sort[]=to&per_page=100',
    });
    const recipients = ascending.json().map((row: { to: string }) => row.to);
    expect(recipients).toEqual([...recipients].sort());
    const search = await admin.request({
      method: 'GET',
      url: '/api/v1/admin/outbound_emails?filters[search]=ZED',
    });
    expect(search.json().map((row: { to: string }) => row.to)).toEqual(['zed@example.test']);
    expect(search.headers.total).toBe('1');
    const literal = await admin.request({
      method: 'GET',
      url: '/api/v1/admin/outbound_emails?filters[search]=%25',
    });
    expect(literal.json()).toEqual([]);
    const sent = await admin.request({
      method: 'GET',
      url: '/api/v1/admin/outbound_emails?filters[status]=sent',
    });
    expect(sent.json()).toEqual([]);
  });

  it.each([
    ['sort[]=password', 'sort'],
    ['per_page=101', 'per_page'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['filters[status]=lost', 'filters.status'],
    ['filters[owner]=1', 'filters.owner'],
  ])('refuses %s with 422 naming %s', async (query, path) => {
    const response = await admin.request({ method: 'GET', url: `/api/v1/admin/outbound_emails?${query}` });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).details.map((d) => d.path)).toEqual([path]);
  });

  it('shows one message, and 404 for an unknown id', async () => {
    const [first] = (await admin.request({ method: 'GET', url: '/api/v1/admin/outbound_emails' })).json();
    const one = await admin.request({ method: 'GET', url: `/api/v1/admin/outbound_emails/${first.id}` });
    expect(one.json()).toEqual(first);
    const missing = await admin.request({ method: 'GET', url: '/api/v1/admin/outbound_emails/999999' });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('not_found');
  });
});
