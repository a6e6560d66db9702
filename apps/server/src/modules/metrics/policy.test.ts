import { describe, expect, it } from 'vitest';
import { metricsPolicy } from './policy';

describe('metricsPolicy', () => {
  it('shows installer e-mails to platform administrators only', () => {
    expect(metricsPolicy.canSeeInstallerEmails({ is_admin: true })).toBe(true);
    expect(metricsPolicy.canSeeInstallerEmails({ is_admin: false })).toBe(false);
  });
});
