/** Length caps of every text field the portal stores; the server answers 422 past them. */
export const LIMITS = {
  name: 120,
  companyName: 160,
  email: 254,
  passwordMin: 12,
  // scrypt hashes any length, but an unbounded password is a denial-of-service lever.
  passwordMax: 256,
  token: 200,
} as const;

/**
 * How much of a browser crash report the server accepts (longer fields are refused with 422). Here rather
 * than beside its endpoint so the web's crash reporter can clip to it without loading any schema.
 */
export const CLIENT_ERROR_LIMITS = { message: 1_000, stack: 8_000, url: 2_000, userAgent: 500 } as const;
