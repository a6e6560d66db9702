import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/builders';
import { adminListPolicy } from './policy';

describe('adminListPolicy', () => {
  it('lets platform administrators read the lists and edit developers, and nobody else', () => {
    expect(adminListPolicy.canRead(buildUser({ is_admin: true }))).toBe(true);
    expect(adminListPolicy.canRead(buildUser())).toBe(false);
    expect(adminListPolicy.canRead(buildUser({ is_employee: true }))).toBe(false);
    expect(adminListPolicy.canUpdateDeveloper(buildUser({ is_admin: true }))).toBe(true);
    expect(adminListPolicy.canUpdateDeveloper(buildUser({ is_employee: true }))).toBe(false);
  });

  it('never lets an administrator remove their own administrator flag', () => {
    const me = buildUser({ id: 7, is_admin: true });
    expect(adminListPolicy.canChangeOwnAdminFlag(me, me, false)).toBe(false);
    expect(adminListPolicy.canChangeOwnAdminFlag(me, me, true)).toBe(true);
    expect(adminListPolicy.canChangeOwnAdminFlag(me, me, undefined)).toBe(true);
    expect(adminListPolicy.canChangeOwnAdminFlag(me, buildUser({ id: 8 }), false)).toBe(true);
  });
});
