// The secondary indexes of a projection's tables, dropped before a rebuild from empty and built again after it:
// building an index once over the filled table costs far less than maintaining it row by row through the rebuild.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/database.types';

/**
 * Drops the indexes of `tables` that no write relies on (neither a primary key, a unique or exclusion constraint nor a
 * unique index) and answers their definitions, for `createIndexes`. With `lockTimeout`, it gives up (drops nothing and
 * answers none) when a reader holds a table longer than that: the drop waits for every reader of the table, and every
 * new reader would queue behind it.
 */
export async function dropSecondaryIndexes(db: Kysely<Database>, tables: readonly string[], lockTimeout?: string): Promise<string[]> {
  const { rows } = await sql<{ name: string; definition: string }>`
    SELECT format('%I.%I', n.nspname, c.relname) AS name, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE i.indrelid = ANY(${tables}::regclass[]) AND NOT i.indisunique AND NOT i.indisexclusion
      AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
    ORDER BY c.relname`.execute(db);
  if (rows.length === 0) return [];
  if (lockTimeout && !(await lockWithin(db, tables, lockTimeout))) return [];
  await sql.raw(`DROP INDEX ${rows.map((row) => row.name).join(', ')}`).execute(db);
  return rows.map((row) => row.definition);
}

/** Builds indexes from their definitions as `dropSecondaryIndexes` gave them; one already there again is left as it is. */
export async function createIndexes(db: Kysely<Database>, definitions: readonly string[]): Promise<void> {
  for (const definition of definitions) await sql.raw(definition.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS ')).execute(db);
}

/**
 * Locks `tables` for the drop in the caller's transaction, waiting at most `timeout`; false (and the transaction as it
 * was) when a reader holds one longer. The wait runs in a savepoint, so a refusal does not end the transaction, and
 * rolling back to it puts the lock timeout back as well.
 */
async function lockWithin(db: Kysely<Database>, tables: readonly string[], timeout: string): Promise<boolean> {
  const { rows } = await sql<{ before: string }>`SELECT current_setting('lock_timeout') AS before`.execute(db);
  await sql`SAVEPOINT drop_indexes`.execute(db);
  try {
    await sql`SELECT set_config('lock_timeout', ${timeout}, true)`.execute(db);
    await sql`LOCK TABLE ${sql.join(tables.map((table) => sql.table(table)))} IN ACCESS EXCLUSIVE MODE`.execute(db);
  } catch (error) {
    if ((error as { code?: string }).code !== lockNotAvailable) throw error;
    await sql`ROLLBACK TO SAVEPOINT drop_indexes`.execute(db);
    return false;
  }
  await sql`SELECT set_config('lock_timeout', ${rows[0].before}, true)`.execute(db);
  await sql`RELEASE SAVEPOINT drop_indexes`.execute(db);
  return true;
}

const lockNotAvailable = '55P03';
