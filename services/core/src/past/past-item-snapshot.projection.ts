// Snapshots of each project's items and statistics at every N-th event of its items and imports in log order, so a
// past read of a large project copies the nearest one inside PostgreSQL and folds or applies only what came after it.
import { sql } from 'kysely';
import { itemEventTypes } from '@annot/workflows';
import { cursorOf } from '../events/event-log.reader';
import type { StoredEvent } from '../events/stored-event';
import type { Projection } from '../projections/projection';
import { takeItemSnapshot } from './past-item-folds';
import { keptStatisticsTables, takeStatisticsSnapshot } from './past-statistics';

/**
 * A project's events between two snapshots: a moment folds at most this many events' items in node and applies at
 * most this many to its statistics, which for a 100,000-item project keeps the farthest moment from a snapshot well
 * within 10 seconds on a loaded machine (at 50,000 it took 6.9 s).
 */
export const snapshotEvery = 25_000;

const projectOf = (event: StoredEvent): string | null => {
  const id = (event.data as { projectId?: unknown } | null)?.projectId;
  return typeof id === 'string' ? id : null;
};

/** The snapshots taken every `every` events of a project (the catalogue's every 25,000; a spec's more often). */
export function pastItemSnapshotProjection(every = snapshotEvery): Projection {
  return {
    name: 'past-item-snapshots',
    mode: 'async',
    tables: ['past_item_snapshots', 'past_item_snapshot_rows', 'past_item_snapshot_counts', 'past_statistics_snapshots', ...keptStatisticsTables.map((t) => `past_${t}`)],
    types: [...itemEventTypes, 'BatchItemsRegistered'],
    async apply(db, events) {
      const projects = [...new Set(events.map(projectOf).filter((id): id is string => id !== null))];
      if (projects.length === 0) return;
      const { rows } = await sql<{ projectId: string; events: number }>`
        SELECT project_id AS "projectId", events FROM past_item_snapshot_counts WHERE project_id = ANY(${projects}::uuid[])`.execute(db);
      const counted = new Map(projects.map((id) => [id, rows.find((r) => r.projectId === id)?.events ?? 0]));
      // Counted in log order, which replay reads the same: a rebuild takes its snapshots at the very same events.
      for (const event of events) {
        const projectId = projectOf(event);
        if (projectId === null) continue;
        const seen = counted.get(projectId)! + 1;
        if (seen < every) {
          counted.set(projectId, seen);
          continue;
        }
        const at = { cursor: cursorOf(event), recordedAt: event.recordedAt };
        await takeStatisticsSnapshot(db, projectId, at, await takeItemSnapshot(db, projectId, at));
        counted.set(projectId, 0);
      }
      await sql`
        INSERT INTO past_item_snapshot_counts (project_id, events)
        SELECT * FROM unnest(${[...counted.keys()]}::uuid[], ${[...counted.values()]}::int[])
        ON CONFLICT (project_id) DO UPDATE SET events = excluded.events`.execute(db);
    },
  };
}

export const pastItemSnapshots = pastItemSnapshotProjection();
