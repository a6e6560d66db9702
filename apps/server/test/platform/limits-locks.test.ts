// Issue 21 (a burst counted exactly by two portals on one PostgreSQL database): a refused call's undo
// locks the counters in the order the counting statement does, so the two never deadlock. The undo once
// took the rows in the table's order while a counting call held one and waited for the other: PostgreSQL
// cancelled one statement and its call answered 500 among 300 concurrent calls.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTERS_TABLE, undoCounts } from '../../../platform/src/limits/limiter';
import type { Runtime } from '../../src/runtime';
import { startTestRuntime } from '../support';

describe.runIf(process.env.TEST_DATABASE_URL)('a refused call taken back from its windows', () => {
  let runtime: Runtime;
  let pool: pg.Pool;
  beforeAll(async () => {
    runtime = await startTestRuntime();
    // Without index scans, as on a table big enough for a bitmap scan: rows are met in the table's order.
    pool = new pg.Pool({
      connectionString: runtime.database.connectionString,
      max: 3,
      options: '-c enable_indexscan=off -c enable_indexonlyscan=off',
    });
  });
  afterAll(async () => {
    await pool?.end();
    await runtime?.close();
  });

  it('locks the rows in key order, so a caller holding the first key keeps the undo off the second', async () => {
    const expire = Date.now() + 60_000;
    // The later key first in the table: an UPDATE that follows the table meets it first.
    for (const key of ['rl:test:b', 'rl:test:a']) {
      await pool.query(`INSERT INTO ${COUNTERS_TABLE} (key, points, expire) VALUES ($1, 5, $2)`, [
        key,
        expire,
      ]);
    }
    const holder = await pool.connect();
    const other = await pool.connect();
    try {
      // A counting call that has taken the first key (counting takes them sorted) and not yet the second.
      await holder.query('BEGIN');
      await holder.query(`SELECT 1 FROM ${COUNTERS_TABLE} WHERE key = 'rl:test:a' FOR UPDATE`);
      const undo = undoCounts(pool, ['rl:test:b', 'rl:test:a'], Date.now());
      await waitUntilWaitingForLock(other);
      // The undo waits for the first key without holding the second: the counting call can take it.
      await other.query('BEGIN');
      await other.query("SET LOCAL lock_timeout = '2s'");
      await other.query(`SELECT 1 FROM ${COUNTERS_TABLE} WHERE key = 'rl:test:b' FOR UPDATE`);
      await other.query('COMMIT');
      await holder.query('COMMIT');
      await undo;
    } finally {
      await other.query('ROLLBACK').catch(() => undefined);
      await holder.query('ROLLBACK').catch(() => undefined);
      other.release();
      holder.release();
    }
    const { rows } = await pool.query<{ key: string; points: number }>(
      `SELECT key, points FROM ${COUNTERS_TABLE} WHERE key LIKE 'rl:test:%' ORDER BY key`,
    );
    expect(rows).toEqual([
      { key: 'rl:test:a', points: 4 },
      { key: 'rl:test:b', points: 4 },
    ]);
  });
});

/**
 * Until another session of this database waits for a row lock (the undo behind the holder). Asked from a
 * session outside any transaction: inside one, the activity view answers the same snapshot every time.
 */
async function waitUntilWaitingForLock(client: pg.PoolClient): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const { rows } = await client.query(
      `SELECT 1 FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
    );
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the undo never waited for the held row');
}
