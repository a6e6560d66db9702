import {
  emailRequest,
  passwordResetUpdateRequest,
  registrationRequest,
  sessionRequest,
} from '@lintel/shared';
import { z } from 'zod';

// The signed-out forms' schemas: the server's own request schemas, plus what only a form asks (both
// sign-in fields filled in, the new password typed twice). Loaded on first check (zodResolver's
// loader), so zod stays out of the sign-in page's first load.

/** A rule that the field is filled in (sign-in: the server answers an empty one only with 401). */
function filled(field: 'email' | 'password') {
  return {
    check: (values: Record<typeof field, string>) => values[field] !== '',
    issue: { path: [field], message: "can't be blank", params: { code: 'required' } },
  };
}
const email = filled('email');
const password = filled('password');

/** Confirmation must repeat the password (a form-only rule, as 'mismatch'). */
export function confirmed<T extends { password?: string; password_confirmation: string }>(values: T) {
  return values.password_confirmation === (values.password ?? '');
}
export const mismatch = {
  path: ['password_confirmation'],
  message: 'does not match',
  params: { code: 'mismatch' },
};

export const signInForm = sessionRequest
  .refine(email.check, email.issue)
  .refine(password.check, password.issue);
export const signUpForm = registrationRequest;
export const emailForm = emailRequest;
export const resetPasswordForm = passwordResetUpdateRequest
  .pick({ password: true })
  .extend({ password_confirmation: z.string() })
  .refine(confirmed, mismatch);
