import { describe, expect, it } from 'vitest';
import { saveResult, submitItem } from './item-annotation.decide';
import { claimItem } from './item-claim.decide';
import { passItem, rejectItem } from './item-inspection.decide';
import type { ItemDecision } from './item.decide';
import { evolveItem, type ItemState } from './item.evolve';
import { car, fresh, ids, inspector, otherTagger, resultConfig, resultWith, tagger } from './item.test-fixtures';
import type { WorkPlan } from './work-plan';

const now = new Date('2026-01-01T08:00:00.000Z');
/** The smallest pipeline the link rules allow: annotation, then inspection. */
const twoLinks: WorkPlan = { links: [{ id: ids.annotate1, type: 'annotation' }, { id: ids.inspect1, type: 'inspection' }], reworkMaxCount: 1, autoRecycleMinutes: null, inspectorMayModify: false };

/** Applies a decision the way the write path does, failing on a refusal. */
function then(state: ItemState, decision: ItemDecision): ItemState {
  if ('refusal' in decision) throw new Error(`refused: ${decision.refusal.messageKey}`);
  return decision.events.reduce(evolveItem, state);
}

describe('the work loop', () => {
  it('takes an item from the pool through a rejection and its rework to finished, pinning each judged version', () => {
    let item = fresh();
    item = then(item, claimItem(item, twoLinks, tagger, { claimId: ids.claim1, now }));
    item = then(item, saveResult(item, twoLinks, tagger, { result: resultWith(car({ attributes: { color: 'blue' } })), config: resultConfig, now }));
    item = then(item, submitItem(item, twoLinks, tagger, { config: resultConfig, now }));
    item = then(item, claimItem(item, twoLinks, inspector, { claimId: ids.claim2, now }));
    const rejection = rejectItem(item, twoLinks, inspector, { marks: [{ errorGroupId: ids.errorGroup, value: 'wrong color', objectId: 'car-1', frame: 0, comment: '' }] });
    expect(rejection).toMatchObject({ events: [{ type: 'ItemRejected', data: { resultVersion: 1 } }] });
    item = then(item, rejection);
    expect(item).toMatchObject({ status: 'pooled', linkId: ids.annotate1, rework: true, preferredClaimerId: ids.ann });

    item = then(item, claimItem(item, twoLinks, tagger, { claimId: ids.claim1, now }));
    item = then(item, saveResult(item, twoLinks, tagger, { result: resultWith(car()), config: resultConfig, now }));
    item = then(item, submitItem(item, twoLinks, tagger, { config: resultConfig, now }));
    expect(claimItem(item, twoLinks, tagger, { claimId: ids.claim2, now })).toEqual({ refusal: { messageKey: 'items.inspector_annotated', params: {} } });
    item = then(item, claimItem(item, twoLinks, otherTagger, { claimId: ids.claim2, now }));
    const pass = passItem(item, twoLinks, otherTagger);
    expect(pass).toMatchObject({ events: [{ type: 'ItemPassed', data: { resultVersion: 2 } }, { type: 'ItemFinished' }] });
    item = then(item, pass);

    expect(item).toMatchObject({ status: 'finished', submissionCount: 2, reworkCount: 1, resultVersion: 2, objectCount: 1, held: false, claimerId: null });
    expect(item.links).toEqual([
      { linkId: ids.annotate1, status: 'submitted' },
      { linkId: ids.inspect1, status: 'passed' },
    ]);
  });
});
