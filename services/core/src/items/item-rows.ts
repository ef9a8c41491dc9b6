// What an item's work events change in its row of the pool and in its latest result: part of the item projection,
// which owns both tables and the counts of items per link and state, so a replay rebuilds them all together.
import { type Kysely, sql } from 'kysely';
import { type ItemEvent, itemEventTypes } from '@annot/workflows';
import type { Database } from '../database/database.types';
import type { StoredEvent } from '../events/stored-event';
import { type ItemAssignments, type ItemCounts, moveItems, stripeOf } from './item-counts';
import { countShareDone } from './share-rows';

export const itemRowEventTypes: readonly string[] = itemEventTypes;

const noClaim = { claimer_id: null, claim_id: null, claimed_at: null, deadline: null } as const;

/** A link's distribution holds for that link only: an item that leaves it leaves its share. */
const noShare = { team_id: null, group_id: null } as const;

/** Leaves a link and, when the item goes on, waits in the next link's pool. */
const movedOn = (to: string | null) => (to ? { ...noClaim, ...noShare, status: 'waiting', link_id: to } : { ...noClaim, ...noShare });

/**
 * Applies item events in log order; claims in a row, and saved results in a row (an import's items), each of another
 * item, are written in one statement. What moves between links and states is added to `counts`.
 */
export async function applyItemEvents(db: Kysely<Database>, events: StoredEvent[], counts: ItemCounts): Promise<void> {
  let run: StoredEvent[] = [];
  const inRun = new Set<string>();
  const flush = async () => {
    if (run.length === 1) await applyItemEvent(db, run[0], counts);
    else if (run.length > 1) await appliedTogether[run[0].type](db, run, counts);
    run = [];
    inRun.clear();
  };
  for (const event of events) {
    const itemId = (event.data as { itemId: string }).itemId;
    // A run is one person's, so its counts go to that person's stripe.
    if (run.length > 0 && (event.type !== run[0].type || inRun.has(itemId) || event.metadata.actorId !== run[0].metadata.actorId)) await flush();
    if (event.type in appliedTogether) {
      run.push(event);
      inRun.add(itemId);
    } else {
      await applyItemEvent(db, event, counts);
    }
  }
  await flush();
}

/** A claim command's whole apply: claims by one person, each of another item, and nothing else. */
export const claimsAlone = (events: StoredEvent[]): boolean =>
  events.every((e) => e.type === 'ItemClaimed' && e.metadata.actorId === events[0].metadata.actorId) &&
  new Set(events.map((e) => (e.data as { itemId: string }).itemId)).size === events.length;

/** Claims in a row; with `writeCounts` (they are the apply's only events) their counts are written by the same statement. */
export async function applyClaims(db: Kysely<Database>, events: StoredEvent[], counts: ItemCounts, writeCounts = false): Promise<void> {
  const rows = events.map((e) => {
    const { itemId, linkId, claimId, claimerId, claimedAt, deadline } = (e as unknown as { data: Extract<ItemEvent, { type: 'ItemClaimed' }>['data'] }).data;
    return { itemId, linkId, claimId, claimerId, claimedAt, deadline, version: e.streamPosition };
  });
  const claimed = { link_id: sql`c."linkId"`, claim_id: sql`c."claimId"`, claimer_id: sql`c."claimerId"`, claimed_at: sql`c."claimedAt"`, deadline: sql`c.deadline`, item_version: sql`c.version` };
  await moveItems(db, counts, stripeOf(events[0].metadata.actorId), sql`d.item_id = ANY(${rows.map((r) => r.itemId)}::uuid[])`, { status: 'claimed', ...claimed }, {
    source: sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS c("itemId" uuid, "linkId" uuid, "claimId" uuid, "claimerId" text, "claimedAt" timestamptz, deadline timestamptz, version bigint)`,
    on: sql`d.item_id = c."itemId"`,
  }, writeCounts);
}

/**
 * Saved results, an import's items in one statement: the items' rows and their latest results, made from the events
 * rows where the results already are (appended in this transaction, or read by a replay), so a result crosses to the
 * server once, in its event. The events table is in public, as replay points only the projection's tables elsewhere.
 */
async function applyResultsSaved(db: Kysely<Database>, events: StoredEvent[]): Promise<void> {
  await sql`
    WITH saved AS (
      SELECT (e.data->>'itemId')::uuid AS item_id, (e.data->>'projectId')::uuid AS project_id, (e.data->>'resultVersion')::integer AS result_version,
             (e.data->>'objectCount')::integer AS object_count, (e.data->>'savedAt')::timestamptz AS saved_at, e.data->>'savedBy' AS saved_by,
             e.data->'result' AS result, e.stream_position AS version
      FROM public.events e WHERE e.global_position = ANY(${events.map((e) => e.globalPosition)}::bigint[])
    ), counted AS (
      UPDATE items d SET result_version = s.result_version, object_count = s.object_count, last_saved_at = s.saved_at, item_version = s.version
      FROM saved s WHERE d.item_id = s.item_id
    )
    INSERT INTO item_results (item_id, project_id, version, result, saved_by, saved_at)
    SELECT item_id, project_id, result_version, result, saved_by, saved_at FROM saved
    ON CONFLICT (item_id) DO UPDATE SET version = excluded.version, result = excluded.result, saved_by = excluded.saved_by, saved_at = excluded.saved_at`.execute(db);
}

const appliedTogether: Record<string, (db: Kysely<Database>, events: StoredEvent[], counts: ItemCounts) => Promise<void>> = {
  ItemClaimed: applyClaims,
  ResultSaved: applyResultsSaved,
};

async function applyItemEvent(db: Kysely<Database>, stored: StoredEvent, counts: ItemCounts): Promise<void> {
  const event = { type: stored.type, data: stored.data } as ItemEvent;
  const row = db.updateTable('items').where('item_id', '=', event.data.itemId);
  // A change that may move the item to another link or state goes through the counts.
  const move = (set: ItemAssignments) => moveItems(db, counts, stripeOf(stored.metadata.actorId), sql`d.item_id = ${event.data.itemId}::uuid`, set);
  const version = stored.streamPosition;
  switch (event.type) {
    case 'ItemEnteredPool':
      return move({ status: 'waiting', link_id: event.data.linkId, item_version: version });
    case 'ItemClaimed': {
      const { linkId, claimId, claimerId, claimedAt, deadline } = event.data;
      return move({ status: 'claimed', link_id: linkId, claim_id: claimId, claimer_id: claimerId, claimed_at: claimedAt, deadline, item_version: version });
    }
    case 'ItemReleased':
    case 'ItemClaimExpired':
      return move({ ...noClaim, status: 'waiting', item_version: version });
    case 'ResultSaved':
      return applyResultsSaved(db, [stored]);
    case 'ItemSubmitted': {
      const { submittedAt, submittedBy, toLinkId } = event.data;
      await countShareDone(db, event.data.itemId);
      // Only annotation links submit: the last submitter is whose work a quality gate judges.
      return move({ ...movedOn(toLinkId), submission_count: sql`d.submission_count + 1`, last_submitted_at: submittedAt, rework: false, preferred_claimer_id: null, annotator_id: submittedBy, item_version: version });
    }
    case 'ItemMarkedInvalid':
      return void (await row.set({ effective: false, invalid_reason_id: event.data.reasonId, item_version: version }).execute());
    case 'ItemMarkedValid':
    case 'InvalidityOverturned':
      return void (await row.set({ effective: true, invalid_reason_id: null, item_version: version }).execute());
    case 'InvalidityConfirmed':
      return void (await row.set({ item_version: version }).execute());
    case 'ItemPassed':
      await countShareDone(db, event.data.itemId);
      return move({ ...movedOn(event.data.toLinkId), item_version: version });
    case 'ItemRejected': {
      const { toLinkId, preferredClaimerId, reworkCount } = event.data;
      await countShareDone(db, event.data.itemId);
      return move({ ...movedOn(toLinkId), rework: true, rework_count: reworkCount, preferred_claimer_id: preferredClaimerId, item_version: version });
    }
    case 'ItemHeld':
      return move({ status: 'held', item_version: version });
    case 'ItemRecycled': {
      const { toLinkId, keepResult, resultVersion, itemId } = event.data;
      const cleared = keepResult ? {} : { object_count: 0, effective: true, invalid_reason_id: null };
      // A recycled item starts over: its next finish opens a new window for sampling.
      await move({ ...noClaim, ...noShare, ...cleared, status: 'waiting', link_id: toLinkId, result_version: resultVersion, rework: false, preferred_claimer_id: null, finished_at: null, item_version: version });
      if (!keepResult) await db.deleteFrom('item_results').where('item_id', '=', itemId).execute();
      return;
    }
    case 'ItemReturned': {
      const { toLinkId, preferredClaimerId } = event.data;
      return move({ ...movedOn(toLinkId), rework: true, preferred_claimer_id: preferredClaimerId, item_version: version });
    }
    case 'ItemFinished':
      // A quality gate's rework finishes the item again inside the same sampling window, so the first finish stays.
      return move({ ...noClaim, ...noShare, status: 'finished', link_id: event.data.linkId, finished_at: sql`COALESCE(d.finished_at, ${stored.recordedAt}::timestamptz)`, item_version: version });
  }
}
