// Once per test run: a database with every migration and the job queue's schema already applied, which
// each test file's database then copies (a PostgreSQL TEMPLATE, or a PGlite data-directory snapshot)
// instead of running initdb and every migration again. Starting a test portal went from ~5 s
// (PostgreSQL) and ~12 s (PGlite, mostly initdb) to well under a second on a busy 2-core machine.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { kyselyOnPglite, kyselyOnPostgres, openPglite } from '../src/db/index';
import { startRuntime } from '../src/runtime';
import { testConfig } from './support';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `lintel_tpl_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const { db, pool } = kyselyOnPostgres(url.toString(), 5);
    await pool.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    const runtime = await startRuntime(testConfig(), {
      database: { db, kind: 'postgres', connectionString: url.toString(), pool, close: () => db.destroy() },
      workers: false,
    });
    await runtime.close();
    project.provide('templateDatabase', name);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const pglite = await openPglite('memory://');
  const db = kyselyOnPglite(pglite);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lintel-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  const runtime = await startRuntime(testConfig(), {
    database: {
      db,
      kind: 'pglite',
      pglite,
      close: async () => {
        const dump = await pglite.dumpDataDir('none');
        writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
        await db.destroy();
      },
    },
    workers: false,
  });
  await runtime.close();
  project.provide('pgliteSnapshot', file);
  return async () => rmSync(dir, { recursive: true, force: true });
}
