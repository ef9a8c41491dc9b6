// The statistics of every project, kept from the event log as it grows: work counters per person, team, link, batch
// and 15-minute bucket, objects by class, where items are in each pipeline, and the quality gates' pass rates. Async:
// the work loop never waits for it, and its queries read only these tables, whatever the size of the project.
import { sql } from 'kysely';
import { tallyEventTypes, type AcceptanceEvent, type BatchEvent, type BatchItemsRegistered, type ProjectEvent, type SamplingEvent } from '@annot/workflows';
import type { StoredEvent } from '../events/stored-event';
import type { Projection } from '../projections/projection';
import { projectStatusAfter } from '../projects/project.projection';
import { loadTally, saveTally, shiftPositions } from './statistics-rows';

type Db = Parameters<Projection['apply']>[0];
type Of<E extends { type: string; data: unknown }, T extends E['type']> = Extract<E, { type: T }>['data'];

const structuralTypes = [
  'ProjectDrafted',
  'ProjectBasicsSaved',
  'ProjectLinksSaved',
  ...Object.keys(projectStatusAfter),
  'BatchCreated',
  'BatchEdited',
  'BatchDeleted',
  'BatchItemsRegistered',
  'SamplingRoundClosed',
  'AcceptanceBatchCreated',
  'AcceptanceBatchSubmitted',
  'AcceptanceBatchPassed',
  'AcceptanceBatchRejected',
  'AcceptanceBatchWithdrawn',
];
const tallied = new Set(tallyEventTypes);

export const statisticsProjection: Projection = {
  name: 'statistics',
  mode: 'async',
  types: [...tallyEventTypes, ...structuralTypes],
  tables: [
    'insights_projects',
    'insights_batches',
    'insights_people',
    'insights_items',
    'insights_work',
    'insights_objects',
    'insights_positions',
    'insights_sampling_rounds',
    'insights_acceptance',
  ],
  // Polled often: a figure on the dashboard should follow its event within a quarter of a second.
  pollMs: 25,
  async apply(db, events) {
    let run: StoredEvent[] = [];
    const flush = async () => {
      if (run.length === 0) return;
      const tally = await loadTally(db, run);
      for (const event of run) tally.apply(event);
      await saveTally(db, tally);
      run = [];
    };
    for (const event of events) {
      if (tallied.has(event.type)) {
        run.push(event);
        continue;
      }
      // The rest is rare and may change what the next work event is counted against: it goes in order, alone.
      await flush();
      await applyStructural(db, event);
    }
    await flush();
  },
};

async function applyStructural(db: Db, event: StoredEvent): Promise<void> {
  const status = projectStatusAfter[event.type as ProjectEvent['type']];
  if (status) {
    await db.updateTable('insights_projects').set({ status }).where('project_id', '=', (event.data as { projectId: string }).projectId).execute();
    return;
  }
  switch (event.type) {
    case 'ProjectDrafted': {
      const d = event.data as Of<ProjectEvent, 'ProjectDrafted'>;
      await db
        .insertInto('insights_projects')
        .values({ project_id: d.projectId, title: d.basics.title, status: 'waiting_for_improvement', unit_price: d.basics.unitPrice, links: '[]' })
        .onConflict((oc) => oc.column('project_id').doNothing())
        .execute();
      return;
    }
    case 'ProjectBasicsSaved': {
      const d = event.data as Of<ProjectEvent, 'ProjectBasicsSaved'>;
      await db.updateTable('insights_projects').set({ title: d.basics.title, unit_price: d.basics.unitPrice }).where('project_id', '=', d.projectId).execute();
      return;
    }
    case 'ProjectLinksSaved': {
      const d = event.data as Of<ProjectEvent, 'ProjectLinksSaved'>;
      const links = d.links.map(({ id, name, type }) => ({ id, name, type }));
      await db.updateTable('insights_projects').set({ links: JSON.stringify(links) }).where('project_id', '=', d.projectId).execute();
      return;
    }
    case 'BatchCreated': {
      const d = event.data as Of<BatchEvent, 'BatchCreated'>;
      await db.insertInto('insights_batches').values({ batch_id: d.batchId, project_id: d.projectId, name: d.name }).onConflict((oc) => oc.column('batch_id').doNothing()).execute();
      return;
    }
    case 'BatchEdited': {
      const d = event.data as Of<BatchEvent, 'BatchEdited'>;
      await db.updateTable('insights_batches').set({ name: d.name }).where('batch_id', '=', d.batchId).execute();
      return;
    }
    case 'BatchDeleted': {
      // Its items leave every pool; the queries leave deleted batches out, and the counts of work done stay.
      const d = event.data as Of<BatchEvent, 'BatchDeleted'>;
      await db.updateTable('insights_batches').set({ deleted: true }).where('batch_id', '=', d.batchId).execute();
      return;
    }
    case 'BatchItemsRegistered':
      return registerItems(db, event.data as BatchItemsRegistered['data']);
    case 'SamplingRoundClosed': {
      const d = event.data as Of<SamplingEvent, 'SamplingRoundClosed'>;
      await db
        .insertInto('insights_sampling_rounds')
        .values({ task_id: d.taskId, round: d.round, project_id: d.projectId, judged: d.judged, passed: d.passed, closed_at: event.recordedAt })
        .onConflict((oc) => oc.columns(['task_id', 'round']).doUpdateSet({ judged: d.judged, passed: d.passed }))
        .execute();
      return;
    }
    case 'AcceptanceBatchCreated': {
      const d = event.data as Of<AcceptanceEvent, 'AcceptanceBatchCreated'>;
      await db
        .insertInto('insights_acceptance')
        .values({ batch_id: d.batchId, project_id: d.projectId, sequence: d.sequence, items: d.items.length, status: 'pending', created_at: d.createdAt })
        .onConflict((oc) => oc.column('batch_id').doNothing())
        .execute();
      return;
    }
    case 'AcceptanceBatchSubmitted': {
      const d = event.data as Of<AcceptanceEvent, 'AcceptanceBatchSubmitted'>;
      await db.updateTable('insights_acceptance').set({ passed: d.passed, rejected: d.rejected, status: 'submitted' }).where('batch_id', '=', d.batchId).execute();
      return;
    }
    case 'AcceptanceBatchPassed':
    case 'AcceptanceBatchRejected': {
      // The PM's verdict is what counts: rejecting a batch fails every item in it.
      const d = event.data as Of<AcceptanceEvent, 'AcceptanceBatchPassed'>;
      const status = event.type === 'AcceptanceBatchPassed' ? 'passed' : 'rejected';
      await db
        .updateTable('insights_acceptance')
        .set({ passed: d.passed.length, rejected: d.returned.length + d.rejected.length, status })
        .where('batch_id', '=', d.batchId)
        .execute();
      return;
    }
    case 'AcceptanceBatchWithdrawn': {
      const d = event.data as Of<AcceptanceEvent, 'AcceptanceBatchWithdrawn'>;
      await db.updateTable('insights_acceptance').set({ status: 'withdrawn' }).where('batch_id', '=', d.batchId).execute();
      return;
    }
  }
}

/** A chunk of an import: its items, with ids derived from batch and place exactly as the items projection derives them. */
async function registerItems(db: Db, chunk: BatchItemsRegistered['data']): Promise<void> {
  const count = chunk.fileNames.length;
  if (count === 0) return;
  const place = chunk.linkId ? 'waiting' : 'new';
  await sql`
    INSERT INTO insights_items (item_id, project_id, batch_id, link_id, place)
    SELECT md5(${chunk.batchId}::text || ':' || (${chunk.firstSeq}::int + i))::uuid, ${chunk.projectId}::uuid, ${chunk.batchId}::uuid, ${chunk.linkId}::uuid, ${place}
    FROM generate_series(0, ${count - 1}::int) AS i
    ON CONFLICT (item_id) DO NOTHING`.execute(db);
  await db.updateTable('insights_batches').set({ items: sql`items + ${count}::int` }).where('batch_id', '=', chunk.batchId).execute();
  await shiftPositions(db, [{ projectId: chunk.projectId, batchId: chunk.batchId, linkId: chunk.linkId, place, items: count }]);
}
