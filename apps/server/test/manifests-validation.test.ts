import {
  INVALID_JSON_MESSAGE,
  MANIFEST_LIMITS,
  MANIFEST_TEMPLATES,
  PERMISSION_CATALOGUE,
  VIEW_KEYS,
} from '@lintel/shared/manifests';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime';
import { ACTORS, type Actor, appWithMembers, signInActors, statusByActor } from './apps-support';
import { createVersion, FORM, MANIFEST_TEXT, validate } from './manifests-support';
import { type Client, countRows, createUser, errorOf, signIn, startTestRuntime } from './support';

let runtime: Runtime;
let as: Record<Actor, Client>;

beforeAll(async () => {
  runtime = await startTestRuntime();
  as = await signInActors(runtime);
});
afterAll(() => runtime?.close());

const team = async () =>
  (
    await appWithMembers(runtime, {
      owner: as.owner.user,
      admin: as.admin.user,
      developer: as.developer.user,
    })
  ).app;

describe('POST /api/v1/manifest_validations', () => {
  it('answers [] for a valid manifest', async () => {
    const app = await team();
    const response = await validate(as.owner, app.id, MANIFEST_TEXT);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ errors: [] });
  });

  it('gives every error its JSON pointer and its line and column in the submitted text', async () => {
    const app = await team();
    const text = [
      '{',
      '  "schema_version": "4.1",',
      '  "sidepanel": {',
      '    "source_url": "javascript:alert(1)",',
      '    "views": [',
      '      "rfi.detail",',
      '      "rfi.unknown"',
      '    ]',
      '  },',
      '  "permissions": { "company": { "admin": "readonly" } },',
      '  "surprise": 1',
      '}',
    ].join('\n');
    const { errors } = (await validate(as.developer, app.id, text)).json();
    expect(errors).toEqual(
      expect.arrayContaining([
        { pointer: '/surprise', line: 11, column: 3, message: 'unknown property "surprise"' },
        { pointer: '/sidepanel/source_url', line: 4, column: 5, message: 'A valid URL is required' },
        { pointer: '/sidepanel/views/1', line: 7, column: 7, message: 'unknown view key "rfi.unknown"' },
        {
          pointer: '/permissions/company/admin',
          line: 10,
          column: 33,
          message: expect.stringMatching(/not allowed/),
        },
      ]),
    );
    expect(errors).toHaveLength(4);
  });

  it('gives invalid JSON one error at the syntax error', async () => {
    const app = await team();
    const response = await validate(as.owner, app.id, '{\n  "schema_version": "4.1"\n  "fullscreen": {}\n}');
    expect(response.json()).toEqual({
      errors: [{ message: INVALID_JSON_MESSAGE, pointer: '', line: 3, column: 3 }],
    });
  });

  it('refuses unknown schema versions at /schema_version', async () => {
    const app = await team();
    const { errors } = (await validate(as.owner, app.id, '{"schema_version": "4.0"}')).json();
    expect(errors).toEqual([
      {
        pointer: '/schema_version',
        line: 1,
        column: 2,
        message: expect.stringContaining('unknown schema version "4.0"'),
      },
    ]);
  });

  it('is for whoever sees the app: stranger 404', async () => {
    const app = await team();
    const expected = statusByActor(200, ['owner', 'admin', 'developer', 'platformAdmin']);
    for (const actor of ACTORS)
      expect((await validate(as[actor], app.id, MANIFEST_TEXT)).statusCode, actor).toBe(expected[actor]);
  });

  it('refuses a 5 MB manifest (413) and one past the manifest limit (422); the size is clear', async () => {
    const app = await team();
    const huge = await validate(as.owner, app.id, 'x'.repeat(5 * 1024 * 1024));
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge).code).toBe('payload_too_large');
    const over = await validate(as.owner, app.id, `{"a": "${'x'.repeat(MANIFEST_LIMITS.contentChars)}"}`);
    expect(over.statusCode).toBe(422);
    expect(errorOf(over).details[0]?.path).toBe('manifest.content');
  });

  it('validates a 200 kB manifest', async () => {
    const app = await team();
    const properties = Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [
        `key_${i}`,
        { name: `Key ${i}`, type: 'string', description: 'd'.repeat(900) },
      ]),
    );
    const manifest = JSON.parse(MANIFEST_TEXT);
    manifest.fullscreen.user_configuration = { schema: { type: 'object', required: [], properties } };
    manifest.post_installation_instruction = {
      notes: 'n'.repeat(5000),
      page: { label: 'l', url: 'https://x.example' },
    };
    manifest.sidepanel = {
      source_url: 'https://x.example',
      views: VIEW_KEYS.slice(0, 40),
      user_configuration: { schema: { type: 'object', properties } },
    };
    const text = JSON.stringify(manifest, null, 2);
    expect(text.length).toBeGreaterThan(90_000);
    expect((await validate(as.owner, app.id, text)).json()).toEqual({ errors: [] });
  });
});

describe('bad input on version creation (issue 9 "Bad input"): 4xx with the error shape, nothing written', () => {
  const manifest = (overrides: Record<string, unknown>) =>
    JSON.stringify({ schema_version: '4.1', fullscreen: { source_url: 'https://x.example' }, ...overrides });
  const cases: [string, unknown, number, string][] = [
    ['malformed JSON', '{"schema_version": "4.1",', 422, 'content'],
    ['a 5 MB manifest', `{"schema_version": "4.1", "x": "${'x'.repeat(5 * 1024 * 1024)}"}`, 413, ''],
    ['an unknown schema version', manifest({ schema_version: '7' }), 422, 'content.schema_version'],
    [
      'an unknown view key',
      manifest({ sidepanel: { source_url: 'https://x.example', views: ['rfi.all', 'nope.detail'] } }),
      422,
      'content.sidepanel.views.1',
    ],
    [
      'a permission level the tool disallows',
      manifest({ permissions: { project: { admin: 'standard' } } }),
      422,
      'content.permissions.project.admin',
    ],
    [
      'a javascript: source URL',
      manifest({ fullscreen: { source_url: 'javascript:alert(document.cookie)' } }),
      422,
      'content.fullscreen.source_url',
    ],
  ];
  for (const [name, content, status, path] of cases) {
    it(name, async () => {
      const app = await team();
      const before = await countRows(runtime, 'app_versions');
      const response = await createVersion(as.owner, app.id, '0.1.0', { content });
      expect(response.statusCode).toBe(status);
      const error = errorOf(response);
      if (path) expect(error.details.map((d) => d.path)).toContain(path);
      expect(await countRows(runtime, 'app_versions')).toBe(before);
    });
  }
});

describe('templates, snippets, the permission catalogue and the view keys', () => {
  it('answers the template of each schema version', async () => {
    const response = await as.developer.request({ method: 'GET', url: '/api/v1/manifest_templates' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(MANIFEST_TEMPLATES);
  });

  it('answers the four snippets of a version; has_existing_manifest matters below 4', async () => {
    const get = (url: string) => as.developer.request({ method: 'GET', url });
    const v41 = await get('/api/v1/manifest_templates/4.1/snippets');
    expect(Object.keys(v41.json())).toEqual(['oauth', 'iframe', 'fullscreen', 'sidepanel']);
    expect((await get('/api/v1/manifest_templates/4.1/snippets?has_existing_manifest=true')).json()).toEqual(
      v41.json(),
    );
    const fresh = (await get('/api/v1/manifest_templates/3/snippets?has_existing_manifest=false')).json();
    const existing = (await get('/api/v1/manifest_templates/3/snippets?has_existing_manifest=true')).json();
    expect(fresh.sidepanel).toHaveProperty('components');
    expect(existing.sidepanel).toMatchObject({ type: 'sidepanel' });
    expect((await get('/api/v1/manifest_templates/5/snippets')).statusCode).toBe(422);
  });

  it('answers the permission catalogue and the view keys', async () => {
    const catalogue = (
      await as.developer.request({ method: 'GET', url: '/api/v1/manifest_permissions' })
    ).json();
    expect(catalogue.levels).toEqual([
      { id: 1, name: 'none', label: 'None' },
      { id: 2, name: 'readonly', label: 'Read-only' },
      { id: 3, name: 'standard', label: 'Standard' },
      { id: 4, name: 'admin', label: 'Admin' },
    ]);
    expect(catalogue.company).toEqual(PERMISSION_CATALOGUE.company);
    expect(catalogue.company.find((t: { name: string }) => t.name === 'admin').disabled_uals).toEqual([2, 3]);
    const views = (await as.developer.request({ method: 'GET', url: '/api/v1/manifest_views' })).json();
    expect(views.views).toContain('commitments.work_order_contracts.detail');
  });

  it('needs a session', async () => {
    for (const url of [
      '/api/v1/manifest_templates',
      '/api/v1/manifest_permissions',
      '/api/v1/manifest_views',
    ])
      expect((await runtime.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('POST /api/v1/analytics', () => {
  it('records opted_in and opted_out events', async () => {
    const before = await countRows(runtime, 'analytics_events');
    for (const key of ['opted_in', 'opted_out']) {
      const response = await as.developer.request({
        method: 'POST',
        url: '/api/v1/analytics',
        payload: { key, additional_properties: { source: 'modal' } },
      });
      expect(response.statusCode).toBe(204);
    }
    const rows = await runtime.database.db
      .selectFrom('analytics_events')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(rows.map((r) => [r.key, r.user_id, r.properties])).toEqual([
      ['opted_out', as.developer.user.id, { source: 'modal' }],
      ['opted_in', as.developer.user.id, { source: 'modal' }],
    ]);
    expect(await countRows(runtime, 'analytics_events')).toBe(before + 2);
  });

  it('refuses unknown keys', async () => {
    const response = await as.developer.request({
      method: 'POST',
      url: '/api/v1/analytics',
      payload: { key: 'made_up' },
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('session features and the configuration switches', () => {
  it('the session carries the defaults', async () => {
    const response = await as.developer.request({ method: 'GET', url: '/api/v1/session' });
    expect(response.json().features).toEqual({
      can_create_sandbox_manifests: true,
      government_cloud: false,
      form_experience_forced: false,
      security_and_compliance_enabled: true,
      listing_application: {
        enabled: true,
        existing_partner_form_url: null,
        new_partner_form_url: null,
        partner_programs_email: 'partner-programs@lintel.dev',
      },
    });
  });

  it('the listing switches: the Security and Compliance tab off, the partner forms configured', async () => {
    const configured = await startTestRuntime({
      env: {
        SECURITY_AND_COMPLIANCE_ENABLED: 'false',
        LISTING_EXISTING_PARTNER_FORM_URL: 'https://partners.example.com/existing',
        LISTING_NEW_PARTNER_FORM_URL: 'https://partners.example.com/new',
        PARTNER_PROGRAMS_EMAIL: 'partners@example.com',
      },
    });
    try {
      const client = await signIn(configured.app, await createUser(configured));
      const features = (await client.request({ method: 'GET', url: '/api/v1/session' })).json().features;
      expect(features.security_and_compliance_enabled).toBe(false);
      expect(features.listing_application).toEqual({
        enabled: true,
        existing_partner_form_url: 'https://partners.example.com/existing',
        new_partner_form_url: 'https://partners.example.com/new',
        partner_programs_email: 'partners@example.com',
      });
    } finally {
      await configured.close();
    }
  });

  it('CAN_CREATE_SANDBOX_MANIFESTS=false: creation refused (403), the flag off on the app and in the session', async () => {
    const off = await startTestRuntime({
      env: { CAN_CREATE_SANDBOX_MANIFESTS: 'false', FORM_EXPERIENCE_FORCED: 'true' },
    });
    try {
      const owner = await createUser(off);
      const client = await signIn(off.app, owner);
      const app = await off.services.developerApps.create(owner, 'Switch Off');
      const response = await createVersion(client, app.app.id, '0.1.0');
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).code).toBe('forbidden');
      expect(await countRows(off, 'app_versions')).toBe(0);
      const appJson = (
        await client.request({ method: 'GET', url: `/api/v1/developer_apps/${app.app.id}` })
      ).json();
      expect(appJson.permissions.canCreateSandboxManifests).toBe(false);
      expect(appJson.permissions.canModifyManifests).toBe(true);
      expect((await client.request({ method: 'GET', url: '/api/v1/session' })).json().features).toMatchObject(
        {
          can_create_sandbox_manifests: false,
          government_cloud: false,
          form_experience_forced: true,
        },
      );
    } finally {
      await off.close();
    }
  });

  it('GOVERNMENT_CLOUD=true: side panels are refused', async () => {
    const gov = await startTestRuntime({ env: { GOVERNMENT_CLOUD: 'true' } });
    try {
      const owner = await createUser(gov);
      const client = await signIn(gov.app, owner);
      const { app } = await gov.services.developerApps.create(owner, 'Gov');
      const response = await createVersion(client, app.id, '0.1.0', { configured_manifest_content: FORM });
      expect(response.statusCode).toBe(422);
      expect(errorOf(response).details.map((d) => d.path)).toContain(
        'configured_manifest_content.sidepanel.type',
      );
      const { errors } = (
        await validate(
          client,
          app.id,
          JSON.stringify({
            schema_version: '4.1',
            sidepanel: { source_url: 'https://x.example', views: ['rfi.detail'] },
          }),
        )
      ).json();
      expect(errors.map((e: { pointer: string }) => e.pointer)).toEqual(['/sidepanel/type']);
      expect(
        (await client.request({ method: 'GET', url: '/api/v1/session' })).json().features.government_cloud,
      ).toBe(true);
    } finally {
      await gov.close();
    }
  });
});
