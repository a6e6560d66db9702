import { describe, expect, it } from 'vitest';
import { toManifestContent } from './configured';
import { INVALID_JSON_MESSAGE, MANIFEST_LIMITS } from './limits';
import { MANIFEST_TEMPLATES, manifestSnippets } from './templates';
import { validateManifestContent, validateManifestText } from './validate';

const v41 = {
  schema_version: '4.1',
  app_manifest: { uid: 'generated', name: 'generated' },
  post_installation_instruction: {
    notes: 'Invite',
    page: { url: 'https://help.example/start', label: 'Start' },
  },
  fullscreen: {
    uuid: 'generated',
    source_url: 'https://gridline.example/{{tenant}}/dashboard?project={{procore.project.id}}',
    description: 'Dashboard',
    user_configuration: {
      schema: {
        type: 'object',
        required: ['tenant'],
        properties: {
          tenant: {
            name: 'Tenant',
            type: 'string',
            description: 'Tenant.',
            support_link: { url: 'https://h.example', label: 'Help' },
          },
        },
      },
    },
  },
  sidepanel: {
    uuid: 'generated',
    source_url: 'https://gridline.example/panel',
    views: ['commitments.purchase_order_contracts.detail', 'change_events.all'],
  },
  permissions: {
    company: { directory: 'readonly', documents: 'standard' },
    project: { budgeting: 'readonly', rfi: 'readonly' },
  },
};

const v3 = {
  schema_version: '3.2',
  app_manifest: { id: 'generated' },
  post_installation_instruction: {
    notes: 'Map',
    page: { url: 'https://docs.example/setup', label: 'Guide' },
  },
  components: {
    oauth: { instances: [{ uid: 'g', uuid: 'g', grant_type: 'authorization_code' }] },
    iframe: {
      instances: [
        {
          name: 'Panel',
          type: 'sidepanel',
          uuid: 'g',
          views: ['rfi.detail', 'change_events.all'],
          required: true,
          iframe_src: 'https://app.example/panel?company={{procore.company.id}}&region={{region}}',
          description: 'Tile order',
          configuration: {
            schema: {
              type: 'object',
              required: ['region'],
              properties: { region: { name: 'Region', type: 'string', description: 'Code.' } },
            },
          },
        },
      ],
    },
  },
};

const text = (value: unknown) => JSON.stringify(value, null, 2);

describe('validateManifestText', () => {
  it('accepts the reference examples of 4.1 and 3.2, the templates and the snippets', () => {
    expect(validateManifestText(text(v41))).toEqual([]);
    expect(validateManifestText(text(v3))).toEqual([]);
    expect(validateManifestContent(MANIFEST_TEMPLATES['3'])).toEqual([]);
    expect(validateManifestContent(MANIFEST_TEMPLATES['4.1'])).toEqual([]);
    for (const snippet of Object.values(manifestSnippets('4.1', false)))
      expect(validateManifestContent({ ...MANIFEST_TEMPLATES['4.1'], ...snippet })).toEqual([]);
    for (const snippet of Object.values(manifestSnippets('3', false)))
      expect(validateManifestContent(snippet)).toEqual([]);
  });
  it('gives invalid JSON one error at the syntax error', () => {
    expect(validateManifestText('{\n  "schema_version": "4.1",\n  "sidepanel": {,\n}')).toEqual([
      { message: INVALID_JSON_MESSAGE, pointer: '', line: 3, column: 17 },
    ]);
    expect(validateManifestText('')).toEqual([
      { message: INVALID_JSON_MESSAGE, pointer: '', line: 1, column: 1 },
    ]);
    expect(validateManifestText('{"a": 1} trailing')[0]?.message).toBe(INVALID_JSON_MESSAGE);
  });
  it('puts an unknown view at its element, with line and column', () => {
    const manifest = { ...v41, sidepanel: { ...v41.sidepanel, views: ['rfi.detail', 'rfi.nope'] } };
    const source = text(manifest);
    const errors = validateManifestText(source);
    expect(errors).toHaveLength(1);
    const [error] = errors;
    expect(error).toMatchObject({ pointer: '/sidepanel/views/1', message: 'unknown view key "rfi.nope"' });
    const lines = source.split('\n');
    const line = lines.findIndex((l) => l.includes('"rfi.nope"')) + 1;
    expect(error?.line).toBe(line);
    expect(error?.column).toBe((lines[line - 1] ?? '').indexOf('"rfi.nope"') + 1);
  });
  it('reports every error, each with its pointer', () => {
    const manifest = {
      ...v41,
      extra: true,
      fullscreen: { source_url: 'javascript:alert(1)', views: ['rfi.detail'] },
      sidepanel: { source_url: 'https://x.example', views: [] },
      permissions: { company: { admin: 'readonly' }, project: { rfi: 'owner' } },
      post_installation_instruction: { notes: 'only notes' },
    };
    const pointers = validateManifestText(text(manifest)).map((e) => e.pointer);
    expect(pointers).toEqual(
      expect.arrayContaining([
        '/extra',
        '/fullscreen/views',
        '/fullscreen/source_url',
        '/sidepanel/views',
        '/permissions/company/admin',
        '/permissions/project/rfi',
        '/post_installation_instruction/page/label',
        '/post_installation_instruction/page/url',
      ]),
    );
  });
  it('lists the errors in document order, one per distinct field, each with its pointer (issue 20)', () => {
    const source = `{
  "schema_version": "4.1",
  "sidepanel": {
    "source_url": "http://x.example/{{nope}}",
    "views": ["rfi.nope", "rfi.detail", "rfi.nope"]
  },
  "fullscreen": { "source_url": "javascript:alert(1)", "views": ["rfi.detail"] },
  "extra": true,
  "permissions": { "project": { "rfi": "owner" } }
}`;
    const errors = validateManifestText(source);
    expect(errors.map((e) => [e.pointer, e.line, e.column])).toEqual([
      ['/sidepanel/source_url', 4, 5],
      ['/sidepanel/views/0', 5, 15],
      ['/sidepanel/views/2', 5, 41],
      ['/fullscreen/source_url', 7, 19],
      ['/fullscreen/views', 7, 56],
      ['/extra', 8, 3],
      ['/permissions/project/rfi', 9, 33],
    ]);
    // The http URL with an unknown placeholder is one field: its first error only.
    expect(errors[0]?.message).toBe('The URL must be an https address');
    const sorted = [...errors].sort((a, b) => a.line - b.line || a.column - b.column);
    expect(errors).toEqual(sorted);
    expect(new Set(errors.map((e) => e.pointer)).size).toBe(errors.length);
    // Without the text, the same order by the keys as written.
    expect(validateManifestContent(JSON.parse(source)).map((e) => e.pointer)).toEqual(
      errors.map((e) => e.pointer),
    );
  });
  it('refuses unknown schema versions at /schema_version', () => {
    const errors = validateManifestText('{\n  "schema_version": "5.0"\n}');
    expect(errors).toEqual([
      {
        pointer: '/schema_version',
        line: 2,
        column: 3,
        message: expect.stringMatching(/unknown schema version "5.0"/),
      },
    ]);
    expect(validateManifestText('{}')[0]).toMatchObject({ pointer: '/schema_version', line: 1, column: 1 });
    expect(validateManifestText('[]')[0]).toMatchObject({ pointer: '' });
  });
  it('refuses javascript: iframe sources in 3.x and views on a 3.x full screen', () => {
    const instance = { type: 'fullscreen', iframe_src: 'javascript:alert(1)', views: ['rfi.detail'] };
    const errors = validateManifestText(
      text({ schema_version: '3', components: { iframe: { instances: [instance] } } }),
    );
    expect(errors.map((e) => e.pointer)).toEqual([
      '/components/iframe/instances/0/iframe_src',
      '/components/iframe/instances/0/views',
    ]);
  });
  it('a missing side-panel view list and a non-string parameter', () => {
    const errors = validateManifestContent({
      schema_version: '4.1',
      sidepanel: {
        source_url: 'https://x.example',
        user_configuration: {
          schema: { type: 'object', properties: { n: { name: 'N', type: 'integer', description: 'd' } } },
        },
      },
    });
    expect(errors.map((e) => e.pointer)).toEqual(
      expect.arrayContaining(['/sidepanel/views', '/sidepanel/user_configuration/schema/properties/n/type']),
    );
  });
  it('refuses parameters without name or description', () => {
    const errors = validateManifestContent({
      schema_version: '4.1',
      fullscreen: {
        source_url: 'https://x.example',
        user_configuration: { schema: { type: 'object', properties: { n: { name: '', type: 'string' } } } },
      },
    });
    expect(errors).toEqual(
      expect.arrayContaining([
        {
          pointer: '/fullscreen/user_configuration/schema/properties/n/name',
          message: 'This field is required',
        },
        {
          pointer: '/fullscreen/user_configuration/schema/properties/n/description',
          message: 'This field is required',
        },
      ]),
    );
  });
  it('refuses side panels in government cloud', () => {
    expect(validateManifestContent(v41, { governmentCloud: true }).map((e) => e.pointer)).toEqual([
      '/sidepanel/type',
    ]);
  });
  it('refuses a manifest past the size limit and nesting bombs', () => {
    const big = JSON.stringify({ schema_version: '4.1', pad: 'x'.repeat(MANIFEST_LIMITS.contentChars) });
    expect(validateManifestText(big)).toEqual([
      { message: expect.stringMatching(/too large/), pointer: '', line: 1, column: 1 },
    ]);
    expect(validateManifestText('['.repeat(100000))[0]?.message).toMatch(/nests too deeply/);
  });
  it('a form turned into content validates', () => {
    const content = toManifestContent(
      {
        sidepanel: { type: 'sidepanel', source_url: 'https://x.example', views: ['rfi.detail'] },
        permissions: { project: { rfi: 'admin' } },
      },
      { uid: 'u', name: 'n' },
    );
    expect(validateManifestContent(content)).toEqual([]);
  });
});
