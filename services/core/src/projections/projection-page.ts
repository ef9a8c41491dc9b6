// A page of the log as a projection reads it: its events, or only where it ends for one that applies a range in SQL.
import type { Kysely } from 'kysely';
import type { Database } from '../database/database.types';
import { cursorOf, type ReadLogOptions, readLog, readLogPlaces } from '../events/event-log.reader';
import type { LogCursor, StoredEvent } from '../events/stored-event';
import type { Projection } from './projection';

export interface ProjectionPage {
  /** Where the page was read from, and its last event. */
  after: LogCursor;
  last: LogCursor;
  size: number;
  /** Absent for a projection with `applyRange`: nothing of the events is read. */
  events?: StoredEvent[];
}

/** The next page of the log for `projection`, of its types, or nothing when none is left. */
export async function readPage(db: Kysely<Database>, projection: Projection, options: Omit<ReadLogOptions, 'types'>): Promise<ProjectionPage | undefined> {
  const page = { ...options, types: projection.types };
  if (projection.applyRange) {
    const places = await readLogPlaces(db, page);
    return places.length === 0 ? undefined : { after: options.after, last: places[places.length - 1], size: places.length };
  }
  const events = await readLog(db, page);
  return events.length === 0 ? undefined : { after: options.after, last: cursorOf(events[events.length - 1]), size: events.length, events };
}

/** Applies a page read by `readPage`, through `db` (which must see the events the page was read from). */
export async function applyPage(db: Kysely<Database>, projection: Projection, page: ProjectionPage): Promise<void> {
  if (page.events) await projection.apply(db, page.events);
  else await projection.applyRange!(db, { after: page.after, until: page.last });
}
