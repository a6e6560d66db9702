// `npm test`: every suite — unit, server integration (PostgreSQL when TEST_DATABASE_URL is set, and
// PGlite always), web components and the browser journeys — then one line: "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'e2e/artifacts/reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
/** Every test file's time, for the ten slowest printed at the end. */
const fileTimes = [];
let broken = false;

/** Each phase's wall time, printed at the end beside the slowest files (issue 24: CI time). */
const phaseTimes = [];
const started = Date.now();

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const begun = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  phaseTimes.push({ label, ms: Date.now() - begun });
  return result.status ?? 1;
}

function countVitest(label, file, status) {
  if (!existsSync(file)) {
    console.error(`${label}: no report written (exit ${status})`);
    broken = true;
    totals.failed += 1;
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  for (const result of report.testResults) {
    fileTimes.push({ label, file: path.relative(root, result.name), ms: result.endTime - result.startTime });
  }
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  // A suite that failed to load counts as a failure even when no test inside it ran.
  const failedFiles = report.testResults.filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  );
  totals.failed += failedFiles.length;
  if (status !== 0 && report.numFailedTests === 0 && failedFiles.length === 0) {
    broken = true;
    totals.failed += 1;
  }
}

function projectDir(project) {
  return {
    shared: 'packages/shared',
    cli: 'packages/cli',
    platform: 'apps/platform',
    server: 'apps/server',
    web: 'apps/web',
  }[project];
}

/**
 * Starts a command beside whatever runs next, its output kept in a file; the returned function waits for
 * it, prints that output under its heading and gives the exit status.
 */
function runBeside(label, command, args, env = {}) {
  const log = path.join(reports, `${label.replace(/\W+/g, '-')}.log`);
  const out = openSync(log, 'w');
  const begun = Date.now();
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', out, out],
    env: { ...process.env, ...env },
  });
  let ended = 0;
  const done = new Promise((resolve) => {
    child.on('close', (code) => {
      ended = Date.now();
      resolve(code ?? 1);
    });
    child.on('error', () => {
      ended = Date.now();
      resolve(1);
    });
  });
  return async () => {
    const status = await done;
    phaseTimes.push({ label: `${label} (beside the pass before it)`, ms: ended - begun });
    closeSync(out);
    console.log(`\n=== ${label} ===`);
    process.stdout.write(readFileSync(log));
    return status;
  };
}

function vitestArgs(projects, reportName, files = [], extra = []) {
  return [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    ...files,
    ...extra,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reports, reportName)}`,
  ];
}

/**
 * One test file per core. Vitest's default for a run is one fewer, a single file at a time on a 2-core
 * machine, which then sat ~40 % idle while server files waited for PostgreSQL and timers (issue 24: CI
 * under 25 minutes; 924 s → 592 s). On the command line: the root config's `maxWorkers` was not applied
 * to the projects' pools.
 */
const WORKERS = `--maxWorkers=${availableParallelism()}`;

function vitest(label, projects, env, reportName, files = []) {
  const status = run(label, 'npx', vitestArgs(projects, reportName, files, [WORKERS]), env);
  countVitest(label, path.join(reports, reportName), status);
}

/**
 * The server tests that run a second time on PGlite when the first pass ran on PostgreSQL: those whose code
 * paths differ between the two (PGlite is what `npm start` runs on by default). The rest exercise the same
 * SQL through the same code on either, so once is enough (issue 24: CI under 25 minutes).
 */
const PGLITE_ALSO = [
  // The database layer itself: the serial PGlite dialect, its errors, readiness without a pool.
  'apps/server/test/db-errors.test.ts',
  'apps/server/test/db-writes.test.ts',
  'apps/server/test/health.test.ts',
  'apps/server/test/operator-metrics.test.ts',
  // pg-boss on PGlite: mail, the announcement fan-out, a job whose worker vanished, webhook deliveries.
  'apps/server/test/mail.test.ts',
  'apps/server/test/critical-emails.test.ts',
  'apps/server/test/notifications.test.ts',
  'apps/server/test/job-recovery.test.ts',
  'apps/server/test/platform/webhooks-delivery.test.ts',
  'apps/server/test/platform/webhooks-jobs.test.ts',
  'apps/server/test/platform/webhooks-end-to-end.test.ts',
  // The rate limiter keeps its counters in memory on PGlite, in PostgreSQL otherwise.
  'apps/server/test/platform/limits.test.ts',
  'apps/server/test/rate-limits.test.ts',
  // Collation and search (PGlite's ICU), and the demo data `npm start` seeds.
  'apps/server/test/admin-lists.test.ts',
  'apps/server/test/list-polish.test.ts',
  'apps/server/test/demo-seed.test.ts',
];

const postgres = process.env.TEST_DATABASE_URL;
// The PGlite pass runs beside the first one, one file at a time (it ran its files one after another
// anyway): 248 s beside it, the first pass 82 s longer for it, ~70 s saved in all (issue 24: CI under 25
// minutes; RESULTS §22).
const pgliteLabel = 'server tests whose paths differ, on PGlite';
const pglite = postgres
  ? runBeside(
      pgliteLabel,
      'npx',
      vitestArgs(['server'], 'vitest-pglite.json', PGLITE_ALSO, ['--maxWorkers=1']),
      { TEST_DATABASE_URL: '' },
    )
  : undefined;
vitest(
  postgres ? 'unit, server (PostgreSQL) and web tests' : 'unit, server (PGlite) and web tests',
  ['shared', 'platform', 'server', 'web', 'cli'].filter((project) =>
    existsSync(path.join(root, projectDir(project), 'vitest.config.ts')),
  ),
  {},
  'vitest.json',
);
if (pglite) countVitest(pgliteLabel, path.join(reports, 'vitest-pglite.json'), await pglite());

const build = run('build the web app', 'npm', ['run', 'build', '-w', '@lintel/web']);
if (build !== 0) {
  broken = true;
  totals.failed += 1;
} else {
  // Gzip sizes are deterministic: the sign-in route's initial JS is checked like a test (a budget in
  // apps/web/package.json `size`).
  const size = run("sign-in route's initial JS (size budget)", 'npm', ['run', 'size', '-w', '@lintel/web']);
  if (size === 0) totals.passed += 1;
  else totals.failed += 1;

  // e2e/playwright.config.ts writes its JSON report here.
  const e2eReport = path.join(root, 'e2e/artifacts/results.json');
  rmSync(e2eReport, { force: true });
  const status = run('browser journeys (Playwright, Chromium)', 'npx', [
    'playwright',
    'test',
    '-c',
    'e2e/playwright.config.ts',
  ]);
  if (existsSync(e2eReport)) {
    const results = JSON.parse(readFileSync(e2eReport, 'utf8'));
    const { stats } = results;
    for (const suite of results.suites ?? []) {
      const ms = (suite.specs ?? []).flatMap((spec) =>
        spec.tests.flatMap((test) => test.results.map((r) => r.duration)),
      );
      fileTimes.push({
        label: 'browser journeys',
        file: `e2e/tests/${suite.file}`,
        ms: ms.reduce((a, b) => a + b, 0),
      });
    }
    totals.passed += stats.expected;
    totals.failed += stats.unexpected + stats.flaky;
    totals.skipped += stats.skipped;
    if (status !== 0 && stats.unexpected + stats.flaky === 0) {
      broken = true;
      totals.failed += 1;
    }
  } else {
    broken = true;
    totals.failed += 1;
  }
}

printSlowest();
printPhases();

console.log('');
if (broken) console.log('A test runner failed outside its tests (see above); it counts as a failure.');
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(totals.failed > 0 ? 1 : 0);

function printSlowest() {
  const slowest = [...fileTimes].sort((a, b) => b.ms - a.ms).slice(0, 10);
  if (slowest.length === 0) return;
  console.log('\nThe ten slowest test files:');
  for (const entry of slowest) {
    console.log(`${(entry.ms / 1000).toFixed(1).padStart(8)} s  ${entry.file}  (${entry.label})`);
  }
}

function printPhases() {
  console.log('\nWall time per phase:');
  for (const phase of phaseTimes)
    console.log(`${(phase.ms / 1000).toFixed(1).padStart(8)} s  ${phase.label}`);
  console.log(`${((Date.now() - started) / 1000).toFixed(1).padStart(8)} s  in all`);
}
