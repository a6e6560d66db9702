import type { Kysely } from 'kysely';

/**
 * A rejected production version (issue 20): rejecting keeps the spec's state (reject → confidential,
 * spec 2 §4), and `rejected_at` marks the confidential version as sent back by a reviewer, so the developer
 * sees "Rejected" with the reviewer's notes instead of "Not submitted". Submitting again clears it.
 * Down: the column goes; rejected versions stay confidential, as the spec has them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('app_versions').addColumn('rejected_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('app_versions').dropColumn('rejected_at').execute();
}
