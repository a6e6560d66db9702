import { z } from 'zod';
import { isCalendarDate, requiredText } from './fields';
import { id } from './query';

/**
 * Personal access tokens for the portal's own API (issue 23). A token carries scopes; a call needs the
 * scope its route declares (api/scopes.ts) AND the user's own rights.
 */
export const TOKEN_SCOPES = [
  'apps:read',
  'apps:write',
  'manifests:write',
  'listings:write',
  'admin',
] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
export const tokenScope = z.enum(TOKEN_SCOPES);

/** What the token string starts with, so it is recognisable in a leak scan and in an Authorization header. */
export const TOKEN_PREFIX = 'lnt_';

/** The expiries the web offers (days); `date` is a chosen day and `none` never expires (the web warns). */
export const TOKEN_EXPIRY_PRESETS = [30, 60, 90] as const;

export const TOKEN_LIMITS = { name: 100, perUser: 100 } as const;

/** The scopes a user may put on a token: `admin` only for platform administrators. */
export function grantableScopes(user: { is_admin: boolean }): TokenScope[] {
  return TOKEN_SCOPES.filter((scope) => scope !== 'admin' || user.is_admin);
}

/** Whether a token with `granted` scopes may make a call that needs `needed`. */
export function hasScope(granted: readonly string[], needed: TokenScope): boolean {
  return granted.includes(needed);
}

/** `now` plus `days` whole days: the expiry of a preset. */
export function expiryAfterDays(days: number, now = new Date()): Date {
  return new Date(now.getTime() + days * 86_400_000);
}

/**
 * `expires_at`: an ISO-8601 date-time, or a calendar day (YYYY-MM-DD: the token works to that day's end,
 * UTC), or null for a token that never expires. It must lie in the future (checked by the server, which
 * knows the time).
 */
export const tokenExpiry = z
  .union([z.string().trim(), z.null()])
  .refine(
    (value) =>
      value === null || isCalendarDate(value) || z.iso.datetime({ offset: true }).safeParse(value).success,
    {
      message: 'must be a date (YYYY-MM-DD), an ISO-8601 date-time or null',
      params: { code: 'invalid_date' },
    },
  )
  .transform((value) =>
    value === null ? null : isCalendarDate(value) ? `${value}T23:59:59.999Z` : new Date(value).toISOString(),
  );

export const createPersonalAccessTokenRequest = z.strictObject({
  personal_access_token: z.strictObject({
    name: requiredText({ max: TOKEN_LIMITS.name }),
    expires_at: tokenExpiry,
    scopes: z
      .array(tokenScope)
      .min(1, { message: 'must have at least one scope' })
      .refine((scopes) => new Set(scopes).size === scopes.length, {
        message: 'must not repeat a scope',
        params: { code: 'invalid' },
      }),
  }),
});
export type CreatePersonalAccessTokenRequest = z.input<typeof createPersonalAccessTokenRequest>;

/** A token as listed: never the token itself. */
export const personalAccessTokenResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(tokenScope),
  expires_at: z.string().nullable(),
  expired: z.boolean(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
});
export type PersonalAccessToken = z.infer<typeof personalAccessTokenResponse>;

/** The answer to creating a token: the only time `token` is shown. */
export const createdPersonalAccessTokenResponse = personalAccessTokenResponse.extend({ token: z.string() });
export type CreatedPersonalAccessToken = z.infer<typeof createdPersonalAccessTokenResponse>;

export const personalAccessTokenListResponse = z.array(personalAccessTokenResponse);

/** One of the caller's active sessions (browser and system read from its user agent). */
export const accountSessionResponse = z.object({
  id: z.number().int(),
  browser: z.string().nullable(),
  browser_version: z.string().nullable(),
  os: z.string().nullable(),
  device: z.string().nullable(),
  ip: z.string().nullable(),
  signed_in_at: z.string(),
  last_seen_at: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionResponse>;
export const accountSessionListResponse = z.array(accountSessionResponse);

export const signedOutSessionsResponse = z.object({ signed_out: z.number().int() });

export const developerTokenParams = z.strictObject({ id, token_id: id });
