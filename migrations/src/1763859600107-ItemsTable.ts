// The item context has one noun in every layer: its table is `items`, and its indexes and constraints say so.
import { Kysely, sql } from 'kysely';

/** Renames a table with the indexes and constraints named after it (`<from>_…` becomes `<to>_…`). */
async function rename(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  await sql.raw(`
    DO $$
    DECLARE r record;
    BEGIN
      ALTER TABLE ${from} RENAME TO ${to};
      FOR r IN SELECT conname AS name FROM pg_constraint WHERE conrelid = '${to}'::regclass AND conname LIKE '${from}\\_%' LOOP
        EXECUTE format('ALTER TABLE ${to} RENAME CONSTRAINT %I TO %I', r.name, '${to}' || substr(r.name, ${from.length + 1}));
      END LOOP;
      FOR r IN SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
               WHERE i.indrelid = '${to}'::regclass AND c.relname LIKE '${from}\\_%' LOOP
        EXECUTE format('ALTER INDEX %I RENAME TO %I', r.name, '${to}' || substr(r.name, ${from.length + 1}));
      END LOOP;
    END $$`).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rename(db, 'data_items', 'items');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rename(db, 'items', 'data_items');
}
