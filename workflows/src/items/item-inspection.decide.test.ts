import { describe, expect, it } from 'vitest';
import { confirmInvalidity, overturnInvalidity, passItem, rejectItem } from './item-inspection.decide';
import type { ErrorMark } from './item.events';
import { foldItem, type ItemState } from './item.evolve';
import { given, happened, ids, inInspection, inspector, otherTagger, plan, pm, tagger } from './item.test-fixtures';

const ref = { itemId: ids.item, projectId: ids.project };
const marks: ErrorMark[] = [{ errorGroupId: ids.errorGroup, value: 'wrong class', objectId: 'car-1', frame: 0, comment: 'a van' }];
const eventsOf = (decision: unknown) => (decision as { events: never[] }).events;

/** The item rejected `times` times in the first inspection link and claimed there again. */
function rejectedBefore(times: number): ItemState {
  let state = inInspection();
  for (let n = 1; n <= times; n++) {
    state = given(
      [
        happened.rejected(ids.inspect1, ids.insp, ids.annotate1, n),
        happened.claimed(ids.annotate1, ids.ann, ids.claim1),
        happened.submitted(ids.annotate1, ids.ann, ids.inspect1),
        happened.claimed(ids.inspect1, ids.insp, ids.claim2),
      ],
      state,
    );
  }
  return state;
}

describe('passItem', () => {
  it('given the inspector holds the item, when they pass it, then it goes to the next link naming the version judged', () => {
    expect(passItem(inInspection(), plan, inspector)).toEqual({
      events: [{ type: 'ItemPassed', data: { ...ref, linkId: ids.inspect1, inspectorId: ids.insp, resultVersion: 1, toLinkId: ids.annotate2 } }],
    });
    expect(foldItem(inInspection(), eventsOf(passItem(inInspection(), plan, inspector)))).toMatchObject({ status: 'pooled', linkId: ids.annotate2 });
  });
  it('given the last link, when the inspector passes it, then the item is finished', () => {
    const last = given([
      happened.passed(ids.inspect1, ids.insp, ids.annotate2),
      happened.claimed(ids.annotate2, ids.ann2),
      happened.submitted(ids.annotate2, ids.ann2, ids.inspect2),
      happened.claimed(ids.inspect2, ids.insp, ids.claim2),
    ], inInspection());
    const decision = passItem(last, plan, inspector);
    expect(decision).toEqual({
      events: [
        { type: 'ItemPassed', data: { ...ref, linkId: ids.inspect2, inspectorId: ids.insp, resultVersion: 1, toLinkId: null } },
        { type: 'ItemFinished', data: { ...ref, linkId: ids.inspect2, resultVersion: 1, decidedBy: 'inspection' } },
      ],
    });
    expect(foldItem(last, eventsOf(decision))).toMatchObject({ status: 'finished', linkId: ids.inspect2, claimerId: null });
  });
  it('given an invalid mark not yet judged, then the inspector must confirm or overturn it first', () => {
    const state = given([happened.markedInvalid(ids.annotate1, ids.ann)], inInspection());
    expect(passItem(state, plan, inspector)).toEqual({ refusal: { messageKey: 'items.invalidity_unjudged', params: {} } });
  });
  it('given someone else holds the item, then they cannot pass it', () => {
    expect(passItem(inInspection(), plan, otherTagger)).toEqual({ refusal: { messageKey: 'items.not_claimer', params: {} } });
  });
});

describe('rejectItem', () => {
  it('given the inspector holds the item, when they reject it with marks, then it goes back to its annotator as rework', () => {
    const decision = rejectItem(inInspection(), plan, inspector, { marks });
    expect(decision).toEqual({
      events: [
        {
          type: 'ItemRejected',
          data: { ...ref, linkId: ids.inspect1, inspectorId: ids.insp, resultVersion: 1, marks, toLinkId: ids.annotate1, preferredClaimerId: ids.ann, reworkCount: 1 },
        },
      ],
    });
    expect(foldItem(inInspection(), eventsOf(decision))).toMatchObject({
      status: 'pooled',
      linkId: ids.annotate1,
      rework: true,
      reworkCount: 1,
      preferredClaimerId: ids.ann,
      marks,
      links: [
        { linkId: ids.annotate1, status: 'waiting' },
        { linkId: ids.inspect1, status: 'rejected' },
      ],
    });
  });
  it('given a second annotation link, when its inspection rejects, then the item goes back to that link, not the first', () => {
    const second = given([
      happened.passed(ids.inspect1, ids.insp, ids.annotate2),
      happened.claimed(ids.annotate2, ids.ann2),
      happened.submitted(ids.annotate2, ids.ann2, ids.inspect2),
      happened.claimed(ids.inspect2, ids.insp, ids.claim2),
    ], inInspection());
    expect(rejectItem(second, plan, inspector, { marks })).toMatchObject({ events: [{ data: { toLinkId: ids.annotate2, preferredClaimerId: ids.ann2 } }] });
  });
  it('given the item was reworked as often as allowed, when it is rejected again, then it is held for the PM', () => {
    const state = rejectedBefore(2);
    const decision = rejectItem(state, plan, inspector, { marks });
    expect(eventsOf(decision)).toEqual([
      expect.objectContaining({ type: 'ItemRejected', data: expect.objectContaining({ reworkCount: 3 }) }),
      { type: 'ItemHeld', data: { ...ref, linkId: ids.annotate1, reworkCount: 3, reworkMaxCount: 2 } },
    ]);
    expect(foldItem(state, eventsOf(decision))).toMatchObject({ status: 'held', held: true, linkId: ids.annotate1, reworkCount: 3 });
  });
  it('given one rework left, then the rejection is still a rework', () => {
    expect(eventsOf(rejectItem(rejectedBefore(1), plan, inspector, { marks })).map((e: { type: string }) => e.type)).toEqual(['ItemRejected']);
  });
  it('given a project with no rework allowed, then the first rejection holds the item', () => {
    expect(eventsOf(rejectItem(inInspection(), { ...plan, reworkMaxCount: 0 }, inspector, { marks })).map((e: { type: string }) => e.type)).toEqual(['ItemRejected', 'ItemHeld']);
  });
  it('given no marks, then the rejection is refused', () => {
    expect(rejectItem(inInspection(), plan, inspector, { marks: [] })).toEqual({ refusal: { messageKey: 'items.marks_empty', params: {} } });
  });
  it('given an item waiting in an inspection pool, when the PM rejects it, then it goes back without a claim', () => {
    const waiting = given([happened.claimed(ids.annotate1, ids.ann), happened.submitted(ids.annotate1, ids.ann, ids.inspect1)]);
    expect(rejectItem(waiting, plan, pm, { marks })).toMatchObject({ events: [{ type: 'ItemRejected', data: { inspectorId: ids.pm, toLinkId: ids.annotate1 } }] });
  });
  it('given a tagger who does not hold the item, then they cannot reject it', () => {
    expect(rejectItem(inInspection(), plan, tagger, { marks })).toEqual({ refusal: { messageKey: 'items.not_claimer', params: {} } });
  });
});

describe('confirmInvalidity', () => {
  const marked = () => given([happened.markedInvalid(ids.annotate1, ids.ann)], inInspection());
  it('given an invalid mark, when the inspector confirms it, then the item stays invalid and can be passed', () => {
    const decision = confirmInvalidity(marked(), plan, inspector);
    expect(decision).toEqual({ events: [{ type: 'InvalidityConfirmed', data: { ...ref, linkId: ids.inspect1, inspectorId: ids.insp, reasonId: ids.reason, resultVersion: 1 } }] });
    const confirmed = foldItem(marked(), eventsOf(decision));
    expect(confirmed).toMatchObject({ effectiveness: 'invalid', invalidity: 'confirmed' });
    expect(passItem(confirmed, plan, inspector)).toMatchObject({ events: [{ type: 'ItemPassed' }] });
  });
  it('given a valid item, then there is nothing to confirm', () => {
    expect(confirmInvalidity(inInspection(), plan, inspector)).toMatchObject({ refusal: { messageKey: 'errors.invalid_transition' } });
  });
});

describe('overturnInvalidity', () => {
  it('given an invalid mark, when the inspector overturns it, then the item is valid again', () => {
    const marked = given([happened.markedInvalid(ids.annotate1, ids.ann)], inInspection());
    const decision = overturnInvalidity(marked, plan, inspector);
    expect(decision).toMatchObject({ events: [{ type: 'InvalidityOverturned', data: { reasonId: ids.reason, resultVersion: 1 } }] });
    expect(foldItem(marked, eventsOf(decision))).toMatchObject({ effectiveness: 'valid', invalidReasonId: null, invalidity: null });
  });
});
