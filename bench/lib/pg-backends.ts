import { readFileSync } from 'node:fs';
import type pg from 'pg';

/** CPU time (user + system, ms) used so far by one process; NaN when it cannot be read (Linux /proc). */
function pidCpuMs(pid: number): number {
  try {
    // utime and stime are fields 14 and 15; the command name before them may contain spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ is 100 on Linux
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU time (ms) used so far by each backend connected to `client`'s database, except `client`'s own
 * and `exclude`. Unlike counting every `postgres` process, this leaves out other databases' work
 * (other benchmarks running on the same server). Needs PostgreSQL on this machine.
 */
export async function databaseBackendsCpu(
  client: pg.Client,
  exclude: number[] = [],
): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity
     WHERE datname = current_database() AND pid <> pg_backend_pid() AND NOT (pid = ANY ($1::int[]))`,
    [exclude],
  );
  return new Map(rows.map((row) => [row.pid, pidCpuMs(row.pid)]));
}

/** CPU ms between two snapshots: backends present in both, plus the whole time of those that appeared. */
export function backendsCpuDelta(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) {
    if (Number.isNaN(ms)) continue;
    const start = before.get(pid);
    total += start === undefined || Number.isNaN(start) ? ms : ms - start;
  }
  return total;
}
