import { platformMigrations } from '@lintel/platform';
import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { migrations } from '../../db/migrations/index';
import type { Storage } from '../../storage/index';

/** One part the portal needs to serve, and whether it answers. */
export type ReadinessPart = 'database' | 'migrations' | 'storage' | 'workers';

export interface ReadinessReport {
  ready: boolean;
  checks: Record<ReadinessPart, 'ok' | 'failing'>;
  /** The failing parts, each with a short reason for the operator. */
  failing: { part: ReadinessPart; reason: string }[];
}

export interface ReadinessDeps {
  db: Db;
  storage: Storage;
  /** Whether this process's job workers are running (null: this process runs none, nothing to check). */
  workersRunning: (() => boolean) | null;
  /** How long a check may take before it counts as failing. */
  timeoutMs?: number;
}

/** A probe's key in storage: never written, only looked up (a missing object is a reachable store). */
const STORAGE_PROBE = 'readiness-probe';

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);

/**
 * Whether this process can serve (issue 24, for orchestrators): the database answers, every migration
 * of the portal and of the embedded platform is applied, the file storage answers, and the job workers
 * run. Each part is checked at once, with a bound on its time.
 */
export async function checkReadiness(deps: ReadinessDeps): Promise<ReadinessReport> {
  const timeoutMs = deps.timeoutMs ?? 2_000;
  const failing: ReadinessReport['failing'] = [];
  const check = async (part: ReadinessPart, probe: () => Promise<string | null>) => {
    try {
      const problem = await withTimeout(probe(), timeoutMs, part);
      if (problem) failing.push({ part, reason: problem });
    } catch (error) {
      failing.push({ part, reason: reasonOf(error) });
    }
  };
  await Promise.all([
    check('database', async () => {
      await sql`select 1`.execute(deps.db);
      return null;
    }),
    check('migrations', async () => {
      const applied = await sql<{ portal: number; platform: number }>`select
          (select count(*) from kysely_migration)::int as portal,
          (select count(*) from platform_migrations)::int as platform`.execute(deps.db);
      const row = applied.rows[0];
      const pending =
        Object.keys(migrations).length -
        (row?.portal ?? 0) +
        Object.keys(platformMigrations).length -
        (row?.platform ?? 0);
      return pending > 0 ? `${pending} migration(s) not applied` : null;
    }),
    check('storage', async () => {
      await deps.storage.head(STORAGE_PROBE);
      return null;
    }),
    check('workers', async () =>
      deps.workersRunning === null || deps.workersRunning() ? null : 'the job workers are not running',
    ),
  ]);
  const parts: ReadinessPart[] = ['database', 'migrations', 'storage', 'workers'];
  const failed = new Set(failing.map((entry) => entry.part));
  return {
    ready: failing.length === 0,
    checks: Object.fromEntries(parts.map((part) => [part, failed.has(part) ? 'failing' : 'ok'])) as Record<
      ReadinessPart,
      'ok' | 'failing'
    >,
    failing: parts.flatMap((part) => failing.filter((entry) => entry.part === part)),
  };
}
