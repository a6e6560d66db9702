import type { CompiledQuery } from 'kysely';
import type pg from 'pg';

/**
 * Hot statements sent to PostgreSQL as named prepared statements: parsed and planned once per connection,
 * then only bound and executed. A statement compiled once (its text never changes, only its parameters)
 * is marked with `preparedOnce`; every other statement stays unnamed, so a connection holds only the few
 * marked ones. PGlite is unaffected (its driver sends every statement as it is).
 */
const names = new Map<string, string>();

/** Marks `query` (compiled once, fixed text) to run as a named prepared statement on PostgreSQL. */
export function preparedOnce<Q extends CompiledQuery>(query: Q): Q {
  if (!names.has(query.sql)) names.set(query.sql, `lintel_${names.size + 1}`);
  return query;
}

/** What pg keeps of the statements a connection has prepared (undocumented; checked before use). */
interface PreparedState {
  parsedStatements?: Record<string, string>;
  submittedNamedStatements?: Record<string, string>;
}

/** PostgreSQL's answer when a prepared statement's result columns changed under it (a migration). */
const RESULT_TYPE_CHANGED = '0A000';

/**
 * Makes `client` send the statements marked by preparedOnce as named statements (Kysely's driver calls
 * `client.query(text, values)`, which has no name). When a migration of another process changed such a
 * statement's result columns, PostgreSQL refuses the prepared statement: it is dropped on this
 * connection and prepared again, once.
 */
export function prepareMarkedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
  const named = async (name: string, text: string, values: unknown[]): Promise<pg.QueryResult> => {
    try {
      return await query({ name, text, values });
    } catch (error) {
      if ((error as { code?: string }).code !== RESULT_TYPE_CHANGED) throw error;
      const state = (client as unknown as { connection?: PreparedState }).connection;
      if (!state?.parsedStatements) throw error;
      await query(`DEALLOCATE ${name}`).catch(() => undefined);
      delete state.parsedStatements[name];
      delete state.submittedNamedStatements?.[name];
      return query({ name, text, values });
    }
  };
  // Anything else (callbacks, cursors, configs, unmarked text) goes through untouched.
  const patched = (...args: unknown[]) => {
    const [config, values] = args;
    const name = typeof config === 'string' ? names.get(config) : undefined;
    if (name === undefined || args.length !== 2 || !Array.isArray(values)) return query(...args);
    return named(name, config as string, values);
  };
  client.query = patched as typeof client.query;
}
