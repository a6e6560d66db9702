// Cold start of the real server: from spawning `tsx apps/server/src/main.ts` to the first 200 of
// GET /api/v1/health, then SIGTERM and a check that it exits 0. Usage: see README.md.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { checkPostgres, dropDatabase, freshDatabase } from './lib/postgres';
import {
  freePort,
  loadAverage,
  median,
  noteworthyLines,
  parseArgs,
  repoRoot,
  type ServerProcess,
  type Shutdown,
  spawnTs,
  stop,
  table,
  waitFor200,
} from './lib/process';

const SERVER = 'apps/server/src/main.ts';
const BARE = 'bench/bare-server.ts';
const COLD_DB = 'lintel_bench_cold';

type ScenarioId = 'pglite-new' | 'pglite-reopen' | 'postgres-new' | 'postgres-reopen' | 'bare';
const LABELS: Record<ScenarioId, string> = {
  'pglite-new': '(a) PGlite, new DATA_DIR (migrations + seed)',
  'pglite-reopen': '(b) PGlite, reopening that DATA_DIR',
  'postgres-new': '(c) PostgreSQL, fresh database (migrations + seed)',
  'postgres-reopen': '(c2) PostgreSQL, same database again',
  bare: 'reference: bare Fastify under tsx, no database',
};

interface Sample {
  ms: number;
  shutdown: Shutdown;
}

const args = parseArgs(process.argv.slice(2));
const runs = Number(args.get('runs') ?? 3);
const withPostgres = args.get('no-postgres') !== 'true';
const keep = args.get('keep') === 'true';
if (!Number.isInteger(runs) || runs < 1 || runs > 20)
  throw new Error('--runs must be a whole number from 1 to 20');

const running = new Set<ServerProcess>();
const logs = new Map<ScenarioId | 'priming', string[]>();
const samples = new Map<ScenarioId, Sample[]>();

/** Starts `script`, waits for the first 200 of /api/v1/health, stops it with SIGTERM. */
async function measure(
  id: ScenarioId | 'priming',
  script: string,
  env: Record<string, string>,
): Promise<Sample> {
  const port = await freePort();
  const started = performance.now();
  const server = spawnTs(script, port, { HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env });
  running.add(server);
  try {
    const ms = await waitFor200(server, `${server.baseUrl}/api/v1/health`, started);
    const shutdown = await stop(server);
    const lines = noteworthyLines(server.output());
    if (lines.length > 0) logs.set(id, [...(logs.get(id) ?? []), ...lines]);
    if (id !== 'priming') samples.set(id, [...(samples.get(id) ?? []), { ms, shutdown }]);
    return { ms, shutdown };
  } finally {
    running.delete(server);
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  }
}

function describeShutdown(list: Sample[]): string {
  const clean = list.filter((s) => s.shutdown.code === 0 && s.shutdown.signal === null).length;
  const codes = [
    ...new Set(list.map((s) => (s.shutdown.signal ? s.shutdown.signal : String(s.shutdown.code)))),
  ];
  const killed = list.some((s) => s.shutdown.killed) ? ', SIGKILLed!' : '';
  return `${clean}/${list.length} exit 0 (codes: ${codes.join(',')}${killed})`;
}

const fmt = (ms: number) => `${Math.round(ms)} ms`;

async function main(): Promise<void> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-bench-cold-'));
  const webBuilt = existsSync(path.join(repoRoot, 'apps', 'web', 'dist', 'index.html'));
  console.log(`Cold start of ${SERVER}: ${runs} run(s) per scenario, temporary data under ${tmp}`);
  console.log(`load average: ${loadAverage()} (other processes on the machine skew the figures)`);
  console.log(
    `apps/web/dist ${webBuilt ? 'exists (the server registers static files)' : 'is absent (API only)'}`,
  );
  let pgVersion = '';
  if (withPostgres) pgVersion = await checkPostgres();

  try {
    // Fills tsx's transform cache and the OS file cache, so that run 1 is not an outlier.
    const priming = await measure('priming', SERVER, { DATA_DIR: path.join(tmp, 'priming') });
    console.log(`priming start (not counted): ${fmt(priming.ms)}`);

    for (let run = 1; run <= runs; run++) {
      const dataDir = path.join(tmp, `run-${run}`);
      const results: string[] = [];
      const a = await measure('pglite-new', SERVER, { DATA_DIR: dataDir });
      results.push(`a ${fmt(a.ms)}`);
      const b = await measure('pglite-reopen', SERVER, { DATA_DIR: dataDir });
      results.push(`b ${fmt(b.ms)}`);
      if (withPostgres) {
        // DATA_DIR still points at a scratch folder: files and nothing else would land there.
        const env = {
          DATABASE_URL: await freshDatabase(COLD_DB),
          DATA_DIR: path.join(tmp, `pg-files-${run}`),
        };
        const c = await measure('postgres-new', SERVER, env);
        results.push(`c ${fmt(c.ms)}`);
        const c2 = await measure('postgres-reopen', SERVER, env);
        results.push(`c2 ${fmt(c2.ms)}`);
      }
      const bare = await measure('bare', BARE, {});
      results.push(`bare ${fmt(bare.ms)}`);
      console.log(`run ${run}: ${results.join(', ')}`);
    }
  } finally {
    for (const server of running) server.child.kill('SIGKILL');
    if (withPostgres)
      await dropDatabase(COLD_DB).catch((error) => console.error(`could not drop ${COLD_DB}: ${error}`));
    if (!keep) await fs.rm(tmp, { recursive: true, force: true });
  }

  console.log('');
  console.log(
    `Time from spawn to the first 200 of GET /api/v1/health${pgVersion ? ` (PostgreSQL ${pgVersion})` : ''}`,
  );
  const rows = [...samples.entries()].map(([id, list]) => {
    const times = list.map((s) => s.ms);
    return [
      LABELS[id],
      fmt(Math.min(...times)),
      fmt(median(times)),
      fmt(Math.max(...times)),
      fmt(median(list.map((s) => s.shutdown.ms))),
      describeShutdown(list),
    ];
  });
  console.log(table(['scenario', 'min', 'median', 'max', 'SIGTERM→exit', 'shutdown'], rows));

  console.log(`load average at the end: ${loadAverage()}`);
  const allClean = [...samples.values()]
    .flat()
    .every((s) => s.shutdown.code === 0 && s.shutdown.signal === null);
  if (logs.size > 0) {
    console.log('\nWarnings, errors and other output of the servers (deduplicated):');
    for (const [id, lines] of logs) {
      console.log(`  ${id === 'priming' ? 'priming start' : LABELS[id]}:`);
      for (const line of new Set(lines))
        console.log(`    ${line.length > 400 ? `${line.slice(0, 400)}…` : line}`);
    }
  } else {
    console.log('\nNo warnings or errors in the servers’ output.');
  }
  if (!allClean) {
    console.log('\nSome shutdowns were not clean (exit code other than 0).');
    process.exitCode = 1;
  }
}

process.on('SIGINT', () => {
  for (const server of running) server.child.kill('SIGKILL');
  process.exit(130);
});

await main();
