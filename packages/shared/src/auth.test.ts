import { describe, expect, it } from 'vitest';
import { accountUpdateRequest, registrationRequest } from './auth';
import { detailsFromIssues } from './errors';

const valid = { name: 'A', company_name: 'B', email: ' Ann@Example.COM ', password: 'twelve chars' };

describe('registrationRequest', () => {
  it('normalises the e-mail address', () => {
    expect(registrationRequest.parse(valid).email).toBe('ann@example.com');
  });

  it('needs a password of at least 12 characters', () => {
    expect(registrationRequest.safeParse({ ...valid, password: 'eleven char' }).success).toBe(false);
  });

  it('calls a blank e-mail address required, and a malformed one invalid', () => {
    const codes = (email: string) =>
      detailsFromIssues(registrationRequest.safeParse({ ...valid, email }).error?.issues ?? []).map(
        (detail) => detail.code,
      );
    expect(codes('  ')).toEqual(['required']);
    expect(codes('ann')).toEqual(['invalid_email']);
  });

  it('refuses unknown fields', () => {
    expect(registrationRequest.safeParse({ ...valid, is_admin: true }).success).toBe(false);
  });
});

describe('accountUpdateRequest', () => {
  it('asks for the current password when the password changes', () => {
    const result = accountUpdateRequest.safeParse({ password: 'a new password' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['current_password']);
    expect(detailsFromIssues(result.error?.issues ?? [])[0]?.code).toBe('required');
    expect(
      accountUpdateRequest.safeParse({ password: 'a new password', current_password: 'old' }).success,
    ).toBe(true);
  });
});
