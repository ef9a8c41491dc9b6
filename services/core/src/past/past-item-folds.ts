// A project's items as of a cut of the log, written as rows: the rows of the nearest snapshot that the cut holds
// whole, copied inside PostgreSQL, and only the items the events after it touch folded again by the live fold.
import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { type ItemEvent, type ItemState, projectItemsAsOf, type RegisteredItem } from '@annot/workflows';
import type { Database } from '../database/database.types';
import type { LogCursor } from '../events/stored-event';

/** Where the log is cut: at a position, at a time, at a reader's place in log order (tx_id, position), or not at all. */
export type LogCut = { position: bigint } | { at: string } | { cursor: LogCursor } | null;

/** The events of alias `e` the cut keeps. */
export const atOrBefore = (cut: LogCut) =>
  !cut
    ? sql``
    : 'position' in cut
      ? sql`AND e.global_position <= ${cut.position.toString()}::bigint`
      : 'at' in cut
        ? sql`AND e.recorded_at <= ${cut.at}::timestamptz`
        : sql`AND (e.tx_id, e.global_position) <= (${cut.cursor.txId}::xid8, ${cut.cursor.globalPosition}::bigint)`;

/** An import chunk that registered items of the project, and where it stands in the log. */
export interface RegisteredChunk {
  position: string;
  txId: string;
  recordedAt: string;
  batchId: string;
  firstSeq: number;
  count: number;
  linkId: string | null;
}

/** An item's id follows from its batch and place, as the items projection derives it (md5 of "batch:seq" as a uuid). */
export function itemIdAt(batchId: string, seq: number): string {
  const hex = createHash('md5').update(`${batchId}:${seq}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const itemsOfChunk = (chunk: RegisteredChunk): RegisteredItem[] =>
  Array.from({ length: chunk.count }, (_, i) => ({ itemId: itemIdAt(chunk.batchId, chunk.firstSeq + i), linkId: chunk.linkId }));

/**
 * A snapshot holds every event of the project's items and registrations up to `cursor` in log order (the order the
 * projections read, in which nothing commits late), and names the last of them by position and by time: a cut of
 * the log holds the snapshot whole when it holds those.
 */
export interface ItemSnapshot {
  cursor: LogCursor;
  lastPosition: string;
  lastRecordedAt: string;
  /** The full snapshot it completes: its own position when it keeps every row, else the one its changes follow. */
  fullAt: string;
}

/**
 * Where a fold's rows go: a moment's kept rows, under the moment's key, or a snapshot's, under its position: every
 * row when it is full, else only those of the items touched since the one before.
 */
export type ItemRowsTarget = { table: 'past_item_states'; cut: string } | { table: 'past_item_snapshot_rows'; snapshot: string; full: boolean };

export interface WrittenItems {
  /** How many items the cut's imports registered. */
  items: number;
  /** The cut's import chunks in log order: the order the imports registered the items in. */
  chunks: RegisteredChunk[];
  /** The snapshot the rows were copied from; null when every item was folded from its first event. */
  base: ItemSnapshot | null;
  /** How many items were folded in node: those the events after the snapshot touch, or all. */
  folded: number;
}

const iso = (column: string) => sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const isAfter = (place: LogCursor, cursor: LogCursor) => {
  const [tx, at] = [BigInt(place.txId), BigInt(cursor.txId)];
  return tx > at || (tx === at && BigInt(place.globalPosition) > BigInt(cursor.globalPosition));
};

/**
 * Writes the project's items as of the cut into the target, in the caller's transaction: from the nearest snapshot
 * the cut holds whole, the items no event after it touches are its rows unchanged (their events up to the cut are
 * the snapshot's), and the others (and those registered since) are folded from their first event; without one,
 * every item is folded.
 */
export async function writePastItems(db: Kysely<Database>, projectId: string, cut: LogCut, into: ItemRowsTarget): Promise<WrittenItems> {
  // Memory enough to hash the project's items and sort their events without spilling to disk (4 s, not 6, at 300,000).
  await sql`SET LOCAL work_mem = '128MB'`.execute(db);
  const chunks = await registeredChunks(db, projectId, cut);
  const base = await nearestSnapshot(db, projectId, cut);
  const events = await itemEvents(db, projectId, cut, base);
  let folding: RegisteredItem[];
  if (base) {
    // Only the items to fold are named: those registered since the snapshot, and the older ones touched since.
    const fresh = chunks.filter((chunk) => isAfter({ txId: chunk.txId, globalPosition: chunk.position }, base.cursor)).flatMap(itemsOfChunk);
    const freshIds = new Set(fresh.map((item) => item.itemId));
    const touched = [...new Set(events.map((e) => e.itemId))].filter((id) => !freshIds.has(id));
    folding = [...(await registrationsOf(db, touched, chunks)), ...fresh];
    if (into.table === 'past_item_states' || into.full) await copySnapshot(db, projectId, base, into);
  } else {
    folding = chunks.flatMap(itemsOfChunk);
  }
  const states = projectItemsAsOf(projectId, folding, events);
  await upsertStates(db, projectId, [...states.values()], into);
  return { items: chunks.reduce((n, chunk) => n + chunk.count, 0), chunks, base, folded: states.size };
}

/** Items as their imports registered them (their link then), found by their place in their batch. */
async function registrationsOf(db: Kysely<Database>, itemIds: string[], chunks: RegisteredChunk[]): Promise<RegisteredItem[]> {
  if (itemIds.length === 0) return [];
  const { rows } = await sql<{ itemId: string; batchId: string; seq: number }>`
    SELECT item_id AS "itemId", batch_id AS "batchId", seq FROM items WHERE item_id = ANY(${itemIds}::uuid[])`.execute(db);
  const byBatch = new Map<string, RegisteredChunk[]>();
  for (const chunk of chunks) byBatch.set(chunk.batchId, [...(byBatch.get(chunk.batchId) ?? []), chunk]);
  return rows.flatMap(({ itemId, batchId, seq }) => {
    const chunk = byBatch.get(batchId)?.find((c) => c.firstSeq <= seq && seq < c.firstSeq + c.count);
    return chunk ? [{ itemId, linkId: chunk.linkId }] : [];
  });
}

/** The project's import chunks up to the cut, in log order. */
async function registeredChunks(db: Kysely<Database>, projectId: string, cut: LogCut): Promise<RegisteredChunk[]> {
  const { rows } = await sql<RegisteredChunk>`
    SELECT e.global_position::text AS position, e.tx_id::text AS "txId",
           to_char(e.recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "recordedAt",
           e.data->>'batchId' AS "batchId", (e.data->>'firstSeq')::int AS "firstSeq",
           jsonb_array_length(e.data->'fileNames') AS count, e.data->>'linkId' AS "linkId"
    FROM batches b JOIN public.events e ON e.stream_id = 'batchitems-' || b.batch_id::text
    WHERE b.project_id = ${projectId}::uuid AND e.type = 'BatchItemsRegistered' ${atOrBefore(cut)}
    ORDER BY e.global_position`.execute(db);
  return rows;
}

/** The latest snapshot of the project, of its items or of its statistics, whose every event the cut keeps. */
export async function nearestSnapshot(
  db: Kysely<Database>,
  projectId: string,
  cut: LogCut,
  table: 'past_item_snapshots' | 'past_statistics_snapshots' = 'past_item_snapshots',
): Promise<ItemSnapshot | null> {
  const held = !cut
    ? sql``
    : 'position' in cut
      ? sql`AND s.last_position <= ${cut.position.toString()}::bigint`
      : 'at' in cut
        ? sql`AND s.last_recorded_at <= ${cut.at}::timestamptz`
        : sql`AND (s.tx_id, s.global_position) < (${cut.cursor.txId}::xid8, ${cut.cursor.globalPosition}::bigint)`;
  const { rows } = await sql<{ txId: string; position: string; lastPosition: string; lastRecordedAt: string; fullAt: string }>`
    SELECT s.tx_id::text AS "txId", s.global_position::text AS position, s.last_position::text AS "lastPosition",
           ${iso('s.last_recorded_at')} AS "lastRecordedAt", s.full_at::text AS "fullAt"
    FROM ${sql.table(table)} s WHERE s.project_id = ${projectId}::uuid ${held}
    ORDER BY s.tx_id DESC, s.global_position DESC LIMIT 1`.execute(db);
  const row = rows[0];
  return row ? { cursor: { txId: row.txId, globalPosition: row.position }, lastPosition: row.lastPosition, lastRecordedAt: row.lastRecordedAt, fullAt: row.fullAt } : null;
}

/**
 * The snapshots whose rows make up a snapshot's: the full one it completes and the ones of changes after it, up to
 * it in log order (the snapshots table, of items or of statistics, being `s`).
 */
export const chainOf = (projectId: string, snapshot: ItemSnapshot) =>
  sql`s.project_id = ${projectId}::uuid AND s.full_at = ${snapshot.fullAt}::bigint
      AND (s.tx_id, s.global_position) <= (${snapshot.cursor.txId}::xid8, ${snapshot.cursor.globalPosition}::bigint)`;

/**
 * The project's item events after the snapshot in log order: every one through its items without a snapshot; after
 * one, the few in the range through the project each item event names, which spares hashing all the project's items.
 * The log is named with its schema: a replay sends the projections' own tables (these snapshots, the items) to fresh
 * copies through the search path.
 */
const projectEventsAfter = (projectId: string, base: ItemSnapshot | null) =>
  base
    ? sql`public.events e WHERE e.stream_id LIKE 'item-%' AND e.data->>'projectId' = ${projectId}
          AND (e.tx_id, e.global_position) > (${base.cursor.txId}::xid8, ${base.cursor.globalPosition}::bigint)`
    : sql`items d JOIN public.events e ON e.stream_id = 'item-' || d.item_id::text WHERE d.project_id = ${projectId}::uuid`;

/**
 * The events up to the cut of the items to fold, in log position order (each stream's own order): every item's
 * without a snapshot, else those of the items an event after the snapshot touches, found by their streams' keys.
 * Without what evolve never reads (the saved documents, the ids the row already names), since carrying the events to
 * the fold is most of its time.
 */
async function itemEvents(db: Kysely<Database>, projectId: string, cut: LogCut, base: ItemSnapshot | null): Promise<{ itemId: string; event: ItemEvent }[]> {
  const columns = sql`substr(e.stream_id, 6) AS "itemId", e.type, e.data - 'result' - 'itemId' - 'projectId' AS data`;
  type Row = { itemId: string; type: ItemEvent['type']; data: ItemEvent['data'] };
  let rows: Row[];
  if (base) {
    const touched = await sql<{ streamId: string }>`SELECT DISTINCT e.stream_id AS "streamId" FROM ${projectEventsAfter(projectId, base)} ${atOrBefore(cut)}`.execute(db);
    if (touched.rows.length === 0) return [];
    ({ rows } = await sql<Row>`
      SELECT ${columns} FROM public.events e
      WHERE e.stream_id = ANY(${touched.rows.map((r) => r.streamId)}::text[]) ${atOrBefore(cut)} ORDER BY e.global_position`.execute(db));
  } else {
    ({ rows } = await sql<Row>`SELECT ${columns} FROM ${projectEventsAfter(projectId, null)} ${atOrBefore(cut)} ORDER BY e.global_position`.execute(db));
  }
  return rows.map((r) => ({ itemId: r.itemId, event: { type: r.type, data: r.data } as ItemEvent }));
}

const keyOf = (into: ItemRowsTarget) =>
  into.table === 'past_item_states' ? { column: sql.ref('cut'), value: sql`${into.cut}::text` } : { column: sql.ref('snapshot'), value: sql`${into.snapshot}::bigint` };

const rowColumns = sql`item_id, link_id, status, claimer_id, effective, rework, result_version, object_count`;

/** The snapshot's rows copied under the target's key, inside PostgreSQL: each item's latest along its chain. */
async function copySnapshot(db: Kysely<Database>, projectId: string, base: ItemSnapshot, into: ItemRowsTarget): Promise<void> {
  const key = keyOf(into);
  await sql`
    INSERT INTO ${sql.table(into.table)} (project_id, ${key.column}, ${rowColumns})
    SELECT DISTINCT ON (r.item_id) r.project_id, ${key.value}, ${sql.join(['item_id', 'link_id', 'status', 'claimer_id', 'effective', 'rework', 'result_version', 'object_count'].map((c) => sql.ref(`r.${c}`)))}
    FROM past_item_snapshot_rows r JOIN past_item_snapshots s ON s.project_id = r.project_id AND s.global_position = r.snapshot
    WHERE r.project_id = ${projectId}::uuid AND ${chainOf(projectId, base)}
    ORDER BY r.item_id, s.tx_id DESC, s.global_position DESC`.execute(db);
}

/** The folded items written over what the snapshot had for them. */
async function upsertStates(db: Kysely<Database>, projectId: string, states: ItemState[], into: ItemRowsTarget): Promise<void> {
  if (states.length === 0) return;
  const key = keyOf(into);
  // In key order, so the primary key is appended to rather than split all over.
  const sorted = [...states].sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0));
  const column = <T>(pick: (s: ItemState) => T) => sorted.map(pick);
  await sql`
    INSERT INTO ${sql.table(into.table)} (project_id, ${key.column}, ${rowColumns})
    SELECT ${projectId}::uuid, ${key.value}, r.*
    FROM unnest(${column((s) => s.itemId)}::uuid[], ${column((s) => s.linkId)}::uuid[], ${column((s) => s.status)}::text[],
                ${column((s) => s.claimerId)}::uuid[], ${column((s) => s.effectiveness === 'valid')}::boolean[],
                ${column((s) => s.rework)}::boolean[], ${column((s) => s.resultVersion)}::int[], ${column((s) => s.objectCount)}::int[])
      AS r(item_id, link_id, status, claimer_id, effective, rework, result_version, object_count)
    ON CONFLICT (project_id, ${key.column}, item_id) DO UPDATE SET
      link_id = excluded.link_id, status = excluded.status, claimer_id = excluded.claimer_id, effective = excluded.effective,
      rework = excluded.rework, result_version = excluded.result_version, object_count = excluded.object_count`.execute(db);
}

/**
 * Whether a snapshot taken after `base` keeps every row: the first does, and one whose chain's changes since its full
 * snapshot add up to as many rows as that one keeps, so a read copies at most twice a full snapshot's rows and the
 * rows kept grow with the events, not with the items times the snapshots.
 */
async function takesFull(db: Kysely<Database>, projectId: string, base: ItemSnapshot | null): Promise<boolean> {
  if (!base) return true;
  const { rows } = await sql<{ changed: number; full: number }>`
    SELECT COALESCE(sum(s.rows) FILTER (WHERE s.global_position <> s.full_at), 0)::int AS changed,
           COALESCE(max(s.rows) FILTER (WHERE s.global_position = s.full_at), 0)::int AS full
    FROM past_item_snapshots s WHERE ${chainOf(projectId, base)}`.execute(db);
  return rows[0].changed >= rows[0].full;
}

/**
 * Keeps the project's items as of a place in log order as a snapshot: its rows made as any cut's are (from the one
 * before: all of them when it is full, else those of the items touched since), and the last of its events by
 * position and by time, which say which moments may start from it. Says whether it is full.
 */
export async function takeItemSnapshot(db: Kysely<Database>, projectId: string, at: { cursor: LogCursor; recordedAt: string }): Promise<boolean> {
  const { cursor } = at;
  const cut = { cursor };
  const full = await takesFull(db, projectId, await nearestSnapshot(db, projectId, cut));
  const { chunks, base } = await writePastItems(db, projectId, cut, { table: 'past_item_snapshot_rows', snapshot: cursor.globalPosition, full });
  const { rows } = await sql<{ position: string | null; recordedAt: string | null }>`
    SELECT max(e.global_position)::text AS position, to_char(max(e.recorded_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "recordedAt"
    FROM ${projectEventsAfter(projectId, base)} ${atOrBefore(cut)}`.execute(db);
  const places = [...chunks.map((c) => ({ position: c.position, recordedAt: c.recordedAt })), ...rows.filter((r) => r.position !== null)];
  if (base) places.push({ position: base.lastPosition, recordedAt: base.lastRecordedAt });
  const lastPosition = places.reduce((last, p) => (BigInt(p.position!) > BigInt(last) ? p.position! : last), cursor.globalPosition);
  // Instants in one fixed ISO form, so they compare as text.
  const lastRecordedAt = places.reduce((last, p) => (p.recordedAt! > last ? p.recordedAt! : last), at.recordedAt);
  await sql`
    INSERT INTO past_item_snapshots (project_id, global_position, tx_id, last_position, last_recorded_at, full_at, rows)
    SELECT ${projectId}::uuid, ${cursor.globalPosition}::bigint, ${cursor.txId}::xid8, ${lastPosition}::bigint, ${lastRecordedAt}::timestamptz,
           ${full ? cursor.globalPosition : base!.fullAt}::bigint, count(*)::int
    FROM past_item_snapshot_rows WHERE project_id = ${projectId}::uuid AND snapshot = ${cursor.globalPosition}::bigint`.execute(db);
  return full;
}
