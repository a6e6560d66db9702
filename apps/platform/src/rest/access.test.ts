import { describe, expect, it } from 'vitest';
import type { AppPermissions } from '../companies/permissions';
import type { Actor } from './access';
import { grantedLevel, requireTool } from './access';
import { RestError } from './errors';

const principal = {
  tokenId: 1,
  kind: 'client' as const,
  environment: 'sandbox' as const,
  oauthApplicationId: 1,
  clientId: 'c',
  appId: 1,
  userId: null,
  createdAt: new Date(),
  expiresAt: new Date(),
};
const client = (permissions: Partial<AppPermissions>): Actor => ({
  principal,
  environment: 'sandbox',
  company: { id: 4000001, name: 'Co' },
  userId: null,
  companyAdmin: false,
  permissions: { version: '1.0.0', company: {}, project: {}, ...permissions },
});
const user = (companyAdmin: boolean): Actor => ({
  principal: { ...principal, kind: 'user', userId: 7 },
  environment: 'sandbox',
  company: { id: 4000001, name: 'Co' },
  userId: 7,
  companyAdmin,
  permissions: null,
});
const allowed = (
  actor: Actor,
  scope: 'company' | 'project',
  tool: string,
  level: 'readonly' | 'standard' | 'admin',
) => {
  try {
    requireTool(actor, scope, tool, level);
    return true;
  } catch (error) {
    expect((error as RestError).status).toBe(403);
    return false;
  }
};

describe('tool levels of a client token', () => {
  it.each([
    [undefined, false, false],
    ['readonly', true, false],
    ['standard', true, true],
    ['admin', true, true],
  ] as const)('rfi at %s: read %s, write %s', (level, read, write) => {
    const actor = client({ project: level ? { rfi: level } : {} });
    expect(allowed(actor, 'project', 'rfi', 'readonly')).toBe(read);
    expect(allowed(actor, 'project', 'rfi', 'standard')).toBe(write);
    expect(allowed(actor, 'project', 'submittals', 'readonly')).toBe(false);
  });

  it('the Admin tool at admin grants every tool of its scope (company Admin: project tools too)', () => {
    expect(
      grantedLevel({ version: null, company: {}, project: { admin: 'admin' } }, 'project', 'submittals'),
    ).toBe('admin');
    expect(grantedLevel({ version: null, company: { admin: 'admin' }, project: {} }, 'project', 'rfi')).toBe(
      'admin',
    );
    expect(
      grantedLevel({ version: null, company: {}, project: { admin: 'admin' } }, 'company', 'portfolio'),
    ).toBeUndefined();
  });

  it('names the tool, the level granted and the level needed', () => {
    expect(() => requireTool(client({ project: { rfi: 'readonly' } }), 'project', 'rfi', 'standard')).toThrow(
      "Permission too low: the app's project tool RFIs is Read Only; this needs Standard or higher",
    );
    expect(() => requireTool(client({}), 'project', 'rfi', 'standard')).toThrow(RestError);
  });
});

describe('a user token', () => {
  it('company admins may use every tool; other users project tools only', () => {
    expect(allowed(user(true), 'company', 'portfolio', 'standard')).toBe(true);
    expect(allowed(user(false), 'company', 'portfolio', 'standard')).toBe(false);
    expect(allowed(user(false), 'project', 'rfi', 'standard')).toBe(true);
  });
});
