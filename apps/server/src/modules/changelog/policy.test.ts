import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/builders';
import { changelogPolicy } from './policy';

describe('changelogPolicy', () => {
  it('shows non-public entries and the branch switch to admins and employees only', () => {
    for (const [actor, staff] of [
      [buildUser({ is_admin: true }), true],
      [buildUser({ is_employee: true }), true],
      [buildUser(), false],
      [null, false],
    ] as const) {
      expect(changelogPolicy.canSeeNonPublic(actor)).toBe(staff);
      expect(changelogPolicy.canSwitchBranch(actor)).toBe(staff);
      expect(changelogPolicy.canSee(actor, { public: false, hidden: false })).toBe(staff);
      expect(changelogPolicy.canSee(actor, { public: true, hidden: false })).toBe(true);
      expect(changelogPolicy.canSee(actor, { public: true, hidden: true })).toBe(false);
    }
  });

  it('lets only platform administrators manage entries', () => {
    expect(changelogPolicy.canManage(buildUser({ is_admin: true }))).toBe(true);
    expect(changelogPolicy.canManage(buildUser({ is_employee: true }))).toBe(false);
    expect(changelogPolicy.canManage(buildUser())).toBe(false);
  });
});
