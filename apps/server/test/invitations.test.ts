import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeveloperAppRow, UserRow } from '../src/db/schema';
import type { Runtime } from '../src/runtime';
import {
  ACTORS,
  type Actor,
  appWithMembers,
  collaboratorsOf,
  MANAGERS,
  requestForApp,
  signInActors,
  statusByActor,
} from './apps-support';
import {
  addCollaborator,
  type Client,
  createUser,
  errorOf,
  outboundEmails,
  signIn,
  startTestRuntime,
  tokenFrom,
} from './support';

const DAY_MS = 86_400_000;

let runtime: Runtime;
let as: Record<Actor, Client>;
let invited = 0;

beforeAll(async () => {
  runtime = await startTestRuntime();
  as = await signInActors(runtime, { owner: 'Olga Owner', admin: 'Ada Admin' });
});
afterAll(() => runtime?.close());

/** A fresh app: owner, an admin and a developer. */
async function team(options: { deleted?: boolean; name?: string } = {}) {
  const members = { owner: as.owner.user, admin: as.admin.user, developer: as.developer.user };
  return (await appWithMembers(runtime, members, options)).app;
}

const newEmail = () => {
  invited += 1;
  return `invitee${invited}-${Date.now()}@example.test`;
};

const invite = (client: Client, appId: number, email: string, role: unknown = 'developer') =>
  client.request({
    method: 'POST',
    url: '/api/v1/invitations',
    payload: { developer_app_id: appId, email, role },
  });

const cancel = (client: Client, appId: number, id: number, status: unknown = 'canceled') =>
  client.request({
    method: 'PATCH',
    url: `/api/v1/invitations/${id}`,
    payload: { developer_app_id: appId, invitation: { status } },
  });

const accept = (client: Client, token: string) =>
  client.request({ method: 'POST', url: '/api/v1/invitations/accept', payload: { token } });

function invitationsOf(app: DeveloperAppRow) {
  return runtime.database.db
    .selectFrom('invitations')
    .selectAll()
    .where('developer_app_id', '=', app.id)
    .orderBy('id')
    .execute();
}

async function emailsTo(address: string) {
  return (await outboundEmails(runtime)).filter((mail) => mail.to_address === address);
}

/** Invites through the API and returns the invitation with the token of its e-mail. */
async function invited_(app: DeveloperAppRow, email: string, role: 'admin' | 'developer' = 'developer') {
  const response = await invite(as.owner, app.id, email, role);
  expect(response.statusCode).toBe(201);
  const [mail] = await emailsTo(email);
  if (!mail) throw new Error('no invitation e-mail');
  return { invitation: response.json() as { id: number }, token: tokenFrom(mail.text_body) };
}

async function signedInAs(email: string): Promise<{ user: UserRow; client: Client }> {
  const user = await createUser(runtime, { email });
  return { user, client: await signIn(runtime.app, user) };
}

describe('POST /api/v1/invitations', () => {
  const expected = statusByActor(201, MANAGERS);
  it.each(ACTORS)('%s invites someone', async (actor) => {
    const app = await team();
    const email = newEmail();
    const response = await invite(as[actor], app.id, email);
    expect(response.statusCode).toBe(expected[actor]);
    expect(await invitationsOf(app)).toHaveLength(expected[actor] === 201 ? 1 : 0);
    expect(await emailsTo(email)).toHaveLength(expected[actor] === 201 ? 1 : 0);
  });

  it('stores a pending invitation for the lower-cased e-mail, expiring after INVITATION_TTL_DAYS', async () => {
    const app = await team();
    const before = Date.now();
    const response = await invite(as.admin, app.id, '  New.Person@Example.TEST ', 'admin');
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      email: 'new.person@example.test',
      role: 'admin',
      status: 'pending',
      created_at: expect.any(String),
      expires_at: expect.any(String),
    });
    const ttl = Date.parse(body.expires_at) - Date.parse(body.created_at);
    expect(ttl).toBe(runtime.config.invitationTtlDays * DAY_MS);
    expect(Date.parse(body.created_at)).toBeGreaterThanOrEqual(before - 1000);
    const [row] = await invitationsOf(app);
    expect(row?.invited_by).toBe(as.admin.user.id);
    expect(row?.accepted_by).toBeNull();
  });

  it('queues the e-mail with who invited whom to which app, the role, the link and the expiry; only the hash is stored', async () => {
    const app = await team({ name: 'Crane Sync <b>' });
    const email = newEmail();
    const response = await invite(as.owner, app.id, email, 'admin');
    const [mail, ...more] = await emailsTo(email);
    expect(more).toHaveLength(0);
    expect(mail?.template).toBe('invitation');
    expect(mail?.status).toBe('queued');
    expect(mail?.subject).toBe('Olga Owner invited you to collaborate on Crane Sync <b>');
    const text = mail?.text_body ?? '';
    expect(text).toContain(`Olga Owner (${as.owner.user.email}) invited ${email}`);
    expect(text).toContain('"Crane Sync <b>"');
    expect(text).toContain('as admin');
    expect(text).toMatch(/http:\/\/portal\.test\/invitations\/accept\?token=[A-Za-z0-9_-]{40,}/);
    expect(text).toContain(`${response.json().expires_at.slice(0, 10)}`);
    expect(mail?.html_body).toContain('Crane Sync &#60;b&#62;');
    expect(mail?.html_body).not.toContain('Crane Sync <b>');
    const token = tokenFrom(text);
    const [row] = await invitationsOf(app);
    expect(row?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(response.body).not.toContain(token);
  });

  it('refuses the roles owner and user, and a bad e-mail, with 422', async () => {
    const app = await team();
    for (const role of ['owner', 'user', 'boss', null]) {
      const email = newEmail();
      const response = await invite(as.owner, app.id, email, role);
      expect(response.statusCode, String(role)).toBe(422);
      expect(errorOf(response).details[0]?.path).toBe('role');
    }
    const noRole = await as.owner.request({
      method: 'POST',
      url: '/api/v1/invitations',
      payload: { developer_app_id: app.id, email: newEmail() },
    });
    expect(noRole.statusCode).toBe(422);
    expect(errorOf(noRole).details.map((d) => d.path)).toEqual(['role']);
    const owner = await invite(as.owner, app.id, newEmail(), 'owner');
    expect(errorOf(owner).details[0]?.message).toBe('must be developer or admin');
    for (const email of ['not-an-email', '', `${'a'.repeat(260)}@example.test`]) {
      const response = await invite(as.owner, app.id, email);
      expect(response.statusCode).toBe(422);
      expect(errorOf(response).details[0]?.path).toBe('email');
    }
    const extra = await as.owner.request({
      method: 'POST',
      url: '/api/v1/invitations',
      payload: { developer_app_id: app.id, email: newEmail(), role: 'admin', status: 'accepted' },
    });
    expect(extra.statusCode).toBe(422);
    expect(errorOf(extra).details[0]?.path).toBe('status');
    expect(await invitationsOf(app)).toHaveLength(0);
  });

  it('refuses someone who already collaborates (by account e-mail, any case), changing nothing', async () => {
    const app = await team();
    const before = (await outboundEmails(runtime)).length;
    for (const email of [as.developer.user.email, as.owner.user.email.toUpperCase()]) {
      const response = await invite(as.admin, app.id, email);
      expect(response.statusCode).toBe(422);
      expect(errorOf(response).details).toMatchObject([
        { path: 'email', message: 'already belongs to a collaborator of this app' },
      ]);
    }
    expect(await invitationsOf(app)).toHaveLength(0);
    expect(await outboundEmails(runtime)).toHaveLength(before);
  });

  it('refuses an e-mail with a pending invitation; after a cancel or an expiry it may be invited again', async () => {
    const app = await team();
    const email = newEmail();
    const { invitation } = await invited_(app, email);
    const twice = await invite(as.admin, app.id, email.toUpperCase(), 'admin');
    expect(twice.statusCode).toBe(422);
    expect(errorOf(twice).details).toMatchObject([
      { path: 'email', message: 'has already been invited to this app' },
    ]);
    expect(await invitationsOf(app)).toHaveLength(1);
    expect(await emailsTo(email)).toHaveLength(1);

    expect((await cancel(as.owner, app.id, invitation.id)).statusCode).toBe(200);
    const afterCancel = await invite(as.admin, app.id, email);
    expect(afterCancel.statusCode).toBe(201);

    await runtime.database.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', afterCancel.json().id)
      .execute();
    const afterExpiry = await invite(as.admin, app.id, email);
    expect(afterExpiry.statusCode).toBe(201);
    expect((await invitationsOf(app)).map((i) => i.status)).toEqual(['canceled', 'expired', 'pending']);
    expect(await emailsTo(email)).toHaveLength(3);
  });

  it('is 404 on a deleted app and 401 signed out', async () => {
    const app = await team({ deleted: true });
    expect((await invite(as.owner, app.id, newEmail())).statusCode).toBe(404);
    const signedOut = await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/invitations',
      payload: { developer_app_id: app.id, email: newEmail(), role: 'developer' },
    });
    expect(signedOut.statusCode).toBe(401);
    expect(await invitationsOf(app)).toHaveLength(0);
  });
});

describe('GET /api/v1/invitations', () => {
  it.each(ACTORS)('%s reads the pending invitations', async (actor) => {
    const app = await team();
    const { invitation } = await invited_(app, newEmail());
    const response = await requestForApp(as[actor], 'GET', '/api/v1/invitations', app.id);
    if (actor === 'stranger') {
      expect(response.statusCode).toBe(404);
      return;
    }
    expect(response.statusCode).toBe(200);
    expect(response.json().map((i: { id: number }) => i.id)).toEqual([invitation.id]);
  });

  it('lists pending invitations only, oldest first: not canceled, accepted or expired ones', async () => {
    const app = await team();
    const first = await invited_(app, newEmail());
    const canceled = await invited_(app, newEmail());
    const expired = await invited_(app, newEmail());
    const acceptedEmail = newEmail();
    const accepted = await invited_(app, acceptedEmail);
    const last = await invited_(app, newEmail(), 'admin');
    await cancel(as.owner, app.id, canceled.invitation.id);
    await runtime.database.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expired.invitation.id)
      .execute();
    const { client } = await signedInAs(acceptedEmail);
    expect((await accept(client, accepted.token)).statusCode).toBe(200);
    const response = await requestForApp(as.developer, 'GET', '/api/v1/invitations', app.id);
    expect(response.json().map((i: { id: number; role: string }) => [i.id, i.role])).toEqual([
      [first.invitation.id, 'developer'],
      [last.invitation.id, 'admin'],
    ]);
    expect(response.json().every((i: { status: string }) => i.status === 'pending')).toBe(true);
  });

  it('is 404 on a deleted app, 422 without developer_app_id, 401 signed out', async () => {
    const app = await team({ deleted: true });
    expect((await requestForApp(as.owner, 'GET', '/api/v1/invitations', app.id)).statusCode).toBe(404);
    const missing = await as.owner.request({ method: 'GET', url: '/api/v1/invitations' });
    expect(missing.statusCode).toBe(422);
    expect(errorOf(missing).details[0]?.path).toBe('developer_app_id');
    expect(
      (await runtime.app.inject({ method: 'GET', url: `/api/v1/invitations?developer_app_id=${app.id}` }))
        .statusCode,
    ).toBe(401);
  });
});

describe('PATCH /api/v1/invitations/{id}', () => {
  const expected = statusByActor(200, MANAGERS);
  it.each(ACTORS)('%s cancels an invitation', async (actor) => {
    const app = await team();
    const { invitation } = await invited_(app, newEmail());
    const response = await cancel(as[actor], app.id, invitation.id);
    expect(response.statusCode).toBe(expected[actor]);
    const [row] = await invitationsOf(app);
    expect(row?.status).toBe(expected[actor] === 200 ? 'canceled' : 'pending');
    if (expected[actor] === 200)
      expect(response.json()).toMatchObject({ id: invitation.id, status: 'canceled' });
  });

  it('cancels pending invitations only; a canceled token no longer works', async () => {
    const app = await team();
    const email = newEmail();
    const { invitation, token } = await invited_(app, email);
    expect((await cancel(as.owner, app.id, invitation.id)).statusCode).toBe(200);
    const again = await cancel(as.owner, app.id, invitation.id);
    expect(again.statusCode).toBe(422);
    expect(errorOf(again).details[0]?.path).toBe('invitation.status');
    const { client } = await signedInAs(email);
    const response = await accept(client, token);
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).code).toBe('invalid_token');
    expect((await collaboratorsOf(runtime, app)).map((c) => c.user_id)).not.toContain(client.user.id);
  });

  it('accepts only the status canceled, and is 404 for an invitation of another app', async () => {
    const app = await team();
    const other = await team();
    const { invitation } = await invited_(app, newEmail());
    for (const status of ['accepted', 'pending', 'expired', null]) {
      const response = await cancel(as.owner, app.id, invitation.id, status);
      expect(response.statusCode, String(status)).toBe(422);
      expect(errorOf(response).details[0]?.path).toBe('invitation.status');
    }
    const noStatus = await as.owner.request({
      method: 'PATCH',
      url: `/api/v1/invitations/${invitation.id}`,
      payload: { developer_app_id: app.id, invitation: {} },
    });
    expect(errorOf(noStatus).details[0]?.path).toBe('invitation.status');
    const foreign = await cancel(as.owner, other.id, invitation.id);
    expect(foreign.statusCode).toBe(404);
    const unknown = await cancel(as.owner, app.id, 999_999);
    expect(unknown.statusCode).toBe(404);
    expect((await invitationsOf(app))[0]?.status).toBe('pending');
  });
});

describe('POST /api/v1/invitations/accept', () => {
  it('makes the invitee a collaborator with the invited role; the app becomes visible to them', async () => {
    const app = await team();
    const email = newEmail();
    const { invitation, token } = await invited_(app, email, 'admin');
    const { user, client } = await signedInAs(email);
    const hidden = await requestForApp(client, 'GET', '/api/v1/collaborators', app.id);
    expect(hidden.statusCode).toBe(404);

    const response = await accept(client, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ developer_app_id: app.id });
    const row = (await invitationsOf(app)).find((i) => i.id === invitation.id);
    expect(row?.status).toBe('accepted');
    expect(row?.accepted_by).toBe(user.id);
    expect((await collaboratorsOf(runtime, app)).find((c) => c.user_id === user.id)?.role).toBe('admin');

    const list = await requestForApp(client, 'GET', '/api/v1/collaborators', app.id);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((c: { email: string }) => c.email)).toContain(email);
    const permissions = await requestForApp(client, 'GET', '/api/v1/developer_app_permissions', app.id);
    expect(permissions.json().role).toBe('admin');
    expect(permissions.json().permissions.canManageCollaborators).toBe(true);

    // The token works once.
    const reuse = await accept(client, token);
    expect(reuse.statusCode).toBe(422);
    expect(errorOf(reuse).code).toBe('invalid_token');
    expect(errorOf(reuse).details[0]?.path).toBe('token');
  });

  it('refuses another signed-in user with 403 and keeps the invitation pending', async () => {
    const app = await team();
    const { token } = await invited_(app, newEmail());
    const response = await accept(as.stranger, token);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toBe('This invitation was sent to another e-mail address.');
    expect((await invitationsOf(app))[0]?.status).toBe('pending');
    expect((await collaboratorsOf(runtime, app)).map((c) => c.user_id)).not.toContain(as.stranger.user.id);
  });

  it('refuses an expired token with 422 invalid_token and marks the invitation expired', async () => {
    const app = await team();
    const email = newEmail();
    const { invitation, token } = await invited_(app, email);
    await runtime.database.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', invitation.id)
      .execute();
    const { client } = await signedInAs(email);
    const response = await accept(client, token);
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).code).toBe('invalid_token');
    expect((await invitationsOf(app))[0]?.status).toBe('expired');
    expect((await collaboratorsOf(runtime, app)).map((c) => c.user_id)).not.toContain(client.user.id);
  });

  it('refuses an unknown token and a token of a deleted app with 422 invalid_token', async () => {
    expect(errorOf(await accept(as.developer, 'no-such-token')).code).toBe('invalid_token');
    const app = await team();
    const email = newEmail();
    const { token } = await invited_(app, email);
    await runtime.database.db
      .updateTable('developer_apps')
      .set({ deleted_at: new Date() })
      .where('id', '=', app.id)
      .execute();
    const { client } = await signedInAs(email);
    const response = await accept(client, token);
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).code).toBe('invalid_token');
    expect((await invitationsOf(app))[0]?.status).toBe('pending');
  });

  it('keeps the role of someone who already collaborates and marks the invitation accepted', async () => {
    const app = await team();
    const email = newEmail();
    const { token } = await invited_(app, email, 'admin');
    const { user, client } = await signedInAs(email);
    await addCollaborator(runtime, app, user, 'developer');
    expect((await accept(client, token)).statusCode).toBe(200);
    expect((await collaboratorsOf(runtime, app)).find((c) => c.user_id === user.id)?.role).toBe('developer');
    expect((await invitationsOf(app))[0]?.status).toBe('accepted');
  });

  it('is 401 signed out, 403 without CSRF, 422 without a token', async () => {
    const app = await team();
    const { token } = await invited_(app, newEmail());
    const signedOut = await runtime.app.inject({
      method: 'POST',
      url: '/api/v1/invitations/accept',
      payload: { token },
    });
    expect(signedOut.statusCode).toBe(401);
    const noCsrf = await as.developer.request({
      method: 'POST',
      url: '/api/v1/invitations/accept',
      payload: { token },
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(403);
    const blank = await as.developer.request({
      method: 'POST',
      url: '/api/v1/invitations/accept',
      payload: {},
    });
    expect(blank.statusCode).toBe(422);
    expect(errorOf(blank).details[0]?.path).toBe('token');
    expect((await invitationsOf(app))[0]?.status).toBe('pending');
  });
});

describe('an invitation is not a collaborator', () => {
  it('cannot be made owner: its id is refused with 422 and nothing changes', async () => {
    const app = await team();
    const collaboratorIds = (await collaboratorsOf(runtime, app)).map((c) => c.id);
    // Invitation and collaborator ids come from different sequences; make sure this one is not also a
    // collaborator id of the app, so the request can only mean the invitation.
    let invitationId = 0;
    for (let i = 0; i < 20 && (invitationId === 0 || collaboratorIds.includes(invitationId)); i++) {
      invitationId = (await invited_(app, newEmail())).invitation.id;
    }
    expect(collaboratorIds).not.toContain(invitationId);
    const before = await collaboratorsOf(runtime, app);
    const response = await as.owner.request({
      method: 'PATCH',
      url: '/api/v1/collaborators',
      payload: { developer_app_id: app.id, collaborators: [{ id: invitationId, role: 'owner' }] },
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).details).toMatchObject([
      { path: 'collaborators.0.id', message: 'is not a collaborator of this app' },
    ]);
    expect(await collaboratorsOf(runtime, app)).toEqual(before);
    const appRow = await runtime.database.db
      .selectFrom('developer_apps')
      .select('owner_id')
      .where('id', '=', app.id)
      .executeTakeFirstOrThrow();
    expect(appRow.owner_id).toBe(as.owner.user.id);
    expect((await invitationsOf(app)).every((i) => i.status === 'pending')).toBe(true);
  });

  it('cannot be removed as a collaborator (404)', async () => {
    const app = await team();
    const collaboratorIds = (await collaboratorsOf(runtime, app)).map((c) => c.id);
    let invitationId = 0;
    for (let i = 0; i < 20 && (invitationId === 0 || collaboratorIds.includes(invitationId)); i++) {
      invitationId = (await invited_(app, newEmail())).invitation.id;
    }
    const response = await requestForApp(as.owner, 'DELETE', `/api/v1/collaborators/${invitationId}`, app.id);
    expect(response.statusCode).toBe(404);
    expect((await invitationsOf(app)).every((i) => i.status === 'pending')).toBe(true);
  });
});
