import { z } from 'zod';
import { LIMITS } from './limits';

const email = z
  .string()
  .trim()
  .max(LIMITS.email, { message: `must be at most ${LIMITS.email} characters` })
  .pipe(z.email({ message: 'is not a valid e-mail address' }))
  .transform((value) => value.toLowerCase());

const newPassword = z
  .string()
  .min(LIMITS.passwordMin, { message: `must be at least ${LIMITS.passwordMin} characters` })
  .max(LIMITS.passwordMax, { message: `must be at most ${LIMITS.passwordMax} characters` });

const requiredText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: "can't be blank" })
    .max(max, { message: `must be at most ${max} characters` });

const token = z.string().min(1, { message: "can't be blank" }).max(LIMITS.token);

export const registrationRequest = z.strictObject({
  name: requiredText(LIMITS.name),
  company_name: requiredText(LIMITS.companyName),
  email,
  password: newPassword,
});
export type RegistrationRequest = z.input<typeof registrationRequest>;

export const tokenRequest = z.strictObject({ token });
export const emailRequest = z.strictObject({ email });

export const sessionRequest = z.strictObject({
  email: z
    .string()
    .trim()
    .max(LIMITS.email)
    .transform((value) => value.toLowerCase()),
  password: z.string().max(LIMITS.passwordMax),
});
export type SessionRequest = z.input<typeof sessionRequest>;

export const userResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  company_name: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
  is_employee: z.boolean(),
  critical_emails: z.boolean(),
  confirmed_at: z.string().nullable(),
  created_at: z.string(),
});
export type User = z.infer<typeof userResponse>;

export const sessionResponse = z.object({ user: userResponse, csrf_token: z.string() });
export type Session = z.infer<typeof sessionResponse>;

export const passwordResetUpdateRequest = z.strictObject({ token, password: newPassword });

export const accountUpdateRequest = z
  .strictObject({
    name: requiredText(LIMITS.name).optional(),
    company_name: requiredText(LIMITS.companyName).optional(),
    critical_emails: z.boolean().optional(),
    current_password: z.string().max(LIMITS.passwordMax).optional(),
    password: newPassword.optional(),
  })
  .refine((body) => body.password === undefined || (body.current_password ?? '') !== '', {
    message: "can't be blank when changing the password",
    path: ['current_password'],
  });
export type AccountUpdateRequest = z.input<typeof accountUpdateRequest>;

/** A plain acknowledgement for requests whose answer must not reveal anything (password resets). */
export const acknowledgement = z.object({ message: z.string() });
