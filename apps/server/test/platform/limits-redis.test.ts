// Issue 21: with REDIS_URL set the rate-limit counters live in Redis, shared by every server process.
// Runs against a redis-server started for this file when the binary is on the machine (Debian's
// redis-server package), else it is skipped: the counting itself is the same code as PostgreSQL's.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { issueToken } from '@lintel/platform';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../platform/src/limits/limiter';
import type { Runtime } from '../../src/runtime';
import { createApp, provisionNow } from '../apps-support';
import { createUser, startTestRuntime } from '../support';

const REDIS_SERVER = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';
const available = existsSync(REDIS_SERVER);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe.runIf(available)('rate-limit counters in Redis', () => {
  let redisProcess: ChildProcess;
  let redisUrl: string;
  let runtime: Runtime;

  beforeAll(async () => {
    const port = await freePort();
    redisProcess = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    redisUrl = `redis://127.0.0.1:${port}`;
    for (let attempt = 0; !(await accepts(port)); attempt++) {
      if (attempt > 100) throw new Error('redis-server did not start');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    runtime = await startTestRuntime({ env: { REDIS_URL: redisUrl } });
  });
  afterAll(async () => {
    await runtime?.close();
    redisProcess?.kill('SIGTERM');
  });

  it('counts a burst exactly there, and a second limiter (another process) shares the count', async () => {
    const app = await createApp(runtime, await createUser(runtime));
    await provisionNow(runtime, app.id);
    const oauth = await runtime.platform.oauthApplicationOf(app.id, 'sandbox');
    if (!oauth) throw new Error('no sandbox application');
    const token = await issueToken(runtime.database.db as never, {
      oauthApplicationId: oauth.platformId,
      environment: 'sandbox',
      kind: 'client',
      userId: null,
      withRefresh: false,
    });
    const responses = await Promise.all(
      Array.from({ length: 150 }, () =>
        runtime.app.inject({
          method: 'GET',
          url: '/sandbox/rest/v1.0/me',
          headers: { authorization: `Bearer ${token.accessToken}` },
        }),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(50);

    const client = new Redis(redisUrl);
    const keys = await client.keys('lintel:rl:*');
    await client.quit();
    expect(keys.some((key) => key.includes(`:spike:10000:t${token.id}`))).toBe(true);

    // Another server process: its own limiter, its own memory, the same Redis.
    const other = await createRateLimiter({ db: runtime.database.db as never, redisUrl });
    try {
      const principal = {
        tokenId: token.id,
        kind: 'client' as const,
        environment: 'sandbox' as const,
        oauthApplicationId: oauth.platformId,
        clientId: oauth.uid,
        appId: app.id,
        userId: null,
        createdAt: token.createdAt,
        expiresAt: new Date(Date.now() + 60_000),
      };
      expect(other.store).toBe('redis');
      expect(await other.consume(principal, null)).toMatchObject({
        allowed: false,
        limit: 100,
        remaining: 0,
      });
      const usage = await other.usage(oauth.uid, 'sandbox', [{ tokenId: token.id, companyId: null }]);
      expect(usage.map((row) => [row.template, row.used])).toEqual([
        ['main', 100],
        ['spike', 100],
      ]);
    } finally {
      await other.close();
    }
  });

  it('keeps answering while Redis is unreachable: each process counts on its own meanwhile', async () => {
    const gone = await createRateLimiter({
      db: runtime.database.db as never,
      redisUrl: `redis://127.0.0.1:${await freePort()}`,
    });
    try {
      const principal = {
        tokenId: 999_999,
        kind: 'user' as const,
        environment: 'sandbox' as const,
        oauthApplicationId: 1,
        clientId: 'nobody',
        appId: 1,
        userId: 1,
        createdAt: new Date(),
        expiresAt: new Date(Date.now() + 60_000),
      };
      const first = await gone.consume(principal, null);
      expect(first).toMatchObject({ allowed: true, limit: 100, remaining: 99 });
      expect((await gone.consume(principal, null)).remaining).toBe(98);
    } finally {
      await gone.close();
    }
  });
});
