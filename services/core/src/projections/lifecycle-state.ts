// A lifecycle's current state kept on its projection's row: the projection folds each event with the lifecycle's own
// evolve, so reads and access checks take the state from one row, and a replay rebuilds it with the same code.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database/database.types';
import type { StoredEvent } from '../events/stored-event';

export interface StateRow<S> {
  /** The table and key column of the row that holds the state, unqualified so that replay reaches its fresh tables. */
  table: string;
  key: string;
  /** The row an event of the lifecycle's stream belongs to. */
  rowOf(event: StoredEvent): string;
  initial: S;
  evolve(state: S, event: never): S;
}

/** Folds the events onto their rows' states; the rows already exist (the projection wrote them from the same events). */
export async function foldStates<S>(db: Kysely<Database>, row: StateRow<S>, events: StoredEvent[]): Promise<void> {
  const byRow = new Map<string, StoredEvent[]>();
  for (const event of events) byRow.set(row.rowOf(event), [...(byRow.get(row.rowOf(event)) ?? []), event]);
  for (const [id, folded] of byRow) {
    const { rows } = await sql<{ state: S | null }>`SELECT state FROM ${sql.table(row.table)} WHERE ${sql.ref(row.key)} = ${id}`.execute(db);
    const state = folded.reduce((s, event) => row.evolve(s, event as never), rows[0]?.state ?? row.initial);
    await sql`UPDATE ${sql.table(row.table)} SET state = ${JSON.stringify(state)} WHERE ${sql.ref(row.key)} = ${id}`.execute(db);
  }
}
