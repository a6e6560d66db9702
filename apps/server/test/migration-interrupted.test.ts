import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/index';
import { migrations } from '../src/db/migrations/index';
import { serverEnv, spawnServer, startServer } from './server-process';
import { createTestDatabase } from './support';

const postgres = process.env.TEST_DATABASE_URL;

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.runIf(postgres)('SIGTERM during a migration (the real server process, PostgreSQL)', () => {
  let database: DatabaseHandle;
  let locker: pg.Client;
  beforeAll(async () => {
    database = await createTestDatabase();
    locker = new pg.Client({ connectionString: database.connectionString });
    await locker.connect();
  });
  afterAll(async () => {
    await locker?.query('rollback').catch(() => undefined);
    await locker?.end();
    await database?.close();
  });

  it('rolls the migration back, and the next start completes it', async () => {
    const { db } = database;
    const names = Object.keys(migrations).sort();
    const last = names[names.length - 1] as string;
    const lastMigration = migrations[last];
    if (!lastMigration?.down) throw new Error(`${last} has no down(): the test undoes it to run it again`);
    // The database as it was before the newest migration.
    await lastMigration.down(db);
    await sql`delete from kysely_migration where name = ${last}`.execute(db);
    const schemaOf = async () =>
      (
        await sql<{ columns: number }>`
          select count(*)::int as columns from information_schema.columns where table_schema = 'public'
        `.execute(db)
      ).rows[0]?.columns;
    const schemaBefore = await schemaOf();

    // Every table the migration could touch is locked, so it waits inside the migrator's transaction.
    await locker.query('begin');
    const tables = await locker.query<{ name: string }>(
      `select quote_ident(tablename) as name from pg_tables
        where schemaname = 'public' and tablename not like 'kysely_migration%'`,
    );
    await locker.query(
      `lock table ${tables.rows.map((row) => row.name).join(', ')} in access exclusive mode`,
    );

    // The server's connections carry a name of their own, so the test tells them from its own.
    const url = new URL(database.connectionString ?? '');
    url.searchParams.set('application_name', 'lintel-migration-test');
    const env = serverEnv(url.toString());
    // The locker is inside its transaction, which keeps one snapshot of the activity unless it is cleared.
    const serverBackends = async () => {
      await locker.query('select pg_stat_clear_snapshot()');
      const { rows } = await locker.query<{ pid: number; wait: string | null }>(
        `select pid, wait_event_type as wait from pg_stat_activity
          where application_name = 'lintel-migration-test'`,
      );
      return rows;
    };
    // Started by tsx from the sources: on a loaded machine the first statement can be half a minute away.
    const server = await spawnServer(env);
    try {
      await until(
        'the migration to wait on the lock',
        async () => ((await serverBackends()).some((backend) => backend.wait === 'Lock') ? true : undefined),
        90_000,
      );
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('received SIGTERM while starting');
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }

    // The lock released, the migration's backend finds its client gone and rolls back.
    await locker.query('rollback');
    await until('the stopped server to leave the database', async () =>
      (await serverBackends()).length === 0 ? true : undefined,
    );
    const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    expect(applied.rows.map((row) => row.name)).not.toContain(last);
    expect(await schemaOf()).toBe(schemaBefore);

    const next = await startServer(env);
    try {
      const ready = await fetch(`${next.url}/api/v1/health/ready`);
      expect(ready.status).toBe(200);
      const after = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
      expect(after.rows.map((row) => row.name)).toEqual(names);
      next.child.kill('SIGTERM');
      expect(await next.exited).toBe(0);
    } finally {
      if (next.child.exitCode === null) next.child.kill('SIGKILL');
    }
  }, 180_000);
});
