// The real server process (`tsx apps/server/src/main.ts`) for tests of what only a process shows:
// signals, start-up, exit statuses.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** What every server process of a test needs: its database, its own data directory and secrets key, no demo. */
export function serverEnv(databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'lintel-process-')),
    SECRETS_KEY: randomBytes(32).toString('base64'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    PUBLIC_URL: 'http://portal.test',
    RECONCILE_SANDBOXES: 'false',
    ...extra,
  };
}

export interface Server {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the process and returns at once (its banner may be far off: start-up is what a test watches). */
export async function spawnServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Starts the process and waits for its banner, printed once /api/v1/health/ready answers 200. */
export async function startServer(env: Record<string, string>): Promise<Server> {
  const server = await spawnServer(env);
  const deadline = Date.now() + 90_000;
  while (!server.output().includes('Lintel is running at')) {
    if (server.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`server did not start:\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return server;
}
