import { describe, expect, it } from 'vitest';
import { markInvalid, markValid, saveResult, submitItem } from './item-annotation.decide';
import { evolveItem } from './item.evolve';
import { car, fresh, given, happened, ids, inInspection, inspector, otherTagger, plan, resultConfig, resultWith, tagger } from './item.test-fixtures';

const now = new Date('2026-01-01T09:00:00.000Z');
const ref = { itemId: ids.item, projectId: ids.project };
const claimed = () => given([happened.claimed(ids.annotate1, ids.ann)]);

describe('saveResult', () => {
  it('given the tagger holds the item, when they save a result, then it is the next version, whole', () => {
    const result = resultWith(car());
    expect(saveResult(claimed(), plan, tagger, { result, config: resultConfig, now })).toEqual({
      events: [{ type: 'ResultSaved', data: { ...ref, linkId: ids.annotate1, resultVersion: 1, savedBy: ids.ann, savedAt: '2026-01-01T09:00:00.000Z', objectCount: 1, result } }],
    });
    const twice = given([happened.saved(ids.annotate1, ids.ann, 1)], claimed());
    expect(saveResult(twice, plan, tagger, { result, config: resultConfig, now })).toMatchObject({ events: [{ data: { resultVersion: 2 } }] });
  });
  it('given an incomplete result, then it saves: required attributes count only at submission', () => {
    expect(saveResult(claimed(), plan, tagger, { result: resultWith(car({ attributes: {} })), config: resultConfig, now })).toMatchObject({ events: [{ type: 'ResultSaved' }] });
  });
  it('given a result with an unknown option, then the save is refused naming the object and attribute', () => {
    const decision = saveResult(claimed(), plan, tagger, { result: resultWith(car({ attributes: { color: 'green' } })), config: resultConfig, now });
    expect(decision).toEqual({
      refusal: {
        messageKey: 'items.result_invalid',
        params: { count: 1 },
        issues: [{ objectId: 'car-1', attribute: 'color', messageKey: 'items.result.option_unknown', params: { name: 'Color', value: 'green', owner: '1. car' } }],
      },
    });
  });
  it('given another tagger holds the item, then they cannot save', () => {
    expect(saveResult(claimed(), plan, otherTagger, { result: resultWith(), config: resultConfig, now })).toEqual({ refusal: { messageKey: 'items.not_claimer', params: {} } });
  });
  it('given an inspector holds the item, then they save only where the project lets inspectors modify', () => {
    const input = { result: resultWith(car()), config: resultConfig, now };
    expect(saveResult(inInspection(), plan, inspector, input)).toEqual({ refusal: { messageKey: 'items.inspector_may_not_modify', params: {} } });
    expect(saveResult(inInspection(), { ...plan, inspectorMayModify: true }, inspector, input)).toMatchObject({ events: [{ data: { resultVersion: 2, savedBy: ids.insp } }] });
  });
  it('given the item waits in the pool, then nobody saves it', () => {
    expect(saveResult(fresh(), plan, tagger, { result: resultWith(), config: resultConfig, now })).toMatchObject({ refusal: { messageKey: 'errors.invalid_transition' } });
  });
});

describe('submitItem', () => {
  it('given a complete saved result, when the tagger submits, then the item enters the inspection pool with that version', () => {
    const state = given([{ type: 'ResultSaved', data: { ...ref, linkId: ids.annotate1, resultVersion: 1, savedBy: ids.ann, savedAt: now.toISOString(), objectCount: 1, result: resultWith(car()) } }], claimed());
    const decision = submitItem(state, plan, tagger, { config: resultConfig, now });
    expect(decision).toEqual({
      events: [
        {
          type: 'ItemSubmitted',
          data: { ...ref, linkId: ids.annotate1, claimId: ids.claim1, submittedBy: ids.ann, submittedAt: '2026-01-01T09:00:00.000Z', resultVersion: 1, rework: false, toLinkId: ids.inspect1 },
        },
      ],
    });
    const after = evolveItem(state, (decision as { events: never[] }).events[0]);
    expect(after).toMatchObject({ status: 'pooled', linkId: ids.inspect1, submissionCount: 1, lastSubmittedAt: '2026-01-01T09:00:00.000Z', claimerId: null, annotatorIds: [ids.ann] });
    expect(after.links).toEqual([
      { linkId: ids.annotate1, status: 'submitted' },
      { linkId: ids.inspect1, status: 'waiting' },
    ]);
  });
  it('given a required attribute is missing, then the submission is refused naming the object and the attribute', () => {
    const state = given([{ type: 'ResultSaved', data: { ...ref, linkId: ids.annotate1, resultVersion: 1, savedBy: ids.ann, savedAt: now.toISOString(), objectCount: 1, result: resultWith(car({ attributes: {} })) } }], claimed());
    expect(submitItem(state, plan, tagger, { config: resultConfig, now })).toEqual({
      refusal: {
        messageKey: 'items.result_incomplete',
        params: { count: 1 },
        issues: [{ objectId: 'car-1', attribute: 'color', messageKey: 'items.result.attribute_required', params: { name: 'Color', owner: '1. car' } }],
      },
    });
  });
  it('given the item is marked invalid, then it is submitted without a complete result', () => {
    const state = given([happened.markedInvalid(ids.annotate1, ids.ann), { type: 'ResultSaved', data: { ...ref, linkId: ids.annotate1, resultVersion: 1, savedBy: ids.ann, savedAt: now.toISOString(), objectCount: 1, result: resultWith(car({ attributes: {} })) } }], claimed());
    expect(submitItem(state, plan, tagger, { config: resultConfig, now })).toMatchObject({ events: [{ type: 'ItemSubmitted' }] });
  });
  it('given another tagger holds it, then they cannot submit', () => {
    expect(submitItem(claimed(), plan, otherTagger, { config: resultConfig, now })).toEqual({ refusal: { messageKey: 'items.not_claimer', params: {} } });
  });
  it('given a rework, then the submission says so and the rework is over', () => {
    const rework = given([...inspectionRejected(), happened.claimed(ids.annotate1, ids.ann, ids.claim2)]);
    const decision = submitItem(rework, plan, tagger, { config: resultConfig, now });
    expect(decision).toMatchObject({ events: [{ data: { rework: true, claimId: ids.claim2 } }] });
    expect(evolveItem(rework, (decision as { events: never[] }).events[0])).toMatchObject({ rework: false, reworkCount: 1, submissionCount: 2 });
  });
});

function inspectionRejected() {
  return [
    happened.claimed(ids.annotate1, ids.ann),
    happened.submitted(ids.annotate1, ids.ann, ids.inspect1),
    happened.claimed(ids.inspect1, ids.insp, ids.claim2),
    happened.rejected(ids.inspect1, ids.insp, ids.annotate1, 1),
  ];
}

describe('markInvalid', () => {
  it('given the tagger holds the item, when they mark it invalid with a reason, then it is invalid pending inspection', () => {
    const decision = markInvalid(claimed(), plan, tagger, { reasonId: ids.reason });
    expect(decision).toEqual({ events: [{ type: 'ItemMarkedInvalid', data: { ...ref, linkId: ids.annotate1, markedBy: ids.ann, reasonId: ids.reason } }] });
    expect(evolveItem(claimed(), (decision as { events: never[] }).events[0])).toMatchObject({ effectiveness: 'invalid', invalidReasonId: ids.reason, invalidity: 'pending' });
  });
  it('given an inspector holds the item, then they cannot mark it invalid', () => {
    expect(markInvalid(inInspection(), plan, inspector, { reasonId: ids.reason })).toMatchObject({ refusal: { messageKey: 'errors.invalid_transition' } });
  });
  it('given another tagger holds it, then they cannot mark it', () => {
    expect(markInvalid(claimed(), plan, otherTagger, { reasonId: ids.reason })).toEqual({ refusal: { messageKey: 'items.not_claimer', params: {} } });
  });
});

describe('markValid', () => {
  it('given the tagger marked it invalid, when they take the mark back, then it is valid again', () => {
    const state = given([happened.markedInvalid(ids.annotate1, ids.ann)], claimed());
    const decision = markValid(state, plan, tagger);
    expect(decision).toEqual({ events: [{ type: 'ItemMarkedValid', data: { ...ref, linkId: ids.annotate1, markedBy: ids.ann } }] });
    expect(evolveItem(state, (decision as { events: never[] }).events[0])).toMatchObject({ effectiveness: 'valid', invalidReasonId: null, invalidity: null });
  });
  it('given a valid item, then there is no mark to take back', () => {
    expect(markValid(claimed(), plan, tagger)).toMatchObject({ refusal: { messageKey: 'errors.invalid_transition' } });
  });
});
