import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import {
  BASE_URL,
  POSTGRES_URL,
  RUN_DATABASE_PREFIX,
  runDatabaseUrl,
  SERVER_PORT,
  SMTP_PORT,
} from './support/env';
import { FORM_EXPERIENCE_STATE } from './support/form-experience';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Debian's Chromium headless shell (package chromium-headless-shell, the browser Playwright itself runs
 * headless): a third less CPU than the full browser in its headless mode for the same journeys, on a
 * 2-core machine where the browser is most of the run (issue 24: CI time). The full browser when the
 * shell is not installed, or the one E2E_CHROMIUM names.
 */
const CHROMIUM =
  process.env.E2E_CHROMIUM ||
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');
const root = path.resolve(here, '..');
const artifacts = path.join(here, 'artifacts');

// The config is evaluated by the runner and again by each worker: the runner makes the run's scratch
// directory and the workers inherit it through the environment instead of making their own.
if (!process.env.LINTEL_E2E_RUN_DIR) {
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'lintel-e2e-'));
  const dist = path.join(root, 'apps', 'web', 'dist');
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new Error('apps/web/dist is missing: build the web app first (npm run build -w @lintel/web).');
  }
  // The server serves a private copy of the built app, so a rebuild of apps/web/dist during the run
  // (someone else's `vite build`) cannot take a lazy chunk away from under a journey.
  cpSync(dist, path.join(runDir, 'web'), { recursive: true });
  process.env.LINTEL_E2E_RUN_DIR = runDir;
  // The run's database: the one E2E_DATABASE_URL names, used as it is, or one of the run's own on the
  // PostgreSQL server, made and dropped by e2e/support/server.ts. Not PGlite: the journeys grant
  // administrator rights with `npm run user:admin`, a second process on the server's database.
  const given = process.env.E2E_DATABASE_URL;
  const own = new URL(POSTGRES_URL);
  own.pathname = `/${RUN_DATABASE_PREFIX}${Math.floor(Date.now() / 1000)}_${process.pid}`;
  process.env.LINTEL_E2E_DATABASE_URL = given || own.toString();
  process.env.LINTEL_E2E_OWN_DATABASE = given ? 'false' : 'true';
}
const runDir = process.env.LINTEL_E2E_RUN_DIR;

/** The journeys that would see another journey's notifications or buckets, or change theirs. */
const SHARED_STATE_JOURNEYS = [
  /critical-announcement\.spec\.ts$/,
  /draft-announcement\.spec\.ts$/,
  /list-state\.spec\.ts$/,
  /rate-limits\.spec\.ts$/,
];

const browser = {
  browserName: 'chromium' as const,
  viewport: { width: 1280, height: 800 },
  launchOptions: {
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

export default defineConfig({
  testDir: path.join(here, 'tests'),
  outputDir: path.join(artifacts, 'test-results'),
  globalSetup: path.join(here, 'support', 'global-setup.ts'),
  // A file's tests run in order in one worker; two files at a time (issue 24: CI time on a 2-core
  // machine, where a journey spends much of its time waiting for the portal and the browser).
  fullyParallel: false,
  workers: 2,
  // No retries: a flaky journey must show up as a failure, not be hidden.
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: path.join(artifacts, 'results.json') }]],
  use: {
    baseURL: BASE_URL,
    locale: 'en-US',
    // Every browser context starts opted in to the form-based experience (the tabbed app page the
    // journeys walk through), with its intro banner dismissed; form-experience.spec.ts starts without.
    storageState: FORM_EXPERIENCE_STATE,
    // The browser asks for reduced motion, which the theme honours: a toast is either shown or gone, never
    // caught mid-fade by the accessibility check (its half-transparent text read as low contrast).
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // The trace of a failed journey keeps its actions and DOM snapshots, not a screencast: recording
    // screenshots all the time cost a quarter of the run's time on a 2-core machine (issue 24: CI time),
    // and the failure's own screenshot is kept anyway.
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
  projects: [
    // These read or count what every journey shares (the notifications every user sees, the admin
    // notifications list, the rate-limit buckets): one at a time, beside the others. Listed first so that
    // one worker walks them while the other starts on the rest: the runner queues files project by
    // project, and listed last they ran alone at the end with the second worker idle (~2.5 min).
    { name: 'shared-state journeys', testMatch: SHARED_STATE_JOURNEYS, workers: 1, use: browser },
    // Each journey makes its own users and apps: two files at a time, on one portal and one database.
    { name: 'journeys', testIgnore: SHARED_STATE_JOURNEYS, use: browser },
  ],
  webServer: {
    command: 'node_modules/.bin/tsx e2e/support/server.ts',
    cwd: root,
    url: `${BASE_URL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      NODE_ENV: 'test',
      PORT: String(SERVER_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(runDir, 'data'),
      WEB_DIST_DIR: path.join(runDir, 'web'),
      DATABASE_URL: runDatabaseUrl(),
      LINTEL_E2E_OWN_DATABASE: process.env.LINTEL_E2E_OWN_DATABASE ?? 'false',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      PUBLIC_URL: BASE_URL,
      // The journeys make their own users and administrators; none of them uses demo data.
      SEED_DEMO: 'false',
      SCRYPT_LOG_N: '14',
      LOG_LEVEL: 'warn',
      MAIL_MAX_ATTEMPTS: '10',
      // Every journey's browser comes from 127.0.0.1; the per-address limit (5 an hour) still holds.
      MAIL_MAX_PER_CLIENT_HOUR: '10000',
    },
  },
});
