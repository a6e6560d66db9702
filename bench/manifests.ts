// Manifests under load on PostgreSQL (issue 9 "Performance"): validation of a 200 kB manifest
// (POST /api/v1/manifest_validations) and the versions list of an app with 1,000 versions
// (GET /api/v1/manifests, page 1 and page 10 of 100, and one version with its content). The real
// server in a child process, autocannon here. Usage:
//   npx tsx bench/manifests.ts [--versions 1000] [--connections 10] [--duration 10] [--warmup 2] [--keep-db]
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
  request,
  type ServerProcess,
  signalTree,
  spawnTs,
  table,
  treeCpuMs,
  waitFor200,
} from './lib/process';

const DATABASE = 'lintel_bench_manifests';
const DEV_EMAIL = 'dev@example.com';
const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-password';
const args = parseArgs(process.argv.slice(2));
const num = (name: string, fallback: number) => Number(args.get(name) ?? fallback);
const versionCount = num('versions', 1000);
const connections = num('connections', 10);
const duration = num('duration', 10);
const warmup = num('warmup', 2);
const keepDb = args.get('keep-db') === 'true';

const VIEWS = [
  'budgeting.detail',
  'change_events.all',
  'commitments.purchase_order_contracts.detail',
  'commitments.work_order_contracts.detail',
  'prime_contracts.detail',
  'rfi.detail',
];

/** A 4.1 manifest filled to the schema's limits (50 parameters a component, 1,000-character texts). */
function bigManifest(): Record<string, unknown> {
  const properties = Object.fromEntries(
    Array.from({ length: 50 }, (_, i) => [
      `parameter_${i}`,
      {
        name: `Parameter ${i}`,
        type: 'string',
        description:
          `Parameter ${i}: ${'what the installer types here, and where to find it. '.repeat(18)}`.slice(
            0,
            1000,
          ),
        support_link: { url: `https://help.tiles.example/parameters/${i}`, label: 'Where do I find it?' },
      },
    ]),
  );
  const schema = { type: 'object', required: Object.keys(properties).slice(0, 10), properties };
  return {
    schema_version: '4.1',
    app_manifest: { uid: 'generated', name: 'generated' },
    post_installation_instruction: {
      notes: 'Invite your estimators, then pick the projects to sync. '.repeat(80).slice(0, 4000),
      page: { url: 'https://help.tiles.example/start', label: 'Getting started' },
    },
    fullscreen: {
      source_url: 'https://tiles.example/{{parameter_0}}/dashboard?project={{procore.project.id}}',
      description: 'Dashboard',
      user_configuration: { schema },
    },
    sidepanel: {
      source_url: 'https://tiles.example/{{parameter_1}}/panel',
      description: 'Panel',
      views: VIEWS,
      user_configuration: { schema },
    },
    permissions: {
      company: { directory: 'readonly', documents: 'standard', admin: 'admin' },
      project: { budgeting: 'readonly', commitments: 'standard', rfi: 'readonly', daily_log: 'admin' },
    },
  };
}

/** 200 kB of text: the valid manifest pretty-printed, padded with trailing whitespace to the size. */
function validText(size: number): string {
  const text = JSON.stringify(bigManifest(), null, 4);
  if (text.length > size) throw new Error(`the manifest is already ${text.length} characters`);
  return `${text}\n${' '.repeat(size - text.length - 1)}`;
}

/** 200 kB of text with errors everywhere (unknown views, javascript: URLs, unknown properties): the worst case. */
function invalidText(size: number): string {
  const manifest = bigManifest() as Record<string, Record<string, unknown>>;
  (manifest.sidepanel as Record<string, unknown>).views = Array.from(
    { length: 100 },
    (_, i) => `made_up.view_${i}`,
  );
  (manifest.fullscreen as Record<string, unknown>).source_url = 'javascript:alert(1)';
  for (let i = 0; i < 200; i++) manifest[`unknown_${i}`] = { note: 'x'.repeat(200) } as never;
  const text = JSON.stringify(manifest, null, 2);
  if (text.length > size) throw new Error(`the invalid manifest is already ${text.length} characters`);
  return `${text}\n${' '.repeat(size - text.length - 1)}`;
}

interface Load {
  label: string;
  reqPerSec: number;
  total: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  bad: number;
  serverCpu: number;
  bytes: number;
}

async function load(
  server: ServerProcess,
  label: string,
  options: {
    path: string;
    method?: 'GET' | 'POST';
    headers: Record<string, string>;
    body?: string;
    check: (body: string) => boolean;
  },
): Promise<Load> {
  const base = {
    url: `${server.baseUrl}${options.path}`,
    connections,
    method: options.method ?? 'GET',
    headers: options.headers,
    ...(options.body ? { body: options.body } : {}),
  } as const;
  const first = await request(base.url, {
    method: base.method,
    headers: options.headers,
    body: options.body,
    timeoutMs: 30_000,
  });
  if (first.status !== 200 || !options.check(first.body))
    throw new Error(`${label}: ${first.status} ${first.body.slice(0, 500)}`);
  if (warmup > 0) await autocannon({ ...base, duration: warmup });
  const latencies: number[] = [];
  let bad = 0;
  const cpuBefore = treeCpuMs(server.child.pid);
  const started = performance.now();
  const instance = autocannon({
    ...base,
    duration,
    requests: [
      {
        onResponse: (status: number, body: string) => {
          if (status !== 200 || body !== first.body) bad++;
        },
      },
    ] as never,
  });
  instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await instance;
  const wall = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return {
    label,
    reqPerSec: result.requests.total / result.duration,
    total: result.requests.total,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    bad: bad + result.non2xx + result.errors,
    serverCpu: ((treeCpuMs(server.child.pid) - cpuBefore) / wall) * 100,
    bytes: Buffer.byteLength(first.body),
  };
}

async function main() {
  const pgVersion = await checkPostgres();
  const loadBefore = loadAverage();
  const url = await freshDatabase(DATABASE);
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-bench-manifests-'));
  const server = spawnTs('apps/server/src/main.ts', port, {
    DATABASE_URL: url,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SANDBOX_PROVISION_DELAY_MS: '0',
  });
  const client = new pg.Client({ connectionString: url });
  try {
    await waitFor200(server, `${server.baseUrl}/api/v1/health`, performance.now());
    await client.connect();
    const signIn = await request(`${server.baseUrl}/api/v1/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEV_EMAIL, password: PASSWORD }),
      timeoutMs: 30_000,
    });
    if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${signIn.body}`);
    const cookie =
      (signIn.headers['set-cookie'] ?? [])
        .map((c) => c.split(';')[0])
        .find((c) => c?.startsWith('lintel_session=')) ?? '';
    const csrf = (JSON.parse(signIn.body) as { csrf_token: string }).csrf_token;
    const json = { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' };
    const created = await request(`${server.baseUrl}/api/v1/developer_apps`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ internal_name: 'Bench manifests' }),
      timeoutMs: 30_000,
    });
    if (created.status !== 201) throw new Error(`create app: ${created.status} ${created.body}`);
    const appId = (JSON.parse(created.body) as { id: number }).id;

    // 1,000 sandbox versions (the app's real manifest, ~2 kB each), one statement.
    const seeded = performance.now();
    const content = JSON.stringify({
      schema_version: '4.1',
      app_manifest: { uid: 'bench', name: 'Bench manifests' },
      sidepanel: { source_url: 'https://tiles.example/panel', views: VIEWS, description: 'd'.repeat(1500) },
      permissions: { project: { rfi: 'readonly' } },
    });
    await client.query(
      `INSERT INTO app_versions (developer_app_id, environment_type, semantic_version, state, schema_version,
                                 content, auth_code_enabled, app_version_key, created_at, updated_at)
       SELECT $1, 'Sandbox', '0.' || g || '.0', 'draft', '4.1', $2::jsonb, true, gen_random_uuid()::text,
              now() - (($3 - g) || ' minutes')::interval, now()
       FROM generate_series(1, $3::int) AS g`,
      [appId, content, versionCount],
    );
    await client.query('VACUUM (ANALYZE) app_versions');
    const seedMs = performance.now() - seeded;
    const newest = await client.query<{ id: number }>(
      `SELECT id FROM app_versions WHERE developer_app_id = $1 ORDER BY id DESC LIMIT 1`,
      [appId],
    );
    const newestId = newest.rows[0]?.id;

    const size = 200 * 1024;
    const valid = JSON.stringify({ manifest: { content: validText(size) } });
    const invalid = JSON.stringify({ manifest: { content: invalidText(size) } });
    const validation = `/api/v1/manifest_validations?developer_app_id=${appId}&environment_type=Sandbox`;
    const listPath = (page: number) =>
      `/api/v1/manifests?filters[developer_app_id]=${appId}&filters[versionable_type]=Sandbox&page=${page}`;
    const results: Load[] = [];
    results.push(
      await load(server, 'validate 200 kB, valid (`errors: []`)', {
        path: validation,
        method: 'POST',
        headers: json,
        body: valid,
        check: (body) => body === '{"errors":[]}',
      }),
    );
    results.push(
      await load(server, 'validate 200 kB, 100 errors reported', {
        path: validation,
        method: 'POST',
        headers: json,
        body: invalid,
        check: (body) => (JSON.parse(body) as { errors: unknown[] }).errors.length === 100,
      }),
    );
    results.push(
      await load(server, `list page 1 of ${versionCount} versions (100 a page)`, {
        path: listPath(1),
        headers: { cookie },
        check: (body) => (JSON.parse(body) as unknown[]).length === 100,
      }),
    );
    results.push(
      await load(server, `list page 10 of ${versionCount} versions`, {
        path: listPath(10),
        headers: { cookie },
        check: (body) => (JSON.parse(body) as unknown[]).length === Math.min(100, versionCount - 900),
      }),
    );
    results.push(
      await load(server, 'one version with its content', {
        path: `/api/v1/app_versioned_manifests/${newestId}`,
        headers: { cookie },
        check: (body) => body.includes('"content"'),
      }),
    );
    const plan = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE) SELECT id, semantic_version FROM app_versions WHERE developer_app_id = $1
       AND environment_type = 'Sandbox' ORDER BY id DESC LIMIT 100 OFFSET 900`,
      [appId],
    );
    const f = (n: number) => `${n.toFixed(2)} ms`;
    console.log(
      `PostgreSQL ${pgVersion}; ${connections} connections, ${warmup} s warm-up, ${duration} s measured; load ${loadBefore} → ${loadAverage()}`,
    );
    console.log(`seeded ${versionCount} versions in ${Math.round(seedMs)} ms`);
    console.log(
      table(
        ['scenario', 'req/s', 'requests', 'p50', 'p95', 'p99', 'max', 'bad', 'server CPU', 'response bytes'],
        results.map((r) => [
          r.label,
          r.reqPerSec.toFixed(0),
          String(r.total),
          f(r.p50),
          f(r.p95),
          f(r.p99),
          f(r.max),
          String(r.bad),
          `${r.serverCpu.toFixed(0)} %`,
          String(r.bytes),
        ]),
      ),
    );
    console.log(`\nlist query plan (page 10):\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    if (results.some((r) => r.bad > 0)) process.exitCode = 1;
  } finally {
    signalTree(server.child.pid, 'SIGKILL');
    await server.exited;
    await client.end().catch(() => undefined);
    if (!keepDb) await dropDatabase(DATABASE).catch(() => undefined);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
