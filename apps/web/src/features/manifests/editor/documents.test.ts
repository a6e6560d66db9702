import { describe, expect, it } from 'vitest';
import {
  applySnippet,
  familyOf,
  hasExistingManifest,
  hasOauthComponent,
  permissionsOf,
  withPermissions,
} from './documents';

const parse = (text: string | null) => JSON.parse(text ?? 'null');

describe('manifest text edits of the JSON editor', () => {
  it('reads the schema family a text declares', () => {
    expect(familyOf('{"schema_version": "4.1"}')).toBe('4.1');
    expect(familyOf('{"schema_version": "3.2"}')).toBe('3');
    expect(familyOf('{"schema_version": "3"}')).toBe('3');
    expect(familyOf('{"schema_version": "5"}')).toBeNull();
    expect(familyOf('{')).toBeNull();
    expect(hasExistingManifest('')).toBe(false);
    expect(hasExistingManifest('{}')).toBe(true);
  });

  it('merges a 4.1 snippet into the manifest and appends a 3.x instance to its component list', () => {
    const v4 = applySnippet('{"schema_version": "4.1"}', '4.1', 'sidepanel', {
      sidepanel: { views: ['rfi.detail'] },
    });
    expect(parse(v4)).toEqual({ schema_version: '4.1', sidepanel: { views: ['rfi.detail'] } });
    const v3 = '{"schema_version": "3.2", "components": {"iframe": {"instances": [{"name": "a"}]}}}';
    expect(parse(applySnippet(v3, '3', 'sidepanel', { name: 'b' })).components.iframe.instances).toEqual([
      { name: 'a' },
      { name: 'b' },
    ]);
    expect(
      parse(applySnippet(v3, '3', 'oauth', { grant_type: 'authorization_code' })).components.oauth,
    ).toEqual({
      instances: [{ grant_type: 'authorization_code' }],
    });
  });

  it('puts a whole-manifest snippet into an empty editor and refuses text that is not a JSON object', () => {
    expect(parse(applySnippet('  ', '3', 'iframe', { schema_version: '3.2' }))).toEqual({
      schema_version: '3.2',
    });
    expect(applySnippet('{"a": ', '4.1', 'fullscreen', { fullscreen: {} })).toBeNull();
    expect(applySnippet('[1]', '4.1', 'fullscreen', { fullscreen: {} })).toBeNull();
  });

  it('reads and writes the permissions the builder edits', () => {
    const text = '{"schema_version": "4.1", "permissions": {"company": {"directory": "readonly"}}}';
    expect(permissionsOf(text)).toEqual({ company: { directory: 'readonly' }, project: {} });
    expect(permissionsOf('')).toEqual({ company: {}, project: {} });
    expect(permissionsOf('{"permissions": {"company": {"directory": 2}}}')).toBeNull();
    expect(permissionsOf('{"permissions": []}')).toBeNull();
    expect(permissionsOf('{nope')).toBeNull();
    const written = withPermissions(text, { company: {}, project: { rfi: 'standard' } });
    expect(parse(written)).toEqual({ schema_version: '4.1', permissions: { project: { rfi: 'standard' } } });
    expect(parse(withPermissions(text, { company: {}, project: {} }))).toEqual({ schema_version: '4.1' });
  });

  it('tells a manifest with OAuth instances (3.x components.oauth) from one without', () => {
    const oauth = { uid: 'u', uuid: 'v', grant_type: 'authorization_code' };
    expect(hasOauthComponent({ schema_version: '3', components: { oauth: { instances: [oauth] } } })).toBe(
      true,
    );
    expect(hasOauthComponent({ schema_version: '3', components: { oauth: { instances: [] } } })).toBe(false);
    expect(hasOauthComponent({ schema_version: '3', components: { iframe: { instances: [] } } })).toBe(false);
    expect(
      hasOauthComponent({ schema_version: '4.1', fullscreen: { source_url: 'https://a.example' } }),
    ).toBe(false);
    expect(hasOauthComponent(null)).toBe(false);
  });
});
