// Writes heard (db/writes.ts): every statement made through the database's Kysely tells the listeners
// which tables it wrote, after the statement outside a transaction, at COMMIT inside one, never after a
// rollback. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { type CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, type Db, onWrites } from '../src/db/index';
import { preparedOnce } from '../src/db/prepared';
import { type HeardWrites, writesOf } from '../src/db/writes';
import { createTestDatabase } from './support';

let database: DatabaseHandle;
let heard: HeardWrites[];
const db = (): Db => database.db;
let sequence = 0;
const region = () => `Region ${process.pid} ${++sequence}`;
const tablesHeard = () => heard.flatMap((writes) => [...writes.tables]);

beforeAll(async () => {
  database = await createTestDatabase();
  onWrites(db(), (writes) => heard.push(writes));
});
afterAll(() => database?.close());
beforeEach(() => {
  heard = [];
});

describe('writes heard on the database', () => {
  it('tells an insert, update and delete once the statement has run, and nothing of a read', async () => {
    const name = region();
    const row = await db()
      .insertInto('listing_regions')
      .values({ name })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(tablesHeard()).toEqual(['listing_regions']);
    await db().selectFrom('listing_regions').selectAll().execute();
    await sql`select count(*) from developer_apps`.execute(db());
    expect(heard).toHaveLength(1);
    await db().updateTable('listing_regions').set({ name: region() }).where('id', '=', row.id).execute();
    await sql`delete from listing_regions where id = ${row.id}`.execute(db());
    expect(tablesHeard()).toEqual(['listing_regions', 'listing_regions', 'listing_regions']);
    expect(heard.map((writes) => [...writes.deletes])).toEqual([[], [], ['listing_regions']]);
    expect(heard.every((writes) => !writes.all)).toBe(true);
  });

  it('tells a transaction’s writes at its commit, not before', async () => {
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('listing_regions').values({ name: region() }).execute();
        await sql`update listing_countries set name = name where false`.execute(trx);
        expect(heard).toEqual([]);
      });
    expect(heard).toHaveLength(1);
    expect([...(heard[0] as HeardWrites).tables].sort()).toEqual(['listing_countries', 'listing_regions']);
  });

  it('tells nothing of a transaction rolled back', async () => {
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('listing_regions').values({ name: region() }).execute();
          throw new Error('changed my mind');
        }),
    ).rejects.toThrow('changed my mind');
    expect(heard).toEqual([]);
    const controlled = await db().startTransaction().execute();
    await controlled.insertInto('listing_regions').values({ name: region() }).execute();
    await controlled.rollback().execute();
    expect(heard).toEqual([]);
  });

  it('tells a failed statement outside a transaction (it may have been applied) and writes in a WITH', async () => {
    const name = region();
    await db().insertInto('listing_regions').values({ name }).execute();
    heard = [];
    await expect(db().insertInto('listing_regions').values({ name }).execute()).rejects.toThrow();
    expect(tablesHeard()).toEqual(['listing_regions']);
    await sql`with gone as (delete from listing_regions where name = ${name} returning id) select count(*) from gone`.execute(
      db(),
    );
    expect([...(heard[1] as HeardWrites).deletes]).toEqual(['listing_regions']);
  });

  it('tells a compiled statement prepared once, and DDL as a write to everything', async () => {
    const compiled = db()
      .insertInto('listing_regions')
      .values({ name: 'placeholder' })
      .compile() as CompiledQuery;
    await db().executeQuery(preparedOnce({ ...compiled, parameters: [region()] }));
    expect(tablesHeard()).toEqual(['listing_regions']);
    await sql`create temporary table if not exists writes_probe (id int)`.execute(db());
    expect(heard[1]?.all).toBe(true);
  });
});

describe('writesOf', () => {
  it('reads the written tables from the text, quoted, schema-qualified, and no write from a read', () => {
    expect(writesOf('select * from developer_apps for update').tables).toBeUndefined();
    expect([
      ...(writesOf('insert into "public"."Odd" (a) values (1) on conflict do nothing').tables ?? []),
    ]).toEqual(['Odd']);
    expect([...(writesOf('UPDATE Platform_Sandboxes set status = $1').tables ?? [])]).toEqual([
      'platform_sandboxes',
    ]);
    expect(writesOf('begin').control).toBe('begin');
    expect(writesOf('rollback to savepoint a').control).toBeUndefined();
    expect(writesOf('rollback').control).toBe('rollback');
    expect(writesOf('truncate users cascade').all).toBe(true);
    expect(writesOf('-- delete from users\nselect 1').tables).toBeUndefined();
  });
});
