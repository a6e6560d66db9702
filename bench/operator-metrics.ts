// Issue 24: the session read (GET /api/v1/session, signed in as dev@example.com) on a server with the
// operators' metrics on (METRICS_TOKEN: every request counted and timed, every query timed) against the
// same read on a server with them off, both on one PostgreSQL database, in one run. The rounds alternate
// between the two; autocannon runs here, the servers in child processes. The aim: metrics on at ≥ 0.95 of
// off (collection must be nearly free). Usage: see README.md ("operator-metrics").
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { type Load, load, signInCookie } from './lib/paired-load';
import { checkPostgres, dropDatabase, freshDatabase } from './lib/postgres';
import {
  freePort,
  loadAverage,
  median,
  parseArgs,
  request,
  type ServerProcess,
  spawnTs,
  stop,
  table,
  waitFor200,
} from './lib/process';

const SERVER = 'apps/server/src/main.ts';
const DATABASE = 'lintel_bench_operator_metrics';
const TARGET_RATIO = 0.95;
const PATH = '/api/v1/session';
const METRICS_TOKEN = 'bench-metrics-token-0123456789';

const args = parseArgs(process.argv.slice(2));
const connections = Number(args.get('connections') ?? 20);
const duration = Number(args.get('duration') ?? 5);
const warmup = Number(args.get('warmup') ?? 3);
const rounds = Number(args.get('rounds') ?? 4);
const email = args.get('email') ?? 'dev@example.com';
const password = process.env.DEMO_PASSWORD ?? 'demo-password';

type Side = 'off' | 'on';

const servers: ServerProcess[] = [];

async function benchmark(): Promise<{ loads: Record<Side, Load[]>; notes: string[] }> {
  const notes = [`PostgreSQL ${await checkPostgres()}`];
  const databaseUrl = await freshDatabase(DATABASE);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-bench-opmetrics-'));
  try {
    const base = { HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, DATA_DIR: dataDir };
    // The first server migrates and seeds the demo; the second starts on the finished database.
    const off = spawnTs(SERVER, await freePort(), base);
    servers.push(off);
    await waitFor200(off, `${off.baseUrl}/api/v1/health/ready`, performance.now());
    const on = spawnTs(SERVER, await freePort(), { ...base, METRICS_TOKEN, SEED_DEMO: 'false' });
    servers.push(on);
    await waitFor200(on, `${on.baseUrl}/api/v1/health/ready`, performance.now());
    const { cookie } = await signInCookie(off.baseUrl, email, password);
    const urls: Record<Side, string> = { off: `${off.baseUrl}${PATH}`, on: `${on.baseUrl}${PATH}` };
    const viaOff = await request(urls.off, { headers: { cookie } });
    const viaOn = await request(urls.on, { headers: { cookie } });
    if (viaOff.status !== 200 || viaOn.status !== 200 || viaOff.body !== viaOn.body)
      throw new Error(`the answers differ: ${viaOff.status} ${viaOff.body} vs ${viaOn.status} ${viaOn.body}`);
    const scraped = await request(`${on.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    if (scraped.status !== 200 || !scraped.body.includes('lintel_http_requests_total'))
      throw new Error(`metrics are not on: ${scraped.status}`);
    console.log(`GET ${PATH} as ${email} → ${viaOff.body.length} bytes from either server`);
    for (const side of ['off', 'on'] as const)
      if (warmup > 0)
        await autocannon({ url: urls[side], connections, duration: warmup, headers: { cookie } });
    const loads: Record<Side, Load[]> = { off: [], on: [] };
    for (let round = 0; round < rounds; round++) {
      const order: Side[] = round % 2 === 0 ? ['off', 'on'] : ['on', 'off'];
      for (const side of order) {
        const result = await load(`metrics ${side} #${round + 1}`, urls[side], { cookie }, viaOff.body, {
          connections,
          duration,
        });
        loads[side].push(result);
        console.log(`  round ${round + 1}, metrics ${side}: ${Math.round(result.reqPerSec)} req/s`);
      }
    }
    for (const server of servers.splice(0)) {
      const shutdown = await stop(server);
      notes.push(
        `server shutdown: exit ${shutdown.signal ?? shutdown.code} in ${Math.round(shutdown.ms)} ms`,
      );
    }
    return { loads, notes };
  } finally {
    for (const server of servers) server.child.kill('SIGKILL');
    await dropDatabase(DATABASE).catch((e) => console.error(`could not drop: ${e}`));
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

process.on('SIGINT', () => {
  for (const server of servers) server.child.kill('SIGKILL');
  process.exit(130);
});

console.log(`load average: ${loadAverage()} (other processes on the machine skew the figures)`);
console.log(
  `autocannon: ${connections} connections, ${warmup} s warm-up each, ${rounds} rounds of ${duration} s`,
);
const { loads, notes } = await benchmark();
const ms = (v: number) => v.toFixed(2);
console.log(
  `\n${table(
    ['metrics', 'req/s', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'non2xx/err/mismatch'],
    [...loads.off, ...loads.on].map((l) => [
      l.label,
      Math.round(l.reqPerSec).toString(),
      l.total.toString(),
      ms(l.p50),
      ms(l.p95),
      ms(l.p99),
      `${l.non2xx}/${l.errors}/${l.mismatches}`,
    ]),
  )}`,
);
const perRound = loads.on.map((l, i) => l.reqPerSec / (loads.off[i]?.reqPerSec ?? Number.NaN));
const ratio = median(perRound);
console.log(
  `\nmedian req/s: metrics off ${Math.round(median(loads.off.map((l) => l.reqPerSec)))}, on ${Math.round(median(loads.on.map((l) => l.reqPerSec)))}`,
);
console.log(`ratio on/off per round: ${perRound.map((r) => r.toFixed(2)).join(', ')}`);
console.log(
  `ratio on/off (median of the rounds): ${ratio.toFixed(2)} — ${ratio >= TARGET_RATIO ? 'meets' : 'MISSES'} the aim of ≥ ${TARGET_RATIO}`,
);
for (const note of notes) console.log(`  ${note}`);
console.log(`\nload average at the end: ${loadAverage()}`);
if ([...loads.off, ...loads.on].some((l) => l.non2xx + l.errors + l.mismatches > 0)) process.exitCode = 1;
