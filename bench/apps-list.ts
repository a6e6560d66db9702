// "My apps" (GET /api/v1/developer_apps) under load on PostgreSQL with 100,000 apps in the database:
// the real server in a child process, autocannon here, then EXPLAIN (ANALYZE, BUFFERS) of the queries
// the route issues. Usage:
//   npx tsx bench/apps-list.ts [--apps 100000] [--owners 20000] [--dev-apps 200] [--per-page 50]
//     [--connections 20] [--duration 10] [--warmup 2] [--rounds 1] [--analyze-only] [--no-reference] [--no-bare]
//     [--keep-db] [--reuse-db] [--no-record] [--accept-encoding br|gzip] [--bundle]
//     [--database lintel_bench_apps] [--port 0 (any free port)]
// --rounds N measures the list and the session read N times each, alternating (list → session, then
// session → list, …), and reports each round's ratio list/session and their median: the two measurements
// of a round share the machine's load of the moment. --keep-db keeps the seeded database; --reuse-db runs
// on a database seeded by an earlier run with the same --apps/--owners/--dev-apps (no seeding; kept).
// --accept-encoding sends that header on every request (as browsers do), so the answers are compressed:
// bodies are then checked by status, Total and Content-Encoding only. --bundle runs the server compiled,
// with npm start's Node flags (bench/lib/bundle.ts), instead of under tsx.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/schema';
import { userAppsPageQuery } from '../apps/server/src/modules/developer-apps/repository';
import { platformRepository } from '../apps/server/src/platform/repository';
import { removeBundle, SERVER_NODE_FLAGS, spawnBundle } from './lib/bundle';
import { backendsCpuDelta, databaseBackendsCpu } from './lib/pg-backends';
import { adminUrl, checkPostgres, dropDatabase, freshDatabase } from './lib/postgres';
import {
  commandCpuMs,
  freePort,
  loadAverage,
  median,
  noteworthyLines,
  parseArgs,
  percentile,
  repoRoot,
  request,
  type ServerProcess,
  signalTree,
  spawnTs,
  stop,
  table,
  treeCpuMs,
  waitFor200,
} from './lib/process';

const SERVER = 'apps/server/src/main.ts';
const BARE_SERVER = 'bench/bare-apps-server.ts';

const DEV_EMAIL = 'dev@example.com';
const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-password';
const USER_BATCH = 5_000;
const APP_BATCH = 10_000;

const args = parseArgs(process.argv.slice(2));
const numberArg = (name: string, fallback: number): number => {
  const value = Number(args.get(name) ?? fallback);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
};
const appCount = numberArg('apps', 100_000);
const ownerCount = numberArg('owners', 20_000);
const devApps = numberArg('dev-apps', 200);
const perPage = numberArg('per-page', 50);
const pageNumber = Math.max(1, numberArg('page', 1));
const connections = numberArg('connections', 20);
const duration = numberArg('duration', 10);
const warmup = numberArg('warmup', 2);
const analyzeOnly = args.get('analyze-only') === 'true';
const reuseDb = args.get('reuse-db') === 'true';
const keepDb = args.get('keep-db') === 'true' || reuseDb;
const rounds = Math.max(1, numberArg('rounds', 1));
const acceptEncoding = args.get('accept-encoding');
const bundled = args.get('bundle') === 'true';
const record = args.get('no-record') !== 'true';
const withReference = args.get('no-reference') !== 'true';
const withBare = args.get('no-bare') !== 'true';
// Several worktrees share one PostgreSQL and one machine: each can pick its own database and port.
const DATABASE = args.get('database') ?? 'lintel_bench_apps';
const fixedPort = numberArg('port', 0);
if (ownerCount < 1 || appCount < 1) throw new Error('--apps and --owners must be at least 1');
if (devApps > appCount) throw new Error('--dev-apps cannot exceed --apps');
const routePath = `/api/v1/developer_apps?page=${pageNumber}&per_page=${perPage}`;
const resultsFile = path.join(repoRoot, 'bench', 'results-apps-list.md');

// ---------------------------------------------------------------------------------------------------
// The SQL the server issues, compiled by Kysely without a database: the page by the repository's own
// builder (userAppsPageQuery) with the embedded platform's sandbox status (platformRepository.sandboxStatusSql)
// and the live flag as subqueries: one statement per page.

const compiler = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

interface Compiled {
  sql: string;
  parameters: readonly unknown[];
}

// The page and its total, compiled by the repository's own builder (one statement; a separate count runs
// only for a page past the end, which the benchmark does not ask for).
function listQueries(userId: number): { page: Compiled } {
  const page = { page: pageNumber, per_page: perPage };
  return { page: userAppsPageQuery(compiler, userId, page, platformRepository.sandboxStatusSql).compile() };
}

function databaseUrlOf(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
// pg_stat_activity keeps the first track_activity_query_size bytes (1024 by default) of a statement.
const sameSql = (compiled: string, seen: string) =>
  squash(compiled) === seen || (seen.length >= 900 && squash(compiled).startsWith(seen));

// ---------------------------------------------------------------------------------------------------
// Seeding

interface Seeded {
  devId: number;
  expectedTotal: number;
  counts: Record<string, number>;
  statuses: string;
  roles: string;
  ms: { users: number; apps: number; collaborators: number; analyze: number };
}

async function seed(client: pg.Client): Promise<Seeded> {
  const ms = { users: 0, apps: 0, collaborators: 0, analyze: 0 };
  await client.query('SELECT setseed(0.4242)'); // the same data on every run (random() per session)

  let started = performance.now();
  for (let from = 1; from <= ownerCount; from += USER_BATCH) {
    const to = Math.min(ownerCount, from + USER_BATCH - 1);
    await client.query(
      `INSERT INTO users (name, company_name, email, password_hash, confirmed_at)
       SELECT 'Owner ' || g, 'Bench Co ' || (g % 500), 'owner-' || g || '@bench.lintel.test',
              'bench-not-a-hash', now()
       FROM generate_series($1::int, $2::int) AS g`,
      [from, to],
    );
  }
  const owners = await client.query<{ first: number; last: number; n: number }>(
    `SELECT min(id) AS first, max(id) AS last, count(*)::int AS n FROM users
     WHERE email LIKE 'owner-%@bench.lintel.test'`,
  );
  const { first, last, n } = owners.rows[0] as { first: number; last: number; n: number };
  if (n !== ownerCount || last - first + 1 !== ownerCount) throw new Error('owner ids are not contiguous');
  ms.users = performance.now() - started;

  // Each batch: the apps (created over the last two years, 1 % soft-deleted), their owner rows and their
  // sandboxes (80 % live, 15 % pending, 5 % failed), in one statement.
  started = performance.now();
  for (let from = 1; from <= appCount; from += APP_BATCH) {
    const to = Math.min(appCount, from + APP_BATCH - 1);
    await client.query(
      `WITH apps AS (
         INSERT INTO developer_apps (internal_name, name, owner_id, confidential, production_access,
                                     redirect_uri, deleted_at, created_at, updated_at)
         SELECT 'bench-app-' || s.g, 'Bench app ' || s.g, s.owner, s.g % 3 <> 0,
                CASE s.g % 10 WHEN 0 THEN 'granted' WHEN 1 THEN 'production_pending' ELSE 'none' END,
                'https://app-' || s.g || '.bench.example/callback',
                CASE WHEN s.g % 100 = 0 THEN s.created + interval '1 day' END, s.created, s.created
         FROM (SELECT g, $3::int + floor(random() * $4::int)::int AS owner,
                      now() - random() * interval '730 days' AS created
               FROM generate_series($1::int, $2::int) AS g) AS s
         RETURNING id, owner_id, created_at
       ), owner_rows AS (
         INSERT INTO collaborators (developer_app_id, user_id, role, created_at)
         SELECT id, owner_id, 'owner', created_at FROM apps
       )
       INSERT INTO platform_sandboxes (developer_app_id, status, company_id, url, created_at, updated_at)
       SELECT id, status,
              CASE WHEN status = 'live' THEN 4000000 + id END,
              CASE WHEN status = 'live' THEN 'https://sandbox.platform.example/companies/' || (4000000 + id) END,
              created_at, created_at
       FROM (SELECT id, created_at,
                    CASE WHEN r < 0.80 THEN 'live' WHEN r < 0.95 THEN 'pending' ELSE 'failed' END AS status
             FROM (SELECT id, created_at, random() AS r FROM apps) AS x) AS y`,
      [from, to, first, ownerCount],
    );
  }
  ms.apps = performance.now() - started;

  started = performance.now();
  const dev = await client.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEV_EMAIL]);
  const devId = dev.rows[0]?.id;
  if (devId === undefined) throw new Error(`${DEV_EMAIL} does not exist (SEED_DEMO did not run?)`);
  // The demo seed's own app of the developer goes: the benchmark's user works on exactly --dev-apps
  // apps of other owners.
  await client.query('DELETE FROM developer_apps WHERE owner_id = $1', [devId]);
  await client.query(
    `INSERT INTO collaborators (developer_app_id, user_id, role, created_at)
     SELECT id, $1, CASE WHEN n % 4 = 0 THEN 'admin' ELSE 'developer' END, now()
     FROM (SELECT id, row_number() OVER () AS n
           FROM (SELECT id FROM developer_apps WHERE deleted_at IS NULL ORDER BY random() LIMIT $2) AS p) AS q`,
    [devId, devApps],
  );
  ms.collaborators = performance.now() - started;

  started = performance.now();
  const tables = 'users, developer_apps, collaborators, platform_sandboxes';
  // VACUUM too (unless --analyze-only): it sets the visibility map, as autovacuum would on a live system
  // (autovacuum may be off on the bench machine, and must not start in the middle of a run).
  await client.query(analyzeOnly ? `ANALYZE ${tables}` : `VACUUM (ANALYZE) ${tables}`);
  ms.analyze = performance.now() - started;
  return { ...(await describeSeed(client)), ms };
}

/** What the seeded database holds (also for --reuse-db, which does not seed). */
async function describeSeed(client: pg.Client): Promise<Omit<Seeded, 'ms'>> {
  const dev = await client.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEV_EMAIL]);
  const devId = dev.rows[0]?.id;
  if (devId === undefined) throw new Error(`${DEV_EMAIL} does not exist (SEED_DEMO did not run?)`);
  const countRows = await client.query<Record<string, number>>(
    `SELECT (SELECT count(*) FROM users)::int AS users,
            (SELECT count(*) FROM developer_apps)::int AS developer_apps,
            (SELECT count(*) FROM developer_apps WHERE deleted_at IS NOT NULL)::int AS deleted_apps,
            (SELECT count(*) FROM collaborators)::int AS collaborators,
            (SELECT count(*) FROM platform_sandboxes)::int AS platform_sandboxes,
            (SELECT count(DISTINCT owner_id) FROM developer_apps)::int AS distinct_owners,
            (SELECT count(*) FROM developer_apps WHERE owner_id = $1)::int AS dev_owned`,
    [devId],
  );
  const counts = countRows.rows[0] as Record<string, number>;
  const total = await client.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM collaborators c JOIN developer_apps a ON a.id = c.developer_app_id
     WHERE c.user_id = $1 AND a.deleted_at IS NULL`,
    [devId],
  );
  const expectedTotal = total.rows[0]?.total ?? -1;
  if (expectedTotal !== devApps)
    throw new Error(`dev collaborates on ${expectedTotal} live apps, not ${devApps}`);
  if (counts.dev_owned !== 0) throw new Error(`${DEV_EMAIL} owns ${counts.dev_owned} apps`);
  const statuses = await client.query<{ status: string; n: number }>(
    'SELECT status, count(*)::int AS n FROM platform_sandboxes GROUP BY status ORDER BY status',
  );
  const roles = await client.query<{ role: string; n: number }>(
    'SELECT role, count(*)::int AS n FROM collaborators WHERE user_id = $1 GROUP BY role ORDER BY role',
    [devId],
  );
  return {
    devId,
    expectedTotal,
    counts,
    statuses: statuses.rows.map((r) => `${r.status} ${r.n}`).join(', '),
    roles: roles.rows.map((r) => `${r.role} ${r.n}`).join(', '),
  };
}

// ---------------------------------------------------------------------------------------------------
// HTTP

async function signIn(baseUrl: string): Promise<string> {
  const answer = await request(`${baseUrl}/api/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEV_EMAIL, password: PASSWORD }),
    timeoutMs: 30_000,
  });
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${answer.body}`);
  const setCookie = answer.headers['set-cookie'] ?? [];
  const cookie = setCookie.map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith('lintel_session='));
  if (!cookie) throw new Error(`sign-in set no lintel_session cookie: ${JSON.stringify(setCookie)}`);
  return cookie;
}

interface Summary {
  id: number;
  current_user_role: string;
  created_at: string;
  sandbox_status: string | null;
}

/** One request outside the load: the body every response must equal, and its consistency. */
async function firstAnswer(baseUrl: string, cookie: string, expectedTotal: number) {
  const answer = await request(`${baseUrl}${routePath}`, { headers: { cookie }, timeoutMs: 30_000 });
  if (answer.status !== 200) throw new Error(`${routePath} answered ${answer.status}: ${answer.body}`);
  const total = Number(answer.headers.total);
  if (total !== expectedTotal)
    throw new Error(`Total header ${answer.headers.total}, expected ${expectedTotal}`);
  if (Number(answer.headers['per-page']) !== perPage)
    throw new Error(`Per-Page header ${answer.headers['per-page']}, expected ${perPage}`);
  const items = JSON.parse(answer.body) as Summary[];
  const expectedItems = Math.max(0, Math.min(perPage, expectedTotal - (pageNumber - 1) * perPage));
  if (items.length !== expectedItems) throw new Error(`${items.length} items, expected ${expectedItems}`);
  for (let i = 1; i < items.length; i++) {
    const [a, b] = [items[i - 1] as Summary, items[i] as Summary];
    if (a.created_at < b.created_at || (a.created_at === b.created_at && a.id < b.id))
      throw new Error(`items not newest first at ${i}`);
  }
  if (items.some((item) => !['admin', 'developer'].includes(item.current_user_role)))
    throw new Error('an item has a role other than admin/developer');
  if (items.some((item) => item.sandbox_status === null)) throw new Error('an item has no sandbox status');
  return { body: answer.body, items, bytes: Buffer.byteLength(answer.body) };
}

interface Load {
  reqPerSec: number;
  total: number;
  checked: number;
  p50: number;
  p95: number;
  p975: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  mismatches: number;
  badStatus: number;
  badTotal: number;
  serverCpu: number;
  /** Every `postgres` process on the machine (other databases' work included). */
  postgresCpu: number;
  /** The backends connected to the benchmark's database (the server's pool and pg-boss). */
  backendsCpu: number;
  loadGenCpu: number;
}

function headerValue(headers: Record<string, string | string[]>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value.join(',') : value;
  }
  return undefined;
}

/** The SQL texts the server's connections run, sampled from pg_stat_activity every 50 ms until `until`. */
async function sampleActivity(client: pg.Client, until: Promise<unknown>): Promise<Set<string>> {
  const seen = new Set<string>();
  let done = false;
  void until.finally(() => {
    done = true;
  });
  for (let i = 0; i < 2_000 && !done; i++) {
    const { rows } = await client.query<{ query: string }>(
      `SELECT query FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()
         AND (query ILIKE '%developer_apps%' OR query ILIKE '%platform_sandboxes%')`,
    );
    for (const row of rows) seen.add(squash(row.query));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return seen;
}

/**
 * A warm-up (sampling the server's SQL when `monitor` is given), then the measured run. Every response
 * is checked: status 200, the body, and the Total header when `expectedTotal` is given.
 */
async function load(
  server: ServerProcess,
  target: string,
  cookie: string,
  expected: { body: string; total: number | null },
  db: { client: pg.Client; monitor: pg.Client; monitorPid: number; sampleSql: boolean },
): Promise<{ load: Load; seenSql: Set<string> }> {
  const expectedBody = expected.body;
  const url = `${server.baseUrl}${target}`;
  const headers: Record<string, string> = acceptEncoding
    ? { cookie, 'accept-encoding': acceptEncoding }
    : { cookie };
  let seenSql = new Set<string>();
  if (warmup > 0) {
    const warm = autocannon({ url, connections, duration: warmup, headers });
    if (db.sampleSql) seenSql = await sampleActivity(db.monitor, Promise.resolve(warm));
    await warm;
  }
  const latencies: number[] = [];
  let checked = 0;
  let badStatus = 0;
  let badTotal = 0;
  let badBody = 0;
  const wantTotal = expected.total === null ? null : String(expected.total);
  const cpuBefore = process.cpuUsage();
  const serverBefore = treeCpuMs(server.child.pid);
  const postgresBefore = commandCpuMs('postgres');
  const backendsBefore = await databaseBackendsCpu(db.client, [db.monitorPid]);
  const started = performance.now();
  const instance = autocannon({
    url,
    connections,
    duration,
    headers,
    requests: [
      {
        // autocannon refuses expectBody together with requests: the body is compared here.
        onResponse: (status, body, _context, responseHeaders) => {
          checked++;
          if (status !== 200) badStatus++;
          if (acceptEncoding) {
            // Compressed bytes arrive as text here: check that they were compressed, not their bytes.
            if (
              expectedBody.length > 1024 &&
              headerValue(responseHeaders, 'content-encoding') !== acceptEncoding
            )
              badBody++;
          } else if (body !== expectedBody) badBody++;
          if (wantTotal !== null && headerValue(responseHeaders, 'total') !== wantTotal) badTotal++;
        },
      },
    ],
  });
  instance.on('response', (_client, _status, _bytes, ms) => {
    latencies.push(ms);
  });
  const result = await instance;
  const cpu = process.cpuUsage(cpuBefore);
  const wallMs = performance.now() - started;
  const serverCpu = treeCpuMs(server.child.pid) - serverBefore;
  const postgresCpu = commandCpuMs('postgres') - postgresBefore;
  const backendsCpu = backendsCpuDelta(backendsBefore, await databaseBackendsCpu(db.client, [db.monitorPid]));
  latencies.sort((a, b) => a - b);
  return {
    seenSql,
    load: {
      reqPerSec: result.requests.total / result.duration,
      total: result.requests.total,
      checked,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p975: percentile(latencies, 97.5),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? Number.NaN,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      mismatches: badBody,
      badStatus,
      badTotal,
      serverCpu: (serverCpu / wallMs) * 100,
      postgresCpu: (postgresCpu / wallMs) * 100,
      backendsCpu: (backendsCpu / wallMs) * 100,
      loadGenCpu: ((cpu.user + cpu.system) / 1000 / wallMs) * 100,
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Plans

interface Plan {
  label: string;
  sql: string;
  parameters: readonly unknown[];
  text: string;
  seqScans: string[];
  indexes: string[];
  executionMs: number;
  planningMs: number;
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of `query` with its parameters bound (a custom plan, as an unnamed statement
 * gets), or with `prepared`, as the server runs a statement marked preparedOnce: PREPAREd, executed six
 * times (PostgreSQL then settles on a generic plan when it costs no more) and explained on EXECUTE.
 */
async function explain(client: pg.Client, label: string, query: Compiled, prepared = false): Promise<Plan> {
  const parameters = [...query.parameters];
  let text: string;
  try {
    let rows: { 'QUERY PLAN': string }[];
    if (prepared) {
      if (!parameters.every((p) => typeof p === 'number')) throw new Error('only numeric parameters inline');
      await client.query('DEALLOCATE ALL');
      await client.query(`PREPARE bench_page AS ${query.sql}`);
      const execute = `EXECUTE bench_page(${parameters.join(', ')})`;
      for (let i = 0; i < 6; i++) await client.query(execute);
      rows = (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${execute}`)).rows;
      await client.query('DEALLOCATE bench_page');
    } else {
      await client.query(query.sql, parameters); // warm, as under load
      rows = (
        await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`, parameters)
      ).rows;
    }
    text = rows.map((row) => row['QUERY PLAN']).join('\n');
  } catch (error) {
    // An older server's schema (a comparison run of earlier code): the load figures still count.
    text = `EXPLAIN failed: ${error instanceof Error ? error.message : String(error)}`;
  }
  const seqScans = [...text.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1] as string);
  const indexes = [
    ...new Set(
      [
        ...text.matchAll(
          /(Index Only Scan|Index Scan|Index Scan Backward|Bitmap Index Scan)(?: Backward)? (?:using|on) (\w+)/g,
        ),
      ].map((m) => `${m[2]} (${m[1]})`),
    ),
  ];
  const execution = /Execution Time: ([\d.]+) ms/.exec(text);
  const planning = /Planning Time: ([\d.]+) ms/.exec(text);
  return {
    label,
    sql: query.sql,
    parameters,
    text,
    seqScans,
    indexes,
    executionMs: execution ? Number(execution[1]) : Number.NaN,
    planningMs: planning ? Number(planning[1]) : Number.NaN,
  };
}

const BIG_TABLES = ['developer_apps', 'collaborators', 'platform_sandboxes', 'users'];

function planVerdict(plan: Plan, required: string[]): { ok: boolean; text: string } {
  const bigSeq = plan.seqScans.filter((t) => BIG_TABLES.includes(t));
  const missing = required.filter((index) => !plan.indexes.some((used) => used.startsWith(`${index} `)));
  const ok = bigSeq.length === 0 && missing.length === 0;
  const parts = [
    `indexes: ${plan.indexes.join(', ') || 'none'}`,
    `sequential scans of the large tables: ${bigSeq.join(', ') || 'none'}`,
  ];
  if (missing.length > 0) parts.push(`NOT using: ${missing.join(', ')}`);
  return { ok, text: parts.join('; ') };
}

// ---------------------------------------------------------------------------------------------------
// Report

function shell(command: string, argv: string[]): string {
  try {
    return execFileSync(command, argv, { encoding: 'utf8' }).trim();
  } catch {
    return '?';
  }
}

function machine(): Record<string, string> {
  let cpu = '?';
  try {
    cpu = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? '?';
  } catch {
    // not Linux
  }
  const mem = shell('free', ['-h']).split('\n')[1]?.trim().split(/\s+/) ?? [];
  return {
    cpu,
    nproc: shell('nproc', []),
    memory: mem.length >= 7 ? `${mem[1]} total, ${mem[6]} available (free -h)` : `${os.totalmem()} bytes`,
    kernel: `${os.type()} ${os.release()}`,
    node: process.version,
  };
}

const ms2 = (v: number) => v.toFixed(2);
const group = (v: number) => Math.round(v).toLocaleString('en-US');
const clean = (l: Load) =>
  l.total > 0 &&
  l.checked === l.total &&
  l.badStatus + l.badTotal + l.mismatches + l.non2xx + l.errors + l.timeouts === 0;
const pct = (v: number) => `${Math.round(v)}%`;
/** CPU milliseconds per completed request (from the % of one core and the rate). */
const perRequest = (l: Load) =>
  `server ${ms2((l.serverCpu * 10) / l.reqPerSec)} ms, its PostgreSQL backends ${ms2((l.backendsCpu * 10) / l.reqPerSec)} ms`;

function consoleRow(label: string, l: Load): string[] {
  return [
    label,
    group(l.reqPerSec),
    String(l.total),
    ms2(l.p50),
    ms2(l.p95),
    ms2(l.p975),
    ms2(l.p99),
    ms2(l.max),
    `${l.non2xx}/${l.errors}/${l.timeouts}`,
    `${l.badStatus}/${l.badTotal}/${l.mismatches} of ${l.checked}`,
    pct(l.serverCpu),
    pct(l.backendsCpu),
    pct(l.postgresCpu),
    pct(l.loadGenCpu),
  ];
}

function mdRow(label: string, l: Load, bold: boolean): string {
  const rate = bold ? `**${group(l.reqPerSec)}**` : group(l.reqPerSec);
  return `| ${label} | ${rate} | ${l.total} | ${ms2(l.p50)} ms | ${ms2(l.p95)} ms | ${ms2(l.p975)} ms | ${ms2(l.p99)} ms | ${ms2(l.max)} ms | ${l.non2xx} / ${l.errors} / ${l.timeouts} | ${l.badStatus} / ${l.badTotal} / ${l.mismatches} (of ${l.checked}) | ${pct(l.serverCpu)} | ${pct(l.backendsCpu)} | ${pct(l.postgresCpu)} | ${pct(l.loadGenCpu)} |`;
}

// ---------------------------------------------------------------------------------------------------

let server: ServerProcess | undefined;
let databaseCreated = false;

process.on('SIGINT', () => {
  signalTree(server?.child.pid, 'SIGKILL');
  const cleanup = databaseCreated && !keepDb ? dropDatabase(DATABASE) : Promise.resolve();
  void cleanup.finally(() => process.exit(130));
});

async function main(): Promise<void> {
  const date = shell('date', ['-u']);
  const loadBefore = loadAverage();
  console.log(`load average: ${loadBefore} (other processes on the machine skew the figures)`);
  const pgVersion = await checkPostgres();
  const databaseUrl = reuseDb ? databaseUrlOf(DATABASE) : await freshDatabase(DATABASE);
  databaseCreated = true;
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-bench-apps-'));
  const client = new pg.Client({ connectionString: databaseUrl });
  const monitor = new pg.Client({ connectionString: databaseUrl });
  let connected = false;
  try {
    console.log(
      `PostgreSQL ${pgVersion}; database ${DATABASE}. Starting the real server (migrations, demo seed)…`,
    );
    const port = fixedPort || (await freePort());
    const serverEnv = {
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      // The seeded sandboxes have no companies: building 80,000 would load the server during the run.
      RECONCILE_SANDBOXES: 'false',
      DATABASE_URL: databaseUrl,
      DATA_DIR: tmp,
    };
    server = bundled ? await spawnBundle(port, serverEnv) : spawnTs(SERVER, port, serverEnv);
    const startMs = await waitFor200(server, `${server.baseUrl}/api/v1/health`, performance.now());
    console.log(`server up in ${Math.round(startMs)} ms on port ${port}`);

    await client.connect();
    await monitor.connect();
    connected = true;
    let seeded: Seeded;
    if (reuseDb) {
      seeded = { ...(await describeSeed(client)), ms: { users: 0, apps: 0, collaborators: 0, analyze: 0 } };
      console.log(`reusing the seeded database ${DATABASE}`);
    } else {
      console.log(
        `seeding ${group(ownerCount)} owners, ${group(appCount)} apps (+ owner rows, sandboxes), ${devApps} collaborations of ${DEV_EMAIL}…`,
      );
      seeded = await seed(client);
    }
    const seedLine = reuseDb
      ? 'reused from an earlier run (--reuse-db)'
      : `users ${ms2(seeded.ms.users / 1000)} s, apps+collaborators+sandboxes ${ms2(seeded.ms.apps / 1000)} s, dev collaborations ${ms2(seeded.ms.collaborators / 1000)} s, ${analyzeOnly ? 'ANALYZE' : 'VACUUM (ANALYZE)'} ${ms2(seeded.ms.analyze / 1000)} s`;
    console.log(`seeded: ${JSON.stringify(seeded.counts)}\n  ${seedLine}`);
    console.log(`  sandboxes: ${seeded.statuses}; ${DEV_EMAIL} (id ${seeded.devId}): ${seeded.roles}`);

    const cookie = await signIn(server.baseUrl);
    const first = await firstAnswer(server.baseUrl, cookie, seeded.expectedTotal);
    console.log(
      `GET ${routePath} → 200, Total ${seeded.expectedTotal}, ${first.items.length} items, ${first.bytes} bytes`,
    );
    console.log(`autocannon: ${connections} connections, ${warmup} s warm-up, ${duration} s measured…`);
    const monitorPid =
      (await monitor.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid ?? -1;
    const db = { client, monitor, monitorPid };
    // Reference on the same server, same load: GET /api/v1/session (the authentication every request
    // pays, one indexed session lookup), to tell the route's own cost from the machine's state. With
    // --rounds the two alternate, so that each round's pair shares the machine's load of the moment.
    const session = await request(`${server.baseUrl}/api/v1/session`, { headers: { cookie } });
    if (session.status !== 200) throw new Error(`GET /api/v1/session answered ${session.status}`);
    const measureList = async (sampleSql: boolean) =>
      load(
        server as ServerProcess,
        routePath,
        cookie,
        { body: first.body, total: seeded.expectedTotal },
        {
          ...db,
          sampleSql,
        },
      );
    const measureSession = async () =>
      (
        await load(
          server as ServerProcess,
          '/api/v1/session',
          cookie,
          { body: session.body, total: null },
          {
            ...db,
            sampleSql: false,
          },
        )
      ).load;
    const lists: Load[] = [];
    const references: Load[] = [];
    let seenSql = new Set<string>();
    for (let round = 1; round <= rounds; round++) {
      const sessionFirst = withReference && round % 2 === 0;
      if (sessionFirst) references.push(await measureSession());
      const measured = await measureList(round === 1);
      if (round === 1) seenSql = measured.seenSql;
      lists.push(measured.load);
      if (withReference && !sessionFirst) references.push(await measureSession());
      const ref = references.at(-1);
      console.log(
        `round ${round}/${rounds}: list ${group(measured.load.reqPerSec)} req/s (p97.5 ${ms2(measured.load.p975)} ms)${ref ? `, session ${group(ref.reqPerSec)} req/s, ratio ${(measured.load.reqPerSec / ref.reqPerSec).toFixed(2)}` : ''}; load average ${loadAverage()}`,
      );
    }
    const result = lists[0] as Load;
    const reference: Load | undefined = references[0];
    const ratios = lists.map((l, i) => l.reqPerSec / (references[i]?.reqPerSec ?? Number.NaN));
    // Anchor: the same SQL behind a bare Fastify route (bare-apps-server.ts, same repository code, driver
    // and pool size), to tell what the portal adds per request (session, contract, presenter) from the
    // queries' own cost. The real server stays up, idle.
    let bare: Load | undefined;
    if (withBare) {
      const barePort = fixedPort ? fixedPort + 1 : await freePort();
      const bareServer = spawnTs(BARE_SERVER, barePort, { HOST: '127.0.0.1', DATABASE_URL: databaseUrl });
      try {
        await waitFor200(bareServer, `${bareServer.baseUrl}/api/v1/health`, performance.now());
        const barePath = `/bare/my_apps?user_id=${seeded.devId}&page=${pageNumber}&per_page=${perPage}`;
        const answer = await request(`${bareServer.baseUrl}${barePath}`, { timeoutMs: 30_000 });
        if (answer.status !== 200) throw new Error(`${barePath} answered ${answer.status}: ${answer.body}`);
        console.log('same load on the bare route with the same SQL (anchor)…');
        const expected = { body: answer.body, total: seeded.expectedTotal };
        bare = (await load(bareServer, barePath, cookie, expected, { ...db, sampleSql: false })).load;
      } finally {
        await stop(bareServer);
      }
    }

    // The SQL as the server builds it, checked against what its connections actually ran.
    const queries = listQueries(seeded.devId);
    const issued = [['page', queries.page]] as const;
    const seenLines = issued.map(([label, q]) =>
      seenSql.size === 0
        ? `${label}: not sampled (no warm-up)`
        : `${label}: ${[...seenSql].some((text) => sameSql(q.sql, text)) ? 'seen in pg_stat_activity during the warm-up, identical text' : 'NOT seen in pg_stat_activity (sampling may have missed it)'}`,
    );
    const unexpected = [...seenSql].filter((text) => !issued.some(([, q]) => sameSql(q.sql, text)));

    const plans = [
      await explain(
        client,
        'page query, prepared (the generic plan the server settles on)',
        queries.page,
        true,
      ),
      await explain(client, 'page query, parameters bound (custom plan)', queries.page),
    ];
    const pageIndexes = [
      'collaborators_user_live_apps',
      'developer_apps_pkey',
      'platform_sandboxes_developer_app_id_key',
    ];
    const verdicts = plans.map((plan) => planVerdict(plan, pageIndexes));

    const shutdown = await stop(server);
    const serverNotes = noteworthyLines(server.output());
    server = undefined;
    const loadAfter = loadAverage();

    // ----- console
    const header = [
      'route',
      'req/s',
      'requests',
      'p50 ms',
      'p95 ms',
      'p97.5 ms',
      'p99 ms',
      'max ms',
      'non2xx/err/timeout',
      'bad status/Total/body',
      'server CPU',
      'db backends CPU',
      'all postgres CPU',
      'loadgen CPU',
    ];
    const roundLabel = (i: number) => (rounds > 1 ? ` [round ${i + 1}]` : '');
    const rows: string[][] = [];
    for (const [i, l] of lists.entries()) {
      rows.push(consoleRow(`GET ${routePath}${roundLabel(i)}`, l));
      const ref = references[i];
      if (ref) rows.push(consoleRow(`GET /api/v1/session (reference)${roundLabel(i)}`, ref));
    }
    if (bare) rows.push(consoleRow('bare route, same SQL (anchor)', bare));
    console.log('');
    console.log(table(header, rows));
    const cpuLine = lists
      .map(
        (l, i) =>
          `CPU per request${roundLabel(i)}: list ${perRequest(l)}${references[i] ? `; reference ${perRequest(references[i] as Load)}` : ''}${bare && i === 0 ? `; bare ${perRequest(bare)}` : ''}`,
      )
      .join('\n');
    console.log(cpuLine);
    const sessionRatioLine = reference
      ? `list/session req/s ratio per round: ${ratios.map((r) => r.toFixed(2)).join(', ')}; median ${median(ratios).toFixed(2)} (aim ≥ 0.4)`
      : '';
    if (reference) console.log(sessionRatioLine);
    const ratioLine = bare
      ? `against the bare route with the same SQL: req/s ratio ${(result.reqPerSec / bare.reqPerSec).toFixed(2)}, p95 ${ms2(result.p95)} ms vs ${ms2(bare.p95)} ms`
      : '';
    if (bare) console.log(ratioLine);
    const allGood = lists.every(clean) && references.every(clean) && (bare === undefined || clean(bare));
    console.log(
      allGood
        ? `every response: 200, Total ${seeded.expectedTotal}, body identical to the first answer${reference ? ' (reference: 200, same body)' : ''}`
        : 'SOME RESPONSES WERE WRONG (see the columns above)',
    );
    console.log(`\nSQL as issued by the server (Kysely-compiled from the repository's builder calls):`);
    for (const line of seenLines) console.log(`  ${line}`);
    if (unexpected.length > 0) console.log(`  other texts seen: ${unexpected.join(' | ')}`);
    for (const [i, plan] of plans.entries()) {
      console.log(
        `\n--- EXPLAIN (ANALYZE, BUFFERS) — ${plan.label}\n${plan.sql}\n-- parameters: ${JSON.stringify(plan.parameters)}`,
      );
      console.log(plan.text);
      console.log(`=> ${verdicts[i]?.ok ? 'OK' : 'PROBLEM'}: ${verdicts[i]?.text}`);
    }
    const plansOk = verdicts.every((v) => v.ok);
    console.log(
      `\nverdict: ${plansOk ? 'the list uses collaborators_user_live_apps and developer_apps_pkey (and the sandboxes key), no sequential scan of the large tables' : 'AT LEAST ONE PLAN SCANS A LARGE TABLE SEQUENTIALLY OR MISSES THE EXPECTED INDEX'}`,
    );
    console.log(`server shutdown: exit ${shutdown.signal ?? shutdown.code} in ${Math.round(shutdown.ms)} ms`);
    if (serverNotes.length > 0) console.log(`server output: ${[...new Set(serverNotes)].join('\n  ')}`);
    console.log(`load average at the end: ${loadAfter}`);

    if (!allGood || !plansOk) process.exitCode = 1;

    // ----- results file
    if (record) {
      const m = machine();
      const command = `npx tsx bench/apps-list.ts${process.argv.length > 2 ? ` ${process.argv.slice(2).join(' ')}` : ''}`;
      const md = [
        `# Benchmark: GET /api/v1/developer_apps ("my apps") on PostgreSQL with ${group(appCount)} apps`,
        '',
        `Written by \`bench/apps-list.ts\`. Command, from the repository root: \`${command}\``,
        '',
        '## Machine and run',
        '',
        '| | |',
        '| --- | --- |',
        `| date (\`date -u\`) | ${date} |`,
        `| CPU (\`/proc/cpuinfo\`) | ${m.cpu}; \`nproc\` = ${m.nproc} |`,
        `| memory | ${m.memory} |`,
        `| kernel / Node | ${m.kernel} / ${m.node} |`,
        `| PostgreSQL | ${pgVersion} on 127.0.0.1:5432, throwaway database \`${DATABASE}\` (${keepDb ? 'kept' : 'dropped at the end'}) |`,
        `| load average | ${loadBefore} before → ${loadAfter} after |`,
        '',
        '## Data',
        '',
        `- ${group(seeded.counts.users ?? 0)} users (${group(ownerCount)} owners + the 2 demo accounts); ${group(seeded.counts.developer_apps ?? 0)} developer_apps over ${group(seeded.counts.distinct_owners ?? 0)} distinct owners, created at random over the last 730 days, ${group(seeded.counts.deleted_apps ?? 0)} soft-deleted (1 %).`,
        `- ${group(seeded.counts.collaborators ?? 0)} collaborators: one owner row per app + ${devApps} rows of ${DEV_EMAIL} on random live apps (${seeded.roles}); ${DEV_EMAIL} owns ${seeded.counts.dev_owned} apps.`,
        `- ${group(seeded.counts.platform_sandboxes ?? 0)} platform_sandboxes (${seeded.statuses}).`,
        `- Seeding: ${seedLine}. ${analyzeOnly ? '`ANALYZE` only (--analyze-only): no visibility map, index-only scans fetch from the heap.' : '`VACUUM (ANALYZE)` of the four tables: statistics plus the visibility map, the state autovacuum leaves on a live system (autovacuum is off on this PostgreSQL).'}`,
        '',
        '## Load',
        '',
        `The real server (${bundled ? `compiled by bench/lib/bundle.ts, \`node ${SERVER_NODE_FLAGS.join(' ')}\`` : `\`tsx ${SERVER}\``}, \`SEED_DEMO=true LOG_LEVEL=warn\`, PostgreSQL pool of 10) in a child process; autocannon 9 in the benchmark process, ${connections} connections, ${warmup} s warm-up then ${duration} s measured, signed in as ${DEV_EMAIL} (cookie \`lintel_session\`). Every response checked: status 200, \`Total: ${seeded.expectedTotal}\` header, body identical to the first answer (${first.items.length} items, ${first.bytes} bytes). Latencies exact from every response. CPU as % of one core during the measured run: the server's process tree; the PostgreSQL backends connected to the benchmark's database (the server's pool and pg-boss; from \`pg_stat_activity\` pids and \`/proc\`); every \`postgres\` process on the machine (includes other databases' work); the load generator.${reference ? ' Then the same load on `GET /api/v1/session` against the same server and cookie, as a reference: the cost every authenticated request pays (one indexed session lookup) on the machine as it was at that moment.' : ''}`,
        '',
        `| route | req/s | requests | p50 | p95 | p97.5 | p99 | max | non-2xx / errors / timeouts | bad status / bad Total / body mismatch (of checked) | server CPU | its db backends' CPU | all postgres CPU | load-gen CPU |`,
        '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: | ---: | ---: | ---: |',
        ...lists.flatMap((l, i) => [
          mdRow(`\`GET ${routePath}\`${roundLabel(i)}`, l, true),
          ...(references[i]
            ? [
                mdRow(
                  `\`GET /api/v1/session\` (reference: authentication only, same server)${roundLabel(i)}`,
                  references[i] as Load,
                  false,
                ),
              ]
            : []),
        ]),
        ...(bare
          ? [mdRow('bare Fastify route, same SQL (`bench/bare-apps-server.ts`, anchor)', bare, false)]
          : []),
        '',
        ...cpuLine.split('\n').map((line) => `${line}.`),
        ...(reference ? ['', `${sessionRatioLine}.`] : []),
        ...(bare ? ['', `Ratio ${ratioLine}.`] : []),
        '',
        allGood
          ? `Every response of the list was 200 with \`Total: ${seeded.expectedTotal}\` and the same body${reference ? '; every response of the reference was 200 with the same body' : ''}.`
          : '**Some responses were wrong** (see the table).',
        '',
        '## Query plans',
        '',
        "The SQL is compiled by Kysely from the same builder calls as `developerAppRepository.listForUser` (with `platformRepository.sandboxStatusSql`), and compared with the texts the server's connections ran (sampled from `pg_stat_activity` during the warm-up):",
        '',
        ...seenLines.map((line) => `- ${line}`),
        ...(unexpected.length > 0
          ? [`- other texts seen: ${unexpected.map((t) => `\`${t}\``).join(', ')}`]
          : []),
        '',
        'EXPLAIN (ANALYZE, BUFFERS) with the same parameters after the load (warm cache): first as the server runs the statement (prepared once per connection, so PostgreSQL plans it generically after five runs), then with the parameters bound (planned with their values, as an unnamed statement is):',
        '',
        ...plans.flatMap((plan, i) => [
          `### ${plan.label}: ${verdicts[i]?.ok ? 'OK' : '**PROBLEM**'}`,
          '',
          `${verdicts[i]?.text}.`,
          '',
          '```sql',
          plan.sql,
          `-- parameters: ${JSON.stringify(plan.parameters)}`,
          '```',
          '',
          '```',
          plan.text,
          '```',
          '',
        ]),
        '## Verdict',
        '',
        plansOk
          ? `The page query reads the user's live collaborator rows in list order from \`collaborators_user_live_apps\` (user_id = $1) and reaches only the page's apps through \`developer_apps_pkey\`; each app's sandbox status is a probe of \`platform_sandboxes_developer_app_id_key\`. No sequential scan of the ${group(appCount)}-row tables: the work grows with the user's own apps (${devApps} here), not with the table.`
          : 'At least one plan scans a large table sequentially or misses the expected index: see above.',
        '',
        ...(plansOk
          ? [
              `Database time per request, from the plans above (warm): ${plans.map((p) => `${p.label} ${ms2(p.executionMs)} ms + ${ms2(p.planningMs)} ms planning`).join(', ')}; measured PostgreSQL CPU per list request under load: ${ms2((result.backendsCpu * 10) / result.reqPerSec)} ms. The window count still reads all ${seeded.expectedTotal} of the user's entries of the index (no heap, no join), the join probes \`developer_apps_pkey\` for the ${perPage} rows of the page only; no sort.`,
              '',
            ]
          : []),
      ].join('\n');
      await fs.writeFile(resultsFile, md);
      console.log(`\nwrote ${path.relative(repoRoot, resultsFile)}`);
    }
  } finally {
    if (server) {
      signalTree(server.child.pid, 'SIGKILL'); // tsx runs the server in a child process
      await server.exited;
    }
    if (connected) {
      await client.end().catch(() => undefined);
      await monitor.end().catch(() => undefined);
    }
    if (!keepDb) await dropDatabase(DATABASE).catch((e) => console.error(`could not drop ${DATABASE}: ${e}`));
    else console.log(`kept database ${DATABASE}`);
    await fs.rm(tmp, { recursive: true, force: true });
    if (bundled) await removeBundle();
  }
}

await main();
