// The admin lists (issue 11) on PostgreSQL at platform scale: 1,000,000 developers, 100,000 apps and
// 1,000,000 OAuth applications. For each list: page 1 unfiltered, the first ten pages, a selective and a
// broad search and every sort key, served by the real server and by a bare Fastify route running the
// same SQL (bare-list-server.ts); p95 and req/s of both, their ratio, and EXPLAIN (ANALYZE, BUFFERS) of
// each statement. Both servers must give the same answer (total and ids) before a row is measured.
// Usage:
//   npx tsx bench/admin-lists.ts [--scale 1] [--duration 3] [--warmup 1] [--connections 10]
//     [--reuse-db] [--keep-db] [--no-record] [--only apps|queue|developers|oauth[,…]]
//     [--database lintel_bench_admin_lists] [--port N (the real server on N, the bare one on N + 1)]
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { checkPostgres, dropDatabase, freshDatabase } from './lib/postgres';
import {
  freePort,
  loadAverage,
  parseArgs,
  percentile,
  repoRoot,
  request,
  type ServerProcess,
  signalTree,
  spawnTs,
  stop,
  table,
  waitFor200,
} from './lib/process';

const args = parseArgs(process.argv.slice(2));
// Several engineers bench on one machine: each names a database and ports of their own.
const DATABASE = args.get('database') ?? 'lintel_bench_admin_lists';
const basePort = args.has('port') ? Number(args.get('port')) : undefined;
const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-password';
const scale = Number(args.get('scale') ?? 1);
const duration = Number(args.get('duration') ?? 3);
const warmup = Number(args.get('warmup') ?? 1);
const connections = Number(args.get('connections') ?? 10);
const reuseDb = args.get('reuse-db') === 'true';
const keepDb = args.get('keep-db') === 'true' || reuseDb;
const record = args.get('no-record') !== 'true';
const only = args.get('only')?.split(',');
if (!(scale > 0) || !(duration > 0)) throw new Error('--scale and --duration must be positive');

const USERS = Math.round(1_000_000 * scale);
const APPS = Math.round(100_000 * scale);
const OAUTH = Math.round(1_000_000 * scale);
const resultsFile = path.join(repoRoot, 'bench', 'results-admin-lists.md');
const ms2 = (value: number) => value.toFixed(value < 10 ? 2 : 1);
const group = (value: number) => Math.round(value).toLocaleString('en-US');

// ---------------------------------------------------------------------------------------------------
// Seeding: set-based SQL, so a million rows take seconds, not minutes.

async function seed(client: pg.Client): Promise<Record<string, number>> {
  const first = async (sql: string) => Number((await client.query(sql)).rows[0]?.n ?? 0);
  const userBase = await first('SELECT coalesce(max(id), 0) AS n FROM users');
  await client.query(
    `INSERT INTO users (name, company_name, email, password_hash, confirmed_at, created_at, updated_at)
     SELECT 'Builder ' || g,
            (ARRAY['Concrete','Steel','Timber','Glass','Roofing','Electrical','Plumbing','Survey'])[1 + g % 8]
              || ' Works ' || (g % 5000),
            'builder' || g || '@example.test', 'not-a-hash', now(),
            now() - (g || ' seconds')::interval, now()
       FROM generate_series(1, $1::int) g`,
    [USERS],
  );
  const appBase = await first('SELECT coalesce(max(id), 0) AS n FROM developer_apps');
  await client.query(
    `INSERT INTO developer_apps (internal_name, name, owner_id, created_at, updated_at, deleted_at)
     SELECT n, n, $2::int + 1 + (g * 7919) % $3::int, now() - (($1::int - g) || ' minutes')::interval, now(),
            CASE WHEN g % 100 = 0 THEN now() - interval '1 day' END
       FROM generate_series(1, $1::int) g,
            LATERAL (SELECT (ARRAY['Roof','Site','Crane','Bid','Punch','Daily','Steel','Safety'])[1 + g % 8] || ' '
                     || (ARRAY['Sync','Link','Bridge','Flow','Hub'])[1 + (g / 8) % 5] || ' '
                     || lpad(g::text, 6, '0') AS n) names`,
    [APPS, userBase, USERS],
  );
  await client.query(
    `INSERT INTO collaborators (developer_app_id, user_id, role, created_at)
     SELECT id, owner_id, 'owner', created_at FROM developer_apps WHERE id > $1`,
    [appBase],
  );
  // The review queue: one app in 200 has a production version in review, one in 300 a listing in
  // review, one in 97 a published listing.
  await client.query(
    `INSERT INTO app_versions (developer_app_id, environment_type, semantic_version, state, schema_version,
                               content, auth_code_enabled, app_version_key, created_at, updated_at)
     SELECT id, 'ProductionEnvironment', '1.0.0', 'in_review', '4.1', '{}'::jsonb, true, gen_random_uuid()::text,
            created_at, now() - ((id % 500) || ' minutes')::interval
       FROM developer_apps WHERE id > $1 AND id % 200 = 0`,
    [appBase],
  );
  await client.query(
    `INSERT INTO marketplace_submissions (developer_app_id, state, approval_state, submitted_at, published_at,
                                          live, created_at, updated_at)
     SELECT id, CASE WHEN id % 300 = 0 THEN 'in_review' ELSE 'published' END,
            CASE WHEN id % 300 = 0 THEN 'unreviewed' ELSE 'approved' END,
            now() - ((id % 700) || ' minutes')::interval,
            CASE WHEN id % 300 = 0 THEN NULL ELSE now() - interval '3 days' END,
            id % 300 <> 0, created_at, now()
       FROM developer_apps WHERE id > $1 AND (id % 300 = 0 OR id % 97 = 0)`,
    [appBase],
  );
  // Production and sandbox applications of the apps, then the platform's own (no portal app).
  await client.query(
    `INSERT INTO platform_oauth_applications (uid, secret_hash, name, environment, developer_app_id, created_at, updated_at)
     SELECT md5('app' || a.id || e.environment), 'not-a-hash', a.internal_name, e.environment, a.id, a.created_at, now()
       FROM developer_apps a CROSS JOIN (VALUES ('production'), ('sandbox')) e(environment)
      WHERE a.id > $1
        AND NOT EXISTS (SELECT 1 FROM platform_oauth_applications o
                         WHERE o.developer_app_id = a.id AND o.environment = e.environment)`,
    [appBase],
  );
  const attached = await first('SELECT count(*) AS n FROM platform_oauth_applications');
  await client.query(
    `INSERT INTO platform_oauth_applications (uid, secret_hash, name, environment, developer_app_id, created_at, updated_at)
     SELECT md5('platform' || g), 'not-a-hash',
            (ARRAY['Field','Office','Estimate','Schedule','Inspect'])[1 + g % 5] || ' Connector ' || g,
            CASE WHEN g % 3 = 0 THEN 'monthly_sandbox' WHEN g % 3 = 1 THEN 'production' ELSE 'sandbox' END,
            NULL, now() - (g || ' seconds')::interval, now()
       FROM generate_series(1, greatest($1::int - $2::int, 0)) g`,
    [OAUTH, attached],
  );
  await client.query('VACUUM (ANALYZE)');
  const counts = await client.query(
    `SELECT (SELECT count(*) FROM users)::int AS users,
            (SELECT count(*) FROM developer_apps)::int AS developer_apps,
            (SELECT count(*) FROM platform_oauth_applications)::int AS oauth_applications,
            (SELECT count(*) FROM app_versions WHERE state = 'in_review')::int AS versions_in_review,
            (SELECT count(*) FROM marketplace_submissions WHERE state = 'in_review')::int AS listings_in_review`,
  );
  return counts.rows[0] as Record<string, number>;
}

// ---------------------------------------------------------------------------------------------------
// Scenarios

interface Scenario {
  list: 'apps' | 'queue' | 'developers' | 'oauth';
  label: string;
  /** The bare server's list name. */
  bare: 'developer_apps' | 'developers' | 'oauth_applications';
  /** Query strings; several are cycled (the first ten pages). */
  queries: string[];
}

function scenarios(ownerId: number): Scenario[] {
  const pages = (base: string) => Array.from({ length: 10 }, (_, i) => `${base}page=${i + 1}&per_page=50`);
  const apps: Scenario[] = [
    { list: 'apps', label: 'page 1, unfiltered', bare: 'developer_apps', queries: ['page=1&per_page=50'] },
    { list: 'apps', label: 'pages 1–10', bare: 'developer_apps', queries: pages('') },
    {
      list: 'apps',
      label: 'selective search (one app)',
      bare: 'developer_apps',
      // App numbers divisible by 100 are deleted: this one is listed.
      queries: [`filters[search]=${appName(Math.floor(APPS / 2) + 1)}&per_page=50`],
    },
    {
      list: 'apps',
      label: 'broad search "Sync"',
      bare: 'developer_apps',
      queries: ['filters[search]=Sync&per_page=50'],
    },
    {
      list: 'apps',
      label: "one owner's apps (Created By)",
      bare: 'developer_apps',
      queries: [`filters[owner_id][]=${ownerId}&per_page=50`],
    },
    {
      list: 'apps',
      label: 'with deleted',
      bare: 'developer_apps',
      queries: ['filters[with_deleted]=true&per_page=50'],
    },
    ...['app_id', 'internal_name', 'owner', 'created_at', 'in_review_at', 'deleted_at'].map(
      (key): Scenario => ({
        list: 'apps',
        label: `sort ${key}`,
        bare: 'developer_apps',
        queries: [`sort[]=${key}&per_page=50`],
      }),
    ),
  ];
  const queue: Scenario[] = ['in_review_at', 'internal_name', 'owner'].map((key) => ({
    list: 'queue',
    label: `in review, sort ${key}`,
    bare: 'developer_apps',
    queries: [`filters[in_review]=true&sort[]=${key}&per_page=50`],
  }));
  const developers: Scenario[] = [
    { list: 'developers', label: 'page 1, unfiltered', bare: 'developers', queries: ['page=1&per_page=50'] },
    { list: 'developers', label: 'pages 1–10', bare: 'developers', queries: pages('') },
    {
      list: 'developers',
      label: 'selective search (one e-mail)',
      bare: 'developers',
      queries: [`filters[search]=builder${Math.floor(USERS / 2)}@example.test&per_page=50`],
    },
    {
      list: 'developers',
      label: 'broad search "Timber"',
      bare: 'developers',
      queries: ['filters[search]=Timber&per_page=50'],
    },
    ...['name', 'company_name', 'email', 'platform_id'].map(
      (key): Scenario => ({
        list: 'developers',
        label: `sort ${key}`,
        bare: 'developers',
        queries: [`sort[]=${key}&per_page=50`],
      }),
    ),
  ];
  const oauth: Scenario[] = ['production', 'sandbox', 'monthly_sandbox'].flatMap((environment) => [
    {
      list: 'oauth' as const,
      label: `${environment}: page 1`,
      bare: 'oauth_applications' as const,
      queries: [`environment=${environment}&per_page=50`],
    },
    ...(environment === 'production'
      ? [
          {
            list: 'oauth' as const,
            label: 'production: pages 1–10',
            bare: 'oauth_applications' as const,
            queries: pages('environment=production&'),
          },
          {
            list: 'oauth' as const,
            label: 'production: selective search (one uid)',
            bare: 'oauth_applications' as const,
            queries: [
              `environment=production&filters[search]=${md5Of(`platform${3 * Math.floor(OAUTH / 6) + 1}`)}&per_page=50`,
            ],
          },
          {
            list: 'oauth' as const,
            label: 'production: broad search "Connector"',
            bare: 'oauth_applications' as const,
            queries: ['environment=production&filters[search]=Connector&per_page=50'],
          },
          ...['name', 'uid'].map((key) => ({
            list: 'oauth' as const,
            label: `production: sort ${key}`,
            bare: 'oauth_applications' as const,
            queries: [`environment=production&sort[]=${key}&per_page=50`],
          })),
        ]
      : []),
  ]);
  return [...apps, ...queue, ...developers, ...oauth].filter((s) => !only || only.includes(s.list));
}

function md5Of(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

const REAL_PATH: Record<Scenario['bare'], string> = {
  developer_apps: '/api/v1/admin/developer_apps',
  developers: '/api/v1/admin/developers',
  oauth_applications: '/api/v1/admin/oauth_applications',
};

function encode(query: string): string {
  return query.replace(/ /g, '%20').replace(/\[/g, '%5B').replace(/\]/g, '%5D');
}

interface Measured {
  reqPerSec: number;
  p50: number;
  p95: number;
  non2xx: number;
}

async function measure(baseUrl: string, paths: string[], headers: Record<string, string>): Promise<Measured> {
  const requests = paths.map((p) => ({ method: 'GET' as const, path: p }));
  if (warmup > 0) await autocannon({ url: baseUrl, connections, duration: warmup, headers, requests });
  const latencies: number[] = [];
  const instance = autocannon({ url: baseUrl, connections, duration, headers, requests });
  instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    reqPerSec: result.requests.total / result.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    non2xx: result.non2xx,
  };
}

/** The ids an answer lists (apps and developers by id, OAuth applications by uid) and its Total. */
function idsOf(body: string): string {
  return (JSON.parse(body) as { id?: number; uid?: string; application?: { uid: string } }[])
    .map((row) => row.application?.uid ?? row.uid ?? row.id)
    .join(',');
}

/** The name the seed gives app number `g` (see seed()). */
function appName(g: number): string {
  const first = ['Roof', 'Site', 'Crane', 'Bid', 'Punch', 'Daily', 'Steel', 'Safety'][g % 8];
  const second = ['Sync', 'Link', 'Bridge', 'Flow', 'Hub'][Math.floor(g / 8) % 5];
  return `${first} ${second} ${String(g).padStart(6, '0')}`;
}

// ---------------------------------------------------------------------------------------------------

let real: ServerProcess | undefined;
let bare: ServerProcess | undefined;

process.on('SIGINT', () => {
  signalTree(real?.child.pid, 'SIGKILL');
  signalTree(bare?.child.pid, 'SIGKILL');
  void (keepDb ? Promise.resolve() : dropDatabase(DATABASE)).finally(() => process.exit(130));
});

async function main(): Promise<void> {
  const loadBefore = loadAverage();
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  console.log(`load average: ${loadBefore}`);
  const pgVersion = await checkPostgres();
  const databaseUrl = reuseDb
    ? `postgres://postgres@127.0.0.1:5432/${DATABASE}`
    : await freshDatabase(DATABASE);
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-bench-admin-'));
  const env = {
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    DATABASE_URL: databaseUrl,
    DATA_DIR: tmp,
  };
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    real = spawnTs('apps/server/src/main.ts', basePort ?? (await freePort()), env);
    await waitFor200(real, `${real.baseUrl}/api/v1/health`, performance.now());
    await client.connect();
    let counts: Record<string, number> = {};
    if (!reuseDb) {
      console.log(
        `seeding ${group(USERS)} developers, ${group(APPS)} apps, ${group(OAUTH)} OAuth applications…`,
      );
      const started = performance.now();
      counts = await seed(client);
      console.log(`seeded in ${ms2((performance.now() - started) / 1000)} s: ${JSON.stringify(counts)}`);
    }
    bare = spawnTs('bench/bare-list-server.ts', basePort ? basePort + 1 : await freePort(), env);
    await waitFor200(bare, `${bare.baseUrl}/api/v1/health`, performance.now());

    const signIn = await request(`${real.baseUrl}/api/v1/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: PASSWORD }),
    });
    const cookie = String(signIn.headers['set-cookie'] ?? '').split(';')[0] ?? '';
    if (signIn.status !== 200 || !cookie) throw new Error(`admin sign-in answered ${signIn.status}`);
    const owner = await client.query<{ owner_id: number }>(
      'SELECT owner_id FROM developer_apps WHERE deleted_at IS NULL ORDER BY id DESC LIMIT 1',
    );
    const rows: string[][] = [];
    const explains: string[] = [];
    for (const scenario of scenarios(owner.rows[0]?.owner_id ?? 1)) {
      const queries = scenario.queries.map(encode);
      const realPaths = queries.map((q) => `${REAL_PATH[scenario.bare]}?${q}`);
      const barePaths = queries.map((q) => `/bare/${scenario.bare}?${q}`);
      // The same answer from both before anything is measured.
      const [r, b] = await Promise.all([
        request(`${real.baseUrl}${realPaths[0]}`, { headers: { cookie }, timeoutMs: 60_000 }),
        request(`${bare.baseUrl}${barePaths[0]}`, { timeoutMs: 60_000 }),
      ]);
      if (r.status !== 200 || b.status !== 200)
        throw new Error(
          `${scenario.list} ${scenario.label}: real ${r.status} ${r.body.slice(0, 200)}, bare ${b.status}`,
        );
      if (r.headers.total !== b.headers.total || idsOf(r.body) !== idsOf(b.body))
        throw new Error(`${scenario.list} ${scenario.label}: real and bare answers differ`);
      const realLoad = await measure(real.baseUrl, realPaths, { cookie });
      const bareLoad = await measure(bare.baseUrl, barePaths, {});
      const ratio = realLoad.reqPerSec / bareLoad.reqPerSec;
      const row = [
        scenario.list,
        scenario.label,
        String(r.headers.total),
        group(realLoad.reqPerSec),
        `${ms2(realLoad.p50)} ms`,
        `${ms2(realLoad.p95)} ms`,
        group(bareLoad.reqPerSec),
        `${ms2(bareLoad.p95)} ms`,
        ratio.toFixed(2),
        realLoad.p95 < 20 ? 'yes' : 'no',
        String(realLoad.non2xx + bareLoad.non2xx),
      ];
      rows.push(row);
      console.log(row.join(' | '));
      const statements = JSON.parse(
        (await request(`${bare.baseUrl}/sql/${scenario.bare}?${queries[0]}`, { timeoutMs: 60_000 })).body,
      ) as { sql: string; parameters: unknown[] }[];
      const plans: string[] = [];
      for (const statement of statements) {
        // A total's planner estimate is itself an EXPLAIN (db/counts.ts): shown, not analysed.
        if (/^explain /i.test(statement.sql)) {
          plans.push(
            `${statement.sql}\n-- parameters: ${JSON.stringify(statement.parameters)}\n(planner estimate only)`,
          );
          continue;
        }
        const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.parameters);
        plans.push(
          `${statement.sql}\n-- parameters: ${JSON.stringify(statement.parameters)}\n${plan.rows.map((p) => p['QUERY PLAN']).join('\n')}`,
        );
      }
      explains.push(`### ${scenario.list}: ${scenario.label}\n\n\`\`\`\n${plans.join('\n\n')}\n\`\`\``);
    }
    const header = [
      'list',
      'scenario',
      'Total',
      'real req/s',
      'real p50',
      'real p95',
      'bare req/s',
      'bare p95',
      'ratio',
      'p95 < 20 ms',
      'non-2xx',
    ];
    console.log(`\n${table(header, rows, 2)}\nload average at the end: ${loadAverage()}`);
    if (record) {
      const md = [
        `# Admin lists at scale (issue 11) — ${date} UTC`,
        '',
        `\`npx tsx bench/admin-lists.ts${process.argv.slice(2).length ? ` ${process.argv.slice(2).join(' ')}` : ''}\`; PostgreSQL ${pgVersion};`,
        `${group(USERS)} developers, ${group(APPS)} apps, ${group(OAUTH)} OAuth applications${Object.keys(counts).length ? ` (${JSON.stringify(counts)})` : ''};`,
        `${connections} connections, ${warmup} s warm-up, ${duration} s measured per row and server; load average ${loadBefore} → ${loadAverage()}.`,
        'The bare server (bench/bare-list-server.ts) calls the same service and repository code, so it runs the same SQL, without session, policy, contract serialisation, presenter or request log.',
        '',
        `| ${header.join(' | ')} |`,
        `| ${header.map(() => '---').join(' | ')} |`,
        ...rows.map((row) => `| ${row.join(' | ')} |`),
        '',
        '## EXPLAIN (ANALYZE, BUFFERS) of every statement',
        '',
        ...explains,
        '',
      ].join('\n');
      await fs.writeFile(resultsFile, md);
      console.log(`wrote ${path.relative(repoRoot, resultsFile)}`);
    } else {
      // Not recorded: the plans still go somewhere to read them.
      const explainFile = path.join(os.tmpdir(), 'admin-lists-explain.md');
      await fs.writeFile(explainFile, `${explains.join('\n\n')}\n`);
      console.log(`EXPLAIN of every statement: ${explainFile}`);
    }
  } finally {
    await client.end().catch(() => {});
    if (bare) await stop(bare);
    if (real) await stop(real);
    if (!keepDb) await dropDatabase(DATABASE);
  }
}

await main();
