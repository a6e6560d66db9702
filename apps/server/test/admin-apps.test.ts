import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime';
import { ACTORS, type Actor, appWithTeam, LOGO_PNG, multipart, provisionNow } from './apps-support';
import { createUser, errorOf, startTestRuntime } from './support';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime({ env: { SANDBOX_PROVISION_DELAY_MS: '3600000' } });
});
afterAll(() => runtime?.close());

const urlOf = (id: number) => `/api/v1/admin/developer_apps/${id}`;

/** A GIF89a header: a real image type the logo rule refuses. */
const GIF = Buffer.concat([Buffer.from('GIF89a', 'ascii'), Buffer.alloc(64, 0)]);

function eventsOf(appId: number) {
  return runtime.database.db
    .selectFrom('audit_events')
    .selectAll()
    .where('developer_app_id', '=', appId)
    .orderBy('id')
    .execute();
}

function appRow(id: number) {
  return runtime.database.db
    .selectFrom('developer_apps')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

function rolesOf(appId: number) {
  return runtime.database.db
    .selectFrom('collaborators')
    .select(['user_id', 'role'])
    .where('developer_app_id', '=', appId)
    .execute();
}

describe('who may use the admin app calls (spec 1 §6)', () => {
  it('answers platform administrators only: 401 signed out, 403 for every developer role', async () => {
    const { app, clients } = await appWithTeam(runtime, 'Guarded');
    const newcomer = await createUser(runtime);
    const calls = [
      { method: 'GET' as const, url: urlOf(app.id), ok: 200 },
      {
        method: 'PATCH' as const,
        url: urlOf(app.id),
        payload: { developer_app: { internal_name: 'Renamed' } },
        ok: 200,
      },
      {
        method: 'PUT' as const,
        url: urlOf(app.id),
        payload: { developer_app: { remove_thumbnail: true } },
        ok: 200,
      },
      {
        method: 'POST' as const,
        url: `${urlOf(app.id)}/contacts`,
        payload: { contact: { name: 'Ops', email: 'ops@example.test' } },
        ok: 201,
      },
      {
        method: 'POST' as const,
        url: `${urlOf(app.id)}/owner`,
        payload: { owner: { email: newcomer.email } },
        ok: 200,
      },
      // Last: the calls above still find the app not deleted.
      { method: 'DELETE' as const, url: urlOf(app.id), ok: 204 },
    ];
    for (const { ok, ...call } of calls) {
      const signedOut = await runtime.app.inject(call);
      expect(signedOut.statusCode, `${call.method} signed out`).toBe(401);
      expect(errorOf(signedOut).code).toBe('unauthenticated');
      for (const actor of ACTORS.filter((a): a is Exclude<Actor, 'platformAdmin'> => a !== 'platformAdmin')) {
        const refused = await clients[actor].request(call);
        expect(refused.statusCode, `${call.method} ${actor}`).toBe(403);
        expect(errorOf(refused).code).toBe('forbidden');
      }
    }
    // Nothing the refused calls asked for happened.
    expect((await appRow(app.id)).internal_name).toBe('Guarded');
    expect(await eventsOf(app.id)).toHaveLength(0);
    for (const { ok, ...call } of calls) {
      expect((await clients.platformAdmin.request(call)).statusCode, call.method).toBe(ok);
    }
  });

  it('answers 404 for an app that does not exist', async () => {
    const { clients } = await appWithTeam(runtime, 'Lonely');
    const missing = await clients.platformAdmin.request({ method: 'GET', url: urlOf(999_999) });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('not_found');
  });
});

describe('GET /api/v1/admin/developer_apps/:id', () => {
  it('shows owner, times, contacts, collaborators and the platform checks', async () => {
    const { app, users, clients } = await appWithTeam(runtime, 'Shown');
    const response = await clients.platformAdmin.request({ method: 'GET', url: urlOf(app.id) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: app.id,
      internal_name: 'Shown',
      owner: {
        id: users.owner.id,
        name: users.owner.name,
        email: users.owner.email,
        platform_id: users.owner.platform_id,
      },
      owner_id: users.owner.id,
      external_owner_id: users.owner.id,
      deleted_at: null,
      has_production_credentials: false,
      owner_mismatch: false,
      legacy: false,
      connectable: false,
      allowed_cors_domains: '',
      listing_name: null,
      contacts: [],
    });
    expect(body.created_at).toEqual(expect.any(String));
    expect(body.updated_at).toEqual(expect.any(String));
    expect(body.collaborators.map((c: { role: string }) => c.role)).toEqual(['owner', 'admin', 'developer']);
  });

  it('flags an owner the platform records differently (set through the platform adapter)', async () => {
    const { app, users, clients } = await appWithTeam(runtime, 'Mismatched');
    const someoneElse = await createUser(runtime);
    await runtime.platform.setAppOwner(app.id, someoneElse.id);
    const body = (await clients.platformAdmin.request({ method: 'GET', url: urlOf(app.id) })).json();
    expect(body.owner_mismatch).toBe(true);
    expect(body.owner_id).toBe(users.owner.id);
    expect(body.external_owner_id).toBe(someoneElse.id);
  });

  it('says when production credentials exist', async () => {
    const { app, clients } = await appWithTeam(runtime, 'Granted');
    const granted = await clients.platformAdmin.request({
      method: 'PATCH',
      url: urlOf(app.id),
      payload: { developer_app: { production_access: 'granted' } },
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().has_production_credentials).toBe(true);
    const events = await eventsOf(app.id);
    expect(events.map((e) => e.action)).toEqual(['developer_app.production_access_granted']);
  });
});

describe('PATCH /api/v1/admin/developer_apps/:id (the General form)', () => {
  it('saves the form and records what changed', async () => {
    const { app, users, clients } = await appWithTeam(runtime, 'Form');
    const response = await clients.platformAdmin.request({
      method: 'PATCH',
      url: urlOf(app.id),
      payload: {
        developer_app: {
          internal_name: 'Form (internal)',
          name: 'Form',
          redirect_uri: 'https://example.test/callback',
          legacy: true,
          connectable: true,
          allowed_cors_domains: 'https://a.example.test\n\n https://b.example.test ',
        },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      internal_name: 'Form (internal)',
      redirect_uri: 'https://example.test/callback',
      legacy: true,
      connectable: true,
      allowed_cors_domains: 'https://a.example.test\nhttps://b.example.test',
    });
    const events = await eventsOf(app.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'developer_app.updated',
      subject_type: 'developer_app',
      subject_id: String(app.id),
      actor_id: users.platformAdmin.id,
      changes: {
        before: { internal_name: 'Form', legacy: false },
        after: { internal_name: 'Form (internal)', legacy: true },
      },
    });
    expect(events[0]?.changes.after).not.toHaveProperty('name');
  });

  it('refuses an empty internal name or a bad redirect URI with 422 and changes nothing', async () => {
    const { app, clients } = await appWithTeam(runtime, 'Kept');
    for (const [changes, path] of [
      [{ internal_name: '   ', legacy: true }, 'developer_app.internal_name'],
      [{ redirect_uri: 'http://example.test/cb', legacy: true }, 'developer_app.redirect_uri'],
    ] as const) {
      const response = await clients.platformAdmin.request({
        method: 'PATCH',
        url: urlOf(app.id),
        payload: { developer_app: changes },
      });
      expect(response.statusCode).toBe(422);
      const error = errorOf(response);
      expect(error.code).toBe('validation_failed');
      expect(error.details.map((d) => d.path)).toEqual([path]);
    }
    const row = await appRow(app.id);
    expect(row).toMatchObject({ internal_name: 'Kept', legacy: false, redirect_uri: '' });
    expect(await eventsOf(app.id)).toHaveLength(0);
  });

  it('undeletes a deleted app, and refuses to undelete one that is not deleted', async () => {
    const { app, clients } = await appWithTeam(runtime, 'Undeleted');
    const notDeleted = await clients.platformAdmin.request({
      method: 'PATCH',
      url: urlOf(app.id),
      payload: { developer_app: { deleted_at: null, internal_name: 'Sneaky' } },
    });
    expect(notDeleted.statusCode).toBe(409);
    expect(errorOf(notDeleted).code).toBe('conflict');
    expect((await appRow(app.id)).internal_name).toBe('Undeleted');
    expect(await eventsOf(app.id)).toHaveLength(0);

    expect(
      (await clients.owner.request({ method: 'DELETE', url: `/api/v1/developer_apps/${app.id}` })).statusCode,
    ).toBe(204);
    const deleted = (await clients.platformAdmin.request({ method: 'GET', url: urlOf(app.id) })).json();
    expect(deleted.deleted_at).toEqual(expect.any(String));

    const undeleted = await clients.platformAdmin.request({
      method: 'PATCH',
      url: urlOf(app.id),
      payload: { developer_app: { deleted_at: null } },
    });
    expect(undeleted.statusCode).toBe(200);
    expect(undeleted.json().deleted_at).toBeNull();
    expect(
      (await clients.owner.request({ method: 'GET', url: `/api/v1/developer_apps/${app.id}` })).statusCode,
    ).toBe(200);
    const events = await eventsOf(app.id);
    expect(events.map((e) => e.action)).toEqual(['developer_app.undeleted']);
    expect(events[0]?.changes).toMatchObject({
      before: { deleted_at: expect.any(String) },
      after: { deleted_at: null },
    });
  });
});

describe('DELETE /api/v1/admin/developer_apps/:id (soft delete by an admin)', () => {
  it('deletes the app for its developers, revokes production credentials and records it', async () => {
    const { app, users, clients } = await appWithTeam(runtime, 'Admin deleted');
    const granted = await clients.platformAdmin.request({
      method: 'PATCH',
      url: urlOf(app.id),
      payload: { developer_app: { production_access: 'granted' } },
    });
    expect(granted.json().has_production_credentials).toBe(true);
    expect((await runtime.platform.oauthApplicationOf(app.id, 'production'))?.revoked).toBe(false);

    const deleted = await clients.platformAdmin.request({ method: 'DELETE', url: urlOf(app.id) });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await appRow(app.id)).deleted_at).toBeInstanceOf(Date);
    expect((await runtime.platform.oauthApplicationOf(app.id, 'production'))?.revoked).toBe(true);
    expect(
      (await clients.owner.request({ method: 'GET', url: `/api/v1/developer_apps/${app.id}` })).statusCode,
    ).toBe(404);
    const page = (await clients.platformAdmin.request({ method: 'GET', url: urlOf(app.id) })).json();
    expect(page.deleted_at).toEqual(expect.any(String));

    const events = await eventsOf(app.id);
    expect(events.map((e) => e.action)).toEqual([
      'developer_app.production_access_granted',
      'developer_app.deleted',
    ]);
    expect(events[1]).toMatchObject({
      actor_id: users.platformAdmin.id,
      subject_type: 'developer_app',
      subject_id: String(app.id),
      changes: { before: { deleted_at: null }, after: { deleted_at: page.deleted_at } },
    });

    // Undeleting a granted app hands out working production credentials again.
    const undeleted = await clients.platformAdmin.request({
      method: 'PATCH',
      url: urlOf(app.id),
      payload: { developer_app: { deleted_at: null } },
    });
    expect(undeleted.statusCode).toBe(200);
    expect((await runtime.platform.oauthApplicationOf(app.id, 'production'))?.revoked).toBe(false);
  });

  it('refuses an app already deleted with 409 and a missing one with 404, changing nothing', async () => {
    const { app, clients } = await appWithTeam(runtime, 'Deleted twice');
    expect(
      (await clients.owner.request({ method: 'DELETE', url: `/api/v1/developer_apps/${app.id}` })).statusCode,
    ).toBe(204);
    const deletedAt = (await appRow(app.id)).deleted_at;
    const again = await clients.platformAdmin.request({ method: 'DELETE', url: urlOf(app.id) });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('conflict');
    expect((await appRow(app.id)).deleted_at).toEqual(deletedAt);
    expect(await eventsOf(app.id)).toHaveLength(0);

    const missing = await clients.platformAdmin.request({ method: 'DELETE', url: urlOf(999_999) });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('not_found');
    const bad = await clients.platformAdmin.request({ method: 'DELETE', url: `${urlOf(0)}abc` });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
  });
});

describe('PATCH sandbox_attributes (the Sandbox form)', () => {
  it('saves the live sandbox redirect URIs, refuses bad ones, and needs a live sandbox', async () => {
    const { app, users, clients } = await appWithTeam(runtime, 'Sandboxed');
    const patch = (redirect_uri: string) =>
      clients.platformAdmin.request({
        method: 'PATCH',
        url: urlOf(app.id),
        payload: { developer_app: { sandbox_attributes: { redirect_uri } } },
      });
    const before = (await clients.platformAdmin.request({ method: 'GET', url: urlOf(app.id) })).json();
    expect(before.sandbox).toMatchObject({ status: 'pending', provider_app_id: null });
    const pending = await patch('https://example.test/sandbox');
    expect(pending.statusCode).toBe(409);
    expect(errorOf(pending).code).toBe('conflict');

    await provisionNow(runtime, app.id);
    const bad = await patch('ftp://example.test/cb');
    expect(bad.statusCode).toBe(422);
    expect(errorOf(bad).details[0]).toMatchObject({
      path: 'developer_app.sandbox_attributes.redirect_uri',
      code: 'redirect_uri',
    });
    expect(await eventsOf(app.id)).toHaveLength(0);

    const live = (await clients.platformAdmin.request({ method: 'GET', url: urlOf(app.id) })).json();
    const oauth = await runtime.database.db
      .selectFrom('platform_oauth_applications')
      .select('id')
      .where('developer_app_id', '=', app.id)
      .where('environment', '=', 'sandbox')
      .executeTakeFirstOrThrow();
    expect(live.sandbox).toMatchObject({ app_id: expect.any(String), provider_app_id: oauth.id });

    const saved = await patch('https://example.test/sandbox\nhttp://localhost:3000/cb');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().sandbox.redirect_uri).toBe('https://example.test/sandbox\nhttp://localhost:3000/cb');
    const events = await eventsOf(app.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'developer_app.updated',
      actor_id: users.platformAdmin.id,
      changes: { before: { sandbox_redirect_uri: '' }, after: { sandbox_redirect_uri: expect.any(String) } },
    });
  });
});

describe('PUT /api/v1/admin/developer_apps/:id (the logo)', () => {
  it('uploads a square PNG, removes it, and refuses a GIF by its bytes', async () => {
    const { app, clients } = await appWithTeam(runtime, 'Logo');
    const gif = await clients.platformAdmin.request({
      method: 'PUT',
      url: urlOf(app.id),
      ...multipart('developer_app[thumbnail]', 'logo.png', 'image/png', GIF),
    });
    expect(gif.statusCode).toBe(422);
    expect(errorOf(gif).details[0]).toMatchObject({ path: 'developer_app.thumbnail', code: 'file_type' });
    expect((await appRow(app.id)).thumbnail_key).toBeNull();

    const uploaded = await clients.platformAdmin.request({
      method: 'PUT',
      url: urlOf(app.id),
      ...multipart('developer_app[thumbnail]', 'logo.png', 'image/png', LOGO_PNG),
    });
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json().thumbnail_url).toEqual(expect.any(String));

    const removed = await clients.platformAdmin.request({
      method: 'PUT',
      url: urlOf(app.id),
      payload: { developer_app: { remove_thumbnail: true } },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().thumbnail_url).toBeNull();
    expect((await eventsOf(app.id)).map((e) => e.action)).toEqual([
      'developer_app.updated',
      'developer_app.updated',
    ]);
  });

  it("serves the logo to admins through their own route, a deleted app's too, and to no developer", async () => {
    const { app, clients } = await appWithTeam(runtime, 'Deleted logo');
    const uploaded = await clients.platformAdmin.request({
      method: 'PUT',
      url: urlOf(app.id),
      ...multipart('developer_app[thumbnail]', 'logo.png', 'image/png', LOGO_PNG),
    });
    const logoUrl: string = uploaded.json().thumbnail_url;
    expect(logoUrl).toMatch(new RegExp(`^/api/v1/admin/developer_apps/${app.id}/thumbnail\\?v=\\d+$`));
    expect(
      (await clients.owner.request({ method: 'DELETE', url: `/api/v1/developer_apps/${app.id}` })).statusCode,
    ).toBe(204);

    // Deleted: gone for its collaborators, still on the admin page with its logo.
    const developerRoute = await clients.owner.request({
      method: 'GET',
      url: `/api/v1/developer_apps/${app.id}/thumbnail`,
    });
    expect(developerRoute.statusCode).toBe(404);
    const page = await clients.platformAdmin.request({ method: 'GET', url: urlOf(app.id) });
    const deletedLogoUrl: string = page.json().thumbnail_url;
    expect(deletedLogoUrl).toMatch(new RegExp(`^/api/v1/admin/developer_apps/${app.id}/thumbnail\\?v=\\d+$`));
    const logo = await clients.platformAdmin.request({ method: 'GET', url: deletedLogoUrl });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(LOGO_PNG)).toBe(true);
    expect((await clients.owner.request({ method: 'GET', url: deletedLogoUrl })).statusCode).toBe(403);

    await clients.platformAdmin.request({
      method: 'PUT',
      url: urlOf(app.id),
      payload: { developer_app: { remove_thumbnail: true } },
    });
    const none = await clients.platformAdmin.request({ method: 'GET', url: `${urlOf(app.id)}/thumbnail` });
    expect(none.statusCode).toBe(404);
    expect(errorOf(none).code).toBe('not_found');
  });

  it('asks for a file when there is neither a file nor remove_thumbnail', async () => {
    const { app, clients } = await appWithTeam(runtime, 'No logo');
    const response = await clients.platformAdmin.request({
      method: 'PUT',
      url: urlOf(app.id),
      payload: { developer_app: {} },
    });
    expect(response.statusCode).toBe(422);
    expect(await eventsOf(app.id)).toHaveLength(0);
  });
});

describe('POST /api/v1/admin/developer_apps/:id/owner (change owner)', () => {
  it('hands the app over: the old owner becomes admin, the platform follows, the trail records it', async () => {
    const { app, users, clients } = await appWithTeam(runtime, 'Handed over');
    const heir = await createUser(runtime);
    const response = await clients.platformAdmin.request({
      method: 'POST',
      url: `${urlOf(app.id)}/owner`,
      payload: { owner: { email: heir.email.toUpperCase() } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      owner: { id: heir.id, email: heir.email },
      owner_mismatch: false,
    });
    const roles = await rolesOf(app.id);
    expect(roles).toEqual(
      expect.arrayContaining([
        { user_id: heir.id, role: 'owner' },
        { user_id: users.owner.id, role: 'admin' },
      ]),
    );
    expect(roles.filter((r) => r.role === 'owner')).toHaveLength(1);
    expect((await appRow(app.id)).owner_id).toBe(heir.id);
    expect(await runtime.platform.appOwner(app.id)).toBe(heir.id);
    const events = await eventsOf(app.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'developer_app.owner_changed',
      actor_id: users.platformAdmin.id,
      changes: {
        before: { owner_id: users.owner.id, owner_email: users.owner.email },
        after: { owner_id: heir.id, owner_email: heir.email },
      },
    });
  });

  it('promotes an existing collaborator without a second row', async () => {
    const { app, users, clients } = await appWithTeam(runtime, 'Promoted');
    const response = await clients.platformAdmin.request({
      method: 'POST',
      url: `${urlOf(app.id)}/owner`,
      payload: { owner: { email: users.developer.email } },
    });
    expect(response.statusCode).toBe(200);
    const roles = await rolesOf(app.id);
    expect(roles).toHaveLength(3);
    expect(roles).toEqual(
      expect.arrayContaining([
        { user_id: users.developer.id, role: 'owner' },
        { user_id: users.owner.id, role: 'admin' },
      ]),
    );
  });

  it('refuses a nonexistent, an unconfirmed or the current owner with 422 and changes nothing', async () => {
    const { app, users, clients } = await appWithTeam(runtime, 'Stays');
    const unconfirmed = await createUser(runtime, { confirmed: false });
    for (const email of ['nobody@example.test', unconfirmed.email, users.owner.email, 'not an e-mail']) {
      const response = await clients.platformAdmin.request({
        method: 'POST',
        url: `${urlOf(app.id)}/owner`,
        payload: { owner: { email } },
      });
      expect(response.statusCode, email).toBe(422);
      expect(errorOf(response).details.map((d) => d.path)).toEqual(['owner.email']);
    }
    expect((await appRow(app.id)).owner_id).toBe(users.owner.id);
    expect((await rolesOf(app.id)).find((r) => r.role === 'owner')?.user_id).toBe(users.owner.id);
    expect(await runtime.platform.appOwner(app.id)).toBe(users.owner.id);
    expect(await eventsOf(app.id)).toHaveLength(0);
  });
});

describe('POST /api/v1/admin/developer_apps/:id/contacts (integration contacts)', () => {
  it('adds a contact shown on the app, recorded in the trail; a bad e-mail is refused', async () => {
    const { app, clients } = await appWithTeam(runtime, 'Contacts');
    const developerView = () =>
      clients.developer.request({ method: 'GET', url: `/api/v1/developer_apps/${app.id}` });
    expect((await developerView()).json().has_support_contact).toBe(false);
    const bad = await clients.platformAdmin.request({
      method: 'POST',
      url: `${urlOf(app.id)}/contacts`,
      payload: { contact: { name: '', email: 'nope' } },
    });
    expect(bad.statusCode).toBe(422);
    expect(
      errorOf(bad)
        .details.map((d) => d.path)
        .sort(),
    ).toEqual(['contact.email', 'contact.name']);

    const created = await clients.platformAdmin.request({
      method: 'POST',
      url: `${urlOf(app.id)}/contacts`,
      payload: { contact: { name: 'Support Desk', email: 'Support@Example.test' } },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Support Desk', email: 'support@example.test' });
    const body = (await clients.platformAdmin.request({ method: 'GET', url: urlOf(app.id) })).json();
    expect(body.contacts).toEqual([expect.objectContaining({ name: 'Support Desk' })]);
    // The published-app warning asks for a support contact; an integration contact answers it.
    expect((await developerView()).json().has_support_contact).toBe(true);
    expect((await eventsOf(app.id)).map((e) => e.action)).toEqual(['developer_app.updated']);
  });
});

describe('the platform owner record follows every ownership change', () => {
  it('a transfer by the owner on the collaborators tab keeps the platform in step', async () => {
    const { app, users, clients } = await appWithTeam(runtime, 'Transferred');
    expect(await runtime.platform.appOwner(app.id)).toBe(users.owner.id);
    const team = (
      await clients.owner.request({ method: 'GET', url: `/api/v1/collaborators?developer_app_id=${app.id}` })
    ).json() as { id: number; user_id: number }[];
    const adminRow = team.find((row) => row.user_id === users.admin.id);
    const transfer = await clients.owner.request({
      method: 'PATCH',
      url: '/api/v1/collaborators',
      payload: { developer_app_id: app.id, collaborators: [{ id: adminRow?.id, role: 'owner' }] },
    });
    expect(transfer.statusCode).toBe(200);
    expect(await runtime.platform.appOwner(app.id)).toBe(users.admin.id);
    const body = (await clients.platformAdmin.request({ method: 'GET', url: urlOf(app.id) })).json();
    expect(body.owner_mismatch).toBe(false);
  });
});
