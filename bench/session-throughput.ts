// Load on GET /api/v1/session (signed in as dev@example.com) against the real server, then against a
// bare Fastify server answering the same JSON without a database. The servers run in child processes;
// autocannon runs here. Usage: see README.md.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { checkPostgres, dropDatabase, freshDatabase } from './lib/postgres';
import {
  commandCpuMs,
  freePort,
  loadAverage,
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
const TARGET_RATIO = 0.5;

const args = parseArgs(process.argv.slice(2));
const dbArg = args.get('postgres') === 'true' ? 'postgres' : (args.get('db') ?? 'pglite');
if (!['pglite', 'postgres', 'both'].includes(dbArg)) throw new Error('--db must be pglite, postgres or both');
const databases = (dbArg === 'both' ? ['pglite', 'postgres'] : [dbArg]) as Array<'pglite' | 'postgres'>;
const connections = Number(args.get('connections') ?? 20);
const duration = Number(args.get('duration') ?? 10);
const warmup = Number(args.get('warmup') ?? 2);
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

/** A warm-up, then the measured run; latencies come from every response (exact p95, not a histogram). */
async function load(label: string, server: ServerProcess, cookie: string, expectBody: string): Promise<Load> {
  const url = `${server.baseUrl}/api/v1/session`;
  const headers = { cookie };
  if (warmup > 0) await autocannon({ url, connections, duration: warmup, headers });
  const latencies: number[] = [];
  const cpuBefore = process.cpuUsage();
  const serverBefore = treeCpuMs(server.child.pid);
  const postgresBefore = commandCpuMs('postgres');
  const started = performance.now();
  const instance = autocannon({ url, connections, duration, headers, expectBody });
  instance.on('response', (_client, _status, _bytes, ms) => {
    latencies.push(ms);
  });
  const result = await instance;
  const cpu = process.cpuUsage(cpuBefore);
  const wallMs = performance.now() - started;
  const serverCpu = treeCpuMs(server.child.pid) - serverBefore;
  const postgresCpu = commandCpuMs('postgres') - postgresBefore;
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

async function benchmark(
  database: 'pglite' | 'postgres',
): Promise<{ real: Load; bare: Load; notes: string[] }> {
  const notes: string[] = [];
  const env: Record<string, string> = {};
  if (database === 'postgres') {
    notes.push(`PostgreSQL ${await checkPostgres()}`);
    env.DATABASE_URL = await freshDatabase(DATABASE);
  }
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-bench-session-'));
  env.DATA_DIR = tmp;

  try {
    console.log(`\n[${database}] starting the real server…`);
    const real = await startProcess(SERVER, env);
    const { cookie, body, contentType } = await signIn(real.baseUrl);
    console.log(
      `[${database}] signed in as ${email}; GET /api/v1/session → ${body.length} bytes (${contentType})`,
    );
    console.log(
      `[${database}] autocannon: ${connections} connections, ${warmup} s warm-up, ${duration} s measured (real server)…`,
    );
    const realLoad = await load(`real server (${database})`, real, cookie, body);
    const realShutdown = await stopProcess(real);
    notes.push(
      `real server shutdown after SIGTERM: exit ${realShutdown.signal ?? realShutdown.code} in ${Math.round(realShutdown.ms)} ms`,
    );
    const lines = noteworthyLines(real.output());
    if (lines.length > 0) notes.push(`real server output: ${[...new Set(lines)].join('\n    ')}`);

    const bare = await startProcess(BARE, { BARE_BODY: body });
    const check = await request(`${bare.baseUrl}/api/v1/session`);
    if (check.body !== body) throw new Error(`the bare server's body differs:\n${check.body}\nvs\n${body}`);
    console.log(`[${database}] same load against the bare Fastify server…`);
    const bareLoad = await load('bare Fastify, no database', bare, cookie, body);
    const bareShutdown = await stopProcess(bare);
    if (bareShutdown.code !== 0) notes.push(`bare server exit: ${bareShutdown.signal ?? bareShutdown.code}`);
    return { real: realLoad, bare: bareLoad, notes };
  } finally {
    for (const server of running) server.child.kill('SIGKILL');
    running.clear();
    if (database === 'postgres')
      await dropDatabase(DATABASE).catch((e) => console.error(`could not drop: ${e}`));
    await fs.rm(tmp, { recursive: true, force: true });
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
const summaries: string[] = [];
console.log(`load average: ${loadAverage()} (other processes on the machine skew the figures)`);
for (const database of databases) {
  const { real, bare, notes } = await benchmark(database);
  const ratio = real.reqPerSec / bare.reqPerSec;
  const verdict = ratio >= TARGET_RATIO ? 'meets' : 'MISSES';
  console.log('');
  console.log(table(header, [row(real), row(bare)]));
  console.log(`ratio real/bare (req/s): ${ratio.toFixed(2)} — ${verdict} the target of ≥ ${TARGET_RATIO}`);
  for (const note of notes) console.log(`  ${note}`);
  summaries.push(
    `${database}: ${Math.round(real.reqPerSec)} vs ${Math.round(bare.reqPerSec)} req/s, ratio ${ratio.toFixed(2)}`,
  );
  if (real.non2xx + real.errors + real.mismatches > 0) process.exitCode = 1;
}
console.log(`\nload average at the end: ${loadAverage()}`);
if (summaries.length > 1) console.log(`\n${summaries.join('\n')}`);
