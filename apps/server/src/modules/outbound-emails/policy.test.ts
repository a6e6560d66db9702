import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/builders';
import { outboundEmailPolicy } from './policy';

describe('outboundEmailPolicy.canRead', () => {
  it('lets platform administrators read outbound e-mail, and nobody else', () => {
    expect(outboundEmailPolicy.canRead(buildUser({ is_admin: true }))).toBe(true);
    expect(outboundEmailPolicy.canRead(buildUser())).toBe(false);
    expect(outboundEmailPolicy.canRead(buildUser({ is_employee: true }))).toBe(false);
  });
});
