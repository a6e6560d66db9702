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
