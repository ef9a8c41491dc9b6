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
 * The state after each event of the row's streams (other events are left out), folded on from the state its row holds;
 * a stream's first event starts from the lifecycle's initial state without reading the row.
 */
export async function statesAfter<S>(db: Kysely<Database>, row: StateRow<S>, events: StoredEvent[]): Promise<Map<StoredEvent, S>> {
  const byRow = new Map<string, StoredEvent[]>();
  for (const event of events) {
    if (!event.streamId.startsWith(row.stream)) continue;
    const id = event.streamId.slice(row.stream.length);
    byRow.set(id, [...(byRow.get(id) ?? []), event]);
  }
  const after = new Map<StoredEvent, S>();
  for (const [id, folded] of byRow) {
    let state = folded[0].streamPosition === '1' ? row.initial : await stateOf(db, row, id);
    for (const event of folded) after.set(event, (state = row.evolve(state, event as never)));
  }
  return after;
}

/** Folds the events of the row's streams onto their rows' states and versions; the rows exist already. */
export async function foldStates<S>(db: Kysely<Database>, row: StateRow<S>, events: StoredEvent[]): Promise<void> {
  const last = new Map<string, [StoredEvent, S]>();
  for (const [event, state] of await statesAfter(db, row, events)) last.set(event.streamId, [event, state]);
  for (const [streamId, [event, state]] of last) {
    const id = streamId.slice(row.stream.length);
    await sql`UPDATE ${sql.table(row.table)} SET state = ${JSON.stringify(state)}, ${sql.ref(row.version)} = ${event.streamPosition} WHERE ${sql.ref(row.key)} = ${id}`.execute(db);
  }
}

async function stateOf<S>(db: Kysely<Database>, row: StateRow<S>, id: string): Promise<S> {
  const { rows } = await sql<{ state: S | null }>`SELECT state FROM ${sql.table(row.table)} WHERE ${sql.ref(row.key)} = ${id}`.execute(db);
  return rows[0]?.state ?? row.initial;
}
