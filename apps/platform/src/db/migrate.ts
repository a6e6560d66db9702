import { Migrator } from 'kysely/migration';
import { platformMigrations } from './migrations/index';
import type { PlatformDb } from './schema';

/** Runs the platform's pending migrations (its own history table); throws with the failing one's error. */
export async function migratePlatform(db: PlatformDb): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => platformMigrations },
    migrationTableName: 'platform_migrations',
    migrationLockTableName: 'platform_migrations_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Platform migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
