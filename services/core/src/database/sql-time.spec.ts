import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { exactIso, iso, isoDate } from './sql-time';

// Compiles without a server: what matters is the SQL PostgreSQL will be sent.
const db = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('sql-time', () => {
  describe(iso.name, () => {
    it('spells an instant in UTC to the second', () => {
      expect(iso('a.created_at').compile(db).sql).toBe(`to_char("a"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);
    });
  });

  describe(exactIso.name, () => {
    it('keeps the microseconds a keyset cursor compares against', () => {
      expect(exactIso('requested_at').compile(db).sql).toBe(`to_char("requested_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);
    });
  });

  describe(isoDate.name, () => {
    it('spells a date column as it is, with no time zone to apply', () => {
      expect(isoDate('p.start_date').compile(db).sql).toBe(`to_char("p"."start_date", 'YYYY-MM-DD')`);
    });
  });
});
