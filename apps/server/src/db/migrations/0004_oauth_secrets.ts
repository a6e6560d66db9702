import type { Kysely } from 'kysely';

/**
 * Secrets that are shown again (issue 13): a sandbox's client secret on its live card, a production secret
 * revealed once. An OAuth application whose production access was revoked, or whose app was deleted,
 * is marked revoked and stops working. Secrets are kept sealed (AES-256-GCM under SECRETS_KEY) beside the hash; a production secret's
 * sealed copy is dropped when it is revealed, and only its hash remains.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('platform_oauth_applications')
    .addColumn('secret_sealed', 'text')
    .addColumn('secret_revealed_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('platform_oauth_applications')
    .dropColumn('secret_sealed')
    .dropColumn('secret_revealed_at')
    .dropColumn('revoked_at')
    .execute();
}
