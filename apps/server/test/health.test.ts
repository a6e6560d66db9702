// Issue 24 "Health for orchestrators": live answers while the process does; ready answers 200 only when
// the database answers, every migration is applied, storage answers and the job workers run — else 503
// with the failing part named.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kyselyOnPglite, openPglite } from '../src/db/index';
import { checkReadiness } from '../src/modules/health/readiness';
import type { Runtime } from '../src/runtime';
import { startTestRuntime } from './support';

let runtime: Runtime;
beforeAll(async () => {
  runtime = await startTestRuntime({ workers: true });
});
afterAll(() => runtime?.close());

const get = (url: string) => runtime.app.inject({ method: 'GET', url });

describe('health', () => {
  it('live: 200 while the process answers, never cached', async () => {
    const live = await get('/api/v1/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    expect(live.headers['cache-control']).toBe('no-store');
  });

  it('ready: 200 with every part checked when the database, migrations, storage and workers answer', async () => {
    const ready = await get('/api/v1/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', storage: 'ok', workers: 'ok' },
    });
  });

  it('ready: a database without the migrations is not ready, and says so', async () => {
    const pglite = await openPglite('memory://');
    const db = kyselyOnPglite(pglite);
    try {
      const report = await checkReadiness({ db, storage: runtime.storage, workersRunning: null });
      expect(report.ready).toBe(false);
      expect(report.checks).toEqual({ database: 'ok', migrations: 'failing', storage: 'ok', workers: 'ok' });
      expect(report.failing.map((entry) => entry.part)).toEqual(['migrations']);
    } finally {
      await db.destroy();
    }
  });

  it('ready: 503 in the error shape, naming the workers, once they have stopped', async () => {
    const other = await startTestRuntime({ workers: true });
    try {
      expect((await other.app.inject({ method: 'GET', url: '/api/v1/health/ready' })).statusCode).toBe(200);
      await other.queue.stop();
      const answer = await other.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(answer.statusCode).toBe(503);
      const body = answer.json();
      expect(body.error.code).toBe('service_unavailable');
      expect(body.error.message).toContain('workers');
      expect(body.checks).toEqual({ database: 'ok', migrations: 'ok', storage: 'ok', workers: 'failing' });
      // Live still answers: a process that is not ready is not dead.
      expect((await other.app.inject({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('ready while the database is down', () => {
  it('answers 503 naming the database, and 200 again once it is back', async () => {
    const handle = runtime.database;
    if (handle.kind !== 'postgres' || !handle.connectionString) throw new Error('PostgreSQL expected');
    const name = new URL(handle.connectionString).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      const down = await get('/api/v1/health/ready');
      expect(down.statusCode).toBe(503);
      expect(down.json().checks.database).toBe('failing');
      expect((await get('/api/v1/health/live')).statusCode).toBe(200);
    } finally {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    let again = await get('/api/v1/health/ready');
    for (let tries = 0; again.statusCode !== 200 && tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      again = await get('/api/v1/health/ready');
    }
    expect(again.statusCode).toBe(200);
  });
});
