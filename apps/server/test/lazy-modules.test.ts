// Issue 24 (the CSV export under 150 MB of RSS on a fresh server): the real server process starts without
// the packages that only some requests or settings need, and loads one when it is first used. A module-load
// hook in the server process (Node's registerHooks, which sees both import and require) writes every
// package file it loads to a log this test reads. Each feature working once loaded is the business of its
// own tests (two-factor, passkeys, webhooks, uploads, operator metrics, Redis limits).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/index';
import { type Server, serverEnv, startServer } from './server-process';
import { createTestDatabase } from './support';

const postgres = process.env.TEST_DATABASE_URL;

/** Packages no idle server needs, and what loads each. */
const LAZY = [
  '@simplewebauthn/server', // a passkey is registered or used
  'qrcode', // an authenticator is set up
  'otpauth', // a code from an authenticator is checked or set up
  'request-filtering-agent', // a webhook is sent
  'ioredis', // REDIS_URL is set
  'prom-client', // METRICS_TOKEN or METRICS_PORT is set
  'file-type', // an upload is checked
  'nodemailer', // SMTP_URL is set and a mail goes out
  'unified', // a notification's Markdown is rendered for a mail
  '@aws-sdk/client-s3', // STORAGE_URL names S3
  ...(postgres ? ['@electric-sql/pglite'] : []), // the embedded database
];

const HOOK = `import { registerHooks } from 'node:module';
import { appendFileSync } from 'node:fs';
const log = process.env.LINTEL_LOAD_LOG;
registerHooks({
  load(url, context, next) {
    if (log && url.includes('/node_modules/')) appendFileSync(log, url + '\\n');
    return next(url, context);
  },
});
`;

/** The packages whose files the server process has loaded so far. */
function loadedPackages(log: string): Set<string> {
  const packages = new Set<string>();
  for (const url of readFileSync(log, 'utf8').split('\n')) {
    const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
    if (match?.[1]) packages.add(match[1]);
  }
  return packages;
}

describe('modules loaded on first use (the real server process)', () => {
  let database: DatabaseHandle | undefined;
  let server: Server | undefined;
  let log: string;
  beforeAll(async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lintel-lazy-'));
    const hook = path.join(dir, 'hook.mjs');
    writeFileSync(hook, HOOK);
    log = path.join(dir, 'loaded.log');
    writeFileSync(log, '');
    // PostgreSQL when the run has one, else PGlite in the process's own data directory.
    database = postgres ? await createTestDatabase() : undefined;
    const env = serverEnv(database?.connectionString ?? '', {
      LINTEL_LOAD_LOG: log,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${pathToFileURL(hook).href}`.trim(),
    });
    if (!database) delete env.DATABASE_URL;
    server = await startServer(env);
  });
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await database?.close();
  });

  it('starts and answers without them, and loads the WebAuthn verifier at the first passkey request', async () => {
    if (!server) throw new Error('no server');
    expect((await fetch(`${server.url}/api/v1/health/ready`)).status).toBe(200);
    const atStart = loadedPackages(log);
    // The hook sees the server's packages (fastify, kysely, zod: loaded by every start).
    expect(['fastify', 'kysely', 'zod'].filter((name) => !atStart.has(name))).toEqual([]);
    expect(LAZY.filter((name) => atStart.has(name))).toEqual([]);

    const options = await fetch(`${server.url}/api/v1/session/passkey_options`, { method: 'POST' });
    expect(options.status).toBe(200);
    expect(((await options.json()) as { options: { challenge?: string } }).options.challenge).toEqual(
      expect.any(String),
    );
    const afterUse = loadedPackages(log);
    expect(afterUse.has('@simplewebauthn/server')).toBe(true);
    expect(LAZY.filter((name) => name !== '@simplewebauthn/server' && afterUse.has(name))).toEqual([]);
  });
});
