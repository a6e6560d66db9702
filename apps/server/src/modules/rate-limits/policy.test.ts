import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/builders';
import { rateLimitPolicy } from './policy';

describe('rateLimitPolicy.canManage', () => {
  it('lets platform administrators manage buckets, and nobody else', () => {
    expect(rateLimitPolicy.canManage(buildUser({ is_admin: true }))).toBe(true);
    expect(rateLimitPolicy.canManage(buildUser())).toBe(false);
    expect(rateLimitPolicy.canManage(buildUser({ is_employee: true }))).toBe(false);
  });
});
