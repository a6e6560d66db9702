import { describe, expect, it } from 'vitest';
import { accountUpdateRequest, registrationRequest } from './auth';

const valid = { name: 'A', company_name: 'B', email: ' Ann@Example.COM ', password: 'twelve chars' };

describe('registrationRequest', () => {
  it('normalises the e-mail address', () => {
    expect(registrationRequest.parse(valid).email).toBe('ann@example.com');
  });

  it('needs a password of at least 12 characters', () => {
    expect(registrationRequest.safeParse({ ...valid, password: 'eleven char' }).success).toBe(false);
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
    expect(
      accountUpdateRequest.safeParse({ password: 'a new password', current_password: 'old' }).success,
    ).toBe(true);
  });
});
