import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime';
import { appWithTeam, provisionNow } from './apps-support';
import { createUser, signIn, startTestRuntime } from './support';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime({ env: { SANDBOX_PROVISION_DELAY_MS: '3600000' } });
});
afterAll(() => runtime?.close());

async function liveTeam(name: string) {
  const team = await appWithTeam(runtime, name);
  const sandboxId = await provisionNow(runtime, team.app.id);
  return { ...team, sandboxId };
}

function eventsOf(appId: number) {
  return runtime.database.db
    .selectFrom('audit_events')
    .selectAll()
    .where('developer_app_id', '=', appId)
    .orderBy('id')
    .execute();
}

describe('audit events of credential resets', () => {
  it('a sandbox secret reset records who reset which secret, from where', async () => {
    const { app, clients, users, sandboxId } = await liveTeam('Audited reset');
    const reset = await clients.admin.request({
      method: 'POST',
      url: `/api/v1/sandboxes/${sandboxId}/reset_secret`,
    });
    expect(reset.statusCode).toBe(200);
    const events = await eventsOf(app.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'oauth_application.secret_reset',
      subject_type: 'oauth_application',
      subject_id: reset.json().uid,
      actor_id: users.admin.id,
      changes: { after: { environment: 'sandbox' } },
    });
    expect(events[0]?.client_address).toBeTruthy();
    expect(JSON.stringify(events)).not.toContain(reset.json().app_secret);
  });

  it('a refused reset writes no event', async () => {
    const { app, clients, sandboxId } = await liveTeam('Refused reset');
    expect(
      (
        await clients.developer.request({
          method: 'POST',
          url: `/api/v1/sandboxes/${sandboxId}/reset_secret`,
        })
      ).statusCode,
    ).toBe(403);
    expect(await eventsOf(app.id)).toHaveLength(0);
  });

  it('a reset and its event stand or fall together', async () => {
    const { app, clients, sandboxId } = await liveTeam('All or nothing');
    const secretHash = () =>
      runtime.database.db
        .selectFrom('platform_oauth_applications')
        .select('secret_hash')
        .where('developer_app_id', '=', app.id)
        .where('environment', '=', 'sandbox')
        .executeTakeFirstOrThrow();
    const before = await secretHash();
    const db = runtime.database.db;
    await sql`create or replace function refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit store refuses writes'; end $$`.execute(db);
    await sql`create trigger refuse_audit before insert on audit_events
      for each row execute function refuse_audit()`.execute(db);
    try {
      const reset = await clients.owner.request({
        method: 'POST',
        url: `/api/v1/sandboxes/${sandboxId}/reset_secret`,
      });
      expect(reset.statusCode).toBeGreaterThanOrEqual(500);
      expect(await secretHash()).toEqual(before);
    } finally {
      await sql`drop trigger refuse_audit on audit_events`.execute(db);
    }
    expect(await eventsOf(app.id)).toHaveLength(0);
  });
});

describe('audit events of announcement changes', () => {
  it('create, update and delete each record the admin and the fields they changed; a refused change none', async () => {
    const adminUser = await createUser(runtime, { isAdmin: true });
    const admin = await signIn(runtime.app, adminUser);
    const developer = await signIn(runtime.app, await createUser(runtime));
    const base = '/api/v1/admin/notifications';
    const created = await admin.request({
      method: 'POST',
      url: base,
      payload: { title: 'Maintenance', summary: 'Sunday', body: 'Details' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const refused = await developer.request({
      method: 'PATCH',
      url: `${base}/${id}`,
      payload: { title: 'Hijacked' },
    });
    expect(refused.statusCode).toBe(403);
    const updated = await admin.request({
      method: 'PATCH',
      url: `${base}/${id}`,
      payload: { title: 'Maintenance window' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await admin.request({ method: 'DELETE', url: `${base}/${id}` })).statusCode).toBeLessThan(300);
    const events = await runtime.database.db
      .selectFrom('audit_events')
      .select(['action', 'actor_id', 'changes'])
      .where('subject_type', '=', 'notification')
      .where('subject_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(events).toMatchObject([
      {
        action: 'notification.created',
        actor_id: adminUser.id,
        changes: { after: { title: 'Maintenance' } },
      },
      {
        action: 'notification.updated',
        changes: { before: { title: 'Maintenance' }, after: { title: 'Maintenance window' } },
      },
      { action: 'notification.deleted', changes: { before: { title: 'Maintenance window' } } },
    ]);
    expect(Object.keys(events[1]?.changes.after ?? {})).toEqual(['title']);
  });
});
