import { describe, expect, it } from 'vitest';
import { acceptHeldItem, recycleItem, returnItem } from './item-management.decide';
import { foldItem } from './item.evolve';
import { fresh, given, happened, ids, inInspection, plan, pm, tagger } from './item.test-fixtures';

const ref = { itemId: ids.item, projectId: ids.project };
const eventsOf = (decision: unknown) => (decision as { events: never[] }).events;
const held = () => given([happened.rejected(ids.inspect1, ids.insp, ids.annotate1, 3), happened.held(ids.annotate1, 3)], inInspection());
const finished = () =>
  given([happened.passed(ids.inspect1, ids.insp, ids.annotate2), happened.claimed(ids.annotate2, ids.ann2), happened.submitted(ids.annotate2, ids.ann2, ids.inspect2), happened.claimed(ids.inspect2, ids.insp), happened.passed(ids.inspect2, ids.insp, null), happened.finished(ids.inspect2)], inInspection());

describe('recycleItem', () => {
  it('given a finished item, when the PM recycles it to the annotation pool clearing results, then it starts over with an empty version', () => {
    const decision = recycleItem(finished(), plan, pm, { target: 'annotation_pool', keepResult: false });
    expect(decision).toEqual({
      events: [{ type: 'ItemRecycled', data: { ...ref, fromLinkId: ids.inspect2, toLinkId: ids.annotate1, target: 'annotation_pool', keepResult: false, resultVersion: 2, recycledBy: ids.pm } }],
    });
    expect(foldItem(finished(), eventsOf(decision))).toMatchObject({
      status: 'pooled',
      linkId: ids.annotate1,
      result: null,
      objectCount: 0,
      resultVersion: 2,
      links: [{ linkId: ids.annotate1, status: 'waiting' }],
    });
  });
  it('given an item claimed in inspection, when the PM recycles it within the same link keeping results, then it waits there unclaimed with its result', () => {
    const decision = recycleItem(inInspection(), plan, pm, { target: 'same_link', keepResult: true });
    expect(decision).toMatchObject({ events: [{ data: { fromLinkId: ids.inspect1, toLinkId: ids.inspect1, resultVersion: 1 } }] });
    expect(foldItem(inInspection(), eventsOf(decision))).toMatchObject({ status: 'pooled', linkId: ids.inspect1, claimerId: null, resultVersion: 1, result: { objects: [] } });
  });
  it('given a held item, when the PM recycles it, then it is no longer held', () => {
    expect(foldItem(held(), eventsOf(recycleItem(held(), plan, pm, { target: 'same_link', keepResult: true })))).toMatchObject({ status: 'pooled', held: false, linkId: ids.annotate1 });
  });
  it('given an item without a result, when cleared, then the version does not move', () => {
    expect(recycleItem(fresh(), plan, pm, { target: 'annotation_pool', keepResult: false })).toMatchObject({ events: [{ data: { resultVersion: 0 } }] });
  });
  it('given a tagger, then they cannot recycle', () => {
    expect(recycleItem(fresh(), plan, tagger, { target: 'same_link', keepResult: true })).toMatchObject({ refusal: { messageKey: 'errors.invalid_transition' } });
  });
  it('given an item with no link yet, then there is nothing to recycle', () => {
    expect(recycleItem(fresh(null), plan, pm, { target: 'same_link', keepResult: true })).toMatchObject({ refusal: { messageKey: 'errors.invalid_transition', params: { from: 'unlinked' } } });
  });
});

describe('acceptHeldItem', () => {
  it('given a held item, when the PM accepts it, then it is finished by the PM', () => {
    const decision = acceptHeldItem(held(), plan, pm);
    expect(decision).toEqual({ events: [{ type: 'ItemFinished', data: { ...ref, linkId: ids.annotate1, resultVersion: 1, decidedBy: 'manager' } }] });
    expect(foldItem(held(), eventsOf(decision))).toMatchObject({ status: 'finished', held: false });
  });
  it('given an item that is not held, then there is nothing to accept', () => {
    expect(acceptHeldItem(inInspection(), plan, pm)).toMatchObject({ refusal: { messageKey: 'errors.invalid_transition', params: { from: 'claimed' } } });
  });
});

describe('returnItem', () => {
  const marks = [{ errorGroupId: ids.project, value: 'box too loose', objectId: null, frame: null, spot: null, comment: '' }];
  const gate = { gate: 'sampling' as const, gateId: ids.project, marks };
  it('given a finished item, when a sampling round fails it, then it goes back to the annotation link that produced it, offered to its annotator, with the marks', () => {
    const decision = returnItem(finished(), plan, tagger, gate);
    expect(decision).toEqual({
      events: [
        {
          type: 'ItemReturned',
          data: { ...ref, linkId: ids.inspect2, gate: 'sampling', gateId: ids.project, resultVersion: 1, marks, toLinkId: ids.annotate2, preferredClaimerId: ids.ann2, returnedBy: tagger.id },
        },
      ],
    });
    expect(foldItem(finished(), eventsOf(decision))).toMatchObject({ status: 'pooled', linkId: ids.annotate2, rework: true, preferredClaimerId: ids.ann2, marks, resultVersion: 1 });
  });
  it('given an item still at work, then no gate can return it', () => {
    expect(returnItem(inInspection(), plan, pm, gate)).toMatchObject({ refusal: { messageKey: 'errors.invalid_transition', params: { from: 'claimed' } } });
  });
});
