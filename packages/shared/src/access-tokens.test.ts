import { describe, expect, it } from 'vitest';
import { createPersonalAccessTokenRequest, grantableScopes, hasScope, TOKEN_SCOPES } from './access-tokens';
import { allEndpoints, endpointGroups, GROUP_SCOPES, routeScope, scopeInGroup } from './api/index';

describe('token scopes (issue 23)', () => {
  it('grants admin only to platform administrators', () => {
    expect(grantableScopes({ is_admin: false })).toEqual([
      'apps:read',
      'apps:write',
      'manifests:write',
      'listings:write',
    ]);
    expect(grantableScopes({ is_admin: true })).toEqual([...TOKEN_SCOPES]);
  });

  it('needs the exact scope: no scope implies another', () => {
    expect(hasScope(['apps:write'], 'apps:read')).toBe(false);
    expect(hasScope(['admin'], 'apps:read')).toBe(false);
    expect(hasScope(['apps:read', 'listings:write'], 'listings:write')).toBe(true);
  });

  it('reads with the read scope and writes with the write scope of a group', () => {
    const group = { read: 'apps:read', write: 'apps:write' } as const;
    expect(scopeInGroup(group, { method: 'GET', path: '/api/v1/developer_apps' })).toBe('apps:read');
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE'] as const) {
      expect(scopeInGroup(group, { method, path: '/api/v1/developer_apps' })).toBe('apps:write');
    }
    expect(scopeInGroup('admin', { method: 'GET', path: '/api/v1/admin/developers' })).toBe('admin');
  });

  it('declares a scope for every group and every endpoint', () => {
    expect(Object.keys(GROUP_SCOPES).sort()).toEqual(Object.keys(endpointGroups).sort());
    for (const endpoint of allEndpoints) expect(routeScope(endpoint), endpoint.key).toBeTruthy();
  });

  it('keeps the account, sessions and tokens to a session, admin routes to admin, manifests and listings to theirs', () => {
    const scopeOf = (key: string) => {
      const endpoint = allEndpoints.find((e) => e.key === key);
      if (!endpoint) throw new Error(key);
      return routeScope(endpoint);
    };
    expect(scopeOf('POST /api/v1/personal_access_tokens')).toBe('session');
    expect(scopeOf('GET /api/v1/account/sessions')).toBe('session');
    expect(scopeOf('PATCH /api/v1/account')).toBe('session');
    expect(scopeOf('POST /api/v1/session')).toBe('session');
    expect(scopeOf('GET /api/v1/developer_apps')).toBe('apps:read');
    expect(scopeOf('POST /api/v1/developer_apps')).toBe('apps:write');
    expect(scopeOf('POST /api/v1/app_versioned_manifests')).toBe('manifests:write');
    expect(scopeOf('POST /api/v1/app_version_promotions')).toBe('manifests:write');
    expect(scopeOf('PATCH /api/v1/submissions/:id')).toBe('listings:write');
    expect(scopeOf('GET /api/v1/admin/developers')).toBe('admin');
    for (const endpoint of allEndpoints.filter((e) => e.path.startsWith('/api/v1/admin/'))) {
      expect(['admin', 'session'], endpoint.key).toContain(routeScope(endpoint));
    }
    expect(routeScope({ method: 'GET', path: '/api/v1/not_declared' })).toBe('session');
  });

  it('reads the expiry as a date-time, a day (to its end) or none', () => {
    const parse = (expires_at: unknown) =>
      createPersonalAccessTokenRequest.safeParse({
        personal_access_token: { name: 'CI', expires_at, scopes: ['apps:read'] },
      });
    expect(parse(null).data?.personal_access_token.expires_at).toBeNull();
    expect(parse('2030-02-03').data?.personal_access_token.expires_at).toBe('2030-02-03T23:59:59.999Z');
    expect(parse('2030-02-03T10:00:00+02:00').data?.personal_access_token.expires_at).toBe(
      '2030-02-03T08:00:00.000Z',
    );
    expect(parse('2030-02-30').success).toBe(false);
    expect(parse('tomorrow').success).toBe(false);
    expect(parse(undefined).success).toBe(false);
  });

  it('refuses unknown and repeated scopes, and none', () => {
    const parse = (scopes: unknown) =>
      createPersonalAccessTokenRequest.safeParse({
        personal_access_token: { name: 'CI', expires_at: null, scopes },
      }).success;
    expect(parse(['apps:read', 'apps:read'])).toBe(false);
    expect(parse(['root'])).toBe(false);
    expect(parse([])).toBe(false);
    expect(parse(['apps:read', 'admin'])).toBe(true);
  });
});
