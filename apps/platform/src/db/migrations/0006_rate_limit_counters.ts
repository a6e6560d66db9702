import { type Kysely, sql } from 'kysely';

/**
 * The rate limiter's counters on PostgreSQL (issue 21): one row per counting key (server, bucket,
 * template, window length, access token and company), as rate-limiter-flexible's RateLimiterPostgres
 * reads and writes it — the same columns in the same order, since the library inserts positionally.
 * Created here rather than by the library at run time, so a deployment's database user needs no DDL
 * rights at start and every server process finds the table ready. `expire` is Unix milliseconds.
 * Unlogged: a counter is written on every API call, and a logged table would make each of those
 * commits wait for a WAL flush (measured: a third of the API's throughput); counters lost in a crash
 * or a failover only reset the current windows. A fill factor below 100 leaves room on each page for
 * the counters' constant updates (HOT updates).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unlogged table platform_rate_limits (
    key varchar(255) primary key,
    points integer not null default 0,
    expire bigint
  ) with (fillfactor = 70)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table platform_rate_limits`.execute(db);
}
