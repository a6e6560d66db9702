import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { PGliteOptions } from '@electric-sql/pglite';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type Config, loadConfig } from '../src/config';
import {
  type DatabaseHandle,
  type Db,
  kyselyOnPglite,
  kyselyOnPostgres,
  onQueryDuration,
  openPglite,
} from '../src/db/index';
import type { Database, UserRow } from '../src/db/schema';
import { hashPassword } from '../src/http/crypto';
import { authRepository } from '../src/modules/auth/repository';
import { developerAppRepository } from '../src/modules/developer-apps/repository';
import { type Runtime, startRuntime } from '../src/runtime';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the migrated template database of this run (TEST_DATABASE_URL's server). */
    templateDatabase: string;
    /** PGlite: the file holding a migrated data directory (a tarball). */
    pgliteSnapshot: string;
  }
}

export const TEST_PASSWORD = 'correct horse battery';

/** Test configuration: cheap scrypt, no demo data, quiet logs. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    SCRYPT_LOG_N: '10',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(os.tmpdir(), `lintel-test-${randomBytes(4).toString('hex')}`),
    PUBLIC_URL: 'http://portal.test',
    // Every test request comes from 127.0.0.1: the per-client mail limit is for its own test to lower.
    MAIL_MAX_PER_CLIENT_HOUR: '100000',
    ...overrides,
  });
}

let pgliteCopy: PGliteOptions | undefined;
// The server's TypeScript settings carry no WebAssembly types; Node has the global all the same.
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<unknown> } })
  .WebAssembly;

/**
 * What a PGlite copy of the run's migrated snapshot (test/global-setup.ts) loads: the data directory,
 * and PGlite's compiled module and file bundle, made once per test process.
 */
async function pgliteFromSnapshot(file: string): Promise<PGliteOptions> {
  if (!pgliteCopy) {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    pgliteCopy = {
      loadDataDir: new Blob([readFileSync(file)]),
      pgliteWasmModule: (await wasm.compile(readFileSync(path.join(dist, 'pglite.wasm')))) as never,
      fsBundle: new Blob([readFileSync(path.join(dist, 'pglite.data'))]),
    };
  }
  return pgliteCopy;
}

/**
 * A database for one test file: PGlite in memory by default, a new database on the PostgreSQL server of
 * TEST_DATABASE_URL when that is set (dropped again on close). It starts as a copy of the run's migrated
 * database (global-setup.ts) unless `fresh` asks for an empty one (the tests of migrations themselves).
 */
export async function createTestDatabase(options: { fresh?: boolean } = {}): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = options.fresh ? undefined : inject('templateDatabase');
  if (!serverUrl) {
    const snapshot = options.fresh ? undefined : inject('pgliteSnapshot');
    const pglite = await openPglite('memory://', snapshot ? await pgliteFromSnapshot(snapshot) : {});
    const db = kyselyOnPglite(pglite);
    return { db, kind: 'pglite', pglite, close: () => db.destroy() };
  }
  const name = `lintel_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const { db, pool } = kyselyOnPostgres(url.toString(), 5);
  await db.executeQuery({
    sql: 'CREATE EXTENSION IF NOT EXISTS pg_trgm',
    parameters: [],
    query: { kind: 'RawNode' } as never,
    queryId: { queryId: 't' },
  });
  return {
    db,
    kind: 'postgres',
    connectionString: url.toString(),
    pool,
    close: async () => {
      await db.destroy();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      // Connections that are closing still count for a moment: wait for them rather than kill them
      // (a killed pool client raises an error nobody listens to any more).
      for (let attempt = 0; ; attempt++) {
        try {
          await client.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 50 ? ' WITH (FORCE)' : ''}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await client.end();
    },
  };
}

/** A running portal on a fresh database; workers are off unless asked for, so tests drive jobs themselves. */
export async function startTestRuntime(
  options: { env?: Record<string, string>; workers?: boolean } = {},
): Promise<Runtime> {
  const database = await createTestDatabase();
  return startRuntime(testConfig(options.env), { database, workers: options.workers ?? false });
}

let sequence = 0;

/**
 * Six random letters for a unique address, from letters no test searches for: with hex, an address
 * could hold "bea" (a name search then found two developers) or a platform id's digits.
 */
function randomTag(): string {
  const letters = 'ghjkmnpqrstvwxyz';
  return Array.from({ length: 6 }, () => letters[randomInt(letters.length)]).join('');
}

/** Factory: a production version of `app` in review since `since`, as the admin lists and the queue read it. */
/** The statements `db` made while `run` ran. */
export async function statementsDuring(db: Db, run: () => Promise<unknown>): Promise<number> {
  let statements = 0;
  onQueryDuration(db, () => {
    statements += 1;
  });
  try {
    await run();
  } finally {
    onQueryDuration(db, () => undefined);
  }
  return statements;
}

export async function insertVersionInReview(
  runtime: Runtime,
  app: { id: number },
  since: Date,
  version = '1.0.0',
): Promise<{ id: number }> {
  return runtime.database.db
    .insertInto('app_versions')
    .values({
      developer_app_id: app.id,
      environment_type: 'ProductionEnvironment',
      semantic_version: version,
      state: 'in_review',
      schema_version: '1',
      content: '{}',
      configured_manifest_content: null,
      auth_code_enabled: false,
      changelog: null,
      app_version_key: randomUUID(),
      developer_notes: null,
      admin_notes: null,
      source_app_version_id: null,
      created_by: null,
      created_at: since,
      updated_at: since,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Factory: a confirmed developer unless told otherwise. */
export async function createUser(
  runtime: Runtime,
  overrides: Partial<{
    email: string;
    name: string;
    password: string;
    isAdmin: boolean;
    isEmployee: boolean;
    confirmed: boolean;
    criticalEmails: boolean;
  }> = {},
): Promise<UserRow> {
  sequence += 1;
  const user = await authRepository.insertUser(runtime.database.db, {
    email: overrides.email ?? `user${sequence}-${randomTag()}@example.test`,
    name: overrides.name ?? `User ${sequence}`,
    company_name: 'Test Co',
    password_hash: await hashPassword(overrides.password ?? TEST_PASSWORD, runtime.config.scryptLogN),
    is_admin: overrides.isAdmin ?? false,
    is_employee: overrides.isEmployee ?? false,
    critical_emails: overrides.criticalEmails ?? true,
    confirmed_at: overrides.confirmed === false ? null : new Date(),
  });
  if (!user) throw new Error('factory: e-mail taken');
  return user;
}

/** A signed-in client: the session cookie and CSRF token applied to every request it makes. */
export interface Client {
  cookie: string;
  csrf: string;
  user: UserRow;
  request(options: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse>;
}

export async function signIn(app: FastifyInstance, user: UserRow, password = TEST_PASSWORD): Promise<Client> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/session',
    payload: { email: user.email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = sessionCookieOf(response);
  const csrf = response.json().csrf_token as string;
  return {
    cookie,
    csrf,
    user,
    request: ({ csrf: withCsrf = true, headers, ...options }) =>
      app.inject({
        ...options,
        headers: {
          ...headers,
          cookie: `lintel_session=${cookie}`,
          ...(withCsrf ? { 'x-csrf-token': csrf } : {}),
        },
      }),
  };
}

export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'lintel_session');
  if (!cookie) throw new Error('no session cookie');
  return cookie.value;
}

/** Asserts the one error shape of ARCHITECTURE.md and returns its code. */
export function errorOf(response: LightMyRequestResponse): {
  code: string;
  message: string;
  details: { path: string; message: string }[];
  errors: string[];
} {
  const body = response.json();
  if (
    !Array.isArray(body.errors) ||
    typeof body.error?.code !== 'string' ||
    !Array.isArray(body.error?.details)
  ) {
    throw new Error(`not the error shape: ${response.body}`);
  }
  if (/\bat .+:\d+:\d+/.test(response.body)) throw new Error('a stack trace leaked');
  return { ...body.error, errors: body.errors };
}

/** Outbound e-mails in creation order. */
export function outboundEmails(runtime: Runtime) {
  return runtime.database.db.selectFrom('outbound_emails').selectAll().orderBy('id').execute();
}

/** The token of the last link in an e-mail body. */
export function tokenFrom(text: string): string {
  const match = /token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no token in: ${text}`);
  return match[1];
}

/** Factory: a notification written straight to the database (the admin API is tested on its own). */
export async function createNotification(
  runtime: Runtime,
  overrides: Partial<{
    title: string;
    summary: string;
    body: string;
    draft: boolean;
    show_after: string | null;
    critical: boolean;
    created_at: Date;
  }> = {},
) {
  sequence += 1;
  const now = overrides.created_at ?? new Date();
  return runtime.database.db
    .insertInto('notifications')
    .values({
      title: overrides.title ?? `Notice ${sequence}`,
      summary: overrides.summary ?? 'A short summary',
      body: overrides.body ?? 'The **body** of the notice',
      draft: overrides.draft ?? false,
      show_after: overrides.show_after ?? null,
      critical: overrides.critical ?? false,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Signs up through the API (POST /api/v1/registrations), which queues the confirmation e-mail. */
export function registerViaApi(
  runtime: Runtime,
  account: { email: string; name?: string; company_name?: string; password?: string },
) {
  return runtime.app.inject({
    method: 'POST',
    url: '/api/v1/registrations',
    payload: { name: 'N', company_name: 'C', password: 'long enough password', ...account },
  });
}

/** How many rows `table` holds: a refused request must leave it as it was. */
export async function countRows(runtime: Runtime, table: keyof Database): Promise<number> {
  const row = await runtime.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A YYYY-MM-DD date `days` from today (UTC). */
export function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Factory: a live (or deleted) app owned by `owner`, with its owner collaborator row; no sandbox. */
export async function createApp(
  runtime: Runtime,
  overrides: { owner: UserRow; name?: string; deleted?: boolean },
) {
  sequence += 1;
  const db = runtime.database.db;
  const name = overrides.name ?? `App ${sequence}`;
  const now = new Date();
  const app = await developerAppRepository.insert(
    db,
    { internalName: name, ownerId: overrides.owner.id },
    now,
  );
  if (!overrides.deleted) return app;
  return db
    .updateTable('developer_apps')
    .set({ deleted_at: now })
    .where('id', '=', app.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Factory: `user` joins `app` with `role` (written straight to the database). */
export function addCollaborator(
  runtime: Runtime,
  app: { id: number },
  user: UserRow,
  role: 'admin' | 'developer',
  createdAt = new Date(),
) {
  return runtime.database.db
    .insertInto('collaborators')
    .values({ developer_app_id: app.id, user_id: user.id, role, created_at: createdAt })
    .returningAll()
    .executeTakeFirstOrThrow();
}
