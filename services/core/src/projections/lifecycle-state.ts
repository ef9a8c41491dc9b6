// A lifecycle's current state kept on its projection's row: the projection folds each event with the lifecycle's own
// evolve, so reads, access checks and jobs take the state from one row, and a replay rebuilds it with the same code.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database/database.types';
import type { StoredEvent } from '../events/stored-event';

export interface StateRow<S> {
  /** The stream id's prefix ("project-"): what follows it is the row's key. */
  stream: string;
  /** The table, its key column and the column of the stream version, unqualified so replay reaches its fresh tables. */
  table: string;
  key: string;
  version: string;
  initial: S;
  evolve(state: S, event: never): S;
}

/**
 * Folds the events of the row's streams onto their rows' states and versions; other events are left alone. The rows
 * exist already: the projection wrote them from the same events just before.
 */
export async function foldStates<S>(db: Kysely<Database>, row: StateRow<S>, events: StoredEvent[]): Promise<void> {
  const byRow = new Map<string, StoredEvent[]>();
  for (const event of events) {
    if (!event.streamId.startsWith(row.stream)) continue;
    const id = event.streamId.slice(row.stream.length);
    byRow.set(id, [...(byRow.get(id) ?? []), event]);
  }
  for (const [id, folded] of byRow) {
    const { rows } = await sql<{ state: S | null }>`SELECT state FROM ${sql.table(row.table)} WHERE ${sql.ref(row.key)} = ${id}`.execute(db);
    const state = folded.reduce((s, event) => row.evolve(s, event as never), rows[0]?.state ?? row.initial);
    const version = folded[folded.length - 1].streamPosition;
    await sql`UPDATE ${sql.table(row.table)} SET state = ${JSON.stringify(state)}, ${sql.ref(row.version)} = ${version} WHERE ${sql.ref(row.key)} = ${id}`.execute(db);
  }
}
