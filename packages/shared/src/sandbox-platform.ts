import { z } from 'zod';

/** Where one environment of the platform is reached: its OAuth server (auth) and REST API (api). */
export const environmentBaseUrls = z.object({ auth: z.string(), api: z.string() });

/**
 * The platform's base URLs (issue 21): `{auth}/oauth/token`, `{api}/rest/v1.0/…`. The credentials
 * cards, the Try it panel and the reference show them.
 */
export const platformBaseUrlsResponse = z.object({
  sandbox: environmentBaseUrls,
  production: environmentBaseUrls,
});
export type PlatformBaseUrls = z.infer<typeof platformBaseUrlsResponse>;

/**
 * "Get a test token": a sandbox user token for the signed-in collaborator, as the token endpoint answers
 * an authorization code (platform-oauth.md §4), plus the sandbox company it works in. Shown once.
 */
export const testTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string().nullable(),
  /** Unix seconds. */
  created_at: z.number().int(),
  company_id: z.number().int(),
});
export type TestToken = z.infer<typeof testTokenResponse>;
