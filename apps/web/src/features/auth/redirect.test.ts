import { describe, expect, it } from 'vitest';
import { isServerPath, safeRedirect, signInPath } from './redirect';

describe('safeRedirect', () => {
  it.each([
    ['/account', '/account'],
    ['/admin/outbound_emails?page=2', '/admin/outbound_emails?page=2'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example', '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/sign_in?redirect=/x', '/'],
  ])('%s → %s', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });
});

describe('signInPath', () => {
  it('carries the original path', () => {
    expect(signInPath('/account?tab=1')).toBe('/sign_in?redirect=%2Faccount%3Ftab%3D1');
    expect(signInPath('/')).toBe('/sign_in');
  });
});

describe('isServerPath', () => {
  it("knows the platform's pages (the OAuth consent page) from the web app's", () => {
    expect(isServerPath('/sandbox/oauth/authorize?client_id=x')).toBe(true);
    expect(isServerPath('/production/oauth/authorize')).toBe(true);
    expect(isServerPath('/sandboxes')).toBe(false);
    expect(isServerPath('/developer_apps/1')).toBe(false);
  });
});
