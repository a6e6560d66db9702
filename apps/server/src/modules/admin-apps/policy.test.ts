import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/builders';
import { adminAppPolicy } from './policy';

describe('adminAppPolicy.canAdminister', () => {
  it('lets platform administrators in and nobody else, employees included', () => {
    expect(adminAppPolicy.canAdminister(buildUser({ is_admin: true }))).toBe(true);
    expect(adminAppPolicy.canAdminister(buildUser({ is_employee: true }))).toBe(false);
    expect(adminAppPolicy.canAdminister(buildUser())).toBe(false);
  });
});
