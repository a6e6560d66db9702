// `npm test`: every suite — unit, server integration (PostgreSQL when TEST_DATABASE_URL is set, and
// PGlite always), web components and the browser journeys — then one line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'e2e/artifacts/reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
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

function vitest(label, projects, env, reportName) {
  const file = path.join(reports, reportName);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ];
  const status = run(label, 'npx', args, env);
  countVitest(label, file, status);
}

const postgres = process.env.TEST_DATABASE_URL;
vitest(
  postgres ? 'unit, server (PostgreSQL) and web tests' : 'unit, server (PGlite) and web tests',
  ['shared', 'platform', 'server', 'web'],
  {},
  'vitest.json',
);
if (postgres) vitest('server tests on PGlite', ['server'], { TEST_DATABASE_URL: '' }, 'vitest-pglite.json');

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
    const { stats } = JSON.parse(readFileSync(e2eReport, 'utf8'));
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

console.log('');
if (broken) console.log('A test runner failed outside its tests (see above); it counts as a failure.');
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(totals.failed > 0 ? 1 : 0);
