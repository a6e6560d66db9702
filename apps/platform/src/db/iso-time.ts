import { type RawBuilder, sql } from 'kysely';

/** A timestamp as toISOString writes it (UTC, milliseconds, Z), formatted by PostgreSQL (CSV lines). */
export function isoTime(column: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
