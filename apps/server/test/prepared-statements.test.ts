// Hot statements prepared once per PostgreSQL connection (db/prepared.ts, issue 24): a statement marked
// with preparedOnce is sent named, others stay unnamed, and a migration that changes a prepared
// statement's result columns (another process's, while this one runs) costs one re-preparation, not an
// error on every later use. PGlite sends every statement as it is: nothing to test there.
import { type CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, type Db, kyselyOnPostgres } from '../src/db/index';
import { preparedOnce } from '../src/db/prepared';
import { createTestDatabase } from './support';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('statements prepared once per connection', () => {
  let handle: DatabaseHandle;
  let db: Db; // one connection, so that what one statement prepares the next one sees
  let marked: CompiledQuery<{ x: unknown }>;

  const prepared = async () =>
    (
      await sql<{
        name: string;
        statement: string;
      }>`select name, statement from pg_prepared_statements`.execute(db)
    ).rows;

  beforeAll(async () => {
    handle = await createTestDatabase();
    db = kyselyOnPostgres(handle.connectionString as string, 1).db;
    await sql`create table prepared_probe (id int primary key, x int not null)`.execute(db);
    await sql`insert into prepared_probe values (1, 10), (2, 20)`.execute(db);
    marked = preparedOnce(sql<{ x: unknown }>`select x from prepared_probe where id = ${1}`.compile(db));
  });
  afterAll(async () => {
    await db?.destroy();
    await handle?.close();
  });

  it('sends a marked statement named, with each call’s parameters, and leaves the others unnamed', async () => {
    expect((await db.executeQuery(marked)).rows).toEqual([{ x: 10 }]);
    expect((await db.executeQuery({ ...marked, parameters: [2] })).rows).toEqual([{ x: 20 }]);
    await sql`select x from prepared_probe where id = ${2}`.execute(db);
    const statements = await prepared();
    expect(statements).toHaveLength(1);
    expect(statements[0]?.name).toMatch(/^lintel_\d+$/);
    expect(statements[0]?.statement).toBe(marked.sql);
  });

  it('prepares a statement again when a migration changed its result columns', async () => {
    expect((await db.executeQuery(marked)).rows).toEqual([{ x: 10 }]);
    await sql`alter table prepared_probe alter column x type text`.execute(db);
    expect((await db.executeQuery(marked)).rows).toEqual([{ x: '10' }]);
    expect((await db.executeQuery({ ...marked, parameters: [2] })).rows).toEqual([{ x: '20' }]);
    expect(await prepared()).toHaveLength(1);
  });
});
