// Issue 21 "Performance": the sandbox platform on PostgreSQL.
//   api        GET {--path} with a client-credentials token: req/s and p95 with the rate limits and the
//              activity recording on, against the same server with both off (platform-server.ts), the
//              two alternating in one run (--rounds). Path default /sandbox/rest/v1.0/me; pass
//              --path /sandbox/rest/v1.0/projects once the projects route has landed (the sandbox
//              company's id is sent as Platform-Company-Id when the app has one).
//   token      POST /sandbox/oauth/token, grant client_credentials (form body, as platform-oauth.md): req/s.
//   exactness  two platform processes, --burst (5,000) concurrent calls against a bucket of --bucket (1,000)
//              → how many answered 200 (must be exactly the bucket), and the counter left in the table.
//   activity   --calls (1,000,000) recorded calls of one app (and a tenth as many of another): the activity
//              tab's first page (apiCalls(db, appId, {limit: 50}) and the same SQL by hand) p50/p95, the
//              portal's bucket usage, and the recorder's flush and the storage-cap sweep it starts.
// Options: --only api,token,exactness,activity  --duration 10  --warmup 2  --connections 20  --rounds 2
//          --path …  --burst 5000  --bucket 1000  --calls 1000000  --runs 200  --database lintel_bench_platform_api
//          --tokens 1  --templates 2  --keep-db  --redis-url redis://127.0.0.1:6390  --modes on,off,limits,activity
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { apiCalls, appBucketUsage, issueToken } from '@lintel/platform';
import autocannon, { type Options as LoadOptions, type RequestParams } from 'autocannon';
import { sql } from 'kysely';
import { createActivityRecorder } from '../apps/platform/src/activity/recorder';
import { createRateLimiter } from '../apps/platform/src/limits/limiter';
import { loadConfig } from '../apps/server/src/config';
import { type Db, openDatabase } from '../apps/server/src/db/index';
import { hashPassword } from '../apps/server/src/http/crypto';
import { authRepository } from '../apps/server/src/modules/auth/repository';
import { type Runtime, startRuntime } from '../apps/server/src/runtime';
import { checkPostgres, dropDatabase, freshDatabase } from './lib/postgres';
import {
  freePort,
  loadAverage,
  parseArgs,
  percentile,
  repoRoot,
  type ServerProcess,
  signalTree,
  sleep,
  spawnTs,
  stop,
  table,
  treeCpuMs,
} from './lib/process';

const args = parseArgs(process.argv.slice(2));
const only = new Set((args.get('only') ?? 'api,token,exactness,activity').split(','));
const duration = Number(args.get('duration') ?? 10);
const warmup = Number(args.get('warmup') ?? 2);
const connections = Number(args.get('connections') ?? 20);
const rounds = Number(args.get('rounds') ?? 2);
const apiPath = args.get('path') ?? '/sandbox/rest/v1.0/me';
const burst = Number(args.get('burst') ?? 5000);
const bucketLimit = Number(args.get('bucket') ?? 1000);
const callCount = Number(args.get('calls') ?? 1_000_000);
const runs = Number(args.get('runs') ?? 200);
const tokenCount = Math.max(1, Number(args.get('tokens') ?? 1));
const DATABASE = args.get('database') ?? 'lintel_bench_platform_api';
/** Counters in this Redis instead of PostgreSQL (start one: redis-server --port 6390 --save ''). */
const redisUrl = args.get('redis-url');
const SERVER_SCRIPT = path.join(repoRoot, 'bench/platform-server.ts');
const ms = (value: number) => `${value.toFixed(2)} ms`;
const group = (value: number) => Math.round(value).toLocaleString('en-US');

const servers: ServerProcess[] = [];
process.on('SIGINT', () => {
  for (const server of servers) signalTree(server.child.pid, 'SIGKILL');
  void dropDatabase(DATABASE).finally(() => process.exit(130));
});

interface BenchApp {
  appId: number;
  clientId: string;
  secret: string | null;
  token: string;
  /** More tokens of the same client (--tokens): calls spread over them count under separate keys. */
  tokens: string[];
  companyId: number | null;
}

/** An app with a live sandbox, made through the portal's services, and a client-credentials token. */
async function seedApp(
  runtime: Runtime,
  name: string,
  templates: { name: string; intervalMs: number; limit: number }[],
) {
  const owner = await authRepository.insertUser(runtime.database.db, {
    email: `${name.toLowerCase().replace(/\W+/g, '-')}@bench.test`,
    name,
    company_name: 'Bench Co',
    password_hash: await hashPassword('bench-password-1', 10),
    is_admin: false,
    is_employee: false,
    critical_emails: false,
    confirmed_at: new Date(),
  });
  if (!owner) throw new Error('bench user exists');
  const { app } = await runtime.services.developerApps.create(owner, name);
  const sandbox = await runtime.database.db
    .selectFrom('platform_sandboxes')
    .select('id')
    .where('developer_app_id', '=', app.id)
    .executeTakeFirstOrThrow();
  await runtime.platform.finishProvisioning({ sandboxId: sandbox.id });
  const oauth = await runtime.platform.oauthApplicationOf(app.id, 'sandbox');
  if (!oauth) throw new Error('no sandbox application');
  const created = await runtime.platform.createBucket('Integrator_Sandbox', {
    name: `${name} bucket`,
    clientId: oauth.uid,
    domain: 'bench.test',
    templates: templates.map((template) => ({ ...template, fillType: 'count' as const })),
  });
  if (created === 'name_taken') throw new Error('bucket name taken');
  const token = await issueToken(runtime.database.db as never, {
    oauthApplicationId: oauth.platformId,
    environment: 'sandbox',
    kind: 'client',
    userId: null,
    withRefresh: false,
  });
  const company = await sql<{ id: number }>`select id from platform_companies
    where developer_app_id = ${app.id} and environment = 'sandbox'`
    .execute(runtime.database.db)
    .catch(() => ({ rows: [] as { id: number }[] }));
  return {
    appId: app.id,
    clientId: oauth.uid,
    secret: await runtime.platform.sandboxSecret(oauth.uid),
    token: token.accessToken,
    tokens: [
      token.accessToken,
      ...(await Promise.all(
        Array.from({ length: tokenCount - 1 }, () =>
          issueToken(runtime.database.db as never, {
            oauthApplicationId: oauth.platformId,
            environment: 'sandbox',
            kind: 'client',
            userId: null,
            withRefresh: false,
          }).then((issued) => issued.accessToken),
        ),
      )),
    ],
    companyId: company.rows[0]?.id ?? null,
  } satisfies BenchApp;
}

async function startPlatform(
  databaseUrl: string,
  limits: 'on' | 'off' | 'limits' | 'activity',
): Promise<ServerProcess> {
  const server = spawnTs(SERVER_SCRIPT, await freePort(), {
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PLATFORM_BENCH_LIMITS: limits,
  });
  servers.push(server);
  const deadline = performance.now() + 60_000;
  while (!server.output().includes('platform listening')) {
    if (server.child.exitCode !== null) throw new Error(`platform server exited:\n${server.output()}`);
    if (performance.now() > deadline) throw new Error(`platform server did not start:\n${server.output()}`);
    await sleep(50);
  }
  return server;
}

async function stopPlatform(server: ServerProcess) {
  await stop(server);
  servers.splice(servers.indexOf(server), 1);
}

const MODE_NAMES: Record<string, string> = {
  on: 'limits + activity on',
  off: 'both off',
  limits: 'limits only',
  activity: 'activity only',
};

interface Load {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  statuses: string;
  calls: number;
}

async function load(options: LoadOptions, seconds: number): Promise<Load> {
  const latencies: number[] = [];
  const instance = autocannon({ ...options, connections, duration: seconds });
  instance.on('response', (_client, _status, _bytes, took) => latencies.push(took));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.total / result.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    calls: result.requests.total,
    statuses: Object.entries(result.statusCodeStats)
      .map(([status, { count }]) => `${status}×${group(count)}`)
      .join(' '),
  };
}

/** CPU (ms) used so far by the PostgreSQL backends connected to the bench database. */
async function backendsCpuMs(db: Db): Promise<number> {
  const backends = await sql<{
    pid: number;
  }>`select pid from pg_stat_activity where datname = ${DATABASE}`.execute(db);
  return backends.rows.reduce((sum, row) => sum + (treeCpuMs(row.pid) || 0), 0);
}

async function benchApi(databaseUrl: string, db: Db, app: BenchApp): Promise<string> {
  const headers: Record<string, string> = { authorization: `Bearer ${app.token}` };
  if (app.companyId !== null) headers['platform-company-id'] = String(app.companyId);
  const rows: string[][] = [];
  const modes = (args.get('modes') ?? 'on,off').split(',') as ('on' | 'off' | 'limits' | 'activity')[];
  const byMode: Record<string, Load[]> = Object.fromEntries(modes.map((mode) => [mode, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const mode of modes) {
      const server = await startPlatform(databaseUrl, mode);
      const url = `${server.baseUrl}${apiPath}`;
      // Each connection's calls go round the tokens (one token: every call counts under the same key).
      let next = 0;
      const requests = [
        {
          setupRequest: (request: RequestParams) => ({
            ...request,
            headers: { ...headers, authorization: `Bearer ${app.tokens[next++ % app.tokens.length]}` },
          }),
        },
      ];
      await load({ url, headers, requests }, warmup);
      // CPU per call, which the machine's other load disturbs far less than req/s: the server's, and
      // that of the PostgreSQL backends serving the bench database.
      const serverCpu = treeCpuMs(server.child.pid);
      const pgCpu = await backendsCpuMs(db);
      const result = await load({ url, headers, requests }, duration);
      const serverPerK = ((treeCpuMs(server.child.pid) - serverCpu) / result.calls) * 1000;
      const pgPerK = (((await backendsCpuMs(db)) - pgCpu) / result.calls) * 1000;
      await stopPlatform(server);
      byMode[mode]?.push(result);
      rows.push([
        `${round}`,
        MODE_NAMES[mode] ?? mode,
        group(result.rps),
        ms(result.p50),
        ms(result.p95),
        ms(result.p99),
        `${group(serverPerK)} ms`,
        `${group(pgPerK)} ms`,
        result.statuses,
      ]);
      console.log(rows.at(-1)?.join('  '));
    }
  }
  const best = (mode: string) => Math.max(...(byMode[mode] ?? []).map((result) => result.rps));
  const mean = (mode: string) =>
    (byMode[mode] ?? []).reduce((sum, r) => sum + r.rps, 0) / (byMode[mode]?.length ?? 1);
  return [
    `GET ${apiPath}, ${connections} connections, ${duration} s measured after ${warmup} s warm-up, counters in ${redisUrl ? 'Redis' : 'PostgreSQL'}, ${tokenCount} token(s), per round and mode:`,
    table(
      [
        'round',
        'mode',
        'req/s',
        'p50',
        'p95',
        'p99',
        'server CPU / 1k calls',
        'PostgreSQL CPU / 1k calls',
        'statuses',
      ],
      rows,
      2,
    ),
    `on/off req/s: best ${(best('on') / best('off')).toFixed(2)}, mean ${(mean('on') / mean('off')).toFixed(2)}`,
  ].join('\n');
}

async function benchToken(databaseUrl: string, app: BenchApp): Promise<string> {
  if (!app.secret) return 'token endpoint: no sandbox secret to send';
  const server = await startPlatform(databaseUrl, 'on');
  try {
    const options = {
      url: `${server.baseUrl}/sandbox/oauth/token`,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      requests: [
        {
          method: 'POST',
          body: new URLSearchParams({
            grant_type: 'client_credentials',
            client_id: app.clientId,
            client_secret: app.secret,
          }).toString(),
        },
      ],
    };
    await load(options, warmup);
    const result = await load(options, duration);
    return [
      `POST /sandbox/oauth/token (client_credentials, form body), ${connections} connections, ${duration} s:`,
      table(
        ['req/s', 'p50', 'p95', 'p99', 'statuses'],
        [[group(result.rps), ms(result.p50), ms(result.p95), ms(result.p99), result.statuses]],
        0,
      ),
    ].join('\n');
  } finally {
    await stopPlatform(server);
  }
}

async function benchExactness(databaseUrl: string, db: Db, app: BenchApp): Promise<string> {
  const pair = [await startPlatform(databaseUrl, 'on'), await startPlatform(databaseUrl, 'on')];
  // A service account names its company on every call (even /me): counted per token and company.
  const headers: Record<string, string> = { authorization: `Bearer ${app.token}` };
  if (app.companyId !== null) headers['platform-company-id'] = String(app.companyId);
  try {
    const agents = pair.map(() => new http.Agent({ keepAlive: true, maxSockets: Math.ceil(burst / 2) }));
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from(
        { length: burst },
        (_, i) =>
          new Promise<number>((resolve, reject) => {
            const server = pair[i % 2] as ServerProcess;
            const req = http.request(
              `${server.baseUrl}${apiPath}`,
              { agent: agents[i % 2], headers },
              (res) => {
                res.resume();
                res.on('end', () => resolve(res.statusCode ?? 0));
              },
            );
            req.on('error', reject);
            req.end();
          }),
      ),
    );
    const took = performance.now() - started;
    for (const agent of agents) agent.destroy();
    const counts = new Map<number, number>();
    for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
    const counters = await sql<{ key: string; points: number }>`select key, points from platform_rate_limits
      where key like ${'%:t%'} order by key`.execute(db);
    const ok = counts.get(200) ?? 0;
    return [
      `${group(burst)} concurrent GET ${apiPath} over two platform processes (${group(burst / 2)} each, one socket per request) against a bucket of ${group(bucketLimit)} (one template: count, 3,600,000 ms):`,
      table(
        ['answered 200', 'answered 429', 'other', 'burst took', 'exact?'],
        [
          [
            group(ok),
            group(counts.get(429) ?? 0),
            group(burst - ok - (counts.get(429) ?? 0)),
            `${group(took)} ms`,
            ok === bucketLimit ? 'yes' : 'NO',
          ],
        ],
        0,
      ),
      `counters left in platform_rate_limits: ${counters.rows.map((row) => `${row.key} = ${row.points}`).join(', ')}`,
    ].join('\n');
  } finally {
    for (const server of [...pair]) await stopPlatform(server);
  }
}

async function timed(work: () => Promise<unknown>, times: number) {
  for (let i = 0; i < Math.min(20, times); i++) await work();
  const took: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await work();
    took.push(performance.now() - started);
  }
  took.sort((a, b) => a - b);
  return { p50: percentile(took, 50), p95: percentile(took, 95), max: took.at(-1) ?? 0 };
}

async function benchActivity(databaseUrl: string, db: Db, app: BenchApp, other: BenchApp): Promise<string> {
  console.log(
    `seeding ${group(callCount)} calls of app ${app.appId} and ${group(callCount / 10)} of another…`,
  );
  const seedStarted = performance.now();
  for (const [target, count] of [
    [app, callCount],
    [other, Math.round(callCount / 10)],
  ] as const) {
    // Spread over the last 29 days, newest last; a status mix with 4xx and the odd 5xx; two tokens.
    await sql`insert into platform_api_calls (developer_app_id, environment, client_id, token_kind, token_id,
        company_id, method, route, path, status, duration_ms, rate_limit, rate_remaining, request_id,
        request_headers, response_error, occurred_at)
      select ${target.appId}::int, 'sandbox', ${target.clientId}, 'client', 1 + g % 2, null,
             case when g % 10 = 0 then 'POST' else 'GET' end,
             case when g % 3 = 0 then '/rest/v1.0/projects/:id' else '/rest/v1.0/projects' end,
             case when g % 3 = 0 then '/rest/v1.0/projects/' || (g % 500) else '/rest/v1.0/projects' end,
             case when g % 50 = 0 then 404 when g % 997 = 0 then 500 else 200 end,
             1 + (g % 40) / 10.0, 100, 100 - g % 100, 'req-' || g,
             '{"accept": "application/json", "user-agent": "bench"}'::jsonb, null,
             now() - interval '29 days' + (g::float / ${count}::int) * interval '29 days'
        from generate_series(1, ${count}::int) g`.execute(db);
  }
  await sql`vacuum analyze platform_api_calls`.execute(db);
  const seedMs = performance.now() - seedStarted;

  const firstPage = await timed(() => apiCalls(db as never, app.appId, { limit: 50 }), runs);
  const sample = await apiCalls(db as never, app.appId, { limit: 50 });
  const bySql = await timed(
    () =>
      db
        .selectFrom('platform_api_calls')
        .select([
          'id',
          'occurred_at',
          'environment',
          'token_kind',
          'company_id',
          'method',
          'route',
          'path',
          'status',
          'duration_ms',
          'rate_limit',
          'rate_remaining',
          'request_id',
        ])
        .where('developer_app_id', '=', app.appId)
        .orderBy('occurred_at', 'desc')
        .orderBy('id', 'desc')
        .limit(51)
        .execute(),
    runs,
  );
  const plan = await sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers off, costs off)
    select id, occurred_at, status from platform_api_calls where developer_app_id = ${app.appId}
    order by occurred_at desc, id desc limit 51`.execute(db);
  const { pool } = await import('../apps/server/src/db/index').then((module) =>
    module.kyselyOnPostgres(databaseUrl, 4),
  );
  const limiter = await createRateLimiter({ db: db as never, pgPool: pool });
  const usage = await timed(() => appBucketUsage(db as never, limiter, app.appId), Math.min(runs, 100));
  await limiter.close();
  await pool.end();
  // The recorder's storage-cap sweep: one call, then the flush that checks the app's 1,000,001 calls.
  const recorder = createActivityRecorder(db as never, { flushIntervalMs: 60_000 });
  recorder.record({
    appId: app.appId,
    environment: 'sandbox',
    clientId: app.clientId,
    tokenKind: 'client',
    tokenId: 1,
    companyId: null,
    method: 'GET',
    route: '/rest/v1.0/me',
    path: '/rest/v1.0/me',
    status: 200,
    durationMs: 1,
    rateLimit: 100,
    rateRemaining: 99,
    requestId: 'bench-sweep',
    requestHeaders: {},
    responseError: null,
    occurredAt: new Date(),
  });
  const flushStarted = performance.now();
  await recorder.flush();
  const flushMs = performance.now() - flushStarted;
  const sweepStarted = performance.now();
  await recorder.sweep();
  const sweepMs = performance.now() - sweepStarted;
  await recorder.close();
  return [
    `${group(callCount)} recorded calls of the app (+ ${group(callCount / 10)} of another), seeded in ${group(seedMs)} ms; ${runs} runs after 20 warm-up:`,
    table(
      ['query', 'p50', 'p95', 'max', 'rows'],
      [
        [
          "apiCalls(db, appId, {limit: 50}) — the tab's first page",
          ms(firstPage.p50),
          ms(firstPage.p95),
          ms(firstPage.max),
          String(sample.calls.length),
        ],
        ['the same SQL by hand (limit 51, newest first)', ms(bySql.p50), ms(bySql.p95), ms(bySql.max), '51'],
        ['appBucketUsage(appId) — "spike 37 of 100"', ms(usage.p50), ms(usage.p95), ms(usage.max), '–'],
      ],
      1,
    ),
    `recorder: flush of one call ${ms(flushMs)}; the sweep it starts beside the writes (30 days, and the cap: finding the app's 1,000,000th call) ${ms(sweepMs)}`,
    'plan of the first page:',
    ...plan.rows.map((row) => `    ${row['QUERY PLAN']}`),
  ].join('\n');
}

async function main() {
  const loadBefore = loadAverage();
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const pgVersion = await checkPostgres();
  const databaseUrl = await freshDatabase(DATABASE);
  const database = await openDatabase({ databaseUrl, dataDir: os.tmpdir() });
  const runtime = await startRuntime(
    loadConfig({
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      DATA_DIR: path.join(os.tmpdir(), 'lintel-bench-platform'),
      PUBLIC_URL: 'http://127.0.0.1',
      DATABASE_URL: databaseUrl,
      SECRETS_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    }),
    { database, workers: false },
  );
  const sections: string[] = [];
  try {
    const big = [
      { name: 'main', intervalMs: 3_600_000, limit: 2_000_000_000 },
      { name: 'spike', intervalMs: 10_000, limit: 2_000_000_000 },
    ];
    // --templates 1: the API app's bucket counts one window instead of two (one counter write a call).
    const api = await seedApp(runtime, 'Platform bench', big.slice(0, Number(args.get('templates') ?? 2)));
    const exact = await seedApp(runtime, 'Exactness bench', [
      { name: 'main', intervalMs: 3_600_000, limit: bucketLimit },
    ]);
    const db = runtime.database.db;
    console.log(`PostgreSQL ${pgVersion}, ${date} UTC, load ${loadBefore}, ${os.cpus().length} CPUs`);
    if (only.has('api')) sections.push(await benchApi(databaseUrl, db, api));
    if (only.has('token')) sections.push(await benchToken(databaseUrl, api));
    if (only.has('exactness')) sections.push(await benchExactness(databaseUrl, db, exact));
    if (only.has('activity')) sections.push(await benchActivity(databaseUrl, db, api, exact));
  } finally {
    await runtime.close();
    for (const server of [...servers]) await stopPlatform(server);
    if (args.get('keep-db') !== 'true') await dropDatabase(DATABASE);
  }
  console.log(
    `\n## Sandbox platform — PostgreSQL ${pgVersion}, ${date} UTC, load ${loadBefore} → ${loadAverage()}\n`,
  );
  console.log(sections.join('\n\n'));
}

await main();
