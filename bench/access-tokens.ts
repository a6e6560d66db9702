// Issue 23: GET /api/v1/developer_apps (signed in as dev@example.com) with a personal access token
// (`Authorization: Bearer lnt_…`) against the same request with the session cookie, on one real server
// on PostgreSQL. The rounds alternate between the two; autocannon runs here, the server in a child
// process. The aim: the bearer path at ≥ 0.95 of the cookie path's req/s (the token lookup must cost no
// more than the session lookup). Usage: see README.md ("access-tokens").
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
const DATABASE = 'lintel_bench_tokens';
const TARGET_RATIO = 0.95;
const PATH = '/api/v1/developer_apps';

const args = parseArgs(process.argv.slice(2));
const connections = Number(args.get('connections') ?? 20);
const duration = Number(args.get('duration') ?? 5);
const warmup = Number(args.get('warmup') ?? 3);
const rounds = Number(args.get('rounds') ?? 4);
const email = args.get('email') ?? 'dev@example.com';
const password = process.env.DEMO_PASSWORD ?? 'demo-password';

type Side = 'cookie' | 'bearer';

let server: ServerProcess | undefined;

/** Signs in (cookie and CSRF token), then creates an apps:read token with them. */
async function credentials(baseUrl: string) {
  const { cookie, csrf } = await signInCookie(baseUrl, email, password);
  const created = await request(`${baseUrl}/api/v1/personal_access_tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf },
    body: JSON.stringify({
      personal_access_token: { name: 'bench', expires_at: null, scopes: ['apps:read'] },
    }),
  });
  if (created.status !== 201) throw new Error(`token creation answered ${created.status}: ${created.body}`);
  const token = (JSON.parse(created.body) as { token: string }).token;
  return { cookie, authorization: `Bearer ${token}` };
}

async function benchmark(): Promise<{ loads: Record<Side, Load[]>; notes: string[] }> {
  const notes = [`PostgreSQL ${await checkPostgres()}`];
  const databaseUrl = await freshDatabase(DATABASE);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-bench-tokens-'));
  try {
    const port = await freePort();
    server = spawnTs(SERVER, port, {
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
    });
    await waitFor200(server, `${server.baseUrl}/api/v1/health`, performance.now());
    const { cookie, authorization } = await credentials(server.baseUrl);
    const headers: Record<Side, Record<string, string>> = { cookie: { cookie }, bearer: { authorization } };
    const url = `${server.baseUrl}${PATH}`;
    const viaCookie = await request(url, { headers: headers.cookie });
    const viaBearer = await request(url, { headers: headers.bearer });
    if (viaCookie.status !== 200 || viaBearer.status !== 200 || viaCookie.body !== viaBearer.body)
      throw new Error(
        `the answers differ: ${viaCookie.status} ${viaCookie.body} vs ${viaBearer.status} ${viaBearer.body}`,
      );
    console.log(`GET ${PATH} as ${email} → ${viaCookie.body.length} bytes, the same with either credential`);
    for (const side of ['cookie', 'bearer'] as const)
      if (warmup > 0) await autocannon({ url, connections, duration: warmup, headers: headers[side] });
    const loads: Record<Side, Load[]> = { cookie: [], bearer: [] };
    for (let round = 0; round < rounds; round++) {
      const order: Side[] = round % 2 === 0 ? ['cookie', 'bearer'] : ['bearer', 'cookie'];
      for (const side of order) {
        const result = await load(`${side} #${round + 1}`, url, headers[side], viaCookie.body, {
          connections,
          duration,
        });
        loads[side].push(result);
        console.log(`  round ${round + 1}, ${side}: ${Math.round(result.reqPerSec)} req/s`);
      }
    }
    const shutdown = await stop(server);
    notes.push(`server shutdown: exit ${shutdown.signal ?? shutdown.code} in ${Math.round(shutdown.ms)} ms`);
    server = undefined;
    return { loads, notes };
  } finally {
    server?.child.kill('SIGKILL');
    await dropDatabase(DATABASE).catch((e) => console.error(`could not drop: ${e}`));
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

process.on('SIGINT', () => {
  server?.child.kill('SIGKILL');
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
    ['credential', 'req/s', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'non2xx/err/mismatch'],
    [...loads.cookie, ...loads.bearer].map((l) => [
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
const perRound = loads.bearer.map((l, i) => l.reqPerSec / (loads.cookie[i]?.reqPerSec ?? Number.NaN));
const ratio = median(perRound);
console.log(
  `\nmedian req/s: cookie ${Math.round(median(loads.cookie.map((l) => l.reqPerSec)))}, bearer ${Math.round(median(loads.bearer.map((l) => l.reqPerSec)))}`,
);
console.log(`ratio bearer/cookie per round: ${perRound.map((r) => r.toFixed(2)).join(', ')}`);
console.log(
  `ratio bearer/cookie (median of the rounds): ${ratio.toFixed(2)} — ${ratio >= TARGET_RATIO ? 'meets' : 'MISSES'} the aim of ≥ ${TARGET_RATIO}`,
);
for (const note of notes) console.log(`  ${note}`);
console.log(`\nload average at the end: ${loadAverage()}`);
if ([...loads.cookie, ...loads.bearer].some((l) => l.non2xx + l.errors + l.mismatches > 0))
  process.exitCode = 1;
