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
