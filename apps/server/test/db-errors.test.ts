import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/index';
import { registerErrorHandling } from '../src/http/errors';
import { createTestDatabase } from './support';

// The shared schemas refuse NUL and impossible dates first; these prove the last line of defence: what
// the database itself refuses becomes a 4xx with the error shape, and its error never reaches the log
// with the row it was given.
let database: DatabaseHandle;
const logLines: string[] = [];
const app = Fastify({
  logger: {
    level: 'warn',
    stream: new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  },
});

beforeAll(async () => {
  database = await createTestDatabase();
  registerErrorHandling(app);
  app.post('/text', async (request) => {
    const { value } = request.body as { value: string };
    return sql<{ value: string }>`select ${value}::text as value`.execute(database.db);
  });
  app.post('/date', async (request) => {
    const { value } = request.body as { value: string };
    return sql`select ${value}::date as value`.execute(database.db);
  });
  app.post('/row', async () => {
    await sql`create temporary table if not exists secrets_probe (id int, secret text, other text not null)`.execute(
      database.db,
    );
    // Fails NOT NULL: PostgreSQL's error detail then holds the whole row, the hash included.
    return sql`insert into secrets_probe values (1, 'scrypt$17$8$1$leaked-hash', null)`.execute(database.db);
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database?.close();
});

describe('database refusals', () => {
  it('answers 422 with the error shape for a NUL character in text', async () => {
    const response = await app.inject({ method: 'POST', url: '/text', payload: { value: 'a\u0000b' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({
      code: 'validation_failed',
      details: [{ code: 'invalid' }],
    });
  });

  it('answers 422 for a date the database cannot represent', async () => {
    const response = await app.inject({ method: 'POST', url: '/date', payload: { value: '0000-01-01' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('validation_failed');
  });

  it('answers 500 without the row for an unexpected failure, and logs no SQL detail', async () => {
    const response = await app.inject({ method: 'POST', url: '/row' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('leaked-hash');
    const logged = logLines.join('\n');
    expect(logged).toContain('request failed');
    expect(logged).toContain('23502');
    expect(logged).not.toContain('leaked-hash');
  });
});
