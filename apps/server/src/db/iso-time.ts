import { type RawBuilder, sql } from 'kysely';

/**
 * A timestamp as JavaScript's toISOString writes it (UTC, milliseconds truncated, Z), formatted by
 * PostgreSQL: a hot list answers it as text, with no Date parsed by the driver and re-serialised.
 */
export function isoTime(column: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A timestamp as JavaScript's Date.getTime() answers it (milliseconds since the epoch, truncated). */
export function epochMs(column: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`floor(extract(epoch from ${column}) * 1000)::float8`;
}
