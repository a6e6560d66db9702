import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as the issue asks: SHA-1, six digits, 30-second steps (what every authenticator app reads). */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** One step of drift either way. */
const WINDOW = 1;
const ISSUER = 'Lintel';

function totp(secret: string, label = 'account'): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new random secret (160 bits, the RFC's recommendation), as base32 for the user to type. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function otpauthUri(secret: string, accountName: string): string {
  return totp(secret, accountName).toString();
}

/** The time step a moment falls in. */
export function stepAt(now: Date): number {
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS);
}

/**
 * The step whose code `code` is, within ±1 step of `now`, and not at or before `lastUsedStep` (each code
 * works once, and so does every older one once a newer one was used); null otherwise.
 */
export function matchTotpStep(
  secret: string,
  code: string,
  now: Date,
  lastUsedStep: number | null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  if (delta === null) return null;
  const step = stepAt(now) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return null;
  return step;
}

/** The code of `secret` at `now` (tests, and nothing else). */
export function totpCodeAt(secret: string, now: Date): string {
  return totp(secret).generate({ timestamp: now.getTime() });
}
