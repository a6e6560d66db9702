// Load on GET /api/v1/session (signed in as dev@example.com) against the real server and against the
// bare Fastify route of bare-server.ts, which runs the same session-and-user join on the same PostgreSQL
// database and answers the same JSON. Both servers run side by side in child processes for the whole
// run; the measured rounds alternate between them; autocannon runs here. Usage: see README.md.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { backendsCpuDelta, databaseBackendsCpu } from './lib/pg-backends';
import { checkPostgres, dropDatabase, freshDatabase } from './lib/postgres';
import {
  freePort,
  loadAverage,
  median,
  noteworthyLines,
  parseArgs,
  percentile,
  request,
  type ServerProcess,
  type Shutdown,
  spawnTs,
  stop,
  table,
  treeCpuMs,
  waitFor200,
} from './lib/process';

const SERVER = 'apps/server/src/main.ts';
const BARE = 'bench/bare-server.ts';
const DATABASE = 'lintel_bench';
const TARGET_RATIO = 0.7;

const args = parseArgs(process.argv.slice(2));
if ((args.get('db') ?? 'postgres') !== 'postgres')
  throw new Error("the anchor shares the real server's database: PostgreSQL only (--db postgres)");
const connections = Number(args.get('connections') ?? 20);
const duration = Number(args.get('duration') ?? 6);
const warmup = Number(args.get('warmup') ?? 10);
const rounds = Number(args.get('rounds') ?? 5);
const email = args.get('email') ?? 'dev@example.com';
const password = process.env.DEMO_PASSWORD ?? 'demo-password';

interface Load {
  label: string;
  reqPerSec: number;
  total: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  mismatches: number;
  loadGenCpu: number;
  serverCpu: number;
  postgresCpu: number;
}

const running = new Set<ServerProcess>();

async function startProcess(script: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const server = spawnTs(script, port, { HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env });
  running.add(server);
  await waitFor200(server, `${server.baseUrl}/api/v1/health`, performance.now());
  return server;
}

async function stopProcess(server: ServerProcess): Promise<Shutdown> {
  const shutdown = await stop(server);
  running.delete(server);
  return shutdown;
}

/** Signs in and returns the session cookie and the exact body of GET /api/v1/session. */
async function signIn(baseUrl: string): Promise<{ cookie: string; body: string; contentType: string }> {
  const answer = await request(`${baseUrl}/api/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
    timeoutMs: 30_000,
  });
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${answer.body}`);
  const setCookie = answer.headers['set-cookie'] ?? [];
  const cookie = setCookie.map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith('lintel_session='));
  if (!cookie) throw new Error(`sign-in set no lintel_session cookie: ${JSON.stringify(setCookie)}`);
  const session = await request(`${baseUrl}/api/v1/session`, { headers: { cookie } });
  if (session.status !== 200)
    throw new Error(`GET /api/v1/session answered ${session.status}: ${session.body}`);
  return { cookie, body: session.body, contentType: String(session.headers['content-type']) };
}

async function warm(server: ServerProcess, cookie: string): Promise<void> {
  if (warmup > 0)
    await autocannon({
      url: `${server.baseUrl}/api/v1/session`,
      connections,
      duration: warmup,
      headers: { cookie },
    });
}

/** A measured run; latencies come from every response (exact p95, not a histogram). */
async function load(
  label: string,
  server: ServerProcess,
  cookie: string,
  expectBody: string,
  monitor: pg.Client,
): Promise<Load> {
  const url = `${server.baseUrl}/api/v1/session`;
  const headers = { cookie };
  const latencies: number[] = [];
  const cpuBefore = process.cpuUsage();
  const serverBefore = treeCpuMs(server.child.pid);
  const postgresBefore = await databaseBackendsCpu(monitor);
  const started = performance.now();
  const instance = autocannon({ url, connections, duration, headers, expectBody });
  instance.on('response', (_client, _status, _bytes, ms) => {
    latencies.push(ms);
  });
  const result = await instance;
  const cpu = process.cpuUsage(cpuBefore);
  const wallMs = performance.now() - started;
  const serverCpu = treeCpuMs(server.child.pid) - serverBefore;
  const postgresCpu = backendsCpuDelta(postgresBefore, await databaseBackendsCpu(monitor));
  latencies.sort((a, b) => a - b);
  return {
    label,
    // Completed requests over the measured wall time (the per-second sample mean can count 11 samples in 10 s).
    reqPerSec: result.requests.total / result.duration,
    total: result.requests.total,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    non2xx: result.non2xx,
    errors: result.errors,
    mismatches: result.mismatches,
    loadGenCpu: ((cpu.user + cpu.system) / 1000 / wallMs) * 100,
    serverCpu: (serverCpu / wallMs) * 100,
    postgresCpu: (postgresCpu / wallMs) * 100,
  };
}

function row(l: Load): string[] {
  const ms = (v: number) => v.toFixed(2);
  return [
    l.label,
    Math.round(l.reqPerSec).toString(),
    l.total.toString(),
    ms(l.p50),
    ms(l.p95),
    ms(l.p99),
    ms(l.max),
    `${l.non2xx}/${l.errors}/${l.mismatches}`,
    `${Math.round(l.serverCpu)}%`,
    `${Math.round(l.postgresCpu)}%`,
    `${Math.round(l.loadGenCpu)}%`,
  ];
}

type Side = 'real' | 'bare';

async function benchmark(): Promise<{ loads: Record<Side, Load[]>; notes: string[] }> {
  const notes: string[] = [`PostgreSQL ${await checkPostgres()}`];
  const databaseUrl = await freshDatabase(DATABASE);
  // Uploaded files would go here; the run uploads none.
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-bench-session-'));
  // Reads which backends serve the benchmark's database, to count their CPU (not other databases').
  const monitor = new pg.Client({ connectionString: databaseUrl });
  await monitor.connect();
  try {
    console.log('\nstarting the real server (migrations, demo accounts)…');
    const real = await startProcess(SERVER, { DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
    const { cookie, body, contentType } = await signIn(real.baseUrl);
    console.log(`signed in as ${email}; GET /api/v1/session → ${body.length} bytes (${contentType})`);
    const bare = await startProcess(BARE, { DATABASE_URL: databaseUrl });
    const check = await request(`${bare.baseUrl}/api/v1/session`, { headers: { cookie } });
    if (check.status !== 200 || check.body !== body)
      throw new Error(`the bare server's answer differs:\n${check.status} ${check.body}\nvs\n${body}`);
    const servers: Record<Side, ServerProcess> = { real, bare };
    const labels: Record<Side, string> = { real: 'real server', bare: 'bare Fastify + same SQL' };
    const loads: Record<Side, Load[]> = { real: [], bare: [] };
    console.log(
      `autocannon: ${connections} connections, ${warmup} s warm-up each, then ${rounds} round(s) of ${duration} s per server, alternating…`,
    );
    for (const side of ['real', 'bare'] as const) await warm(servers[side], cookie);
    for (let round = 0; round < rounds; round++) {
      const order: Side[] = round % 2 === 0 ? ['real', 'bare'] : ['bare', 'real'];
      for (const side of order) {
        const result = await load(`${labels[side]} #${round + 1}`, servers[side], cookie, body, monitor);
        loads[side].push(result);
        console.log(`  round ${round + 1}, ${labels[side]}: ${Math.round(result.reqPerSec)} req/s`);
      }
    }
    for (const side of ['real', 'bare'] as const) {
      const shutdown = await stopProcess(servers[side]);
      notes.push(
        `${labels[side]} shutdown after SIGTERM: exit ${shutdown.signal ?? shutdown.code} in ${Math.round(shutdown.ms)} ms`,
      );
      const lines = noteworthyLines(servers[side].output());
      if (lines.length > 0) notes.push(`${labels[side]} output: ${[...new Set(lines)].join('\n    ')}`);
    }
    return { loads, notes };
  } finally {
    for (const server of running) server.child.kill('SIGKILL');
    running.clear();
    await monitor.end();
    await dropDatabase(DATABASE).catch((e) => console.error(`could not drop: ${e}`));
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

process.on('SIGINT', () => {
  for (const server of running) server.child.kill('SIGKILL');
  process.exit(130);
});

const header = [
  'server',
  'req/s',
  'requests',
  'p50 ms',
  'p95 ms',
  'p99 ms',
  'max ms',
  'non2xx/err/mismatch',
  'server CPU',
  'postgres CPU',
  'loadgen CPU',
];
console.log(`load average: ${loadAverage()} (other processes on the machine skew the figures)`);
const { loads, notes } = await benchmark();
console.log('');
console.log(table(header, [...loads.real, ...loads.bare].map(row)));
const realRate = median(loads.real.map((l) => l.reqPerSec));
const bareRate = median(loads.bare.map((l) => l.reqPerSec));
// Each round measures the two servers back to back, so a round's ratio shares the machine's load of the
// moment; the median over the rounds is the figure (the ratio of the medians is shown beside it).
const perRound = loads.real.map((l, i) => l.reqPerSec / (loads.bare[i]?.reqPerSec ?? Number.NaN));
const ratio = median(perRound);
console.log(
  `\nmedian req/s: real ${Math.round(realRate)}, bare ${Math.round(bareRate)} (ratio of medians ${(realRate / bareRate).toFixed(2)})`,
);
console.log(`ratio real/bare per round: ${perRound.map((r) => r.toFixed(2)).join(', ')}`);
console.log(
  `ratio real/bare (median of the rounds): ${ratio.toFixed(2)} — ${ratio >= TARGET_RATIO ? 'meets' : 'MISSES'} the target of ≥ ${TARGET_RATIO}`,
);
for (const note of notes) console.log(`  ${note}`);
console.log(`\nload average at the end: ${loadAverage()}`);
if (loads.real.some((l) => l.non2xx + l.errors + l.mismatches > 0)) process.exitCode = 1;
