// Acceptance batches as the PM's and the acceptor's lists show them, and their items with the acceptor's verdicts and
// the PM's outcome, written in the command's transaction: the next batch's choice of items reads them.
import { type Kysely, sql } from 'kysely';
import { type AcceptanceEvent, type AcceptanceEventOf, acceptanceEventTypes } from '@annot/workflows';
import type { Database } from '../database/database.types';
import type { StoredEvent } from '../events/stored-event';
import type { Projection } from '../projections/projection';

type Db = Kysely<Database>;

/** The batch's tallies of the current acceptor's verdicts, counted from its items after they changed. */
async function recount(db: Db, batchId: string): Promise<void> {
  await sql`
    UPDATE acceptance_batches b SET judged_count = c.judged, passed_count = c.passed, rejected_count = c.rejected
    FROM (
      SELECT count(verdict)::int AS judged,
             (count(*) FILTER (WHERE verdict = 'pass'))::int AS passed,
             (count(*) FILTER (WHERE verdict = 'reject'))::int AS rejected
      FROM acceptance_items WHERE batch_id = ${batchId}::uuid
    ) c
    WHERE b.batch_id = ${batchId}::uuid`.execute(db);
}

async function created(db: Db, event: AcceptanceEventOf<'AcceptanceBatchCreated'>['data'], version: string): Promise<void> {
  const { batchId, projectId, sequence, items, acceptorIds, createdBy, createdAt } = event;
  await db
    .insertInto('acceptance_batches')
    .values({
      batch_id: batchId,
      project_id: projectId,
      sequence,
      status: 'pending',
      item_count: items.length,
      judged_count: 0,
      passed_count: 0,
      rejected_count: 0,
      acceptor_ids: acceptorIds,
      claimer_id: null,
      claimed_at: null,
      takeovers: 0,
      submitted_at: null,
      cost_seconds: null,
      created_by: createdBy,
      created_at: createdAt,
      decided_by: null,
      decided_at: null,
      repair_allowed: null,
      withdrawn_by: null,
      withdrawn_at: null,
      version,
    })
    .execute();
  // One statement for the whole batch, whatever its size.
  await sql`
    INSERT INTO acceptance_items (batch_id, item_id, project_id, position, result_version, verdict, marks, judged_at, outcome)
    SELECT ${batchId}::uuid, i."itemId", ${projectId}::uuid, i.position::int, i."resultVersion", NULL, '[]'::jsonb, NULL, NULL
    FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(items)}::jsonb) AS ("itemId" uuid, "resultVersion" int)) WITH ORDINALITY AS i("itemId", "resultVersion", position)`.execute(db);
}

async function decided(db: Db, event: AcceptanceEventOf<'AcceptanceBatchPassed' | 'AcceptanceBatchRejected'>, version: string): Promise<void> {
  const { batchId, decidedBy, decidedAt, repairAllowed, passed, returned, rejected } = event.data;
  const status = event.type === 'AcceptanceBatchPassed' ? 'passed' : 'rejected';
  await db.updateTable('acceptance_batches').set({ status, decided_by: decidedBy, decided_at: decidedAt, repair_allowed: repairAllowed, version }).where('batch_id', '=', batchId).execute();
  const outcomes = [
    ...passed.map((itemId) => ({ itemId, outcome: 'passed' })),
    ...returned.map((i) => ({ itemId: i.itemId, outcome: 'returned' })),
    ...rejected.map((i) => ({ itemId: i.itemId, outcome: 'rejected' })),
  ];
  if (outcomes.length === 0) return;
  await sql`
    UPDATE acceptance_items a SET outcome = o.outcome
    FROM jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) AS o("itemId" uuid, outcome text)
    WHERE a.batch_id = ${batchId}::uuid AND a.item_id = o."itemId"`.execute(db);
}

async function applyOne(db: Db, stored: StoredEvent): Promise<void> {
  const event = { type: stored.type, data: stored.data } as AcceptanceEvent;
  const version = stored.streamPosition;
  const batchId = event.data.batchId;
  const batch = db.updateTable('acceptance_batches').where('batch_id', '=', batchId);
  switch (event.type) {
    case 'AcceptanceBatchCreated':
      return created(db, event.data, version);
    case 'AcceptanceBatchClaimed': {
      const { acceptorId, claimedAt, takenOverFrom } = event.data;
      const takeover = takenOverFrom !== null;
      await batch.set({ status: 'accepting', claimer_id: acceptorId, claimed_at: claimedAt, takeovers: sql`takeovers + ${takeover ? 1 : 0}`, version }).execute();
      if (!takeover) return;
      // The new acceptor judges every item again: the earlier verdicts are discarded.
      await db.updateTable('acceptance_items').set({ verdict: null, marks: '[]', judged_at: null }).where('batch_id', '=', batchId).execute();
      return recount(db, batchId);
    }
    case 'AcceptanceItemJudged': {
      const { itemId, verdict, marks, judgedAt } = event.data;
      await db.updateTable('acceptance_items').set({ verdict, marks: JSON.stringify(marks), judged_at: judgedAt }).where('batch_id', '=', batchId).where('item_id', '=', itemId).execute();
      await batch.set({ version }).execute();
      return recount(db, batchId);
    }
    case 'AcceptanceBatchSubmitted':
      return void (await batch.set({ status: 'submitted', submitted_at: event.data.submittedAt, cost_seconds: event.data.costSeconds, version }).execute());
    case 'AcceptanceBatchPassed':
    case 'AcceptanceBatchRejected':
      return decided(db, event, version);
    case 'AcceptanceBatchWithdrawn':
      return void (await batch.set({ status: 'withdrawn', withdrawn_by: event.data.withdrawnBy, withdrawn_at: event.data.withdrawnAt, version }).execute());
  }
}

export const acceptanceProjection: Projection = {
  name: 'acceptance-batches',
  mode: 'inline',
  tables: ['acceptance_batches', 'acceptance_items'],
  types: acceptanceEventTypes,
  async apply(db, events) {
    for (const event of events) await applyOne(db, event);
  },
};
