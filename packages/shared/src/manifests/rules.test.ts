import { describe, expect, it } from 'vitest';
import {
  authenticationOf,
  canShowInBuilder,
  configuredProblems,
  fromManifestContent,
  isValidForSaving,
  toManifestContent,
} from './configured';
import {
  availableComponentTypes,
  cleanPostInstallation,
  componentProblems,
  componentUrlProblem,
  isComponentUrl,
  parameterProblems,
  postInstallationProblems,
  RULE_MESSAGES,
} from './rules';
import { MANIFEST_TEMPLATES, manifestSnippets } from './templates';
import type { ConfiguredManifestInput } from './types';

describe('component rules (spec 2 §5 "Component form")', () => {
  it('accepts http and https URLs, with placeholders', () => {
    expect(isComponentUrl('https://app.example.com/{{tenant}}/panel?c={{procore.company.id}}')).toBe(true);
    expect(isComponentUrl('http://localhost:3000/x')).toBe(true);
  });
  it('a component loads from an https address, as the drawer says (issue 20, spec 2 §5)', () => {
    expect(componentUrlProblem('https://app.example.com/{{tenant}}')).toBeNull();
    expect(componentUrlProblem('http://app.example.com/x')).toBe(RULE_MESSAGES.https);
    expect(componentUrlProblem('not a url')).toBe(RULE_MESSAGES.url);
    expect(componentProblems({ type: 'fullscreen', source_url: 'http://x.example' }, '/fullscreen')).toEqual([
      { pointer: '/fullscreen/source_url', message: RULE_MESSAGES.https },
    ]);
  });
  it('an empty component form hears about every missing field at once, the URL too', () => {
    expect(componentProblems({ source_url: '' }, '')).toEqual([
      { pointer: '/type', message: RULE_MESSAGES.required },
      { pointer: '/source_url', message: RULE_MESSAGES.url },
    ]);
    expect(componentProblems({ type: 'sidepanel', source_url: '', views: [] }, '')).toEqual([
      { pointer: '/source_url', message: RULE_MESSAGES.url },
      { pointer: '/views', message: RULE_MESSAGES.view },
    ]);
  });
  it('refuses javascript:, data:, relative and empty URLs', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      '/relative',
      '',
      'ftp://x.example',
      'https://user:pw@x.example',
    ])
      expect(isComponentUrl(bad), bad).toBe(false);
  });
  it('needs a type', () => {
    expect(componentProblems({ source_url: 'https://x.example' }, '/c')).toEqual([
      { pointer: '/c/type', message: RULE_MESSAGES.required },
    ]);
  });
  it('a side panel needs at least one view, each known or a .all prefix', () => {
    expect(
      componentProblems({ type: 'sidepanel', source_url: 'https://x.example', views: [] }, '/sidepanel'),
    ).toEqual([{ pointer: '/sidepanel/views', message: 'At least one view is required' }]);
    expect(
      componentProblems(
        {
          type: 'sidepanel',
          source_url: 'https://x.example',
          views: ['rfi.detail', 'rfi.nope', 'budgeting.all'],
        },
        '/sidepanel',
      ),
    ).toEqual([{ pointer: '/sidepanel/views/1', message: 'unknown view key "rfi.nope"' }]);
  });
  it('a full-screen component has no views', () => {
    expect(
      componentProblems(
        { type: 'fullscreen', source_url: 'https://x.example', views: ['rfi.detail'] },
        '/fullscreen',
      ),
    ).toEqual([{ pointer: '/fullscreen/views', message: 'a full-screen component has no views' }]);
  });
  it('a javascript: URL is "A valid URL is required"', () => {
    expect(
      componentProblems({ type: 'fullscreen', source_url: 'javascript:alert(1)' }, '/fullscreen'),
    ).toEqual([{ pointer: '/fullscreen/source_url', message: 'A valid URL is required' }]);
  });
  it('placeholders name platform values or the component keys', () => {
    const problems = componentProblems(
      {
        type: 'fullscreen',
        source_url: 'https://x.example/{{region}}/{{other}}',
        user_configuration: {
          schema: { type: 'object', properties: { region: { name: 'R', type: 'string', description: 'd' } } },
        },
      },
      '/fullscreen',
    );
    expect(problems.map((p) => p.message)).toEqual([expect.stringContaining('{{other}}')]);
  });
  it('side panels are not offered in government cloud, and types present are removed', () => {
    expect(availableComponentTypes([])).toEqual(['sidepanel', 'fullscreen']);
    expect(availableComponentTypes(['fullscreen'])).toEqual(['sidepanel']);
    expect(availableComponentTypes([], { governmentCloud: true })).toEqual(['fullscreen']);
  });
});

describe('parameters (spec 2 §5 "Add parameter")', () => {
  it('needs key, name and description', () => {
    const problems = parameterProblems({ key: 'region', name: '', description: '' });
    expect(problems[0]).toEqual({
      pointer: '',
      message: 'Key, name, and description are required to add another parameter',
    });
    expect(problems.slice(1).map((p) => p.pointer)).toEqual(['/name', '/description']);
  });
  it('refuses bad, reserved and duplicate keys', () => {
    expect(parameterProblems({ key: 'a-b', name: 'n', description: 'd' })).toHaveLength(1);
    expect(parameterProblems({ key: 'procore_id', name: 'n', description: 'd' })[0]?.message).toMatch(
      /platform prefix/,
    );
    expect(parameterProblems({ key: 'region', name: 'n', description: 'd' }, ['region'])[0]?.message).toMatch(
      /already used/,
    );
    expect(parameterProblems({ key: 'region', name: 'n', description: 'd', required: true })).toEqual([]);
  });
});

describe('post-installation instructions: all or none (spec 2 §5)', () => {
  it('all three or none', () => {
    expect(postInstallationProblems({ notes: '', page: { label: '', url: '' } }, '/p')).toEqual([]);
    expect(
      postInstallationProblems({ notes: 'n', page: { label: 'l', url: 'https://x.example' } }, '/p'),
    ).toEqual([]);
    expect(postInstallationProblems({ notes: 'n' }, '/p')).toEqual([
      { pointer: '/p/page/label', message: 'This field is required' },
      { pointer: '/p/page/url', message: 'This field is required' },
    ]);
    expect(
      postInstallationProblems({ page: { url: 'https://x.example' } }, '/p').map((p) => p.pointer),
    ).toEqual(['/p/notes', '/p/page/label']);
  });
  it('an empty page is removed', () => {
    expect(cleanPostInstallation({ notes: ' n ', page: { label: '', url: '' } })).toEqual({ notes: 'n' });
    expect(cleanPostInstallation({ notes: '', page: { label: '', url: '' } })).toBeUndefined();
  });
});

describe('validity for saving (spec 2 §5)', () => {
  it('is invalid with nothing in it', () => {
    expect(isValidForSaving({})).toBe(false);
    expect(configuredProblems({})[0]).toEqual({
      pointer: '',
      message: 'Please fill in the required fields below before creating a version.',
    });
  });
  it('is valid with any one of: auth code, a component, permissions, complete instructions', () => {
    expect(isValidForSaving({ auth_code_enabled: true })).toBe(true);
    expect(isValidForSaving({ fullscreen: { type: 'fullscreen', source_url: 'https://x.example' } })).toBe(
      true,
    );
    expect(
      isValidForSaving({
        sidepanel: { type: 'sidepanel', source_url: 'https://x.example', views: ['rfi.detail'] },
      }),
    ).toBe(true);
    expect(isValidForSaving({ permissions: { project: { rfi: 'readonly' } } })).toBe(true);
    expect(isValidForSaving({ permissions: { company: { directory: 'readonly' } } })).toBe(true);
    expect(
      isValidForSaving({
        post_installation_instruction: { notes: 'n', page: { label: 'l', url: 'https://x.example' } },
      }),
    ).toBe(true);
  });
  it('does not count incomplete instructions, empty permissions or an unchecked service account', () => {
    expect(isValidForSaving({ post_installation_instruction: { notes: 'n' } })).toBe(false);
    expect(isValidForSaving({ permissions: { company: {}, project: {} } })).toBe(false);
    expect(
      isValidForSaving({ service_account_enabled: false, permissions: { project: { rfi: 'readonly' } } }),
    ).toBe(false);
  });
  it('reports disallowed permission levels at their tool', () => {
    expect(configuredProblems({ permissions: { company: { admin: 'readonly' } } })).toEqual([
      { pointer: '/permissions/company/admin', message: expect.stringMatching(/not allowed/) },
    ]);
  });
});

const form: ConfiguredManifestInput = {
  auth_code_enabled: true,
  sidepanel: {
    type: 'sidepanel',
    source_url: 'https://gridline.example/{{tenant}}/panel',
    views: ['commitments.purchase_order_contracts.detail'],
    description: 'Estimate lines',
    user_configuration: {
      schema: {
        type: 'object',
        properties: { tenant: { name: 'Tenant', type: 'string', description: 'Your tenant.' } },
        required: ['tenant'],
      },
    },
  },
  fullscreen: { type: 'fullscreen', source_url: 'https://gridline.example/dash', views: ['rfi.detail'] },
  permissions: { company: { directory: 'readonly' }, project: {} },
  post_installation_instruction: { notes: 'Invite', page: { label: '', url: '' } },
};

describe('configured_manifest_content ⇄ manifest content', () => {
  it('builds a 4.1 manifest: no types, full screen without views, empty parts left out', () => {
    let n = 0;
    const content = toManifestContent(form, { uid: 'abc', name: 'Gridline' }, () => `uuid-${++n}`);
    expect(content).toEqual({
      schema_version: '4.1',
      app_manifest: { uid: 'abc', name: 'Gridline' },
      post_installation_instruction: { notes: 'Invite' },
      fullscreen: { uuid: 'uuid-1', source_url: 'https://gridline.example/dash' },
      sidepanel: {
        uuid: 'uuid-2',
        source_url: 'https://gridline.example/{{tenant}}/panel',
        description: 'Estimate lines',
        views: ['commitments.purchase_order_contracts.detail'],
        user_configuration: {
          schema: {
            type: 'object',
            required: ['tenant'],
            properties: { tenant: { name: 'Tenant', type: 'string', description: 'Your tenant.' } },
          },
        },
      },
      permissions: { company: { directory: 'readonly' } },
    });
  });
  it('reads a 4.1 manifest back into the form', () => {
    const content = toManifestContent(form, { uid: 'abc', name: 'G' });
    const reading = fromManifestContent(content, true);
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    expect(reading.configured.sidepanel?.views).toEqual(['commitments.purchase_order_contracts.detail']);
    expect(reading.configured.fullscreen?.views).toBeUndefined();
    expect(reading.configured.permissions).toEqual({ company: { directory: 'readonly' }, project: {} });
    expect(reading.configured.auth_code_enabled).toBe(true);
    expect(reading.configured.service_account_enabled).toBe(true);
  });
  it('cannot show a 3.x manifest with two side panels, or a non-string parameter', () => {
    const panel = { type: 'sidepanel', iframe_src: 'https://x.example', views: ['rfi.detail'] };
    expect(
      canShowInBuilder({ schema_version: '3.2', components: { iframe: { instances: [panel, panel] } } }),
    ).toBe(false);
    expect(
      canShowInBuilder({
        schema_version: '4.1',
        fullscreen: {
          source_url: 'https://x.example',
          user_configuration: {
            schema: { type: 'object', properties: { n: { name: 'N', type: 'integer', description: 'd' } } },
          },
        },
      }),
    ).toBe(false);
    expect(canShowInBuilder({ schema_version: '9' })).toBe(false);
  });
  it('shows a 3.x manifest with one panel and oauth', () => {
    const reading = fromManifestContent({
      schema_version: '3.2',
      components: {
        oauth: { instances: [{ grant_type: 'authorization_code' }] },
        iframe: {
          instances: [{ type: 'sidepanel', iframe_src: 'https://x.example', views: ['rfi.detail'] }],
        },
      },
    });
    expect(reading).toMatchObject({
      ok: true,
      configured: { auth_code_enabled: true, sidepanel: { source_url: 'https://x.example' } },
    });
  });
});

describe('authenticationOf: the stored flags follow the content (issue 20 item 6)', () => {
  const v41 = (permissions?: Record<string, unknown>) => ({
    schema_version: '4.1',
    app_manifest: { uid: 'u', name: 'n' },
    fullscreen: { source_url: 'https://x.example' },
    ...(permissions ? { permissions } : {}),
  });
  it('4.1: permissions are a service account, which always comes on top of user-level authentication', () => {
    const both = { auth_code_enabled: true, service_account_enabled: true };
    expect(authenticationOf(v41({ project: { rfi: 'readonly' } }))).toEqual(both);
    expect(authenticationOf(v41({ company: { directory: 'standard' } }), false)).toEqual(both);
  });
  it('4.1 without permissions: no service account; user level only as declared beside the document', () => {
    expect(authenticationOf(v41())).toEqual({ auth_code_enabled: false, service_account_enabled: false });
    expect(authenticationOf(v41({ company: {}, project: {} }), true)).toEqual({
      auth_code_enabled: true,
      service_account_enabled: false,
    });
  });
  it('3.x: the oauth instances say both, whatever is declared', () => {
    const v3 = (...grants: string[]) => ({
      schema_version: '3.2',
      components: { oauth: { instances: grants.map((grant_type) => ({ grant_type })) } },
    });
    expect(authenticationOf(v3('authorization_code'), false)).toEqual({
      auth_code_enabled: true,
      service_account_enabled: false,
    });
    expect(authenticationOf(v3('client_credentials'), false)).toEqual({
      auth_code_enabled: true,
      service_account_enabled: true,
    });
    expect(authenticationOf(v3(), true)).toEqual({
      auth_code_enabled: false,
      service_account_enabled: false,
    });
  });
  it('the builder reads the same flags, whatever the form said', () => {
    const content = toManifestContent(
      {
        auth_code_enabled: false,
        service_account_enabled: true,
        permissions: { project: { rfi: 'readonly' } },
      },
      { uid: 'u', name: 'n' },
    );
    const reading = fromManifestContent(content, false);
    expect(reading).toMatchObject({
      ok: true,
      configured: { auth_code_enabled: true, service_account_enabled: true },
    });
  });
});

describe('templates and snippets', () => {
  it('has a template per schema family', () => {
    expect(Object.keys(MANIFEST_TEMPLATES)).toEqual(['3', '4.1']);
    expect(MANIFEST_TEMPLATES['4.1'].schema_version).toBe('4.1');
  });
  it('gives the four snippets; has_existing_manifest matters below 4 only', () => {
    expect(Object.keys(manifestSnippets('4.1', false))).toEqual([
      'oauth',
      'iframe',
      'fullscreen',
      'sidepanel',
    ]);
    expect(manifestSnippets('4.1', true)).toEqual(manifestSnippets('4.1', false));
    expect(manifestSnippets('3', false).sidepanel).toHaveProperty('components');
    expect(manifestSnippets('3', true).sidepanel).toHaveProperty('type', 'sidepanel');
  });
});
