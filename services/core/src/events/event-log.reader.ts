// Reads events back: streams in order, or the global log in commit-safe order.
import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../database/database.types';
import { type EventRow, type LogCursor, type StoredEvent, toStoredEvent } from './stored-event';

/** An event's time as `StoredEvent.recordedAt` holds it: ISO-8601 in UTC with microseconds. */
export const recordedAtIso = sql<string>`to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The events of the global log after one place up to and including another, as a condition on `events` named `e`.
 * Found through the (tx_id, global_position) index: the bounds of tx_id alone tell the planner how few rows the range
 * holds; from the row comparisons it guesses a quarter of the log, and scans all of it.
 */
export const inLogRange = ({ after, until }: { after: LogCursor; until: LogCursor }): RawBuilder<boolean> => sql<boolean>`e.tx_id BETWEEN ${after.txId}::xid8 AND ${until.txId}::xid8
      AND (e.tx_id, e.global_position) > (${after.txId}::xid8, ${after.globalPosition}::bigint)
      AND (e.tx_id, e.global_position) <= (${until.txId}::xid8, ${until.globalPosition}::bigint)`;

const selectEvents = (db: Kysely<Database>) =>
  db
    .withSchema('public')
    .selectFrom('events')
    .select([
      'global_position',
      sql<string>`tx_id::text`.as('tx_id'),
      'stream_id',
      'stream_position',
      'event_id',
      'type',
      'schema_version',
      'data',
      'metadata',
      recordedAtIso.as('recorded_at'),
    ]);

/** A stream's events after a version (all of them from 0), in order. */
export async function readStream(db: Kysely<Database>, streamId: string, after = 0n): Promise<StoredEvent[]> {
  let query = selectEvents(db).where('stream_id', '=', streamId);
  if (after > 0n) query = query.where('stream_position', '>', after.toString());
  const rows = await query.orderBy('stream_position').execute();
  return rows.map((row) => toStoredEvent(row as EventRow));
}

/**
 * Several streams' events, each stream in order. Stream by stream through the primary key: a plain IN list lets the
 * planner guess thousands of events per stream and scan the whole log for a claim's ten new items.
 */
export async function readStreams(db: Kysely<Database>, streamIds: string[]): Promise<StoredEvent[]> {
  if (streamIds.length === 0) return [];
  const { rows } = await sql<EventRow>`
    SELECT e.global_position, e.tx_id::text AS tx_id, e.stream_id, e.stream_position, e.event_id, e.type, e.schema_version,
           e.data, e.metadata, ${recordedAtIso} AS recorded_at
    FROM unnest(${streamIds}::text[]) WITH ORDINALITY AS s(id, ord)
    CROSS JOIN LATERAL (SELECT * FROM public.events WHERE stream_id = s.id ORDER BY stream_position) e
    ORDER BY s.ord, e.stream_position`.execute(db);
  return rows.map(toStoredEvent);
}

/** A stream a row names: its id as SQL over the row's columns (`rowColumn`), read after `after` when it is `known`. */
export interface StreamReadOfRow {
  id: RawBuilder<string>;
  known?: string;
  after?: bigint;
}

/** Stands for a row's column in a stream id made by the stream's own id function, so the id's format is written once. */
const keyMarker = '\u0001';

/** A stream's id as SQL over a row's column: `streamIdOf` is the stream's own id function (`projectStreamId`). */
export const streamIdOver = (streamIdOf: (key: string) => string, column: RawBuilder<unknown>): RawBuilder<string> =>
  sql<string>`replace(${streamIdOf(keyMarker)}, ${keyMarker}, ${column}::text)`;

/** A column of the row `readRowAndStreams` reads, for the ids of the streams it names. */
export const rowColumn = (name: string): RawBuilder<unknown> => sql`r.${sql.id(name)}`;

/**
 * One row and the streams it names in one round trip, each stream's events in order (after `after` where its id is
 * the one `known`): a command that must read a row to learn which streams to load reads them with it. Undefined
 * when there is no row.
 */
export async function readRowAndStreams<R>(db: Kysely<Database>, row: RawBuilder<R>, streams: StreamReadOfRow[]): Promise<{ row: R; streams: { streamId: string; events: StoredEvent[] }[] } | undefined> {
  const read = streams.map(
    ({ id, known = null, after = 0n }) => sql`jsonb_build_object('streamId', ${id}, 'events', (
      SELECT coalesce(jsonb_agg(jsonb_build_object(
               'global_position', e.global_position::text, 'tx_id', e.tx_id::text, 'stream_id', e.stream_id, 'stream_position', e.stream_position::text,
               'event_id', e.event_id, 'type', e.type, 'schema_version', e.schema_version, 'data', e.data, 'metadata', e.metadata,
               'recorded_at', ${recordedAtIso}) ORDER BY e.stream_position), '[]'::jsonb)
      FROM public.events e
      WHERE e.stream_id = ${id} AND e.stream_position > CASE WHEN ${id} = ${known}::text THEN ${after.toString()}::bigint ELSE 0 END))`,
  );
  const { rows } = await sql<{ row: R; streams: { streamId: string; events: EventRow[] }[] }>`
    WITH r AS (${row})
    SELECT to_jsonb(r) AS row, jsonb_build_array(${sql.join(read)}) AS streams FROM r`.execute(db);
  if (!rows[0]) return undefined;
  return { row: rows[0].row, streams: rows[0].streams.map((s) => ({ streamId: s.streamId, events: s.events.map(toStoredEvent) })) };
}

export interface ReadLogOptions {
  after: LogCursor;
  limit: number;
  /**
   * 'settled' returns only events of transactions older than every running one, so an event that
   * commits late can never slip behind the cursor. 'visible' returns what the current snapshot sees,
   * which is what a REPEATABLE READ rebuild wants.
   */
  horizon: 'settled' | 'visible';
  /** Inclusive upper bound, used to rebuild a projection exactly up to its checkpoint. */
  until?: LogCursor;
  /** Only events of these types (a projection's), found through the (type, tx_id, global_position) index. */
  types?: readonly string[];
}

/** A page of the log cut where its events' data reaches a number of bytes as stored, as well as at `limit` events. */
export interface LogPage {
  events: StoredEvent[];
  /** Cut by its limit or its bytes: more may follow at once. */
  full: boolean;
}

export async function readLog(db: Kysely<Database>, options: ReadLogOptions): Promise<StoredEvent[]> {
  const rows = await pageOf(selectEvents(db), options).execute();
  return rows.map((row) => toStoredEvent(row as EventRow));
}

/**
 * Like `readLog`, but the page ends with the event whose data reaches `maxBytes` as stored (compressed, as TOAST keeps
 * it; never fewer than one event), so a reader of large events (an import's results, each with its boxes) holds a
 * bounded page instead of `limit` of them. The sizes are read from the stored values' headers: nothing beyond the page
 * is decompressed.
 */
export async function readLogWithin(db: Kysely<Database>, options: ReadLogOptions, maxBytes: number): Promise<LogPage> {
  const page = pageOf(selectEvents(db).select([sql<string>`events.tx_id`.as('log_tx_id'), sql<number>`pg_column_size(data)`.as('stored')]), options);
  // The running sum over the page once it is limited: a window below the limit would sort every event of several types
  // past the cursor instead of keeping the first `limit` of them.
  const sized = db
    .selectFrom(page.as('page'))
    .selectAll()
    .select(sql<string>`sum(stored) OVER (ORDER BY log_tx_id, global_position)`.as('reached'));
  const rows = await db
    .selectFrom(sized.as('sized'))
    .selectAll()
    .where(sql<boolean>`reached - stored < ${maxBytes}`)
    // The running sum grows with every event, in log order.
    .orderBy('reached')
    .execute();
  const last = rows[rows.length - 1];
  return { events: rows.map((row) => toStoredEvent(row as EventRow)), full: rows.length === options.limit || (last !== undefined && Number(last.reached) >= maxBytes) };
}

/**
 * Where the events of a `readLog` page stand in the log, and nothing of the events themselves: enough for a projection
 * that makes its rows in SQL from the stored events of a range.
 */
export async function readLogPlaces(db: Kysely<Database>, options: ReadLogOptions): Promise<LogCursor[]> {
  const select = db.withSchema('public').selectFrom('events').select(['global_position', sql<string>`tx_id::text`.as('tx_id')]);
  const rows = await pageOf(select, options).execute();
  return rows.map((row) => ({ txId: row.tx_id, globalPosition: row.global_position }));
}

/**
 * Whether any event (of `types`, where given) lies past `after`, and if so whether the first is settled (older than
 * every transaction still running), without reading it: what a reader of the log asks before it reads a page. Of some
 * types, each type's first event past the place is found through the (type, tx_id, global_position) index and the
 * earliest of them taken: a type list on the log itself walks it in order and drops every event of another type one
 * by one, so a reader of rare types (messages) walked the whole log behind its place at every poll, half a second of
 * the server's time behind an import of 90,000 events and a third of all it spent while the import ran.
 */
export async function firstOfLog(db: Kysely<Database>, after: LogCursor, types?: readonly string[]): Promise<{ settled: boolean } | undefined> {
  const past = (e: RawBuilder<unknown>) => sql<boolean>`(${e}.tx_id, ${e}.global_position) > (${after.txId}::xid8, ${after.globalPosition}::bigint)`;
  const first = types
    ? sql`SELECT f.tx_id, f.global_position FROM unnest(${[...types]}::text[]) AS t(type)
        CROSS JOIN LATERAL (SELECT e.tx_id, e.global_position FROM public.events e WHERE e.type = t.type AND ${past(sql`e`)}
                            ORDER BY e.tx_id, e.global_position LIMIT 1) f`
    : sql`SELECT f.tx_id, f.global_position FROM public.events f WHERE ${past(sql`f`)}`;
  const { rows } = await sql<{ settled: boolean }>`
    SELECT f.tx_id < pg_snapshot_xmin(pg_current_snapshot()) AS settled FROM (${first}) f ORDER BY f.tx_id, f.global_position LIMIT 1`.execute(db);
  return rows[0];
}

/** The conditions, order and limit of one page of the log, on a select of the events table. */
function pageOf<O>(select: SelectQueryBuilder<Database, 'events', O>, options: ReadLogOptions): SelectQueryBuilder<Database, 'events', O> {
  let query = select
    .where(sql<boolean>`(tx_id, global_position) > (${options.after.txId}::xid8, ${options.after.globalPosition}::bigint)`)
    // Ordered by the xid8 column itself: a bare "tx_id" here would sort by the text alias selected above.
    .orderBy(sql`events.tx_id`)
    .orderBy(sql`events.global_position`)
    .limit(options.limit);
  if (options.horizon === 'settled') {
    query = query.where(sql<boolean>`tx_id < pg_snapshot_xmin(pg_current_snapshot())`);
  }
  if (options.types) query = query.where('type', 'in', [...options.types]);
  if (options.until) {
    query = query.where(
      sql<boolean>`(tx_id, global_position) <= (${options.until.txId}::xid8, ${options.until.globalPosition}::bigint)`,
    );
  }
  return query;
}

export function cursorOf(event: StoredEvent): LogCursor {
  return { txId: event.txId, globalPosition: event.globalPosition };
}
