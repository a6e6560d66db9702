import { z } from 'zod';
import { emailAddress as email, newPassword, rawText, requiredText } from './fields';
import { LIMITS } from './limits';
import { passkeyAssertion, recoveryCode, totpCode } from './two-factor';

const token = rawText(LIMITS.token).min(1, { message: "can't be blank" });

export const registrationRequest = z.strictObject({
  name: requiredText({ max: LIMITS.name }),
  company_name: requiredText({ max: LIMITS.companyName }),
  email,
  password: newPassword,
});
export type RegistrationRequest = z.input<typeof registrationRequest>;

export const tokenRequest = z.strictObject({ token });
export const emailRequest = z.strictObject({ email });

export const sessionRequest = z.strictObject({
  email: rawText(LIMITS.email)
    .trim()
    .transform((value) => value.toLowerCase()),
  password: rawText(LIMITS.passwordMax),
  /** With a second factor on: a code from the authenticator app, a recovery code or a passkey's answer. */
  otp_code: totpCode.optional(),
  recovery_code: recoveryCode.optional(),
  passkey: passkeyAssertion.optional(),
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

/**
 * The deployment's switches the web needs before any page (configuration, read by the server): whether
 * sandbox manifests may be created (CAN_CREATE_SANDBOX_MANIFESTS), government-cloud mode
 * (GOVERNMENT_CLOUD: production versions only, no side panel), the forced form-based experience
 * (FORM_EXPERIENCE_FORCED) and the listing's switches.
 */
export const sessionFeatures = z.object({
  can_create_sandbox_manifests: z.boolean(),
  government_cloud: z.boolean(),
  form_experience_forced: z.boolean(),
  /** SECURITY_AND_COMPLIANCE_ENABLED: the listing's Security and Compliance tab (spec 3 §2). */
  security_and_compliance_enabled: z.boolean(),
  /**
   * The listing application (spec 3 §1 "Listing activation"): on, an app whose marketplace is not enabled
   * offers the partner forms (already a partner / not yet a partner) and the partner-programs contact.
   */
  listing_application: z.object({
    enabled: z.boolean(),
    existing_partner_form_url: z.string().nullable(),
    new_partner_form_url: z.string().nullable(),
    partner_programs_email: z.string().nullable(),
  }),
});
export type SessionFeatures = z.infer<typeof sessionFeatures>;

export const sessionResponse = z.object({
  user: userResponse,
  csrf_token: z.string(),
  /** The API support address (server setting SUPPORT_EMAIL), named where credentials fail (spec 2 §8). */
  support_email: z.string(),
  features: sessionFeatures,
});
export type Session = z.infer<typeof sessionResponse>;

export const passwordResetUpdateRequest = z.strictObject({ token, password: newPassword });

export const accountUpdateRequest = z
  .strictObject({
    name: requiredText({ max: LIMITS.name }).optional(),
    company_name: requiredText({ max: LIMITS.companyName }).optional(),
    critical_emails: z.boolean().optional(),
    current_password: rawText(LIMITS.passwordMax).optional(),
    password: newPassword.optional(),
  })
  .refine((body) => body.password === undefined || (body.current_password ?? '') !== '', {
    message: "can't be blank when changing the password",
    path: ['current_password'],
    params: { code: 'required' },
  });
export type AccountUpdateRequest = z.input<typeof accountUpdateRequest>;

/** A plain acknowledgement for requests whose answer must not reveal anything (password resets). */
export const acknowledgement = z.object({ message: z.string() });
