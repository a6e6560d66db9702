// Lighthouse's default mobile run against the built portal's /sign_in, served by the real server (which
// serves apps/web/dist). Builds nothing: run `npm run build` first. Usage: see README.md.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  freePort,
  loadAverage,
  median,
  nodeBin,
  parseArgs,
  repoRoot,
  type ServerProcess,
  spawnTs,
  stop,
  table,
  waitFor200,
} from './lib/process';

const SERVER = 'apps/server/src/main.ts';
const LIGHTHOUSE_CLI = path.join(repoRoot, 'node_modules', 'lighthouse', 'cli', 'index.js');
const TARGET_SCORE = 90;

const args = parseArgs(process.argv.slice(2));
const runs = Number(args.get('runs') ?? 5);
const pagePath = args.get('path') ?? '/sign_in';
const dist = path.resolve(args.get('dist') ?? path.join(repoRoot, 'apps', 'web', 'dist'));
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const keepReport = args.get('report');

interface Audit {
  numericValue?: number;
  score?: number | null;
  displayValue?: string;
  details?: { items?: Array<Record<string, unknown>> };
}
interface Report {
  lighthouseVersion: string;
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  runWarnings: string[];
  environment: { benchmarkIndex: number };
  categories: { performance: { score: number | null } };
  audits: Record<string, Audit>;
}

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  si: number;
  cls: number;
  transferBytes: number;
  requests: number;
  benchmarkIndex: number;
  /** The machine's 1-minute load average when the run ended. */
  load: number;
  warnings: string[];
}

function runLighthouse(url: string, outputPath: string): Promise<void> {
  const child = spawn(
    nodeBin,
    [
      LIGHTHOUSE_CLI,
      url,
      '--output=json',
      `--output-path=${outputPath}`,
      '--only-categories=performance',
      '--quiet',
      // Offline: no CrUX field data, no network beyond 127.0.0.1.
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run --disable-background-networking --disable-component-update --disable-sync',
    ],
    { cwd: repoRoot, env: { ...process.env, CHROME_PATH: chromePath }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`lighthouse exited with ${code}:\n${output.slice(-4000)}`));
    });
  });
}

function summarise(report: Report): Run {
  if (report.runtimeError)
    throw new Error(`lighthouse: ${report.runtimeError.code} ${report.runtimeError.message}`);
  const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const network = report.audits['network-requests']?.details?.items ?? [];
  return {
    score: Math.round((report.categories.performance.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    si: audit('speed-index'),
    cls: audit('cumulative-layout-shift'),
    transferBytes: audit('total-byte-weight'),
    requests: network.length,
    benchmarkIndex: report.environment.benchmarkIndex,
    load: os.loadavg()[0] ?? Number.NaN,
    warnings: report.runWarnings,
  };
}

/** The largest transfers of the last run, to see what the page still spends its bytes on. */
function biggestRequests(report: Report, count = 8): string[][] {
  const items = (report.audits['network-requests']?.details?.items ?? []) as Array<{
    url: string;
    transferSize?: number;
    resourceSize?: number;
    resourceType?: string;
  }>;
  return [...items]
    .sort((a, b) => (b.transferSize ?? 0) - (a.transferSize ?? 0))
    .slice(0, count)
    .map((item) => [
      new URL(item.url).pathname,
      item.resourceType ?? '',
      kB(item.transferSize ?? 0),
      kB(item.resourceSize ?? 0),
    ]);
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`${dist}/index.html is missing: build the web app first (npm run build).`);
  process.exit(1);
}
if (!existsSync(chromePath)) {
  console.error(`no browser at ${chromePath}: install chromium or set CHROME_PATH.`);
  process.exit(1);
}

console.log(`load average: ${loadAverage()} (other processes on the machine skew the figures)`);
const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-bench-lighthouse-'));
let server: ServerProcess | undefined;
const results: Run[] = [];
let lastReport: Report | undefined;
try {
  const port = await freePort();
  server = spawnTs(SERVER, port, {
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: tmp,
    WEB_DIST_DIR: dist,
    SEED_DEMO: 'false',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  await waitFor200(server, `${server.baseUrl}/api/v1/health`, performance.now());
  const url = `${server.baseUrl}${pagePath}`;
  console.log(`server up on ${server.baseUrl} (web build: ${dist}); ${runs} Lighthouse run(s) of ${url}`);
  for (let run = 1; run <= runs; run++) {
    const output = path.join(tmp, `report-${run}.json`);
    // Lighthouse now and then fails to record the trace (NO_NAVSTART, NO_FCP on a busy machine): such a
    // run is repeated, at most twice, and said so; a page that never paints still fails.
    for (let attempt = 1; ; attempt++) {
      try {
        await runLighthouse(url, output);
        break;
      } catch (error) {
        if (attempt === 3) throw error;
        console.log(`run ${run}: Lighthouse failed (${String(error).split('\n')[1] ?? error}); again`);
      }
    }
    lastReport = JSON.parse(await fs.readFile(output, 'utf8')) as Report;
    const result = summarise(lastReport);
    results.push(result);
    console.log(
      `run ${run}: performance ${result.score}, FCP ${s(result.fcp)}, LCP ${s(result.lcp)}, TBT ${Math.round(result.tbt)} ms, ` +
        `${kB(result.transferBytes)} in ${result.requests} requests, CPU index ${Math.round(result.benchmarkIndex)}, ` +
        `load ${result.load.toFixed(2)}`,
    );
    if (keepReport && run === runs) await fs.copyFile(output, path.resolve(keepReport));
  }
} finally {
  if (server) await stop(server);
  await fs.rm(tmp, { recursive: true, force: true });
}

const rows = results.map((r, i) => [
  String(i + 1),
  String(r.score),
  s(r.fcp),
  s(r.lcp),
  `${Math.round(r.tbt)} ms`,
  s(r.si),
  r.cls.toFixed(3),
  kB(r.transferBytes),
  String(r.requests),
  String(Math.round(r.benchmarkIndex)),
  r.load.toFixed(2),
]);
const pick = (f: (r: Run) => number) => median(results.map(f));
rows.push([
  'median',
  String(pick((r) => r.score)),
  s(pick((r) => r.fcp)),
  s(pick((r) => r.lcp)),
  `${Math.round(pick((r) => r.tbt))} ms`,
  s(pick((r) => r.si)),
  pick((r) => r.cls).toFixed(3),
  kB(pick((r) => r.transferBytes)),
  String(pick((r) => r.requests)),
  String(Math.round(pick((r) => r.benchmarkIndex))),
  pick((r) => r.load).toFixed(2),
]);
console.log('');
console.log(
  table(
    [
      'run',
      'perf',
      'FCP',
      'LCP',
      'TBT',
      'Speed Index',
      'CLS',
      'transferred',
      'requests',
      'CPU index',
      'load',
    ],
    rows,
  ),
);
if (lastReport) {
  console.log(`\nLighthouse ${lastReport.lighthouseVersion}, default mobile run (simulated throttling)`);
  console.log('largest transfers of the last run:');
  console.log(table(['path', 'type', 'transferred', 'resource'], biggestRequests(lastReport)));
  const warnings = new Set(results.flatMap((r) => r.warnings));
  for (const warning of warnings) console.log(`warning: ${warning}`);
}
// The target holds for every run, not for the median: a page that scores 95 twice and 80 once is not fast.
const scores = results.map((r) => r.score);
const lowest = Math.min(...scores);
console.log(
  `\nperformance of the ${results.length} runs: ${scores.join(' / ')} (lowest ${lowest}, median ${pick((r) => r.score)}) — target ≥ ${TARGET_SCORE} in every run`,
);
console.log(`load average at the end: ${loadAverage()}`);
if (lowest < TARGET_SCORE) process.exitCode = 2;
