// A page of the log as a projection reads it: its events, or only where it ends for one that applies a range in SQL.
import type { Kysely } from 'kysely';
import type { Database } from '../database/database.types';
import { cursorOf, type ReadLogOptions, readLog, readLogPlaces, readLogWithin } from '../events/event-log.reader';
import type { LogCursor, StoredEvent } from '../events/stored-event';
import type { Projection } from './projection';

export interface ProjectionPage {
  /** Where the page was read from, and its last event. */
  after: LogCursor;
  last: LogCursor;
  size: number;
  /** Cut by its limit or its bytes: more may follow at once. */
  full: boolean;
  /** Absent for a projection with `applyRange`: nothing of the events is read. */
  events?: StoredEvent[];
  /** For a projection with `applyRange`, where the page can be cut in two: the last place of its first half. */
  middle?: LogCursor;
}

/**
 * The next page of the log for `projection`, of its types, or nothing when none is left; with `maxBytes`, cut where its
 * events' data reaches that many bytes as stored. A projection with `applyRange` reads only places, so only `limit`
 * bounds its page.
 */
export async function readPage(db: Kysely<Database>, projection: Projection, options: Omit<ReadLogOptions, 'types'>, maxBytes?: number): Promise<ProjectionPage | undefined> {
  const page = { ...options, types: projection.types };
  if (projection.applyRange) {
    const places = await readLogPlaces(db, page);
    if (places.length === 0) return undefined;
    const middle = places.length > 1 ? places[Math.floor(places.length / 2) - 1] : undefined;
    return { after: options.after, last: places[places.length - 1], size: places.length, full: places.length === options.limit, ...(middle ? { middle } : {}) };
  }
  const { events, full } = maxBytes === undefined ? { events: await readLog(db, page), full: false } : await readLogWithin(db, page, maxBytes);
  return events.length === 0 ? undefined : { after: options.after, last: cursorOf(events[events.length - 1]), size: events.length, full: full || events.length === options.limit, events };
}

/**
 * Applies a page read by `readPage`, through `db` (which must see the events the page was read from); `again` where
 * rows of a range page may stand already (see `Projection.applyRange`).
 */
export async function applyPage(db: Kysely<Database>, projection: Projection, page: ProjectionPage, again = false): Promise<void> {
  if (page.events) await projection.apply(db, page.events);
  else await projection.applyRange!(db, { after: page.after, until: page.last }, again);
}
