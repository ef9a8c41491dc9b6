// Sampling tasks as their pages read them, and the sample items of every round with their claims and verdicts,
// written in the command's transaction: the next claim reads which items are still free here. Everything comes from
// the task's own events, so a replay rebuilds both tables without reading any other projection.
import { type Kysely, sql } from 'kysely';
import { type SamplingEvent, samplingEventTypes, type SamplingEventOf, type SamplingRound } from '@annot/workflows';
import type { Database } from '../database/database.types';
import type { StoredEvent } from '../events/stored-event';
import type { Projection } from '../projections/projection';

type Draw = SamplingEventOf<'SamplingTaskCreated'>['data'] | SamplingEventOf<'SamplingRoundStarted'>['data'];

/** A round as the task row keeps it: its draw, and its tally once it closes. */
const roundOf = (draw: Draw): SamplingRound => ({
  round: draw.round,
  screeningCount: draw.screeningCount,
  sampleSize: draw.sampleSize,
  seed: draw.seed,
  strata: draw.strata,
  judged: null,
  passed: null,
  passRate: null,
});

/** The current round's columns when a round opens. */
const opened = (draw: Draw) => ({ round: draw.round, screening_count: draw.screeningCount, sample_count: draw.sampleSize, judged_count: 0, passed_count: 0 });

/** One statement for the whole sample, whatever its size. */
async function insertSample(db: Kysely<Database>, draw: Draw): Promise<void> {
  const rows = draw.sample.map((s) => ({ itemId: s.itemId, annotatorId: s.annotatorId, resultVersion: s.resultVersion }));
  await sql`
    INSERT INTO sample_items (task_id, round, item_id, project_id, annotator_id, result_version, marks)
    SELECT ${draw.taskId}::uuid, ${draw.round}::int, s."itemId", ${draw.projectId}::uuid, s."annotatorId", s."resultVersion", '[]'::jsonb
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS s("itemId" uuid, "annotatorId" text, "resultVersion" int)`.execute(db);
}

async function applySamplingEvent(db: Kysely<Database>, stored: StoredEvent): Promise<void> {
  const event = { type: stored.type, data: stored.data } as SamplingEvent;
  const { taskId } = event.data;
  const touched = { version: stored.streamPosition, updated_at: stored.recordedAt };
  const task = db.updateTable('sampling_tasks').where('task_id', '=', taskId);
  const item = (round: number, itemId: string) => db.updateTable('sample_items').where('task_id', '=', taskId).where('round', '=', round).where('item_id', '=', itemId);
  switch (event.type) {
    case 'SamplingTaskCreated': {
      const { projectId, scope, rule, passThreshold, createdBy, createdAt } = event.data;
      // Tasks of a project are numbered in the order they were made; making them is serialized per project.
      const sequence = sql<number>`(SELECT COALESCE(max(sequence), 0) + 1 FROM sampling_tasks WHERE project_id = ${projectId}::uuid)`;
      await db
        .insertInto('sampling_tasks')
        .values({
          task_id: taskId,
          project_id: projectId,
          sequence,
          scope_kind: scope.kind,
          batch_id: scope.kind === 'batch' ? scope.batchId : null,
          link_id: scope.kind === 'link' ? scope.linkId : null,
          since: scope.kind === 'link' ? scope.since : null,
          until: scope.kind === 'link' ? scope.until : null,
          rule: JSON.stringify(rule),
          pass_threshold: passThreshold,
          status: 'open',
          ...opened(event.data),
          rounds: JSON.stringify([roundOf(event.data)]),
          returned_count: 0,
          decision: null,
          created_by: createdBy,
          created_at: createdAt,
          ...touched,
        })
        .execute();
      return insertSample(db, event.data);
    }
    case 'SamplingRoundStarted':
      await task
        .set({ status: 'open', ...opened(event.data), rounds: sql`rounds || ${JSON.stringify([roundOf(event.data)])}::jsonb`, returned_count: 0, ...touched })
        .execute();
      return insertSample(db, event.data);
    case 'SampleItemClaimed': {
      const { round, itemId, inspectorId, claimedAt } = event.data;
      await item(round, itemId).set({ claimer_id: inspectorId, claimed_at: claimedAt }).execute();
      return void (await task.set(touched).execute());
    }
    case 'SampleItemReleased': {
      const { round, itemId } = event.data;
      await item(round, itemId).set({ claimer_id: null, claimed_at: null }).execute();
      return void (await task.set(touched).execute());
    }
    case 'SampleItemJudged': {
      const { round, itemId, verdict, marks, inspectorId, judgedAt } = event.data;
      await item(round, itemId).set({ verdict, marks: JSON.stringify(marks), inspector_id: inspectorId, judged_at: judgedAt }).execute();
      const passed = verdict === 'pass' ? 1 : 0;
      return void (await task.set({ judged_count: sql`judged_count + 1`, passed_count: sql`passed_count + ${passed}::int`, ...touched }).execute());
    }
    case 'SamplingRoundClosed': {
      const { round, judged, passed, passRate } = event.data;
      // The closed round's tally goes into its place in the list of rounds.
      const tally = JSON.stringify({ judged, passed, passRate });
      return void (await task
        .set({
          rounds: sql`(SELECT jsonb_agg(CASE WHEN (r->>'round')::int = ${round}::int THEN r || ${tally}::jsonb ELSE r END ORDER BY n) FROM jsonb_array_elements(rounds) WITH ORDINALITY AS x(r, n))`,
          ...touched,
        })
        .execute());
    }
    case 'SamplingScopePassed':
      return void (await task.set({ status: 'passed', ...touched }).execute());
    case 'SamplingScopeReturned':
      return void (await task.set({ status: 'returned_for_rework', returned_count: event.data.items.length, ...touched }).execute());
    case 'SamplingTaskHeld':
      return void (await task.set({ status: 'held', ...touched }).execute());
    case 'SamplingTaskDecided':
      return void (await task.set({ status: 'decided', decision: event.data.decision, returned_count: event.data.items.length, ...touched }).execute());
  }
}

export const samplingProjection: Projection = {
  name: 'sampling',
  mode: 'inline',
  tables: ['sampling_tasks', 'sample_items'],
  types: samplingEventTypes,
  async apply(db, events) {
    for (const event of events) await applySamplingEvent(db, event);
  },
};
