// A projection turns events into the rows a screen reads. The same code runs inline, async and in replay.
import type { Kysely } from 'kysely';
import type { Database } from '../database/database.types';
import type { LogCursor, StoredEvent } from '../events/stored-event';

/** The events after one place of the log up to and including another, in log order. */
export interface LogRange {
  after: LogCursor;
  until: LogCursor;
}

export interface Projection {
  name: string;
  /** inline: written in the append's own transaction; async: written by the runner from the global log. */
  mode: 'inline' | 'async';
  /** The tables this projection owns; replay rebuilds and compares exactly these. */
  tables: string[];
  /** The event types it reads; without them it reads every event. The log is read with this filter, so a projection
   * of a few types never pages through the whole log. */
  types?: readonly string[];
  /**
   * How soon an async runner looks again for events committed behind a transaction still running (and, where no
   * notification wakes it, after finding nothing new); the runner's default when absent.
   */
  pollMs?: number;
  /**
   * Its writes find rows only through its tables' primary keys and unique constraints (the management log only
   * inserts): a rebuild from the first event into empty tables then goes without their other indexes, built once it
   * has caught up, since maintaining them row by row costs about a third of each insert.
   */
  indexesAfterRebuild?: boolean;
  /**
   * Applies a batch of events in log order. It must reach its tables through `db` by unqualified
   * names, so that replay can point them at fresh tables.
   */
  apply(db: Kysely<Database>, events: StoredEvent[]): Promise<void>;
  /**
   * For a projection that makes its rows in SQL from the stored events: applies the events of its types in `range`
   * that `db` sees, exactly as `apply` would apply them. An async runner of such a projection then reads only where
   * its batches end: nothing of an event travels to the server and back. With `again`, rows the range makes may stand
   * already and are left as they are: a rebuild from empty applies the two halves of a batch side by side, and one half
   * can commit without the other (see `applyBatch` in projection-runner.ts). Only a projection with
   * `indexesAfterRebuild` is rebuilt so, and only it is ever given `again`.
   */
  applyRange?(db: Kysely<Database>, range: LogRange, again?: boolean): Promise<void>;
}
