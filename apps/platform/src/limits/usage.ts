import { sql } from 'kysely';
import type { RateLimiter, TemplateUsage } from '../context';
import type { PlatformDb } from '../db/schema';
import type { PlatformEnvironment } from '../tokens';

/** How far back the portal looks for the keys an app's calls were counted under. */
const RECENT_MS = 3_600_000;
/** The newest calls looked at for those keys: bounded however busy the app is (the portal asks while the tab is open). */
const RECENT_CALLS = 1000;

/**
 * Each template of the buckets that count an app's calls, in both environments, with its current use
 * (the portal's "spike 37 of 100, resets in 6 s"): for the app's sandbox and production clients, the
 * keys of its calls of the last hour (the newest 1,000 at most) are asked for their counts and the most
 * used one is shown. An environment without an OAuth client is left out.
 */
export async function appBucketUsage(
  db: PlatformDb,
  limiter: RateLimiter,
  appId: number,
  now = new Date(),
): Promise<(TemplateUsage & { environment: PlatformEnvironment })[]> {
  const clients = await db
    .selectFrom('platform_oauth_applications')
    .select(['uid', 'environment'])
    .where('developer_app_id', '=', appId)
    .where('environment', 'in', ['sandbox', 'production'])
    .where('revoked_at', 'is', null)
    .orderBy('id')
    .execute();
  if (clients.length === 0) return [];
  const recent = await sql<{ environment: PlatformEnvironment; token_id: number; company_id: number | null }>`
    select environment, token_id, company_id, max(occurred_at) as last
      from (select environment, token_id, company_id, occurred_at from platform_api_calls
             where developer_app_id = ${appId} and occurred_at > ${new Date(now.getTime() - RECENT_MS)}
             order by occurred_at desc, id desc limit ${RECENT_CALLS}) newest
     where token_id is not null
     group by environment, token_id, company_id
     order by last desc`.execute(db);
  const usage: (TemplateUsage & { environment: PlatformEnvironment })[] = [];
  for (const environment of ['sandbox', 'production'] as const) {
    const client = clients.find((row) => row.environment === environment);
    if (!client) continue;
    const keys = recent.rows
      .filter((row) => row.environment === environment)
      .map((row) => ({
        tokenId: Number(row.token_id),
        companyId: row.company_id === null ? null : Number(row.company_id),
      }));
    for (const template of await limiter.usage(client.uid, environment, keys)) {
      usage.push({ ...template, environment });
    }
  }
  return usage;
}
