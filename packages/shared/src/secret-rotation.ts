import { z } from 'zod';
import { secretResponse } from './developer-apps';

/** How long a rotated secret's predecessor keeps working: 1 hour, 24 hours or 7 days (issue 23). */
export const GRACE_PERIOD_HOURS = [1, 24, 168] as const;
export type GracePeriodHours = (typeof GRACE_PERIOD_HOURS)[number];

export const rotateSecretRequest = z.strictObject({
  grace_period_hours: z.literal(GRACE_PERIOD_HOURS, { message: 'must be 1, 24 or 168' }),
});
export type RotateSecretRequest = z.infer<typeof rotateSecretRequest>;

/** A rotation's answer: the new secret, once (as a reset's), and when the previous one stops working. */
export const rotatedSecretResponse = secretResponse.extend({ previous_secret_expires_at: z.string() });
export type RotatedSecretResponse = z.infer<typeof rotatedSecretResponse>;

/** The credentials card after "Expire the old secret now": only the new secret works. */
export const expiredPreviousSecretResponse = z.object({
  uid: z.string(),
  previous_secret_expires_at: z.null(),
});
export type ExpiredPreviousSecretResponse = z.infer<typeof expiredPreviousSecretResponse>;
