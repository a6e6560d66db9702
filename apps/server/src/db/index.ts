import fs from 'node:fs/promises';
import path from 'node:path';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { migratePlatform } from '@lintel/platform';
import {
  type DatabaseConnection,
  type Driver,
  Kysely,
  PGliteDialect,
  PostgresDialect,
  sql,
  type TransactionSettings,
} from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrations } from './migrations/index';
import { prepareMarkedStatements } from './prepared';
import type { Database } from './schema';
import { WatchingDriver, type WritesListener, WriteWatch } from './writes';

export type Db = Kysely<Database>;

/** A live database: Kysely over PGlite or PostgreSQL, plus what pg-boss needs to share it. */
export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  pglite?: PGlite;
  connectionString?: string;
  /** The PostgreSQL pool (the platform's rate-limit counters share it); none on PGlite. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

// PGlite has one connection and Kysely's PGlite driver does not serialise its use: a query issued
// while another request holds a transaction would run inside that transaction. One lock around
// acquire/release makes every query and transaction take its turn.
class SerialDriver implements Driver {
  #tail: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(private readonly inner: Driver) {}

  init() {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.#release = release;
    return this.inner.acquireConnection();
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection(connection);
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }
  destroy() {
    return this.inner.destroy();
  }
}

class SerialPGliteDialect extends PGliteDialect {
  constructor(
    config: ConstructorParameters<typeof PGliteDialect>[0],
    private readonly watch: WriteWatch,
  ) {
    super(config);
  }
  override createDriver(): Driver {
    return new WatchingDriver(new SerialDriver(super.createDriver()), this.watch);
  }
}

class WatchedPostgresDialect extends PostgresDialect {
  constructor(
    config: ConstructorParameters<typeof PostgresDialect>[0],
    private readonly watch: WriteWatch,
  ) {
    super(config);
  }
  override createDriver(): Driver {
    return new WatchingDriver(super.createDriver(), this.watch);
  }
}

/** The writes heard on each database opened here (db/writes.ts), by its Kysely instance. */
const writeWatches = new WeakMap<object, WriteWatch>();

/**
 * Tells `listener` which tables every statement made through `db` (and its transactions) writes, once
 * it is committed (WatchingDriver). Returns the call that stops it, or undefined for a database not
 * opened here (nothing is heard there: a cache must then not keep answers).
 */
export function onWrites(db: Db, listener: WritesListener): (() => void) | undefined {
  return writeWatches.get(db)?.listen(listener);
}

// Timestamps come back as Date from both drivers; int8 counts (count(*)) as numbers, not strings.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
// Calendar dates stay YYYY-MM-DD text: a Date would shift them by the server's time zone.
pg.types.setTypeParser(1082, (value) => value);

/** Opens PGlite in `dataDir` (or memory when dataDir is 'memory://'). */
export async function openPglite(dataDir: string, extra: PGliteOptions = {}): Promise<PGlite> {
  if (dataDir !== 'memory://') await fs.mkdir(dataDir, { recursive: true });
  // Loaded here, not at the top: a server on PostgreSQL never needs PGlite's module.
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  const pglite = await PGlite.create(dataDir === 'memory://' ? undefined : dataDir, {
    ...extra,
    extensions: { pg_trgm },
    parsers: { 20: (value: string) => Number.parseInt(value, 10), 1082: (value: string) => value },
  });
  await pglite.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  return pglite;
}

/** Who hears each query's duration (operators' metrics), per database: nobody unless one asks. */
const queryListeners = new WeakMap<object, (seconds: number) => void>();

/** Reports the time of every query made through `db` (and its transactions) to `listener`. */
export function onQueryDuration(db: Db, listener: (seconds: number) => void): void {
  queryListeners.set(db, listener);
}

/** Kysely's log hook: one map lookup per query while nobody listens. */
function queryLog(self: { db?: Db }) {
  return (event: { queryDurationMillis: number }) => {
    const listener = self.db && queryListeners.get(self.db);
    if (listener) listener(event.queryDurationMillis / 1000);
  };
}

export function kyselyOnPglite(pglite: PGlite): Db {
  const self: { db?: Db } = {};
  const watch = new WriteWatch();
  self.db = new Kysely<Database>({
    dialect: new SerialPGliteDialect({ pglite }, watch),
    log: queryLog(self),
  });
  writeWatches.set(self.db, watch);
  return self.db;
}

export function kyselyOnPostgres(connectionString: string, max = 10): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection that the server drops (restart, failover, admin) must not crash the process:
  // the pool replaces it on the next query.
  pool.on('error', (error) => process.emitWarning(`PostgreSQL dropped an idle connection: ${error.message}`));
  // A connection checked out when the server terminates it (failover, pooler restart, pg_terminate_backend)
  // emits 'error' on its client, outside any query, where the pool no longer listens: without a listener
  // of its own that kills the process. The query in flight fails (503 for a request, a retry for a job)
  // and the pool drops the client on release.
  pool.on('connect', (client) => {
    client.on('error', (error) =>
      process.emitWarning(`PostgreSQL dropped a connection in use: ${error.message}`),
    );
    prepareMarkedStatements(client);
  });
  const self: { db?: Db } = {};
  const watch = new WriteWatch();
  self.db = new Kysely<Database>({
    dialect: new WatchedPostgresDialect({ pool }, watch),
    log: queryLog(self),
  });
  writeWatches.set(self.db, watch);
  return { db: self.db, pool };
}

/** Connects to PostgreSQL when a URL is given, else opens PGlite under `<dataDir>/db`. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { db, pool } = kyselyOnPostgres(options.databaseUrl);
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    return { db, kind: 'postgres', connectionString: options.databaseUrl, pool, close: () => db.destroy() };
  }
  const pglite = await openPglite(path.join(options.dataDir, 'db'));
  const db = kyselyOnPglite(pglite);
  return {
    db,
    kind: 'pglite',
    pglite,
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** Runs every pending migration, the portal's then the embedded platform's; throws with the failing one's error. */
export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
  await migratePlatform(db);
}
