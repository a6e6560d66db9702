import { type RawBuilder, sql } from 'kysely';

/**
 * The collation names are sorted in: ICU's root locale, so "alpha", "Álvaro", "beta", "Zeta" come in
 * that order (case and accents only break ties), where the database's byte order ("C") puts every capital
 * before every small letter and accented letters after "z". PostgreSQL built with ICU (Debian's is) and
 * PGlite both have it. An index that serves a sort by name is built with the same collation (migration
 * 0021), else the planner cannot read it in order.
 */
export const NAME_COLLATION = 'und-x-icu';

/** A text column compared in the name collation: `orderBy(byName('a.internal_name'), 'asc')`. */
export function byName(column: string): RawBuilder<string> {
  return sql<string>`${sql.ref(column)} collate ${sql.id(NAME_COLLATION)}`;
}
