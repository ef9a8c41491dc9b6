// A connection keeps the statements it runs again prepared, and only those, up to its limit; every statement answers
// the same prepared or not.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/test-database';
import { createDatabase, type Db } from './database';
import { keptPerConnection } from './preparing-client';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase({ max: 1 });
});
afterAll(async () => test?.drop());

/** One connection, so every statement and the look at its prepared statements go to the same server session. */
async function onOneConnection(prepared: boolean, work: (db: Db) => Promise<void>): Promise<void> {
  const db = createDatabase(test.url, { max: 1, prepared });
  try {
    await work(db);
  } finally {
    await db.destroy();
  }
}

const keptTexts = async (db: Db) => (await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(db)).rows.map((r) => r.statement);
const sum = async (db: Db, a: number) => (await sql<{ n: number }>`SELECT ${a}::int + 1 AS n`.execute(db)).rows[0].n;

describe('a connection of the platform', () => {
  it('keeps a statement run twice prepared, and not one run once', () =>
    onOneConnection(true, async (db) => {
      expect([await sum(db, 1), await sum(db, 41)]).toEqual([2, 42]);
      expect((await sql<{ m: number }>`SELECT ${3}::int * 3 AS m`.execute(db)).rows[0].m).toBe(9);
      const kept = await keptTexts(db);
      expect(kept).toEqual(['SELECT $1::int + 1 AS n']);
      // Run again, the kept statement answers for the new values.
      expect(await sum(db, 99)).toBe(100);
    }));

  it('keeps none when told not to', () =>
    onOneConnection(false, async (db) => {
      expect([await sum(db, 1), await sum(db, 2), await sum(db, 3)]).toEqual([2, 3, 4]);
      expect(await keptTexts(db)).toEqual([]);
    }));

  it('keeps no more than its limit, and answers statements beyond it unprepared', () =>
    onOneConnection(true, async (db) => {
      for (let i = 0; i <= keptPerConnection; i++) {
        for (let run = 0; run < 2; run++) {
          const { rows } = await sql<{ n: number }>`SELECT ${i}::int + ${sql.lit(i)} AS n`.execute(db);
          expect(rows[0].n).toBe(2 * i);
        }
      }
      const kept = await keptTexts(db);
      expect(kept).toHaveLength(keptPerConnection);
      expect(kept).not.toContain(`SELECT $1::int + ${keptPerConnection} AS n`);
    }));

  it('answers a kept statement after the table it reads gained an index and lost rows', () =>
    onOneConnection(true, async (db) => {
      await sql`CREATE TABLE kept_reads (id int PRIMARY KEY, name text)`.execute(db);
      await sql`INSERT INTO kept_reads SELECT i, 'n' || i FROM generate_series(1, 100) i`.execute(db);
      const read = async (id: number) => (await sql<{ name: string }>`SELECT name FROM kept_reads WHERE id = ${id}`.execute(db)).rows.map((r) => r.name);
      expect([await read(1), await read(2)]).toEqual([['n1'], ['n2']]);
      await sql`CREATE INDEX kept_reads_name ON kept_reads (name)`.execute(db);
      await sql`DELETE FROM kept_reads WHERE id > 50`.execute(db);
      expect([await read(3), await read(60)]).toEqual([['n3'], []]);
    }));
});

describe("a transaction's begin, sent with its first statement", () => {
  const txOf = async (db: Db) => (await sql<{ tx: string }>`SELECT txid_current()::text AS tx, ${1}::int AS one`.execute(db)).rows[0].tx;

  it('opens the transaction that statement and the next run in, and a rollback undoes them both', () =>
    onOneConnection(true, async (db) => {
      await sql`CREATE TABLE begun (id int PRIMARY KEY)`.execute(db);
      // The connection's first transaction keeps its begin; the later ones send it with their first statement.
      for (let round = 0; round < 3; round++) {
        const seen = await db.transaction().execute(async (trx) => {
          await sql`INSERT INTO begun VALUES (${round})`.execute(trx);
          return [await txOf(trx), await txOf(trx)];
        });
        expect(new Set(seen).size).toBe(1);
        await expect(
          db.transaction().execute(async (trx) => {
            await sql`INSERT INTO begun VALUES (${100 + round})`.execute(trx);
            await sql`INSERT INTO begun VALUES (${round})`.execute(trx);
          }),
        ).rejects.toThrow(/duplicate key/);
      }
      expect((await sql<{ id: number }>`SELECT id FROM begun ORDER BY id`.execute(db)).rows.map((r) => r.id)).toEqual([0, 1, 2]);
    }));

  it('answers a first statement that fails, and runs it once it can', () =>
    onOneConnection(true, async (db) => {
      const later = (trx: Db) => sql<{ n: number }>`SELECT n FROM made_later WHERE n = ${1}`.execute(trx);
      for (let round = 0; round < 3; round++) await expect(db.transaction().execute(later)).rejects.toThrow(/made_later/);
      await sql`CREATE TABLE made_later (n int)`.execute(db);
      await sql`INSERT INTO made_later VALUES (1)`.execute(db);
      for (let round = 0; round < 3; round++) expect((await db.transaction().execute(later)).rows).toEqual([{ n: 1 }]);
    }));

  it('runs a transaction that runs nothing, or only statements without values', () =>
    onOneConnection(true, async (db) => {
      for (let round = 0; round < 3; round++) {
        await db.transaction().execute(async () => undefined);
        const { rows } = await db.transaction().execute((trx) => sql<{ n: number }>`SELECT 7 AS n`.execute(trx));
        expect(rows).toEqual([{ n: 7 }]);
      }
    }));
});
