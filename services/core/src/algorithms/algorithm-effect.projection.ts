// What annotators did with the items of algorithm calls, answered and held out alike: the boxes they started from
// and submitted, how long they took from claim to first submission, and the first inspection's verdict. Async: it
// follows the work loop's events without slowing a claim or a save.
import {
  type AlgorithmCallEvent,
  boxesOfDetections,
  boxesOfResult,
  type ClassedBox,
  compareObjects,
  type ItemEvent,
} from '@annot/workflows';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../database/database.types';
import type { StoredEvent } from '../events/stored-event';
import type { Projection } from '../projections/projection';

type CallData<T extends AlgorithmCallEvent['type']> = Extract<AlgorithmCallEvent, { type: T }>['data'];
type ItemData<T extends ItemEvent['type']> = Extract<ItemEvent, { type: T }>['data'];

const boxes = (value: unknown) => JSON.stringify(value as ClassedBox[]);

/** The work loop's events, which change an item's rows only while one of its algorithm calls' rows is not judged. */
const workLoop = new Set(['ItemClaimed', 'ResultSaved', 'ItemSubmitted', 'ItemPassed', 'ItemRejected']);
const itemOf = (event: StoredEvent): string => (event.data as { itemId: string }).itemId;

/**
 * The items of `events`' work loop that have rows not yet judged, found in one statement: most items were never part
 * of an algorithm call (an import's thousands of starting results among them), and their events need none.
 */
async function followedItems(db: Kysely<Database>, events: StoredEvent[]): Promise<Set<string>> {
  const itemIds = [...new Set(events.filter((e) => workLoop.has(e.type)).map(itemOf))];
  if (itemIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('algorithm_effects')
    .select('item_id')
    .distinct()
    .where(sql<boolean>`item_id = ANY(${itemIds}::uuid[])`)
    .where('state', '<>', 'judged')
    .execute();
  return new Set(rows.map((row) => row.item_id));
}

export const algorithmEffectProjection: Projection = {
  name: 'algorithm_effects',
  mode: 'async',
  types: ['AlgorithmCallPlanned', 'AlgorithmCallAnswered', 'ItemClaimed', 'ResultSaved', 'ItemSubmitted', 'ItemPassed', 'ItemRejected'],
  tables: ['algorithm_effects'],
  async apply(db, events) {
    const open = (itemId: string, state = 'open') => db.updateTable('algorithm_effects').where('item_id', '=', itemId).where('state', '=', state);
    const followed = await followedItems(db, events);
    for (const event of events) {
      if (workLoop.has(event.type) && !followed.has(itemOf(event))) continue;
      switch (event.type) {
        case 'AlgorithmCallPlanned': {
          const d = event.data as CallData<'AlgorithmCallPlanned'>;
          const rows = d.controlItemIds.map((itemId) => ({ call_id: d.callId, item_id: itemId, grp: 'control', model: '[]', current: '[]', state: 'open' }));
          d.controlItemIds.forEach((itemId) => followed.add(itemId));
          if (rows.length > 0) await db.insertInto('algorithm_effects').values(rows).onConflict((oc) => oc.doNothing()).execute();
          break;
        }
        case 'AlgorithmCallAnswered': {
          const d = event.data as CallData<'AlgorithmCallAnswered'>;
          const rows = d.outcomes
            .filter((o) => o.outcome === 'answered')
            .map((o) => {
              const model = boxes(boxesOfDetections(o.detections));
              return { call_id: d.callId, item_id: o.itemId, grp: 'answered', model, current: model, state: 'open' };
            });
          rows.forEach((row) => followed.add(row.item_id));
          if (rows.length > 0) await db.insertInto('algorithm_effects').values(rows).onConflict((oc) => oc.doNothing()).execute();
          break;
        }
        case 'ItemClaimed': {
          const d = event.data as ItemData<'ItemClaimed'>;
          await open(d.itemId).set({ claimed_at: d.claimedAt }).execute();
          break;
        }
        case 'ResultSaved': {
          const d = event.data as ItemData<'ResultSaved'>;
          await open(d.itemId).set({ current: boxes(boxesOfResult(d.result)) }).execute();
          break;
        }
        case 'ItemSubmitted': {
          const d = event.data as ItemData<'ItemSubmitted'>;
          const rows = await db.selectFrom('algorithm_effects').select(['call_id', 'model', 'current', 'claimed_at']).where('item_id', '=', d.itemId).where('state', '=', 'open').execute();
          for (const row of rows) {
            const changes = compareObjects(row.model as ClassedBox[], row.current as ClassedBox[]);
            const annotationMs = row.claimed_at ? Math.max(0, Date.parse(d.submittedAt) - new Date(row.claimed_at).getTime()) : null;
            await db
              .updateTable('algorithm_effects')
              .set({ ...changes, submitted_at: d.submittedAt, annotation_ms: annotationMs, state: 'submitted' })
              .where('call_id', '=', row.call_id)
              .where('item_id', '=', d.itemId)
              .execute();
          }
          break;
        }
        case 'ItemPassed':
        case 'ItemRejected': {
          const d = event.data as ItemData<'ItemPassed'>;
          await open(d.itemId, 'submitted').set({ passed: event.type === 'ItemPassed', state: 'judged' }).execute();
          break;
        }
      }
    }
  },
};
