// The portal of one end-to-end run (the Playwright config's webServer command): makes the run's
// PostgreSQL database when the run owns it, starts the run's mailbox (the SMTP server the portal mails
// to, read by every worker's journeys), runs the server's own entry point (apps/server/src/main.ts) on
// it, and once the server has stopped drops that database and removes the run's scratch directory.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { RUN_DATABASE_PREFIX } from './env';
import { MailboxServer } from './mailbox';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Databases of runs that were killed before they could drop theirs are dropped after this long. */
const STALE_AFTER_MS = 12 * 3600_000;

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is not set: the Playwright config sets it.');
const owned = process.env.LINTEL_E2E_OWN_DATABASE === 'true';
const name = new URL(databaseUrl).pathname.slice(1);

/** Runs statements on the server's maintenance database (`postgres`), where databases are made. */
async function onServer(work: (client: pg.Client) => Promise<void>): Promise<void> {
  const url = new URL(databaseUrl as string);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

if (owned) {
  await onServer(async (client) => {
    // Names are lintel_e2e_<epoch seconds>_<pid>: another run's database is dropped only when it is old.
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [RUN_DATABASE_PREFIX],
    );
    for (const { datname } of rows) {
      const seconds = Number(datname.slice(RUN_DATABASE_PREFIX.length).split('_')[0]);
      if (Number.isFinite(seconds) && Date.now() - seconds * 1000 > STALE_AFTER_MS) {
        await client.query(`DROP DATABASE IF EXISTS ${quoted(datname)} WITH (FORCE)`);
      }
    }
    await client.query(`CREATE DATABASE ${quoted(name)}`);
  });
}

const mailbox = new MailboxServer();
await mailbox.start();

const server = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
  cwd: root,
  env: process.env,
  stdio: 'inherit',
});

// Playwright stops the run's server with SIGTERM to the whole process group; pass it on in case only
// this process got it, then wait for the server to finish its requests and jobs.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}

const code = await new Promise<number>((resolve) => {
  server.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
});
await mailbox.stop();
if (owned) {
  await onServer((client) =>
    client.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`).then(() => {}),
  );
}
// The served copy of the web app and the stored files (playwright.config.ts made the directory).
const runDir = process.env.LINTEL_E2E_RUN_DIR;
if (runDir) rmSync(runDir, { recursive: true, force: true });
process.exit(code);
