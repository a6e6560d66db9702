import { type Kysely, sql } from 'kysely';

/**
 * The review-queue wait estimate (issue 11, "Queue transparency") pairs each manifest review decision of
 * the last 30 days with the version's latest submission before it, and the manifests area logs both as
 * analytics events keyed by the version in a JSON property. With only (key, created_at) to go by, each
 * decision read every submission event ever logged: a cost growing with the whole history, paid by every
 * admin list page that shows an app in review. This partial index holds the submission events by version
 * and time, so each decision finds its submission with one index probe.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index analytics_events_review_submits
    on analytics_events ((properties->>'app_version_id'), created_at)
    where key = 'manifest_review_submit'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists analytics_events_review_submits`.execute(db);
}
