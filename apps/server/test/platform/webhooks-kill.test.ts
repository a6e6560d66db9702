// Issue 22 "At least once, never lost: a process killed in the middle of a delivery delivers it again
// after restart." A real server process works the queue; it is SIGKILLed while a receiver holds its
// delivery open, and a new process delivers it again, with the same webhook-id. Two processes need one
// database: PostgreSQL only (TEST_DATABASE_URL), as the connection-loss test.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newSigningSecret, scheduleDeliveries } from '@lintel/platform';
import { afterAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/runtime';
import { startTestRuntime } from '../support';
import { answer, hang, Receiver } from './webhooks-receivers';

const postgres = process.env.TEST_DATABASE_URL;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const SECRETS_KEY = randomBytes(32).toString('base64');

/** The server (apps/server/src/main.ts) in its own process on the test's database. */
function serverProcess(databaseUrl: string): { child: ChildProcess; output: () => string } {
  // tsx as a loader, not its CLI: one process, so a SIGKILL kills the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      SECRETS_KEY,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      RECONCILE_SANDBOXES: 'false',
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(os.tmpdir(), `lintel-webhooks-kill-${randomBytes(4).toString('hex')}`),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  return { child, output: () => output };
}

/** Signals the server and waits for it to end. */
async function signalServer(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(postgres)('a server killed in the middle of a delivery (PostgreSQL)', () => {
  let runtime: Runtime | undefined;
  const children: ChildProcess[] = [];
  let receiver: Receiver | undefined;
  afterAll(async () => {
    for (const child of children) await signalServer(child, 'SIGKILL');
    await receiver?.close();
    await runtime?.close();
  });

  it('delivers it again after a restart, with the same webhook-id', { timeout: 120_000 }, async () => {
    // This process only writes (workers off); the servers it starts deliver.
    runtime = await startTestRuntime({ env: { SECRETS_KEY } });
    const databaseUrl = runtime.database.connectionString as string;
    const ctx = runtime.platformHttp.context;
    receiver = await Receiver.start();
    receiver.behaviour = hang;
    const now = new Date();
    const hook = await ctx.db
      .insertInto('platform_webhook_hooks')
      .values({
        company_id: 9300,
        project_id: null,
        namespace: 'lintel-kill',
        api_version: 'v2.0',
        destination_url: receiver.url,
        destination_headers: '{}',
        signing_secret_sealed: ctx.webhooks.secrets.seal(newSigningSecret()),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const first = serverProcess(databaseUrl);
    children.push(first.child);
    const deliveryId = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('platform_webhook_deliveries')
        .values({
          hook_id: hook.id,
          event_id: null,
          destination_url: receiver?.url as string,
          body: JSON.stringify({ id: 1 }),
          status: 'queued',
          redelivery_of: null,
          created_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await scheduleDeliveries(ctx, trx, [row.id]);
      return row.id;
    });

    await until(
      () => (receiver?.received.length ?? 0) === 1,
      60_000,
      `the first server's POST: ${first.output()}`,
    );
    await signalServer(first.child, 'SIGKILL');
    const left = await ctx.db
      .selectFrom('platform_webhook_deliveries')
      .select(['status', 'attempts'])
      .where('id', '=', deliveryId)
      .executeTakeFirstOrThrow();
    expect(left).toEqual({ status: 'queued', attempts: 0 });

    receiver.behaviour = answer(200);
    const second = serverProcess(databaseUrl);
    children.push(second.child);
    // The dead server's lease (30 s) runs out; its job's heartbeat stopped (30 s): the new server's
    // sweeper or pg-boss's retry gives the URL to a live worker.
    await until(() => (receiver?.received.length ?? 0) === 2, 90_000, `the redelivery: ${second.output()}`);
    expect(receiver.received[1]?.headers['webhook-id']).toBe(receiver.received[0]?.headers['webhook-id']);
    let done = { status: '', attempts: 0 };
    for (let i = 0; i < 100 && done.status !== 'ok'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      done = await ctx.db
        .selectFrom('platform_webhook_deliveries')
        .select(['status', 'attempts'])
        .where('id', '=', deliveryId)
        .executeTakeFirstOrThrow();
    }
    expect(done).toEqual({ status: 'ok', attempts: 1 });
    await signalServer(second.child, 'SIGTERM');
  });
});
