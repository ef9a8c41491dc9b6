// Snapshots of each project's items and statistics at every N-th event of its items and imports in log order, so a
// past read of a large project copies the nearest one inside PostgreSQL and folds or applies only what came after it.
import { type Kysely, sql } from 'kysely';
import { itemEventTypes } from '@annot/workflows';
import type { Database } from '../database/database.types';
import { cursorOf, inLogRange, recordedAtIso } from '../events/event-log.reader';
import type { LogCursor, StoredEvent } from '../events/stored-event';
import type { Projection } from '../projections/projection';
import { takeItemSnapshot } from './past-item-folds';
import { keptStatisticsTables, takeStatisticsSnapshot } from './past-statistics';

/**
 * A project's events between two snapshots: a moment folds at most this many events' items in node and applies at
 * most this many to its statistics, which for a 100,000-item project keeps the farthest moment from a snapshot well
 * within 10 seconds on a loaded machine (at 50,000 it took 6.9 s).
 */
export const snapshotEvery = 25_000;

/** What the snapshots need of an event: the project its data names, where it stands in the log and when. */
interface Counted {
  projectId: string | null;
  cursor: LogCursor;
  recordedAt: string;
}

const types = [...itemEventTypes, 'BatchItemsRegistered'];

const countedOf = (event: StoredEvent): Counted => {
  const id = (event.data as { projectId?: unknown } | null)?.projectId;
  return { projectId: typeof id === 'string' ? id : null, cursor: cursorOf(event), recordedAt: event.recordedAt };
};

/**
 * The snapshots taken every `every` events of a project (the catalogue's every 25,000; a spec's more often). Its
 * runner reads only where its batches end, and the projection only its events' projects, places and times: an
 * import's starting results never travel to the worker for it.
 */
export function pastItemSnapshotProjection(every = snapshotEvery): Projection {
  return {
    name: 'past-item-snapshots',
    mode: 'async',
    tables: ['past_item_snapshots', 'past_item_snapshot_rows', 'past_item_snapshot_counts', 'past_statistics_snapshots', ...keptStatisticsTables.map((t) => `past_${t}`)],
    types,
    apply: (db, events) => count(db, events.map(countedOf), every),
    async applyRange(db, range) {
      const { rows } = await sql<{ tx_id: string; global_position: string; recorded_at: string; project_id: string | null }>`
        SELECT e.tx_id::text AS tx_id, e.global_position::text AS global_position, ${recordedAtIso} AS recorded_at,
               CASE WHEN jsonb_typeof(e.data->'projectId') = 'string' THEN e.data->>'projectId' END AS project_id
        FROM public.events e
        WHERE ${inLogRange(range)} AND e.type = ANY(${types}::text[])
        ORDER BY e.tx_id, e.global_position`.execute(db);
      const counted = rows.map((row) => ({ projectId: row.project_id, cursor: { txId: row.tx_id, globalPosition: row.global_position }, recordedAt: row.recorded_at }));
      await count(db, counted, every);
    },
  };
}

/** Counts each project's events in log order, and takes its snapshots at every `every`-th. */
async function count(db: Kysely<Database>, events: Counted[], every: number): Promise<void> {
  const projects = [...new Set(events.map((e) => e.projectId).filter((id): id is string => id !== null))];
  if (projects.length === 0) return;
  const { rows } = await sql<{ projectId: string; events: number }>`
    SELECT project_id AS "projectId", events FROM past_item_snapshot_counts WHERE project_id = ANY(${projects}::uuid[])`.execute(db);
  const counted = new Map(projects.map((id) => [id, rows.find((r) => r.projectId === id)?.events ?? 0]));
  // Counted in log order, which replay reads the same: a rebuild takes its snapshots at the very same events.
  for (const { projectId, cursor, recordedAt } of events) {
    if (projectId === null) continue;
    const seen = counted.get(projectId)! + 1;
    if (seen < every) {
      counted.set(projectId, seen);
      continue;
    }
    const at = { cursor, recordedAt };
    await takeStatisticsSnapshot(db, projectId, at, await takeItemSnapshot(db, projectId, at));
    counted.set(projectId, 0);
  }
  await sql`
    INSERT INTO past_item_snapshot_counts (project_id, events)
    SELECT * FROM unnest(${[...counted.keys()]}::uuid[], ${[...counted.values()]}::int[])
    ON CONFLICT (project_id) DO UPDATE SET events = excluded.events`.execute(db);
}

export const pastItemSnapshots = pastItemSnapshotProjection();
