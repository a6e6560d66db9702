import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/builders';
import { auditPolicy } from './policy';

describe('auditPolicy.canRead', () => {
  it('lets platform administrators read the audit trail, and nobody else', () => {
    expect(auditPolicy.canRead(buildUser({ is_admin: true }))).toBe(true);
    expect(auditPolicy.canRead(buildUser())).toBe(false);
    expect(auditPolicy.canRead(buildUser({ is_employee: true }))).toBe(false);
  });
});
