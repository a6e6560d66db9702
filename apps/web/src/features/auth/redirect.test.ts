import { describe, expect, it } from 'vitest';
import { isPlatformPath, safeRedirect, signInPath } from './redirect';

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

describe('isPlatformPath', () => {
  it.each([
    ['/sandbox/oauth/authorize?client_id=a', true],
    ['/production/oauth/authorize', true],
    ['/sandbox', true],
    ['/sandbox/companies/4000001', true],
    ['/sandboxes/1', false],
    ['/developer_apps/1', false],
    ['/production_apps', false],
  ])('%s → %s', (path, expected) => {
    expect(isPlatformPath(path)).toBe(expected);
  });

  it('keeps safeRedirect first: another site is never a platform path', () => {
    expect(safeRedirect('//evil.example/sandbox/x')).toBe('/');
  });
});
