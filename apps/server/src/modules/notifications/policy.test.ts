import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/builders';
import { notificationPolicy } from './policy';

const user = buildUser;

describe('notificationPolicy', () => {
  it('lets only platform administrators manage notifications', () => {
    expect(notificationPolicy.canManage(user({ is_admin: true }))).toBe(true);
    expect(notificationPolicy.canManage(user({ is_employee: true }))).toBe(false);
    expect(notificationPolicy.canManage(user())).toBe(false);
  });

  it('lets developers read only visible notifications', () => {
    expect(notificationPolicy.canRead(user(), { draft: false, show_after: null }, '2026-11-22')).toBe(true);
    expect(notificationPolicy.canRead(user(), { draft: true, show_after: null }, '2026-11-22')).toBe(false);
    expect(notificationPolicy.canRead(user(), { draft: false, show_after: '2026-11-23' }, '2026-11-22')).toBe(
      false,
    );
  });
});
