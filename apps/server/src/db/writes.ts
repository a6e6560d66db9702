import type {
  CompiledQuery,
  DatabaseConnection,
  Driver,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/**
 * What a committed statement (or transaction) wrote: the tables it inserted into, updated, deleted from
 * or merged into (names without schema), the tables it deleted from, and `all` for a statement whose
 * writes cannot be read from its text (DDL, TRUNCATE, DO, CALL, COPY, EXECUTE, …): a listener then
 * assumes that every table changed.
 */
export interface HeardWrites {
  tables: ReadonlySet<string>;
  deletes: ReadonlySet<string>;
  all: boolean;
}

export type WritesListener = (writes: HeardWrites) => void;

/** What one statement is, as far as writes are concerned. */
interface StatementWrites {
  /** BEGIN/START TRANSACTION, COMMIT/END, ROLLBACK (not ROLLBACK TO), or none. */
  control?: 'begin' | 'commit' | 'rollback';
  tables?: Set<string>;
  deletes?: Set<string>;
  all?: boolean;
}

const NONE: StatementWrites = {};
const ALL: StatementWrites = { all: true };

/** Statements that write nothing a listener cares about. */
const QUIET = new Set([
  'select',
  'show',
  'set',
  'reset',
  'listen',
  'unlisten',
  'notify',
  'deallocate',
  'discard',
  'savepoint',
  'release',
  'lock',
  'fetch',
  'close',
  'declare',
  'analyze',
  'vacuum',
]);

/** Statements whose writes, if any, are read from their text (WITH and EXPLAIN may hold a write). */
const READ_FROM_TEXT = new Set([
  'select',
  'with',
  'insert',
  'update',
  'delete',
  'merge',
  'explain',
  'values',
  'table',
]);

const TARGET =
  /\b(insert\s+into|update|delete\s+from|merge\s+into)\s+(?:only\s+)?((?:"(?:[^"]|"")+"|[a-z_][\w$]*)(?:\s*\.\s*(?:"(?:[^"]|"")+"|[a-z_][\w$]*))?)/gi;

/** A table's name as PostgreSQL resolves it: the last dotted part, unquoted, else folded to lower case. */
function tableName(reference: string): string {
  const last = reference.match(/(?:"(?:[^"]|"")+"|[a-z_][\w$]*)\s*$/i)?.[0] ?? reference;
  return last.startsWith('"') ? last.slice(1, -1).replace(/""/g, '"') : last.toLowerCase();
}

/** Reads what a statement writes from its text (without its comments). */
export function writesOf(text: string): StatementWrites {
  const stripped = text.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, ' ');
  const verb = stripped.match(/^[\s(]*([a-z]+)/i)?.[1]?.toLowerCase();
  if (!verb) return NONE;
  if (verb === 'begin' || verb === 'start') return { control: 'begin' };
  if (verb === 'commit' || verb === 'end') return { control: 'commit' };
  if (verb === 'rollback' || verb === 'abort') {
    return /^[\s(]*(?:rollback|abort)\s+(?:work\s+|transaction\s+)?to\b/i.test(stripped)
      ? NONE
      : { control: 'rollback' };
  }
  if (!READ_FROM_TEXT.has(verb)) return QUIET.has(verb) ? NONE : ALL;
  // Words inside string literals could name a table too: a needless drop, never a missed one.
  const tables = new Set<string>();
  const deletes = new Set<string>();
  for (const match of stripped.matchAll(TARGET)) {
    const table = tableName(match[2] as string);
    tables.add(table);
    if ((match[1] as string).toLowerCase().startsWith('delete')) deletes.add(table);
  }
  return tables.size === 0 ? NONE : { tables, deletes };
}

/** writesOf, remembered per statement text (most statements are compiled once and repeat). */
const known = new Map<string, StatementWrites>();
function statementWrites(text: string): StatementWrites {
  let found = known.get(text);
  if (!found) {
    found = writesOf(text);
    if (known.size >= 2000) known.clear();
    known.set(text, found);
  }
  return found;
}

/** The listeners of one database's writes. */
export class WriteWatch {
  private readonly listeners = new Set<WritesListener>();

  /** Tells `listener` of every write heard from now on; returns the call that stops it. */
  listen(listener: WritesListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get listening(): boolean {
    return this.listeners.size > 0;
  }

  tell(writes: HeardWrites): void {
    for (const listener of this.listeners) {
      try {
        listener(writes);
      } catch (error) {
        process.emitWarning(`a listener of database writes failed: ${String(error)}`);
      }
    }
  }
}

/** Writes heard on a connection, collected until the transaction ends. */
class Collected {
  tables = new Set<string>();
  deletes = new Set<string>();
  all = false;

  add(writes: StatementWrites): void {
    if (writes.all) this.all = true;
    for (const table of writes.tables ?? []) this.tables.add(table);
    for (const table of writes.deletes ?? []) this.deletes.add(table);
  }

  get empty(): boolean {
    return !this.all && this.tables.size === 0;
  }
}

/** A connection of a WatchingDriver: every statement goes through it (Kysely, raw sql``, compiled ones). */
class WatchedConnection implements DatabaseConnection {
  /** The writes of the open transaction; undefined outside one. */
  transaction: Collected | undefined;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly watch: WriteWatch,
  ) {}

  async executeQuery<R>(query: CompiledQuery, options?: never): Promise<QueryResult<R>> {
    const writes = statementWrites(query.sql);
    if (writes === NONE) return this.inner.executeQuery<R>(query, options);
    try {
      return await this.inner.executeQuery<R>(query, options);
    } finally {
      // Also after a failure: the statement may have been applied (a connection lost after COMMIT).
      this.heard(writes);
    }
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize: number, options?: never) {
    const writes = statementWrites(query.sql);
    try {
      yield* this.inner.streamQuery<R>(query, chunkSize, options);
    } finally {
      if (writes !== NONE) this.heard(writes);
    }
  }

  begin(): void {
    this.transaction = new Collected();
  }

  /** Tells the transaction's writes (after COMMIT, also a failed one: it may have committed). */
  commit(): void {
    const writes = this.transaction;
    this.transaction = undefined;
    if (writes && !writes.empty) this.watch.tell(writes);
  }

  rollback(): void {
    this.transaction = undefined;
  }

  private heard(writes: StatementWrites): void {
    if (writes.control === 'begin') this.begin();
    else if (writes.control === 'commit') this.commit();
    else if (writes.control === 'rollback') this.rollback();
    else if (this.transaction) this.transaction.add(writes);
    else {
      const collected = new Collected();
      collected.add(writes);
      this.watch.tell(collected);
    }
  }
}

/**
 * A Kysely driver that hears which tables each statement writes (writesOf) and tells the database's
 * WriteWatch: after the statement outside a transaction, at COMMIT inside one, never for a transaction
 * rolled back. It wraps the driver of either dialect (the PostgreSQL pool's, PGlite's), so every statement
 * made through Kysely is heard: query builders, raw sql``, compiled statements, transactions, migrations.
 */
export class WatchingDriver implements Driver {
  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];

  constructor(
    private readonly inner: Driver,
    readonly watch: WriteWatch,
  ) {
    const passOn = (method: 'savepoint' | 'rollbackToSavepoint' | 'releaseSavepoint') => {
      const original = inner[method];
      if (!original) return undefined;
      return (connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) =>
        original.call(inner, (connection as WatchedConnection).inner, name, compile);
    };
    // A savepoint rolled back keeps the writes before it: the listeners may hear more than was kept.
    this.savepoint = passOn('savepoint');
    this.rollbackToSavepoint = passOn('rollbackToSavepoint');
    this.releaseSavepoint = passOn('releaseSavepoint');
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new WatchedConnection(await this.inner.acquireConnection(), this.watch);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const watched = connection as WatchedConnection;
    await this.inner.beginTransaction(watched.inner, settings);
    watched.begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    try {
      await this.inner.commitTransaction(watched.inner);
    } finally {
      watched.commit();
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    try {
      await this.inner.rollbackTransaction(watched.inner);
    } finally {
      watched.rollback();
    }
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    // A transaction left open by a raw BEGIN: whether its writes will be kept is not known, so they count.
    if (watched.transaction) watched.commit();
    return this.inner.releaseConnection(watched.inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
