import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime';
import { type Actor, appWithTeam, LOGO_PNG, multipart, PNG_1PX, pngOf, provisionNow } from './apps-support';
import { createUser, errorOf, outboundEmails, signIn, startTestRuntime } from './support';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime({ env: { SANDBOX_PROVISION_DELAY_MS: '3600000' } });
});
afterAll(() => runtime?.close());

const base = '/api/v1/developer_apps';

describe('POST /api/v1/developer_apps', () => {
  it('creates the app with its owner and a pending sandbox whose provisioning job is queued', async () => {
    const client = await signIn(runtime.app, await createUser(runtime));
    const response = await client.request({
      method: 'POST',
      url: base,
      payload: { internal_name: '  Crane Log  ' },
    });
    expect(response.statusCode).toBe(201);
    const app = response.json();
    expect(app).toMatchObject({
      internal_name: 'Crane Log',
      name: 'Crane Log',
      owner: { id: client.user.id, email: client.user.email },
      current_user_role: 'owner',
      production_access: 'none',
      uid: null,
      confidential: true,
      deleted_at: null,
      sandbox: { status: 'pending', live: false, app_id: null, url: null },
    });
    expect(app.permissions).toMatchObject({ canEdit: true, canDestroy: true, canGenerateFakeSandbox: false });
    const jobs = await runtime.queue.boss.findJobs('platform.sandbox.provision', {
      data: { sandboxId: app.sandbox.id },
    });
    expect(jobs).toHaveLength(1);
  });

  it.each([
    [{ internal_name: '' }, 'internal_name'],
    [{ internal_name: 'x'.repeat(121) }, 'internal_name'],
    [{}, 'internal_name'],
    [{ internal_name: 'ok', owner_id: 1 }, 'owner_id'],
  ])('refuses %j with 422 and creates nothing', async (payload, path) => {
    const client = await signIn(runtime.app, await createUser(runtime));
    const response = await client.request({ method: 'POST', url: base, payload });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).details.map((d) => d.path)).toEqual([path]);
    const apps = await runtime.database.db
      .selectFrom('developer_apps')
      .select('id')
      .where('owner_id', '=', client.user.id)
      .execute();
    expect(apps).toEqual([]);
  });
});

describe('GET /api/v1/developer_apps', () => {
  it('lists only the apps the user owns or collaborates on, with role and sandbox status', async () => {
    const { app, clients } = await appWithTeam(runtime, 'Listed');
    const own = await clients.owner.request({ method: 'GET', url: base });
    expect(own.headers.total).toBe('1');
    expect(own.json()).toEqual([
      expect.objectContaining({
        id: app.id,
        name: 'Listed',
        current_user_role: 'owner',
        sandbox_status: 'pending',
        thumbnail_url: null,
      }),
    ]);
    expect((await clients.developer.request({ method: 'GET', url: base })).json()[0].current_user_role).toBe(
      'developer',
    );
    expect((await clients.stranger.request({ method: 'GET', url: base })).json()).toEqual([]);
  });

  it('pages newest first with the total on every page, past the last one too, and leaves deleted apps out', async () => {
    const user = await createUser(runtime);
    const client = await signIn(runtime.app, user);
    const names = ['One', 'Two', 'Three', 'Four', 'Five'];
    for (const name of names) {
      expect(
        (await client.request({ method: 'POST', url: base, payload: { internal_name: name } })).statusCode,
      ).toBe(201);
    }
    const gone = (
      await client.request({ method: 'POST', url: base, payload: { internal_name: 'Gone' } })
    ).json();
    await runtime.database.db
      .updateTable('developer_apps')
      .set({ deleted_at: new Date() })
      .where('id', '=', gone.id)
      .execute();
    const pageOf = (page: number) =>
      client.request({ method: 'GET', url: `${base}?page=${page}&per_page=2` });
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const response = await pageOf(page);
      expect(response.headers.total, `page ${page}`).toBe('5');
      expect(response.headers['per-page']).toBe('2');
      seen.push(...response.json().map((item: { name: string }) => item.name));
    }
    expect(seen).toEqual([...names].reverse());
    const past = await pageOf(4);
    expect(past.json()).toEqual([]);
    expect(past.headers.total).toBe('5');
  });
});

describe('the role matrix on one app (spec 2 §6)', () => {
  const matrix: { action: string; expected: Record<Actor, number> }[] = [
    {
      action: 'read',
      expected: { owner: 200, admin: 200, developer: 200, stranger: 404, platformAdmin: 200 },
    },
    {
      action: 'rename',
      expected: { owner: 200, admin: 200, developer: 403, stranger: 404, platformAdmin: 403 },
    },
    {
      action: 'redirect',
      expected: { owner: 200, admin: 200, developer: 403, stranger: 404, platformAdmin: 403 },
    },
    {
      action: 'thumbnail',
      expected: { owner: 200, admin: 200, developer: 403, stranger: 404, platformAdmin: 403 },
    },
    {
      action: 'delete',
      expected: { owner: 204, admin: 403, developer: 403, stranger: 404, platformAdmin: 403 },
    },
  ];

  for (const { action, expected } of matrix) {
    it(`${action}: ${JSON.stringify(expected)}`, async () => {
      const team = await appWithTeam(runtime, `Matrix ${action}`);
      for (const actor of Object.keys(expected) as Actor[]) {
        const url = `${base}/${team.app.id}`;
        const client = team.clients[actor];
        const response =
          action === 'read'
            ? await client.request({ method: 'GET', url })
            : action === 'rename'
              ? await client.request({
                  method: 'PATCH',
                  url,
                  payload: { developer_app: { name: `By ${actor}` } },
                })
              : action === 'redirect'
                ? await client.request({
                    method: 'PATCH',
                    url,
                    payload: { developer_app: { redirect_uri: 'https://example.com/cb' } },
                  })
                : action === 'thumbnail'
                  ? await client.request({
                      method: 'PATCH',
                      url,
                      ...multipart('developer_app[thumbnail]', 'logo.png', 'image/png', LOGO_PNG),
                    })
                  : await client.request({ method: 'DELETE', url });
        expect(response.statusCode, `${action} as ${actor}`).toBe(expected[actor]);
        if (response.statusCode >= 400) errorOf(response);
        // a successful delete ends the row's life for the later actors: recreate the state
        if (action === 'delete' && response.statusCode === 204) {
          await runtime.database.db
            .updateTable('developer_apps')
            .set({ deleted_at: null })
            .where('id', '=', team.app.id)
            .execute();
        }
      }
    });
  }

  it('sends each actor their own role and permissions', async () => {
    const { app, clients } = await appWithTeam(runtime, 'Flags');
    const of = async (actor: Actor) =>
      (await clients[actor].request({ method: 'GET', url: `${base}/${app.id}` })).json();
    expect((await of('admin')).permissions).toMatchObject({
      canEdit: true,
      canDestroy: false,
      canManageCollaborators: true,
    });
    expect((await of('developer')).permissions).toMatchObject({
      canEdit: false,
      canModifyCredentials: false,
      canViewClientCredentials: true,
    });
    const admin = await of('platformAdmin');
    expect(admin.current_user_role).toBeNull();
    expect(admin.permissions).toMatchObject({ canEdit: false, canGenerateFakeSandbox: true });
  });
});

describe('settings', () => {
  it('saves only the fields sent and keeps the rest', async () => {
    const { app, clients } = await appWithTeam(runtime, 'Settings');
    const response = await clients.admin.request({
      method: 'PATCH',
      url: `${base}/${app.id}`,
      payload: { developer_app: { name: 'Public Name', confidential: false } },
    });
    expect(response.json()).toMatchObject({
      name: 'Public Name',
      internal_name: 'Settings',
      confidential: false,
    });
  });

  it('changes only the one field a PATCH carries (spec 2 §5 saved only when modified)', async () => {
    const { app, clients } = await appWithTeam(runtime, 'One Field');
    const url = `${base}/${app.id}`;
    const setup = await clients.admin.request({
      method: 'PATCH',
      url,
      payload: { developer_app: { name: 'Before', redirect_uri: 'https://one.example.com/cb' } },
    });
    expect(setup.statusCode).toBe(200);
    const row = () =>
      runtime.database.db
        .selectFrom('developer_apps')
        .select(['name', 'internal_name', 'confidential', 'redirect_uri', 'production_access'])
        .where('id', '=', app.id)
        .executeTakeFirstOrThrow();
    const before = await row();

    const response = await clients.admin.request({
      method: 'PATCH',
      url,
      payload: { developer_app: { internal_name: 'One Field v2' } },
    });
    expect(response.statusCode).toBe(200);
    expect(await row()).toEqual({ ...before, internal_name: 'One Field v2' });
  });

  it('validates production redirect URIs line by line and changes nothing on error', async () => {
    const { app, clients } = await appWithTeam(runtime, 'Redirects');
    const url = `${base}/${app.id}`;
    const bad = await clients.owner.request({
      method: 'PATCH',
      url,
      payload: {
        developer_app: {
          redirect_uri:
            'https://ok.example/cb\nhttp://evil.example/cb\nhttps://x.example/cb#frag\njavascript:alert(1)',
        },
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(errorOf(bad).details).toMatchObject([
      {
        path: 'developer_app.redirect_uri',
        message: 'line 2: must use https (http is allowed only for localhost and 127.0.0.1)',
      },
      { path: 'developer_app.redirect_uri', message: 'line 3: must not contain a fragment (#)' },
      { path: 'developer_app.redirect_uri', message: 'line 4: must not use the javascript: scheme' },
    ]);
    expect((await clients.owner.request({ method: 'GET', url })).json().redirect_uri).toBe('');
    const good = await clients.owner.request({
      method: 'PATCH',
      url,
      payload: {
        developer_app: {
          redirect_uri:
            'https://ok.example/cb\n\nhttp://localhost:8080/cb\nhttp://127.0.0.1/cb\nurn:ietf:wg:oauth:2.0:oob\n',
        },
      },
    });
    expect(good.statusCode).toBe(200);
    expect(good.json().redirect_uri).toBe(
      'https://ok.example/cb\nhttp://localhost:8080/cb\nhttp://127.0.0.1/cb\nurn:ietf:wg:oauth:2.0:oob',
    );
  });

  it('accepts a real PNG thumbnail, serves it, and removes it', async () => {
    const { app, clients } = await appWithTeam(runtime, 'Logo');
    const url = `${base}/${app.id}`;
    const uploaded = await clients.owner.request({
      method: 'PATCH',
      url,
      ...multipart('developer_app[thumbnail]', 'logo.png', 'image/png', LOGO_PNG),
    });
    expect(uploaded.statusCode).toBe(200);
    const thumbnailUrl = uploaded.json().thumbnail_url;
    expect(thumbnailUrl).toMatch(new RegExp(`^/api/v1/developer_apps/${app.id}/thumbnail\\?v=\\d+$`));
    const image = await clients.developer.request({ method: 'GET', url: thumbnailUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(LOGO_PNG)).toBe(true);
    expect((await clients.stranger.request({ method: 'GET', url: thumbnailUrl })).statusCode).toBe(404);
    const listed = (await clients.developer.request({ method: 'GET', url: base })).json();
    expect(listed.find((a: { id: number }) => a.id === app.id).thumbnail_url).toBe(thumbnailUrl);

    const removed = await clients.owner.request({
      method: 'PATCH',
      url,
      payload: { developer_app: { remove_thumbnail: true } },
    });
    expect(removed.json().thumbnail_url).toBeNull();
    expect((await clients.owner.request({ method: 'GET', url: thumbnailUrl })).statusCode).toBe(404);
  });

  it('refuses a ".png" that is really text, and a 50 MB upload, changing nothing', async () => {
    const { app, clients } = await appWithTeam(runtime, 'Fake logo');
    const url = `${base}/${app.id}`;
    const text = await clients.owner.request({
      method: 'PATCH',
      url,
      ...multipart(
        'developer_app[thumbnail]',
        'logo.png',
        'image/png',
        Buffer.from('this is not an image at all'),
      ),
    });
    expect(text.statusCode).toBe(422);
    expect(errorOf(text).details).toMatchObject([
      { path: 'developer_app.thumbnail', code: 'file_type', message: 'logo.png is not a JPEG or PNG file' },
    ]);
    const huge = await clients.owner.request({
      method: 'PATCH',
      url,
      ...multipart(
        'developer_app[thumbnail]',
        'huge.png',
        'image/png',
        Buffer.concat([PNG_1PX, Buffer.alloc(50 * 1024 * 1024)]),
      ),
    });
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge).code).toBe('payload_too_large');
    expect((await clients.owner.request({ method: 'GET', url })).json().thumbnail_url).toBeNull();
  });

  it('refuses a logo that is not square or not larger than 200×200, checked from its bytes (spec 1 §9)', async () => {
    const { app, clients } = await appWithTeam(runtime, 'Logo sizes');
    const url = `${base}/${app.id}`;
    for (const [width, height] of [
      [200, 200],
      [300, 200],
      [1, 1],
    ] as const) {
      const response = await clients.owner.request({
        method: 'PATCH',
        url,
        ...multipart('developer_app[thumbnail]', 'logo.png', 'image/png', pngOf(width, height)),
      });
      expect(response.statusCode, `${width}×${height}`).toBe(422);
      expect(errorOf(response).details).toMatchObject([
        {
          path: 'developer_app.thumbnail',
          code: 'image_size',
          message: 'logo.png must be a square JPEG or PNG image larger than 200×200 pixels',
        },
      ]);
    }
    expect((await clients.owner.request({ method: 'GET', url })).json().thumbnail_url).toBeNull();
    const accepted = await clients.owner.request({
      method: 'PATCH',
      url,
      ...multipart('developer_app[thumbnail]', 'logo.png', 'image/png', pngOf(256, 256)),
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().thumbnail_url).toEqual(expect.any(String));
  });
});

describe('delete', () => {
  it('soft-deletes: gone for developers, readable by platform administrators, undeletable', async () => {
    const { app, clients } = await appWithTeam(runtime, 'Doomed');
    expect((await clients.owner.request({ method: 'DELETE', url: `${base}/${app.id}` })).statusCode).toBe(
      204,
    );
    const row = await runtime.database.db
      .selectFrom('developer_apps')
      .selectAll()
      .where('id', '=', app.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect((await clients.owner.request({ method: 'GET', url: `${base}/${app.id}` })).statusCode).toBe(404);
    expect((await clients.owner.request({ method: 'GET', url: base })).json()).toEqual([]);
    expect(
      (await clients.platformAdmin.request({ method: 'GET', url: `${base}/${app.id}` })).statusCode,
    ).toBe(404);

    const adminView = await clients.platformAdmin.request({
      method: 'GET',
      url: `/api/v1/admin/developer_apps/${app.id}`,
    });
    expect(adminView.statusCode).toBe(200);
    expect(adminView.json().deleted_at).toEqual(expect.any(String));
    expect(
      (await clients.owner.request({ method: 'GET', url: `/api/v1/admin/developer_apps/${app.id}` }))
        .statusCode,
    ).toBe(403);

    const undeleted = await clients.platformAdmin.request({
      method: 'PATCH',
      url: `/api/v1/admin/developer_apps/${app.id}`,
      payload: { developer_app: { deleted_at: null } },
    });
    expect(undeleted.json().deleted_at).toBeNull();
    expect((await clients.owner.request({ method: 'GET', url: `${base}/${app.id}` })).statusCode).toBe(200);
  });
});

describe('sandbox lifecycle (embedded platform)', () => {
  it('goes pending → live: client id, URL and company appear; the job is idempotent', async () => {
    const { app, clients } = await appWithTeam(runtime, 'Provisioned');
    await provisionNow(runtime, app.id);
    await provisionNow(runtime, app.id);
    const sandbox = (await clients.developer.request({ method: 'GET', url: `${base}/${app.id}` })).json()
      .sandbox;
    expect(sandbox).toMatchObject({
      status: 'live',
      live: true,
      app_id: expect.any(String),
      // The company's page on the embedded sandbox, under the portal's public URL (issue 21).
      url: expect.stringMatching(new RegExp(`^${runtime.config.publicUrl}/sandbox/companies/\\d+$`)),
      company_id: expect.any(Number),
    });
    const oauth = await runtime.database.db
      .selectFrom('platform_oauth_applications')
      .selectAll()
      .where('developer_app_id', '=', app.id)
      .execute();
    expect(oauth).toHaveLength(1);
  });

  it('e-mails the owner once when the sandbox is live (the sandbox-missing screen promises it)', async () => {
    const { app, users } = await appWithTeam(runtime, 'Mail me');
    await provisionNow(runtime, app.id);
    await provisionNow(runtime, app.id);
    const mails = (await outboundEmails(runtime)).filter(
      (m) => m.template === 'sandboxReady' && m.to_address === users.owner.email,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your sandbox for Mail me is ready');
    expect(mails[0]?.text_body).toContain(`http://portal.test/developer_apps/${app.id}`);
  });

  it('goes pending → failed when the platform fails', async () => {
    const failing = await startTestRuntime({
      env: { SANDBOX_PROVISION_OUTCOME: 'failed', SANDBOX_PROVISION_DELAY_MS: '0' },
    });
    try {
      const { app, clients } = await appWithTeam(failing, 'Unlucky');
      await provisionNow(failing, app.id);
      const sandbox = (await clients.owner.request({ method: 'GET', url: `${base}/${app.id}` })).json()
        .sandbox;
      expect(sandbox).toMatchObject({ status: 'failed', live: false, app_id: null });
      const mails = (await outboundEmails(failing)).filter((m) => m.template === 'sandboxFailed');
      expect(mails.map((m) => m.subject)).toEqual(['We could not build the sandbox for Unlucky']);
      // staff can still rescue it with a fake sandbox
      const fake = await clients.platformAdmin.request({
        method: 'POST',
        url: `${base}/${app.id}/fake_sandbox`,
      });
      expect(fake.statusCode).toBe(200);
      expect(fake.json().sandbox.status).toBe('live');
    } finally {
      await failing.close();
    }
  });

  it('lets only platform staff generate a fake sandbox, once, and returns its secret for the live card', async () => {
    const { app, clients } = await appWithTeam(runtime, 'Fake');
    const url = `${base}/${app.id}/fake_sandbox`;
    expect((await clients.owner.request({ method: 'POST', url })).statusCode).toBe(403);
    expect((await clients.stranger.request({ method: 'POST', url })).statusCode).toBe(404);
    const employee = await createUser(runtime, { isEmployee: true });
    await runtime.database.db
      .insertInto('collaborators')
      .values({ developer_app_id: app.id, user_id: employee.id, role: 'developer', created_at: new Date() })
      .execute();
    const staff = await signIn(runtime.app, employee);
    const response = await staff.request({ method: 'POST', url });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.sandbox).toMatchObject({ status: 'live', live: true });
    expect(body.app_secret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const stored = await runtime.database.db
      .selectFrom('platform_oauth_applications')
      .select('secret_hash')
      .where('developer_app_id', '=', app.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_hash).not.toContain(body.app_secret);
    // The confidential app's live card shows it again, and nothing else in the app carries it.
    const { sandbox, ...rest } = (await staff.request({ method: 'GET', url: `${base}/${app.id}` })).json();
    expect(sandbox.app_secret).toBe(body.app_secret);
    expect(JSON.stringify(rest)).not.toContain(body.app_secret);
    const again = await staff.request({ method: 'POST', url });
    expect(again.statusCode).toBe(409);
  });
});
