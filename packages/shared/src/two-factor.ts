import { z } from 'zod';
import { rawText, requiredText } from './fields';
import { LIMITS } from './limits';

/** A code from an authenticator app: six digits (spaces the user typed are dropped). */
export const totpCode = z
  .string()
  .max(20)
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { message: 'must be six digits' }));

/** A recovery code as shown: ten letters and digits in two groups of five (`abcde-12345`). */
export const recoveryCode = z
  .string()
  .max(40)
  .transform((value) => value.trim().toLowerCase().replace(/\s+/g, ''))
  .pipe(z.string().regex(/^[a-z0-9]{5}-?[a-z0-9]{5}$/, { message: 'is not a recovery code' }));

/** How many recovery codes a set holds. */
export const RECOVERY_CODE_COUNT = 10;

/** `POST /api/v1/account/two_factor`: a new pending authenticator (the secret shown once, until confirmed). */
export const twoFactorSetupResponse = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  /** The otpauth URI as a QR code (an SVG data URL), for the authenticator app's camera. */
  qr_code_svg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupResponse>;

export const twoFactorCodeRequest = z.strictObject({ code: totpCode });
export type TwoFactorCodeRequest = z.input<typeof twoFactorCodeRequest>;

export const recoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesResponse>;

export const twoFactorDisableRequest = z.strictObject({
  current_password: rawText(LIMITS.passwordMax).min(1, { message: "can't be blank" }),
  code: totpCode,
});
export type TwoFactorDisableRequest = z.input<typeof twoFactorDisableRequest>;

/** What the account page shows of its second factors (never a secret or a code). */
export const twoFactorStatusResponse = z.object({
  /** An authenticator app is confirmed. */
  totp_enabled: z.boolean(),
  totp_enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
  passkeys: z.number().int(),
  /** REQUIRE_ADMIN_2FA is on, the user is an administrator and has no second factor yet. */
  setup_required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusResponse>;

/** WebAuthn options and responses travel as the JSON the browser library reads and writes. */
const webAuthnJson = z.record(z.string(), z.unknown());

export const passkeyOptionsResponse = z.object({ options: webAuthnJson });
export type PasskeyOptions = z.infer<typeof passkeyOptionsResponse>;

export const passkeyResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeyResponse>;

export const createPasskeyRequest = z.strictObject({
  passkey: z.strictObject({
    name: requiredText({ max: 80 }),
    response: webAuthnJson,
  }),
});
export type CreatePasskeyRequest = z.input<typeof createPasskeyRequest>;

/** A passkey's signature over a challenge (`startAuthentication`'s result). */
export const passkeyAssertion = webAuthnJson;

export const passkeySignInRequest = z.strictObject({ response: passkeyAssertion });

/** The second factors an administrator can see of a developer, and removes when all are lost. */
export const adminTwoFactorResponse = z.object({
  totp_enabled: z.boolean(),
  passkeys: z.number().int(),
});
export type AdminTwoFactor = z.infer<typeof adminTwoFactorResponse>;
