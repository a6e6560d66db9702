// The CSV export's memory on a fresh compiled server (issue 24: under 150 MB peak RSS for 1,000,000 rows):
// the server's RSS once it idles after start, before the export, and the peak while it streams (sampled
// every 20 ms), for one or more bundles whose runs alternate (before/after in one sitting, on one seed).
//
//   npx tsx bench/csv-memory.ts --build apps/server/.bench-before      # build the current source, nothing else
//   npx tsx bench/csv-memory.ts --bundles before:apps/server/.bench-before,after:apps/server/.bench-after \
//     --runs 4 --database lintel_csv_bench --port 4321 --keep-db [--reuse-db] [--session]
//
// A bundle folder without main.mjs is built from the current source first. `--session` also measures
// `GET /api/v1/session` (10 connections, `--duration` s) alone and while an export streams, on each run's
// server. Nothing is recorded: the figures go to RESULTS.md by hand.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { bundleServer, rssMb, spawnBuilt } from './lib/bundle';
import { checkPostgres, dropDatabase, freshDatabase, seedInstallations } from './lib/postgres';
import {
  loadAverage,
  median,
  parseArgs,
  percentile,
  repoRoot,
  type ServerProcess,
  signalTree,
  sleep,
  stop,
  table,
  waitFor200,
} from './lib/process';

const args = parseArgs(process.argv.slice(2));
const DATABASE = args.get('database') ?? 'lintel_bench_csv';
const PORT = Number(args.get('port') ?? 4321);
const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-password';
const installations = Number(args.get('installations') ?? 1_000_000);
const runs = Number(args.get('runs') ?? 3);
const settleMs = Number(args.get('settle-ms') ?? 3000);
const duration = Number(args.get('duration') ?? 5);
const withSession = args.get('session') === 'true';
const keepDb = args.get('keep-db') === 'true';
const reuseDb = args.get('reuse-db') === 'true';
const mb = (value: number) => value.toFixed(1);

let server: ServerProcess | undefined;
process.on('SIGINT', () => {
  signalTree(server?.child.pid, 'SIGKILL');
  process.exit(130);
});

async function ensureBundle(dir: string): Promise<string> {
  const folder = path.resolve(repoRoot, dir);
  const main = path.join(folder, 'main.mjs');
  try {
    await fs.access(main);
    return main;
  } catch {
    return bundleServer(folder);
  }
}

async function signIn(base: string): Promise<string> {
  const session = await fetch(`${base}/api/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'dev@example.com', password: PASSWORD }),
  });
  if (session.status !== 200) throw new Error(`sign-in answered ${session.status}`);
  await session.arrayBuffer();
  return (session.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

async function seed(databaseUrl: string, bundle: string, tmp: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const found = await client
      .query<{ id: number }>(`SELECT id FROM developer_apps WHERE internal_name = 'CSV bench'`)
      .catch(() => ({ rows: [] as { id: number }[] }));
    if (found.rows[0]) return found.rows[0].id;
    // Migrations and the demo accounts, then the app through the API.
    server = spawnBuilt(bundle, PORT, env(databaseUrl, tmp));
    await waitFor200(server, `${server.baseUrl}/api/v1/health`, performance.now());
    const cookie = await signIn(server.baseUrl);
    const csrf = await fetch(`${server.baseUrl}/api/v1/session`, { headers: { cookie } }).then(
      async (answer) => ((await answer.json()) as { csrf_token: string }).csrf_token,
    );
    const created = await fetch(`${server.baseUrl}/api/v1/developer_apps`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ internal_name: 'CSV bench' }),
    });
    const appId = ((await created.json()) as { id: number }).id;
    await stop(server);
    server = undefined;
    console.log(`seeding ${installations} installations of app ${appId}…`);
    await seedInstallations(client, appId, installations);
    await client.query('VACUUM (ANALYZE)');
    return appId;
  } finally {
    await client.end();
  }
}

function env(databaseUrl: string, tmp: string): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    DATABASE_URL: databaseUrl,
    DATA_DIR: tmp,
  };
}

async function exportCsv(base: string, cookie: string, appId: number, pid: number) {
  const rssBefore = rssMb(pid);
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);
  const started = performance.now();
  const csv = await fetch(`${base}/api/v1/developer_apps/${appId}/installations.csv`, {
    headers: { cookie },
  });
  if (csv.status !== 200 || !csv.body) throw new Error(`CSV answered ${csv.status}`);
  let lines = 0;
  for await (const piece of csv.body as unknown as AsyncIterable<Uint8Array>) {
    for (const byte of piece) if (byte === 10) lines++;
  }
  clearInterval(sampler);
  if (lines !== installations + 1) throw new Error(`CSV had ${lines} lines`);
  return { rssBefore, peak, seconds: (performance.now() - started) / 1000 };
}

async function sessionLoad(base: string, cookie: string) {
  const latencies: number[] = [];
  const instance = autocannon({
    url: `${base}/api/v1/session`,
    connections: 10,
    duration,
    headers: { cookie },
  });
  let wrong = 0;
  instance.on('response', (_c, statusCode, _b, ms) => {
    if (statusCode !== 200) wrong++;
    latencies.push(ms);
  });
  const result = await instance;
  if (wrong > 0) throw new Error(`session: ${wrong} answers other than 200`);
  latencies.sort((a, b) => a - b);
  return { reqPerSec: result.requests.total / result.duration, p95: percentile(latencies, 95) };
}

async function main(): Promise<void> {
  const build = args.get('build');
  if (build) {
    console.log(await bundleServer(path.resolve(repoRoot, build)));
    return;
  }
  const bundles = (args.get('bundles') ?? 'current:apps/server/.bench-build').split(',').map((entry) => {
    const [label, dir] = entry.split(':') as [string, string];
    return { label, dir };
  });
  const mains = new Map<string, string>();
  for (const { label, dir } of bundles) mains.set(label, await ensureBundle(dir));
  console.log(`load average ${loadAverage()}, PostgreSQL ${await checkPostgres()}`);
  const databaseUrl = reuseDb
    ? `postgres://postgres@127.0.0.1:5432/${DATABASE}`
    : await freshDatabase(DATABASE);
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-bench-csv-'));
  const rows: Record<string, string[][]> = {};
  const figures: Record<string, { idle: number[]; peak: number[] }> = {};
  try {
    const appId = await seed(databaseUrl, mains.get(bundles[0]?.label ?? '') ?? '', tmp);
    for (let run = 1; run <= runs; run++) {
      // before, after, then after, before, …: each gets the machine's load of the moment in turn.
      const order = run % 2 === 1 ? bundles : [...bundles].reverse();
      for (const { label } of order) {
        server = spawnBuilt(mains.get(label) ?? '', PORT, env(databaseUrl, tmp));
        const pid = server.child.pid ?? 0;
        await waitFor200(server, `${server.baseUrl}/api/v1/health`, performance.now());
        await sleep(settleMs);
        const idle = rssMb(pid);
        const cookie = await signIn(server.baseUrl);
        const fresh = await exportCsv(server.baseUrl, cookie, appId, pid);
        const row = [
          label,
          String(run),
          mb(idle),
          mb(fresh.rssBefore),
          `**${mb(fresh.peak)}**`,
          mb(fresh.peak - fresh.rssBefore),
          fresh.seconds.toFixed(1),
        ];
        if (withSession) {
          const alone = await sessionLoad(server.baseUrl, cookie);
          const during = exportCsv(server.baseUrl, cookie, appId, pid);
          const loaded = await sessionLoad(server.baseUrl, cookie);
          const exported = await during;
          row.push(
            `${Math.round(alone.reqPerSec)} / ${alone.p95.toFixed(1)}`,
            `${Math.round(loaded.reqPerSec)} / ${loaded.p95.toFixed(1)} (export ${exported.seconds.toFixed(1)} s, peak ${mb(exported.peak)})`,
          );
        }
        row.push(loadAverage().split(' ')[0] ?? '');
        rows[label] ??= [];
        rows[label].push(row);
        figures[label] ??= { idle: [], peak: [] };
        const f = figures[label];
        f.idle.push(idle);
        f.peak.push(fresh.peak);
        console.log(row.join(' | '));
        await stop(server);
        server = undefined;
      }
    }
  } finally {
    if (server) await stop(server);
    if (!keepDb) await dropDatabase(DATABASE);
    await fs.rm(tmp, { recursive: true, force: true });
  }
  const header = ['bundle', 'run', 'idle RSS', 'before export', 'peak', 'growth', 'export s'];
  if (withSession) header.push('session alone req/s / p95 ms', 'session during export');
  header.push('load');
  console.log(
    table(
      header,
      bundles.flatMap(({ label }) => rows[label] ?? []),
      2,
    ),
  );
  for (const { label } of bundles) {
    const f = figures[label];
    if (f)
      console.log(`${label}: idle median ${mb(median(f.idle))} MB, peak median ${mb(median(f.peak))} MB`);
  }
  console.log(`load average ${loadAverage()}`);
}

await main();
