import { DEFAULT_BUCKET_TEMPLATES, QUOTA_MINDER_SERVERS } from '@lintel/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime';
import { type Client, createUser, errorOf, signIn, startTestRuntime } from './support';

let runtime: Runtime;
let admin: Client;
let developer: Client;
let employee: Client;

beforeAll(async () => {
  runtime = await startTestRuntime();
  admin = await signIn(runtime.app, await createUser(runtime, { isAdmin: true }));
  developer = await signIn(runtime.app, await createUser(runtime));
  employee = await signIn(runtime.app, await createUser(runtime, { isEmployee: true }));
});
afterAll(() => runtime?.close());

const base = '/api/v1/admin/quota_minder_servers';
const bucketsOf = (server: string) => `${base}/${server}/buckets`;

function newBucket(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Acme',
    client_id: 'client-acme',
    domain: 'api.example.test',
    bucket_templates: DEFAULT_BUCKET_TEMPLATES.map((template) => ({ ...template })),
    ...overrides,
  };
}

async function create(server: string, data: Record<string, unknown>) {
  return admin.request({ method: 'POST', url: bucketsOf(server), payload: { data } });
}

function auditEvents() {
  return runtime.database.db
    .selectFrom('audit_events')
    .selectAll()
    .where('subject_type', '=', 'rate_limit_bucket')
    .orderBy('id')
    .execute();
}

async function snapshot() {
  const db = runtime.database.db;
  return {
    buckets: await db.selectFrom('platform_rate_limit_buckets').selectAll().orderBy('id').execute(),
    templates: await db
      .selectFrom('platform_rate_limit_bucket_templates')
      .selectAll()
      .orderBy('id')
      .execute(),
    events: await auditEvents(),
  };
}

describe('quota-minder servers', () => {
  it('offers the production and sandbox servers off the QA host, to admins only', async () => {
    const response = await admin.request({ method: 'GET', url: base });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [...QUOTA_MINDER_SERVERS] });
    expect((await runtime.app.inject({ method: 'GET', url: base })).statusCode).toBe(401);
    expect((await developer.request({ method: 'GET', url: base })).statusCode).toBe(403);
    expect((await employee.request({ method: 'GET', url: base })).statusCode).toBe(403);
  });

  it('offers Staging alone on the QA host', async () => {
    const qa = await startTestRuntime({ env: { QA_HOST: 'true' } });
    try {
      const qaAdmin = await signIn(qa.app, await createUser(qa, { isAdmin: true }));
      expect((await qaAdmin.request({ method: 'GET', url: base })).json()).toEqual({ data: ['Staging'] });
      const staging = await qaAdmin.request({ method: 'GET', url: `${base}/Staging/buckets` });
      expect(staging.statusCode).toBe(200);
      expect(
        (await qaAdmin.request({ method: 'GET', url: `${base}/Production_US01/buckets` })).statusCode,
      ).toBe(404);
    } finally {
      await qa.close();
    }
  });
});

describe('GET …/quota_minder_servers/{server}/buckets', () => {
  it("lists a server's buckets, starting with the default bucket of spec 1 §9", async () => {
    const response = await admin.request({ method: 'GET', url: bucketsOf('Production_UK01') });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toEqual([
      expect.objectContaining({
        server: 'Production_UK01',
        name: 'default',
        bucket_templates: [
          { name: 'main', fill_type: 'count', interval_ms: 3_600_000, limit: 7200 },
          { name: 'spike', fill_type: 'count', interval_ms: 10_000, limit: 100 },
        ],
      }),
    ]);
  });

  it('is 401 signed out, 403 for developers and employees, 404 for an unknown server', async () => {
    expect((await runtime.app.inject({ method: 'GET', url: bucketsOf('Production_US01') })).statusCode).toBe(
      401,
    );
    const refused = await developer.request({ method: 'GET', url: bucketsOf('Production_US01') });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('forbidden');
    expect((await employee.request({ method: 'GET', url: bucketsOf('Production_US01') })).statusCode).toBe(
      403,
    );
    const unknown = await admin.request({ method: 'GET', url: bucketsOf('Production_XX99') });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('not_found');
    // Staging is the QA host's server only.
    expect((await admin.request({ method: 'GET', url: bucketsOf('Staging') })).statusCode).toBe(404);
  });
});

describe('POST …/buckets', () => {
  it('adds a bucket on one server only and records who added it', async () => {
    const before = (await auditEvents()).length;
    const response = await create('Production_US02', newBucket());
    expect(response.statusCode).toBe(201);
    const bucket = response.json().data;
    expect(bucket).toMatchObject({
      server: 'Production_US02',
      name: 'Acme',
      client_id: 'client-acme',
      domain: 'api.example.test',
      bucket_templates: [
        { name: 'main', fill_type: 'count', interval_ms: 3_600_000, limit: 7200 },
        { name: 'spike', fill_type: 'count', interval_ms: 10_000, limit: 100 },
      ],
    });
    const listed = await admin.request({ method: 'GET', url: bucketsOf('Production_US02') });
    expect(listed.json().data.map((b: { name: string }) => b.name)).toContain('Acme');
    const other = await admin.request({ method: 'GET', url: bucketsOf('Production_US01') });
    expect(other.json().data.map((b: { name: string }) => b.name)).not.toContain('Acme');

    const events = await auditEvents();
    expect(events).toHaveLength(before + 1);
    expect(events.at(-1)).toMatchObject({
      action: 'rate_limit_bucket.created',
      actor_id: admin.user.id,
      subject_type: 'rate_limit_bucket',
      subject_id: String(bucket.id),
      developer_app_id: null,
      changes: {
        after: {
          server: 'Production_US02',
          name: 'Acme',
          client_id: 'client-acme',
          domain: 'api.example.test',
        },
      },
    });
    expect(events.at(-1)?.client_address).toBeTruthy();
  });

  it('refuses developers, employees and signed-out callers, writing nothing', async () => {
    const before = await snapshot();
    const payload = { data: newBucket({ name: 'Sneaky' }) };
    expect(
      (await runtime.app.inject({ method: 'POST', url: bucketsOf('Production_US01'), payload })).statusCode,
    ).toBe(401);
    expect(
      (await developer.request({ method: 'POST', url: bucketsOf('Production_US01'), payload })).statusCode,
    ).toBe(403);
    expect(
      (await employee.request({ method: 'POST', url: bucketsOf('Production_US01'), payload })).statusCode,
    ).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    [
      'a negative limit',
      { bucket_templates: [{ name: 'main', fill_type: 'count', interval_ms: 1000, limit: -1 }] },
      'data.bucket_templates.0.limit',
    ],
    [
      'an unknown fill_type',
      { bucket_templates: [{ name: 'main', fill_type: 'bytes', interval_ms: 1000, limit: 1 }] },
      'data.bucket_templates.0.fill_type',
    ],
    [
      'an interval of 0',
      { bucket_templates: [{ name: 'main', fill_type: 'count', interval_ms: 0, limit: 1 }] },
      'data.bucket_templates.0.interval_ms',
    ],
    [
      'a fractional interval',
      { bucket_templates: [{ name: 'main', fill_type: 'count', interval_ms: 1.5, limit: 1 }] },
      'data.bucket_templates.0.interval_ms',
    ],
    [
      'two templates of one name',
      { bucket_templates: [DEFAULT_BUCKET_TEMPLATES[0], { ...DEFAULT_BUCKET_TEMPLATES[1], name: 'MAIN' }] },
      'data.bucket_templates.1.name',
    ],
    ['a blank name', { name: '  ' }, 'data.name'],
    ['a blank client_id', { client_id: '' }, 'data.client_id'],
    ['the name of an existing bucket', { name: 'DEFAULT' }, 'data.name'],
  ])('refuses %s with 422 on that field, changing nothing', async (_label, overrides, path) => {
    const before = await snapshot();
    const response = await create('Production_US01', newBucket({ name: 'Refused', ...overrides }));
    expect(response.statusCode).toBe(422);
    const error = errorOf(response);
    expect(error.code).toBe('validation_failed');
    expect(error.details.map((d) => d.path)).toEqual([path]);
    expect(await snapshot()).toEqual(before);
  });

  it('gives a bucket created without templates the default main and spike templates (spec 1 §2)', async () => {
    const expected = [
      { name: 'main', fill_type: 'count', interval_ms: 3_600_000, limit: 7200 },
      { name: 'spike', fill_type: 'count', interval_ms: 10_000, limit: 100 },
    ];
    const { bucket_templates: _, ...withoutTemplates } = newBucket({ name: 'No Templates' });
    const absent = await create('Integrator_Sandbox', withoutTemplates);
    expect(absent.statusCode).toBe(201);
    expect(absent.json().data.bucket_templates).toEqual(expected);
    const empty = await create(
      'Integrator_Sandbox',
      newBucket({ name: 'Empty Templates', bucket_templates: [] }),
    );
    expect(empty.statusCode).toBe(201);
    expect(empty.json().data.bucket_templates).toEqual(expected);
    // Stored as such: the list reads them back.
    const listed = (await admin.request({ method: 'GET', url: bucketsOf('Integrator_Sandbox') })).json().data;
    expect(listed.find((b: { name: string }) => b.name === 'No Templates')?.bucket_templates).toEqual(
      expected,
    );
    // Changing a bucket's templates still needs at least one.
    const emptied = await admin.request({
      method: 'PATCH',
      url: bucketsOf('Integrator_Sandbox'),
      payload: { data: { id: absent.json().data.id, bucket_templates: [] } },
    });
    expect(emptied.statusCode).toBe(422);
    expect(errorOf(emptied).details.map((d) => d.path)).toEqual(['data.bucket_templates']);
  });

  it('refuses an unknown server with 404, changing nothing', async () => {
    const before = await snapshot();
    const response = await create('Nowhere_01', newBucket({ name: 'Lost' }));
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('not_found');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a body without the {data} envelope', async () => {
    const response = await admin.request({
      method: 'POST',
      url: bucketsOf('Production_US01'),
      payload: newBucket(),
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('PATCH …/buckets', () => {
  it('changes the fields given, records before and after of what changed', async () => {
    const created = (await create('Monthly_Sandbox_US01', newBucket({ name: 'Patchy' }))).json().data;
    const response = await admin.request({
      method: 'PATCH',
      url: bucketsOf('Monthly_Sandbox_US01'),
      payload: {
        data: {
          id: created.id,
          domain: 'other.example.test',
          bucket_templates: [
            { name: 'main', fill_type: 'count', interval_ms: 3_600_000, limit: 9000 },
            { name: 'spike', fill_type: 'count', interval_ms: 10_000, limit: 100 },
            { name: 'daily', fill_type: 'quota', interval_ms: 86_400_000, limit: 50_000 },
          ],
        },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: created.id,
      name: 'Patchy',
      domain: 'other.example.test',
      bucket_templates: [{ limit: 9000 }, { name: 'spike' }, { name: 'daily', fill_type: 'quota' }],
    });
    const event = (await auditEvents()).at(-1);
    expect(event).toMatchObject({
      action: 'rate_limit_bucket.updated',
      actor_id: admin.user.id,
      subject_id: String(created.id),
      changes: {
        before: { domain: 'api.example.test', bucket_templates: created.bucket_templates },
        after: { domain: 'other.example.test' },
      },
    });
    expect(Object.keys(event?.changes.after ?? {}).sort()).toEqual(['bucket_templates', 'domain']);
  });

  it('answers 404 for a bucket of another server and refuses bad input and other roles, changing nothing', async () => {
    const created = (await create('Monthly_Sandbox_US02', newBucket({ name: 'Fixed' }))).json().data;
    const before = await snapshot();
    const patch = (client: Client, server: string, data: Record<string, unknown>) =>
      client.request({
        method: 'PATCH',
        url: bucketsOf(server),
        payload: { data: { id: created.id, ...data } },
      });
    expect((await patch(admin, 'Production_US01', { name: 'Moved' })).statusCode).toBe(404);
    expect(
      (await patch(admin, 'Monthly_Sandbox_US02', { id: 2_000_000_000, name: 'Ghost' })).statusCode,
    ).toBe(404);
    expect((await patch(developer, 'Monthly_Sandbox_US02', { name: 'Mine' })).statusCode).toBe(403);
    expect((await patch(employee, 'Monthly_Sandbox_US02', { name: 'Mine' })).statusCode).toBe(403);
    expect(
      (
        await runtime.app.inject({
          method: 'PATCH',
          url: bucketsOf('Monthly_Sandbox_US02'),
          payload: { data: { id: created.id, name: 'Mine' } },
        })
      ).statusCode,
    ).toBe(401);
    const negative = await patch(admin, 'Monthly_Sandbox_US02', {
      bucket_templates: [{ name: 'main', fill_type: 'count', interval_ms: 1000, limit: -5 }],
    });
    expect(negative.statusCode).toBe(422);
    expect(errorOf(negative).details.map((d) => d.path)).toEqual(['data.bucket_templates.0.limit']);
    const zero = await patch(admin, 'Monthly_Sandbox_US02', {
      bucket_templates: [{ name: 'main', fill_type: 'count', interval_ms: 0, limit: 5 }],
    });
    expect(zero.statusCode).toBe(422);
    const fill = await patch(admin, 'Monthly_Sandbox_US02', {
      bucket_templates: [{ name: 'main', fill_type: 'leaky', interval_ms: 10, limit: 5 }],
    });
    expect(fill.statusCode).toBe(422);
    const taken = await patch(admin, 'Monthly_Sandbox_US02', { name: 'default' });
    expect(taken.statusCode).toBe(422);
    expect(errorOf(taken).details.map((d) => d.path)).toEqual(['data.name']);
    expect((await patch(admin, 'Nowhere_01', { name: 'X' })).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe('DELETE …/buckets/{id}', () => {
  it('deletes a bucket of that server and records what it was', async () => {
    const created = (await create('Integrator_Sandbox', newBucket({ name: 'Doomed' }))).json().data;
    const refusedBefore = await snapshot();
    expect(
      (await developer.request({ method: 'DELETE', url: `${bucketsOf('Integrator_Sandbox')}/${created.id}` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await employee.request({ method: 'DELETE', url: `${bucketsOf('Integrator_Sandbox')}/${created.id}` }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await runtime.app.inject({
          method: 'DELETE',
          url: `${bucketsOf('Integrator_Sandbox')}/${created.id}`,
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await admin.request({ method: 'DELETE', url: `${bucketsOf('Production_US01')}/${created.id}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await admin.request({ method: 'DELETE', url: `${bucketsOf('Nowhere_01')}/${created.id}` })).statusCode,
    ).toBe(404);
    expect(await snapshot()).toEqual(refusedBefore);

    const response = await admin.request({
      method: 'DELETE',
      url: `${bucketsOf('Integrator_Sandbox')}/${created.id}`,
    });
    expect(response.statusCode).toBe(204);
    const listed = await admin.request({ method: 'GET', url: bucketsOf('Integrator_Sandbox') });
    expect(listed.json().data.map((b: { id: number }) => b.id)).not.toContain(created.id);
    const templates = await runtime.database.db
      .selectFrom('platform_rate_limit_bucket_templates')
      .select('id')
      .where('bucket_id', '=', created.id)
      .execute();
    expect(templates).toEqual([]);
    expect((await auditEvents()).at(-1)).toMatchObject({
      action: 'rate_limit_bucket.deleted',
      actor_id: admin.user.id,
      subject_id: String(created.id),
      changes: { before: { name: 'Doomed', server: 'Integrator_Sandbox', client_id: 'client-acme' } },
    });
    expect(
      (await admin.request({ method: 'DELETE', url: `${bucketsOf('Integrator_Sandbox')}/${created.id}` }))
        .statusCode,
    ).toBe(404);
  });
});

describe('a bucket change and its audit event stand or fall together', () => {
  it('keeps no bucket when the audit event cannot be written', async () => {
    const db = runtime.database.db;
    const before = await snapshot();
    await sql`create or replace function refuse_bucket_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit store refuses writes'; end $$`.execute(db);
    await sql`create trigger refuse_bucket_audit before insert on audit_events
      for each row execute function refuse_bucket_audit()`.execute(db);
    try {
      const response = await create('Production_US01', newBucket({ name: 'Unaudited' }));
      expect(response.statusCode).toBeGreaterThanOrEqual(500);
      const deleted = await admin.request({
        method: 'DELETE',
        url: `${bucketsOf('Production_US01')}/${before.buckets.find((b) => b.server === 'Production_US01')?.id}`,
      });
      expect(deleted.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await sql`drop trigger refuse_bucket_audit on audit_events`.execute(db);
    }
    expect(await snapshot()).toEqual(before);
  });
});
