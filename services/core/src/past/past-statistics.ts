// A project's statistics as of a cut of the log, made by the live statistics projection into temporary tables of the
// caller's transaction: from the rows of the nearest snapshot the cut holds whole, with only the events after it
// applied; without one, from the project's first event. The live statistics queries then read those tables.
import { type Kysely, sql } from 'kysely';
import { itemEventTypes } from '@annot/workflows';
import type { Database } from '../database/database.types';
import { type EventRow, type LogCursor, type StoredEvent, toStoredEvent } from '../events/stored-event';
import { statisticsProjection } from '../insights/statistics.projection';
import { atOrBefore, chainOf, type ItemSnapshot, type LogCut, nearestSnapshot } from './past-item-folds';

type Db = Kysely<Database>;

/**
 * The statistics tables a snapshot keeps: every one of the projection's. The people's teams are everyone's, not a
 * project's: each project's snapshot keeps them all under its own id, so no read applies the accounts' whole history.
 */
export const keptStatisticsTables = statisticsProjection.tables;

/** Events applied per call of the projection, as the replay pages them. */
const pageSize = 10_000;

export interface WrittenStatistics {
  /** The snapshot the rows were copied from; null when every event was applied from the first. */
  base: ItemSnapshot | null;
  /** The events applied after it. */
  events: StoredEvent[];
}

/**
 * Runs `read` with the project's statistics as of the cut in temporary tables named as the projection's, which come
 * first on the search path, so the projection's own code and the live queries write and read them unchanged.
 */
export async function withPastStatistics<T>(db: Db, projectId: string, cut: LogCut, read: (written: WrittenStatistics) => Promise<T>): Promise<T> {
  // Memory enough to sort the events applied without spilling to disk (a fifth of the time at 25,000 events).
  await sql`SET LOCAL work_mem = '128MB'`.execute(db);
  for (const table of statisticsProjection.tables) {
    await sql`CREATE TEMPORARY TABLE ${sql.id(table)} (LIKE ${sql.table(`public.${table}`)} INCLUDING ALL) ON COMMIT DROP`.execute(db);
  }
  const base = await nearestSnapshot(db, projectId, cut, 'past_statistics_snapshots');
  if (base) {
    for (const table of keptStatisticsTables) {
      const { columns } = await columnsOf(db, table);
      await sql`INSERT INTO pg_temp.${sql.id(table)} (${columns}) ${await rowsOf(db, projectId, base, table, columns)}`.execute(db);
    }
  }
  const events = await statisticsEvents(db, projectId, cut, base?.cursor ?? null);
  for (let i = 0; i < events.length; i += pageSize) await statisticsProjection.apply(db, events.slice(i, i + pageSize));
  const value = await read({ base, events });
  // Dropped at once (a failure rolls them back with the transaction), so a snapshot taken next in it makes its own.
  for (const table of statisticsProjection.tables) await sql`DROP TABLE pg_temp.${sql.id(table)}`.execute(db);
  return value;
}

/**
 * A table's columns in order, as the snapshot's copy of it names them after its own `snapshot`, and whether it names
 * a project: a table of everyone's rows (the people's teams) is kept whole under each project's id.
 */
async function columnsOf(db: Db, table: string) {
  const { rows } = await sql<{ name: string }>`
    SELECT attname AS name FROM pg_attribute WHERE attrelid = ${`public.${table}`}::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`.execute(db);
  return { columns: sql.join(rows.map((r) => sql.id(r.name))), everyone: !rows.some((r) => r.name === 'project_id') };
}

/**
 * A snapshot's rows of a table: each row's latest along the snapshot's chain, a row being one value of the table's
 * key (its primary key or its one unique constraint). The projection only inserts and updates, so a row never leaves.
 */
async function rowsOf(db: Db, projectId: string, snapshot: ItemSnapshot, table: string, columns: ReturnType<typeof sql.join>) {
  const { rows } = await sql<{ name: string }>`
    SELECT a.attname AS name FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
    WHERE i.indrelid = ${`public.${table}`}::regclass AND i.indisunique ORDER BY a.attnum`.execute(db);
  const key = sql.join(rows.map((r) => sql.ref(`r.${r.name}`)));
  return sql`
    SELECT ${columns} FROM (
      SELECT DISTINCT ON (${key}) r.* FROM ${sql.table(`past_${table}`)} r
      JOIN past_statistics_snapshots s ON s.project_id = r.project_id AND s.global_position = r.snapshot
      WHERE r.project_id = ${projectId}::uuid AND ${chainOf(projectId, snapshot)}
      ORDER BY ${key}, s.tx_id DESC, s.global_position DESC) latest`;
}

/** The statistics events outside items' streams, found by type in log order: the project's own and the accounts'. */
const itemTypes = new Set<string>(itemEventTypes);
const ownTypes = (statisticsProjection.types ?? []).filter((type) => !itemTypes.has(type));

/**
 * The events the project's statistics are made of after the snapshot, up to the cut, in log order: the project's own
 * (its links, batches, imports, sampling rounds and acceptance batches), every account's (the people's teams), and its
 * items'. Without one, the items' are found through the items; after one, the few in the range through the project
 * each item event names. A saved result keeps only its objects' classes and tools, all that the tally reads of it.
 * The log is named with its schema: a replay sends the projections' own tables to fresh copies through the search path.
 */
export async function statisticsEvents(db: Db, projectId: string, cut: LogCut, after: LogCursor | null): Promise<StoredEvent[]> {
  const types = [...(statisticsProjection.types ?? [])];
  const until = atOrBefore(cut);
  const since = after ? sql`AND (e.tx_id, e.global_position) > (${after.txId}::xid8, ${after.globalPosition}::bigint)` : sql``;
  const data = sql`CASE WHEN e.type = 'ResultSaved' THEN jsonb_set(e.data, '{result}', jsonb_build_object('objects', COALESCE(
    (SELECT jsonb_agg(jsonb_build_object('className', o->'className', 'toolId', o->'toolId')) FROM jsonb_array_elements(e.data->'result'->'objects') o), '[]'::jsonb)))
    ELSE e.data END`;
  const columns = sql`e.global_position::text AS global_position, e.tx_id::text AS tx_id, e.tx_id AS tx, e.global_position AS pos, e.stream_id, e.stream_position::text AS stream_position,
    e.event_id, e.type, e.schema_version, ${data} AS data, e.metadata,
    to_char(e.recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS recorded_at`;
  const items = after
    ? sql`public.events e WHERE e.stream_id LIKE 'item-%' AND e.data->>'projectId' = ${projectId} ${since}`
    : sql`items d JOIN public.events e ON e.stream_id = 'item-' || d.item_id::text WHERE d.project_id = ${projectId}::uuid`;
  const { rows } = await sql<EventRow>`
    SELECT ${columns} FROM public.events e
    WHERE e.type = ANY(${ownTypes}::text[]) AND NOT e.stream_id LIKE 'item-%'
      AND (e.data->>'projectId' = ${projectId} OR e.stream_id LIKE 'account-%') ${since} ${until}
    UNION ALL
    SELECT ${columns} FROM ${items} AND e.type = ANY(${types}::text[]) ${until}
    ORDER BY tx, pos`.execute(db);
  return rows.map(toStoredEvent);
}

/**
 * Keeps the project's statistics as of a place in log order beside its items' snapshot, full when that one is: made as
 * any cut's are (from the one before), every row when full, else the rows that differ from the one before; with the
 * last of their events by position and by time, which say which moments may start from it.
 */
export async function takeStatisticsSnapshot(db: Db, projectId: string, at: { cursor: LogCursor; recordedAt: string }, full: boolean): Promise<void> {
  const { cursor } = at;
  await withPastStatistics(db, projectId, { cursor }, async ({ base, events }) => {
    const changes = full || !base ? null : base;
    for (const table of keptStatisticsTables) {
      const { columns, everyone } = await columnsOf(db, table);
      const before = changes ? sql`EXCEPT ${await rowsOf(db, projectId, changes, table, columns)}` : sql``;
      // Everyone's rows go under the project's id; a project's own rows name it already.
      const under = everyone
        ? { column: sql`project_id, `, value: sql`${projectId}::uuid, `, rows: sql`` }
        : { column: sql``, value: sql``, rows: sql`WHERE project_id = ${projectId}::uuid` };
      await sql`
        INSERT INTO ${sql.id(`past_${table}`)} (snapshot, ${under.column}${columns}) SELECT ${cursor.globalPosition}::bigint, ${under.value}${columns}
        FROM (SELECT ${columns} FROM pg_temp.${sql.id(table)} ${under.rows} ${before}) now`.execute(db);
    }
    const places = events.map((e) => ({ position: e.globalPosition, recordedAt: e.recordedAt }));
    if (base) places.push({ position: base.lastPosition, recordedAt: base.lastRecordedAt });
    const lastPosition = places.reduce((last, p) => (BigInt(p.position) > BigInt(last) ? p.position : last), cursor.globalPosition);
    // Instants in one fixed ISO form, so they compare as text.
    const lastRecordedAt = places.reduce((last, p) => (p.recordedAt > last ? p.recordedAt : last), at.recordedAt);
    await sql`
      INSERT INTO past_statistics_snapshots (project_id, global_position, tx_id, last_position, last_recorded_at, full_at)
      VALUES (${projectId}::uuid, ${cursor.globalPosition}::bigint, ${cursor.txId}::xid8, ${lastPosition}::bigint, ${lastRecordedAt}::timestamptz,
              ${changes ? changes.fullAt : cursor.globalPosition}::bigint)`.execute(db);
  });
}
