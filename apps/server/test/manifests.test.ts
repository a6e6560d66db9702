import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime';
import {
  ACTORS,
  type Actor,
  appWithMembers,
  grantProduction,
  MANAGERS,
  signInActors,
  statusByActor,
} from './apps-support';
import { createVersion, FORM, listVersions, MANIFEST_TEXT, promote, review } from './manifests-support';
import { type Client, countRows, errorOf, startTestRuntime } from './support';

let runtime: Runtime;
let as: Record<Actor, Client>;

beforeAll(async () => {
  runtime = await startTestRuntime();
  as = await signInActors(runtime);
});
afterAll(() => runtime?.close());

/** A fresh app with the signed-in owner, admin and developer; production credentials when asked. */
async function team(options: { production?: boolean } = {}) {
  const { app } = await appWithMembers(runtime, {
    owner: as.owner.user,
    admin: as.admin.user,
    developer: as.developer.user,
  });
  if (options.production) expect((await grantProduction(as.platformAdmin, app.id)).statusCode).toBe(200);
  return app;
}

/** An app with a sandbox version 0.1.0 promoted to production (state confidential). */
async function promoted() {
  const app = await team({ production: true });
  const sandbox = (await createVersion(as.owner, app.id, '0.1.0')).json();
  const production = (await promote(as.owner, sandbox.id)).json();
  return { app, sandbox, production };
}

const versionRow = (id: number) =>
  runtime.database.db.selectFrom('app_versions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('POST /api/v1/app_versioned_manifests', () => {
  it('creates a sandbox version from the builder form: 201 with every field of spec 2 §3', async () => {
    const app = await team();
    const response = await createVersion(as.owner, app.id, '0.1.0');
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      app_version_id: body.id,
      developer_app_id: app.id,
      semantic_version: '0.1.0',
      state: 'draft',
      environment_type: 'Sandbox',
      schema_version: '4.1',
      auth_code_enabled: true,
      changelog: null,
      submittable: false,
      promotable: true,
      published_to_marketplace: false,
      source_app_version_id: null,
      developer_notes: null,
      admin_notes: null,
    });
    expect(body.app_version_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(body.created_at).toISOString()).toBe(body.created_at);
    expect(body.content).toMatchObject({
      schema_version: '4.1',
      app_manifest: { name: app.name },
      sidepanel: { source_url: FORM.sidepanel?.source_url, views: ['rfi.detail', 'change_events.all'] },
      permissions: { company: { directory: 'readonly' }, project: { rfi: 'standard' } },
      post_installation_instruction: {
        notes: 'Map cost codes',
        page: { label: 'Guide', url: 'https://tiles.example/guide' },
      },
    });
    expect(body.content.sidepanel).not.toHaveProperty('type');
    expect(body.configured_manifest_content).toMatchObject({
      auth_code_enabled: true,
      sidepanel: { type: 'sidepanel' },
    });
  });

  it('creates a version from the JSON editor content; app_manifest is the portal’s', async () => {
    const app = await team();
    const response = await createVersion(as.admin, app.id, '1.0.0', { content: MANIFEST_TEXT });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.content.app_manifest).toEqual({ uid: expect.any(String), name: app.name });
    expect(body.content.app_manifest.uid).not.toBe('whatever');
    expect(body.content.fullscreen).toEqual({
      source_url: 'https://tiles.example/app',
      description: 'Dashboard',
    });
    expect(body.configured_manifest_content).toMatchObject({
      fullscreen: { type: 'fullscreen', source_url: 'https://tiles.example/app' },
    });
  });

  it('owner and admin create; developer 403; stranger 404; a platform admin who is not a collaborator 403', async () => {
    const app = await team();
    const expected = statusByActor(201, MANAGERS);
    const versions = {
      owner: '0.1.0',
      admin: '0.2.0',
      developer: '0.3.0',
      stranger: '0.4.0',
      platformAdmin: '0.5.0',
    };
    for (const actor of ACTORS) {
      const response = await createVersion(as[actor], app.id, versions[actor]);
      expect(response.statusCode, actor).toBe(expected[actor]);
      if (expected[actor] !== 201) errorOf(response);
    }
    expect(
      await runtime.database.db
        .selectFrom('app_versions')
        .select('semantic_version')
        .where('developer_app_id', '=', app.id)
        .orderBy('id')
        .execute(),
    ).toEqual([{ semantic_version: '0.1.0' }, { semantic_version: '0.2.0' }]);
  });

  it('refuses a version not greater than the latest sandbox version: 422 on semantic_version, nothing written', async () => {
    const app = await team();
    await createVersion(as.owner, app.id, '0.10.0');
    const before = await countRows(runtime, 'app_versions');
    for (const version of ['0.10.0', '0.9.0', '0.2.5']) {
      const response = await createVersion(as.owner, app.id, version);
      expect(response.statusCode, version).toBe(422);
      const error = errorOf(response);
      expect(error.details[0]).toMatchObject({
        path: 'semantic_version',
        message: 'must be greater than the latest version 0.10.0',
      });
    }
    expect((await createVersion(as.owner, app.id, '0.11.0')).statusCode).toBe(201);
    expect(await countRows(runtime, 'app_versions')).toBe(before + 1);
  });

  it('refuses a malformed semantic version and both or neither of the two contents', async () => {
    const app = await team();
    const before = await countRows(runtime, 'app_versions');
    for (const version of ['1.0', 'v1.0.0', '1.0.0-beta', '']) {
      const response = await createVersion(as.owner, app.id, version);
      expect(response.statusCode, version).toBe(422);
      expect(errorOf(response).details[0]?.path).toBe('semantic_version');
    }
    const both = await createVersion(as.owner, app.id, '0.1.0', {
      content: MANIFEST_TEXT,
      configured_manifest_content: FORM,
    });
    expect(both.statusCode).toBe(422);
    const neither = await as.owner.request({
      method: 'POST',
      url: '/api/v1/app_versioned_manifests',
      payload: { developer_app_id: app.id, environment_type: 'Sandbox', semantic_version: '0.1.0' },
    });
    expect(neither.statusCode).toBe(422);
    const production = await createVersion(as.owner, app.id, '0.1.0', {
      environment_type: 'ProductionEnvironment',
    });
    expect(production.statusCode).toBe(422);
    expect(await countRows(runtime, 'app_versions')).toBe(before);
  });

  it('refuses a form that is not valid for saving, with the spec message', async () => {
    const app = await team();
    const response = await createVersion(as.owner, app.id, '0.1.0', { configured_manifest_content: {} });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).details[0]).toMatchObject({
      path: 'configured_manifest_content',
      message: 'Please fill in the required fields below before creating a version.',
    });
  });

  it('refuses form errors at their field: javascript: URL, unknown view, disallowed level, half instructions', async () => {
    const app = await team();
    const before = await countRows(runtime, 'app_versions');
    const response = await createVersion(as.owner, app.id, '0.1.0', {
      configured_manifest_content: {
        sidepanel: {
          type: 'sidepanel',
          source_url: 'javascript:alert(1)',
          views: ['rfi.detail', 'rfi.nope'],
        },
        permissions: { company: { admin: 'readonly' } },
        post_installation_instruction: { notes: 'only notes' },
      },
    });
    expect(response.statusCode).toBe(422);
    const paths = errorOf(response).details.map((d) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'configured_manifest_content.sidepanel.source_url',
        'configured_manifest_content.sidepanel.views.1',
        'configured_manifest_content.permissions.company.admin',
        'configured_manifest_content.post_installation_instruction.page.label',
        'configured_manifest_content.post_installation_instruction.page.url',
      ]),
    );
    expect(await countRows(runtime, 'app_versions')).toBe(before);
  });

  it('refuses JSON editor content with errors, each with its pointer, line and column', async () => {
    const app = await team();
    const text =
      '{\n  "schema_version": "4.1",\n  "sidepanel": {\n    "source_url": "https://x.example",\n    "views": ["rfi.nope"]\n  }\n}';
    const response = await createVersion(as.owner, app.id, '0.1.0', { content: text });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).details).toEqual([
      {
        path: 'content.sidepanel.views.0',
        code: 'invalid',
        message: 'unknown view key "rfi.nope"',
        params: {
          message: 'unknown view key "rfi.nope"',
          pointer: '/sidepanel/views/0',
          line: 5,
          column: 15,
        },
      },
    ]);
    const invalid = await createVersion(as.owner, app.id, '0.1.0', { content: '{"schema_version": ' });
    expect(errorOf(invalid).details[0]?.message).toBe('Invalid JSON, could not parse manifest');
  });
});

describe('GET /api/v1/manifests', () => {
  it('lists one environment newest first, 100 a page by default, with Total and Per-Page; summaries have no documents', async () => {
    const app = await team({ production: true });
    for (const version of ['0.1.0', '0.2.0', '0.3.0']) await createVersion(as.owner, app.id, version);
    const sandbox = await listVersions(as.developer, app.id, 'Sandbox');
    expect(sandbox.statusCode).toBe(200);
    expect(sandbox.headers.total).toBe('3');
    expect(sandbox.headers['per-page']).toBe('100');
    const rows = sandbox.json();
    expect(rows.map((r: { semantic_version: string }) => r.semantic_version)).toEqual([
      '0.3.0',
      '0.2.0',
      '0.1.0',
    ]);
    expect(rows[0]).not.toHaveProperty('content');
    expect(rows.map((r: { promotable: boolean }) => r.promotable)).toEqual([true, true, true]);
    expect((await listVersions(as.owner, app.id, 'ProductionEnvironment')).json()).toEqual([]);
    const page = await listVersions(as.owner, app.id, 'Sandbox', '&per_page=2&page=2');
    expect(page.json().map((r: { semantic_version: string }) => r.semantic_version)).toEqual(['0.1.0']);
    expect(page.headers.total).toBe('3');
  });

  it('every collaborator and platform admins read; a stranger gets 404', async () => {
    const app = await team();
    await createVersion(as.owner, app.id, '0.1.0');
    const expected = statusByActor(200, ['owner', 'admin', 'developer', 'platformAdmin']);
    for (const actor of ACTORS)
      expect((await listVersions(as[actor], app.id, 'Sandbox')).statusCode, actor).toBe(expected[actor]);
  });

  it('refuses a missing app filter or an unknown environment with 422', async () => {
    const app = await team();
    expect((await as.owner.request({ method: 'GET', url: '/api/v1/manifests' })).statusCode).toBe(422);
    expect(
      (
        await as.owner.request({
          method: 'GET',
          url: `/api/v1/manifests?filters[developer_app_id]=${app.id}&filters[versionable_type]=Production`,
        })
      ).statusCode,
    ).toBe(422);
  });
});

describe('GET /api/v1/app_versioned_manifests/:id', () => {
  it('answers the version with its content to every collaborator; 404 to a stranger and for no such version', async () => {
    const app = await team();
    const created = (await createVersion(as.owner, app.id, '0.1.0')).json();
    const expected = statusByActor(200, ['owner', 'admin', 'developer', 'platformAdmin']);
    for (const actor of ACTORS) {
      const response = await as[actor].request({
        method: 'GET',
        url: `/api/v1/app_versioned_manifests/${created.id}`,
      });
      expect(response.statusCode, actor).toBe(expected[actor]);
      if (response.statusCode === 200) expect(response.json()).toEqual(created);
    }
    expect(
      (await as.owner.request({ method: 'GET', url: '/api/v1/app_versioned_manifests/999999' })).statusCode,
    ).toBe(404);
  });
});

describe('POST /api/v1/app_version_promotions', () => {
  it('creates the production version on top, submittable, with its changelog; the source is no longer promotable', async () => {
    const app = await team({ production: true });
    const sandbox = (await createVersion(as.owner, app.id, '0.1.0')).json();
    const response = await promote(as.admin, sandbox.id, '  First public release  ');
    expect(response.statusCode).toBe(201);
    const production = response.json();
    expect(production).toMatchObject({
      environment_type: 'ProductionEnvironment',
      semantic_version: '0.1.0',
      state: 'confidential',
      submittable: true,
      promotable: false,
      changelog: 'First public release',
      source_app_version_id: sandbox.id,
      content: sandbox.content,
    });
    expect(production.app_version_key).not.toBe(sandbox.app_version_key);
    const list = (await listVersions(as.owner, app.id, 'ProductionEnvironment')).json();
    expect(list[0].id).toBe(production.id);
    expect((await listVersions(as.owner, app.id, 'Sandbox')).json()[0].promotable).toBe(false);
    const again = await promote(as.owner, sandbox.id);
    expect(again.statusCode).toBe(422);
  });

  it('needs production credentials: 422 "production credentials required", nothing written', async () => {
    const app = await team();
    const sandbox = (await createVersion(as.owner, app.id, '0.1.0')).json();
    const before = await countRows(runtime, 'app_versions');
    const response = await promote(as.owner, sandbox.id);
    expect(response.statusCode).toBe(422);
    const error = errorOf(response);
    expect(error.message).toBe('Production credentials required');
    expect(error.errors).toEqual(['Production credentials required']);
    expect(await countRows(runtime, 'app_versions')).toBe(before);
  });

  it('needs release notes', async () => {
    const app = await team({ production: true });
    const sandbox = (await createVersion(as.owner, app.id, '0.1.0')).json();
    for (const changelog of [null, '', '   ']) {
      const response = await promote(as.owner, sandbox.id, changelog);
      expect(response.statusCode).toBe(422);
      expect(errorOf(response).details[0]?.path).toBe('app_version_promotion.changelog');
    }
  });

  it('refuses promoting a production version, or a sandbox version of another app', async () => {
    const { app, production } = await promoted();
    expect((await promote(as.owner, production.id)).statusCode).toBe(422);
    const other = await team({ production: true });
    const foreign = (await createVersion(as.owner, other.id, '0.1.0')).json();
    const response = await promote(as.owner, foreign.id, 'notes', { developer_app_id: app.id });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).details[0]).toMatchObject({
      path: 'app_version_promotion.source_app_version_id',
      message: 'belongs to another app',
    });
    expect(
      await runtime.database.db
        .selectFrom('app_versions')
        .select('id')
        .where('source_app_version_id', '=', foreign.id)
        .execute(),
    ).toEqual([]);
  });

  it('refuses a sandbox version not newer than the latest production version', async () => {
    const app = await team({ production: true });
    const v2 = (await createVersion(as.owner, app.id, '0.2.0')).json();
    const v3 = (await createVersion(as.owner, app.id, '0.3.0')).json();
    expect((await promote(as.owner, v3.id)).statusCode).toBe(201);
    const before = await countRows(runtime, 'app_versions');
    const response = await promote(as.owner, v2.id);
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).details[0]).toMatchObject({
      path: 'app_version_promotion.source_app_version_id',
      message: 'must be newer than the latest production version 0.3.0',
    });
    expect(await countRows(runtime, 'app_versions')).toBe(before);
    const list = (await listVersions(as.owner, app.id, 'Sandbox')).json();
    expect(list.map((r: { promotable: boolean }) => r.promotable)).toEqual([false, false]);
  });

  it('owner and admin promote; developer 403; stranger 404; unknown source 404', async () => {
    const app = await team({ production: true });
    const ids: number[] = [];
    for (const v of ['0.1.0', '0.2.0', '0.3.0', '0.4.0', '0.5.0'])
      ids.push((await createVersion(as.owner, app.id, v)).json().id);
    const expected = statusByActor(201, MANAGERS);
    for (const [index, actor] of ACTORS.entries()) {
      const response = await promote(as[actor], ids[index] as number, 'notes');
      expect(response.statusCode, actor).toBe(expected[actor]);
    }
    expect((await promote(as.owner, 999999)).statusCode).toBe(404);
  });
});

describe('PATCH /api/v1/app_versions/:id — the review state machine', () => {
  it('submit → in_review (developer notes), withdraw → confidential, submit, reject → confidential marked rejected (admin notes), submit, approve → published', async () => {
    const { app, production } = await promoted();
    const submitted = await review(as.owner, production.id, 'in_review', {
      developer_notes: 'Please review',
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({
      state: 'in_review',
      developer_notes: 'Please review',
      submittable: false,
    });
    const withdrawn = await review(as.admin, production.id, 'confidential');
    // A withdrawal is not a rejection: confidential, nothing marked.
    expect(withdrawn.json()).toMatchObject({ state: 'confidential', submittable: true, rejected_at: null });
    expect((await review(as.owner, production.id, 'in_review')).statusCode).toBe(200);
    const rejected = await review(as.platformAdmin, production.id, 'confidential', {
      admin_notes: 'Missing support link',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      state: 'confidential',
      rejected_at: expect.any(String),
      admin_notes: 'Missing support link',
      submittable: true,
    });
    const resubmitted = await review(as.owner, production.id, 'in_review');
    expect(resubmitted.json()).toMatchObject({ state: 'in_review', rejected_at: null, admin_notes: null });
    const approved = await review(as.platformAdmin, production.id, 'published', {
      admin_notes: 'Looks good',
    });
    expect(approved.json()).toMatchObject({
      state: 'published',
      published_to_marketplace: true,
      submittable: false,
      rejected_at: null,
    });
    const events = await runtime.database.db
      .selectFrom('analytics_events')
      .select('key')
      .where(({ eb }) =>
        eb(eb.ref('properties', '->>').key('app_version_id' as never), '=', String(production.id)),
      )
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.key)).toEqual([
      'manifest_review_submit',
      'manifest_review_withdraw',
      'manifest_review_submit',
      'manifest_review_reject',
      'manifest_review_submit',
      'manifest_review_approve',
    ]);
    // Only the platform admin's decisions are audited, with the state and notes they changed.
    const audit = await runtime.database.db
      .selectFrom('audit_events')
      .select(['action', 'subject_id', 'changes'])
      .where('developer_app_id', '=', app.id)
      .where('subject_type', '=', 'app_version')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      {
        action: 'app_version.rejected',
        subject_id: String(production.id),
        changes: {
          before: { state: 'in_review', admin_notes: null },
          after: { state: 'confidential', admin_notes: 'Missing support link' },
        },
      },
      {
        action: 'app_version.approved',
        subject_id: String(production.id),
        changes: {
          // Resubmitting took the rejection's notes off the version: the approval answers the new submission.
          before: { state: 'in_review', admin_notes: null },
          after: { state: 'published', admin_notes: 'Looks good' },
        },
      },
    ]);
    const appJson = (
      await as.owner.request({ method: 'GET', url: `/api/v1/developer_apps/${app.id}` })
    ).json();
    expect(appJson.manifests.latest_production).toMatchObject({ id: production.id, state: 'published' });
  });

  it('rejecting needs the reviewer notes: 422 on app_version.admin_notes and nothing changes (issue 20)', async () => {
    const { app, production } = await promoted();
    await review(as.owner, production.id, 'in_review', { developer_notes: 'Ready' });
    const before = await versionRow(production.id);
    const eventsBefore = await countRows(runtime, 'analytics_events');
    const auditBefore = await countRows(runtime, 'audit_events');
    for (const [state, notes] of [
      ['rejected', {}],
      ['rejected', { admin_notes: '   ' }],
      ['confidential', { admin_notes: '' }],
    ] as const) {
      const response = await review(as.platformAdmin, production.id, state, notes);
      expect(response.statusCode, `${state} ${JSON.stringify(notes)}`).toBe(422);
      expect(errorOf(response).details).toEqual([
        expect.objectContaining({ path: 'app_version.admin_notes', code: 'required' }),
      ]);
    }
    expect(await versionRow(production.id)).toEqual(before);
    expect(await countRows(runtime, 'analytics_events')).toBe(eventsBefore);
    expect(await countRows(runtime, 'audit_events')).toBe(auditBefore);
    // A developer cannot reject at all, notes or not.
    expect((await review(as.owner, production.id, 'rejected', {})).statusCode).toBe(403);
    const developerView = (await listVersions(as.developer, app.id, 'ProductionEnvironment')).json();
    expect(developerView[0]).toMatchObject({ id: production.id, state: 'in_review' });
  });

  it("the spec's reject: an admin's confidential with admin_notes on an in-review version answers confidential (spec 2 §4)", async () => {
    const { production } = await promoted();
    await review(as.owner, production.id, 'in_review');
    const at = new Date();
    const response = await review(as.platformAdmin, production.id, 'confidential', {
      admin_notes: 'Scopes too broad',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: production.id,
      state: 'confidential',
      admin_notes: 'Scopes too broad',
      submittable: true,
    });
    expect(new Date(body.rejected_at).getTime()).toBeGreaterThanOrEqual(at.getTime() - 1000);
    // Stored as the spec's state too: the check constraint knows no other.
    expect(await versionRow(production.id)).toMatchObject({
      state: 'confidential',
      rejected_at: expect.any(Date),
    });
  });

  it('a rejection shows the developer the rejected mark and notes; resubmitting clears them, the history keeps them (issue 20)', async () => {
    const { app, production } = await promoted();
    await review(as.owner, production.id, 'in_review');
    const rejected = await review(as.platformAdmin, production.id, 'confidential', {
      admin_notes: 'The RFI scope is broader than the side panel needs.',
    });
    expect(rejected.statusCode).toBe(200);
    // Every collaborator reads it: in the list, the version and the app's header summary.
    const listed = (await listVersions(as.developer, app.id, 'ProductionEnvironment')).json();
    expect(listed[0]).toMatchObject({
      id: production.id,
      state: 'confidential',
      rejected_at: rejected.json().rejected_at,
      admin_notes: 'The RFI scope is broader than the side panel needs.',
      submittable: true,
    });
    expect(listed[0].rejected_at).toEqual(expect.any(String));
    const one = await as.developer.request({
      method: 'GET',
      url: `/api/v1/app_versioned_manifests/${production.id}`,
    });
    expect(one.json()).toMatchObject({
      state: 'confidential',
      rejected_at: listed[0].rejected_at,
      admin_notes: listed[0].admin_notes,
    });
    const appJson = (
      await as.developer.request({ method: 'GET', url: `/api/v1/developer_apps/${app.id}` })
    ).json();
    expect(appJson.manifests.latest_production).toMatchObject({
      state: 'confidential',
      rejected_at: listed[0].rejected_at,
    });
    // A rejected version cannot be approved or rejected again without a new submission.
    expect((await review(as.platformAdmin, production.id, 'published')).statusCode).toBe(422);

    const resubmitted = await review(as.owner, production.id, 'in_review', {
      developer_notes: 'Narrowed the scope',
    });
    expect(resubmitted.statusCode).toBe(200);
    expect(resubmitted.json()).toMatchObject({
      state: 'in_review',
      admin_notes: null,
      rejected_at: null,
      developer_notes: 'Narrowed the scope',
      submittable: false,
    });
    const relisted = (await listVersions(as.developer, app.id, 'ProductionEnvironment')).json();
    expect(relisted[0]).toMatchObject({ state: 'in_review', rejected_at: null, admin_notes: null });
    const events = await runtime.database.db
      .selectFrom('analytics_events')
      .select(['key', 'properties'])
      .where(({ eb }) =>
        eb(eb.ref('properties', '->>').key('app_version_id' as never), '=', String(production.id)),
      )
      .orderBy('id')
      .execute();
    expect(events.map((e) => [e.key, (e.properties as { notes?: string }).notes ?? null])).toEqual([
      ['manifest_review_submit', null],
      ['manifest_review_reject', 'The RFI scope is broader than the side panel needs.'],
      ['manifest_review_submit', 'Narrowed the scope'],
    ]);
    const approved = await review(as.platformAdmin, production.id, 'published', { admin_notes: 'Thanks' });
    expect(approved.json()).toMatchObject({ state: 'published', admin_notes: 'Thanks' });
  });

  it('any other transition is 422 naming the current state, nothing written', async () => {
    const { production } = await promoted();
    const withdraw = await review(as.owner, production.id, 'confidential');
    expect(withdraw.statusCode).toBe(422);
    expect(errorOf(withdraw).details[0]).toMatchObject({
      path: 'app_version.state',
      message: 'cannot withdraw a version that is confidential',
    });
    const approve = await review(as.platformAdmin, production.id, 'published');
    expect(approve.statusCode).toBe(422);
    expect(errorOf(approve).details[0]?.message).toContain('confidential');
    await review(as.owner, production.id, 'in_review');
    const twice = await review(as.owner, production.id, 'in_review');
    expect(twice.statusCode).toBe(422);
    expect(errorOf(twice).details[0]?.message).toContain('in_review');
    await review(as.platformAdmin, production.id, 'published');
    for (const state of ['in_review', 'confidential']) {
      const response = await review(as.owner, production.id, state);
      expect(response.statusCode, state).toBe(422);
      expect(errorOf(response).details[0]?.message).toContain('published');
    }
    expect((await versionRow(production.id)).state).toBe('published');
  });

  it('refuses submitting a version that is not submittable: a sandbox version, an older production version', async () => {
    const { app, sandbox, production } = await promoted();
    const onSandbox = await review(as.owner, sandbox.id, 'in_review');
    expect(onSandbox.statusCode).toBe(422);
    expect(errorOf(onSandbox).details[0]?.message).toContain('sandbox');
    const next = (await createVersion(as.owner, app.id, '0.2.0')).json();
    await promote(as.owner, next.id);
    const older = await review(as.owner, production.id, 'in_review');
    expect(older.statusCode).toBe(422);
    expect((await versionRow(production.id)).state).toBe('confidential');
  });

  it('approving or rejecting as a developer, owner or admin is 403; a stranger gets 404', async () => {
    const { production } = await promoted();
    await review(as.owner, production.id, 'in_review');
    for (const actor of ['owner', 'admin', 'developer'] as const) {
      expect((await review(as[actor], production.id, 'published')).statusCode, actor).toBe(403);
      expect(
        (await review(as[actor], production.id, 'confidential', { admin_notes: 'x' })).statusCode,
        actor,
      ).toBe(403);
    }
    expect((await review(as.developer, production.id, 'confidential')).statusCode).toBe(403);
    expect((await review(as.stranger, production.id, 'published')).statusCode).toBe(404);
    expect((await versionRow(production.id)).state).toBe('in_review');
  });

  it('submit and withdraw: owner and admin 200, developer 403, stranger 404, platform admin 200', async () => {
    const expected = statusByActor(200, ['owner', 'admin', 'platformAdmin']);
    for (const actor of ACTORS) {
      const { production } = await promoted();
      const response = await review(as[actor], production.id, 'in_review');
      expect(response.statusCode, actor).toBe(expected[actor]);
    }
  });

  it('refuses a body id other than the path id, and unknown states', async () => {
    const { production } = await promoted();
    const mismatch = await as.owner.request({
      method: 'PATCH',
      url: `/api/v1/app_versions/${production.id}`,
      payload: { app_version: { id: production.id + 1, state: 'in_review' } },
    });
    expect(mismatch.statusCode).toBe(422);
    expect((await review(as.owner, production.id, 'draft')).statusCode).toBe(422);
    expect((await review(as.owner, 999999, 'in_review')).statusCode).toBe(404);
  });
});

describe('the app JSON', () => {
  it('carries the latest sandbox and production versions for the layout', async () => {
    const { app, production } = await promoted();
    const next = (await createVersion(as.owner, app.id, '0.2.0')).json();
    const body = (
      await as.developer.request({ method: 'GET', url: `/api/v1/developer_apps/${app.id}` })
    ).json();
    expect(body.manifests).toMatchObject({
      latest_sandbox: { id: next.id, semantic_version: '0.2.0', promotable: true },
      latest_production: { id: production.id, semantic_version: '0.1.0', submittable: true },
      sandbox_count: 2,
      production_count: 1,
    });
    expect(body.manifests.latest_sandbox).not.toHaveProperty('content');
    expect(body.permissions).toMatchObject({
      canModifyManifests: false,
      canCreateSandboxManifests: false,
      canSetSemanticVersions: false,
    });
  });
});
