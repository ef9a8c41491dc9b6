import { describe, expect, it } from 'vitest';
import { allowedBy, itTakesItsEdges, type MachineEdge, type MachineRefusal } from '../shared/machine-edges.test-support';
import type { ItemStatus } from './item.evolve';
import { itemMachine, type ItemMachineContext, type ItemMachineEvent } from './item.machine';
import { ids, plan } from './item.test-fixtures';

const base: ItemMachineContext = {
  links: plan.links,
  linkId: ids.annotate1,
  claimerId: null,
  claimId: null,
  annotatorIds: [],
  reworkCount: 0,
  reworkMaxCount: 2,
  inspectorMayModify: false,
  effectiveness: 'valid',
  invalidity: null,
};
const ctx = (over: Partial<ItemMachineContext> = {}): ItemMachineContext => ({ ...base, ...over });
const claimedBy = (linkId: string, claimerId: string, over: Partial<ItemMachineContext> = {}) => ctx({ linkId, claimerId, claimId: ids.claim1, ...over });

const allowed = allowedBy<ItemStatus, ItemMachineContext, ItemMachineEvent>(itemMachine);

const by = (actorId: string, manager = false) => ({ actorId, manager });
const tagger = by(ids.ann);
const inspector = by(ids.insp);
const pm = by(ids.pm, true);

/** Every edge: from, why, context, event, to. */
type Edge = MachineEdge<ItemStatus, ItemMachineContext, ItemMachineEvent>;
const edges: Edge[] = [
  ['unlinked', 'enters the first pool once the project has links', ctx({ linkId: null }), { type: 'item.enter' }, 'pooled'],
  ['pooled', 'an annotator claims it', ctx(), { type: 'item.claim', ...tagger }, 'claimed'],
  ['pooled', 'an inspector who did not annotate it claims it', ctx({ linkId: ids.inspect1, annotatorIds: [ids.ann] }), { type: 'item.claim', ...inspector }, 'claimed'],
  ['pooled', 'the PM rejects it in an inspection pool', ctx({ linkId: ids.inspect1 }), { type: 'item.reject', ...pm }, 'pooled'],
  ['pooled', 'the PM rejects it past the rework limit', ctx({ linkId: ids.inspect1, reworkCount: 2 }), { type: 'item.reject', ...pm }, 'held'],
  ['pooled', 'the PM recycles it', ctx(), { type: 'item.recycle', ...pm }, 'pooled'],
  ['pooled', 'the PM imports a starting result while it waits to be annotated', ctx(), { type: 'item.prelabel', ...pm }, 'pooled'],
  ['claimed', 'the claimer releases it', claimedBy(ids.annotate1, ids.ann), { type: 'item.release', ...tagger }, 'pooled'],
  ['claimed', 'the PM releases it', claimedBy(ids.annotate1, ids.ann), { type: 'item.release', ...pm }, 'pooled'],
  ['claimed', 'the timer of the current claim expires it', claimedBy(ids.annotate1, ids.ann), { type: 'item.expire', claimId: ids.claim1 }, 'pooled'],
  ['claimed', 'the annotator saves', claimedBy(ids.annotate1, ids.ann), { type: 'item.save', ...tagger }, 'claimed'],
  ['claimed', 'the inspector saves where inspectors may modify', claimedBy(ids.inspect1, ids.insp, { inspectorMayModify: true }), { type: 'item.save', ...inspector }, 'claimed'],
  ['claimed', 'the annotator submits to the next pool', claimedBy(ids.annotate1, ids.ann), { type: 'item.submit', ...tagger }, 'pooled'],
  ['claimed', 'the annotator marks it invalid', claimedBy(ids.annotate1, ids.ann), { type: 'item.mark_invalid', ...tagger }, 'claimed'],
  ['claimed', 'the annotator takes the invalid mark back', claimedBy(ids.annotate1, ids.ann, { effectiveness: 'invalid', invalidity: 'pending' }), { type: 'item.mark_valid', ...tagger }, 'claimed'],
  ['claimed', 'the inspector confirms the invalid mark', claimedBy(ids.inspect1, ids.insp, { effectiveness: 'invalid', invalidity: 'pending' }), { type: 'item.confirm_invalid', ...inspector }, 'claimed'],
  ['claimed', 'the inspector overturns the invalid mark', claimedBy(ids.inspect1, ids.insp, { effectiveness: 'invalid', invalidity: 'pending' }), { type: 'item.overturn_invalid', ...inspector }, 'claimed'],
  ['claimed', 'the inspector passes it to the next link', claimedBy(ids.inspect1, ids.insp), { type: 'item.pass', ...inspector }, 'pooled'],
  ['claimed', 'the inspector of the last link finishes it', claimedBy(ids.inspect2, ids.insp), { type: 'item.pass', ...inspector }, 'finished'],
  ['claimed', 'the inspector passes a confirmed invalid item', claimedBy(ids.inspect1, ids.insp, { effectiveness: 'invalid', invalidity: 'confirmed' }), { type: 'item.pass', ...inspector }, 'pooled'],
  ['claimed', 'the inspector rejects it for rework', claimedBy(ids.inspect1, ids.insp, { reworkCount: 1 }), { type: 'item.reject', ...inspector }, 'pooled'],
  ['claimed', 'the inspector rejects it past the rework limit', claimedBy(ids.inspect1, ids.insp, { reworkCount: 2 }), { type: 'item.reject', ...inspector }, 'held'],
  ['claimed', 'the PM rejects a claimed item', claimedBy(ids.inspect1, ids.insp), { type: 'item.reject', ...pm }, 'pooled'],
  ['claimed', 'the PM recycles it', claimedBy(ids.annotate1, ids.ann), { type: 'item.recycle', ...pm }, 'pooled'],
  ['held', 'the PM recycles it', ctx({ reworkCount: 3 }), { type: 'item.recycle', ...pm }, 'pooled'],
  ['held', 'the PM accepts it as finished', ctx({ reworkCount: 3 }), { type: 'item.accept', ...pm }, 'finished'],
  ['finished', 'the PM recycles it', ctx({ linkId: ids.inspect2 }), { type: 'item.recycle', ...pm }, 'pooled'],
  ['finished', 'a quality gate returns it for rework', ctx({ linkId: ids.inspect2 }), { type: 'item.return', ...tagger }, 'pooled'],
];

/** Events a state knows but refuses in these circumstances: from, why, context, event. */
type Refused = MachineRefusal<ItemStatus, ItemMachineContext, ItemMachineEvent>;
const refusals: Refused[] = [
  ['unlinked', 'the project still has no links', ctx({ links: [], linkId: null }), { type: 'item.enter' }],
  ['pooled', 'its annotator claims it for inspection', ctx({ linkId: ids.inspect1, annotatorIds: [ids.ann2, ids.ann] }), { type: 'item.claim', ...tagger }],
  ['pooled', 'someone who annotated it in an earlier link claims it in a later inspection', ctx({ linkId: ids.inspect2, annotatorIds: [ids.ann] }), { type: 'item.claim', ...tagger }],
  ['pooled', 'a claim names no one', ctx(), { type: 'item.claim' } as ItemMachineEvent],
  ['pooled', 'a tagger rejects an unclaimed item', ctx({ linkId: ids.inspect1 }), { type: 'item.reject', ...inspector }],
  ['pooled', 'the PM rejects an item in an annotation pool', ctx(), { type: 'item.reject', ...pm }],
  ['pooled', 'a tagger recycles it', ctx(), { type: 'item.recycle', ...tagger }],
  ['pooled', 'a tagger imports a starting result', ctx(), { type: 'item.prelabel', ...tagger }],
  ['pooled', 'the PM imports a starting result into an inspection pool', ctx({ linkId: ids.inspect1 }), { type: 'item.prelabel', ...pm }],
  ['claimed', 'someone else releases it', claimedBy(ids.annotate1, ids.ann), { type: 'item.release', ...by(ids.ann2) }],
  ['claimed', 'a stale timer names an earlier claim', claimedBy(ids.annotate1, ids.ann), { type: 'item.expire', claimId: ids.claim2 }],
  ['claimed', 'someone else saves', claimedBy(ids.annotate1, ids.ann), { type: 'item.save', ...by(ids.ann2) }],
  ['claimed', 'the PM saves without claiming', claimedBy(ids.annotate1, ids.ann), { type: 'item.save', ...pm }],
  ['claimed', 'the inspector saves where inspectors may not modify', claimedBy(ids.inspect1, ids.insp), { type: 'item.save', ...inspector }],
  ['claimed', 'someone else submits', claimedBy(ids.annotate1, ids.ann), { type: 'item.submit', ...by(ids.ann2) }],
  ['claimed', 'an inspector submits instead of passing', claimedBy(ids.inspect1, ids.insp), { type: 'item.submit', ...inspector }],
  ['claimed', 'a submission has no link after it', claimedBy(ids.annotate1, ids.ann, { links: [{ id: ids.annotate1, type: 'annotation' }] }), { type: 'item.submit', ...tagger }],
  ['claimed', 'an invalid item is marked invalid again', claimedBy(ids.annotate1, ids.ann, { effectiveness: 'invalid', invalidity: 'pending' }), { type: 'item.mark_invalid', ...tagger }],
  ['claimed', 'a valid item is marked valid', claimedBy(ids.annotate1, ids.ann), { type: 'item.mark_valid', ...tagger }],
  ['claimed', 'an inspector marks it invalid', claimedBy(ids.inspect1, ids.insp), { type: 'item.mark_invalid', ...inspector }],
  ['claimed', 'an annotator confirms their own invalid mark', claimedBy(ids.annotate1, ids.ann, { effectiveness: 'invalid', invalidity: 'pending' }), { type: 'item.confirm_invalid', ...tagger }],
  ['claimed', 'the inspector confirms a mark already confirmed', claimedBy(ids.inspect1, ids.insp, { effectiveness: 'invalid', invalidity: 'confirmed' }), { type: 'item.confirm_invalid', ...inspector }],
  ['claimed', 'the inspector overturns a valid item', claimedBy(ids.inspect1, ids.insp), { type: 'item.overturn_invalid', ...inspector }],
  ['claimed', 'the inspector passes before judging the invalid mark', claimedBy(ids.inspect1, ids.insp, { effectiveness: 'invalid', invalidity: 'pending' }), { type: 'item.pass', ...inspector }],
  ['claimed', 'an annotator passes their own item', claimedBy(ids.annotate1, ids.ann), { type: 'item.pass', ...tagger }],
  ['claimed', 'someone else passes it', claimedBy(ids.inspect1, ids.insp), { type: 'item.pass', ...by(ids.ann2) }],
  ['claimed', 'an annotator rejects', claimedBy(ids.annotate1, ids.ann), { type: 'item.reject', ...tagger }],
  ['claimed', 'someone else rejects', claimedBy(ids.inspect1, ids.insp), { type: 'item.reject', ...by(ids.ann2) }],
  ['claimed', 'the claimer recycles', claimedBy(ids.annotate1, ids.ann), { type: 'item.recycle', ...tagger }],
  ['claimed', 'someone claims it again', claimedBy(ids.annotate1, ids.ann), { type: 'item.claim', ...by(ids.ann2) }],
  ['held', 'a tagger recycles it', ctx(), { type: 'item.recycle', ...tagger }],
  ['held', 'a tagger accepts it', ctx(), { type: 'item.accept', ...tagger }],
  ['held', 'someone claims it', ctx(), { type: 'item.claim', ...tagger }],
  ['finished', 'a tagger recycles it', ctx({ linkId: ids.inspect2 }), { type: 'item.recycle', ...tagger }],
  ['finished', 'someone claims it', ctx({ linkId: ids.inspect2 }), { type: 'item.claim', ...tagger }],
  ['finished', 'a gate returns it with no annotation link before', ctx({ linkId: ids.annotate1 }), { type: 'item.return', ...pm }],
];

describe('itemMachine', () => {
  const states: ItemStatus[] = ['unlinked', 'pooled', 'claimed', 'held', 'finished'];
  for (const state of states) {
    describe(state, () => {
      const mine = edges.filter(([from]) => from === state);
      itTakesItsEdges(itemMachine, state, edges, refusals);
      it('refuses every event it has no edge for, whoever sends it', () => {
        const known = new Set(mine.map(([, , , event]) => event.type));
        const everyone = [tagger, inspector, pm, {}];
        for (const type of itemMachine.events.filter((e: string) => !known.has(e as ItemMachineEvent['type']))) {
          for (const actor of everyone) {
            const context = state === 'claimed' ? claimedBy(ids.inspect1, ids.insp, { effectiveness: 'invalid', invalidity: 'pending' }) : ctx();
            expect(allowed(state, context, { type, claimId: ids.claim1, ...actor } as ItemMachineEvent)).toBe(false);
          }
        }
      });
    });
  }
});
