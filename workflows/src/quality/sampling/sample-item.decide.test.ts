import { describe, expect, it } from 'vitest';
import { claimSampleItem, closeSamplingRound, judgeSampleItem, releaseSampleItem } from './sample-item.decide';
import type { SamplingEvent } from './sampling.events';
import { foldSampling, type SamplingState } from './sampling.evolve';
import { annotator, at, given, happened, ids, inspector, judgedAll, marks, now, otherInspector, pm, ref, scope } from './sampling.test-fixtures';

const eventsOf = (decision: unknown) => (decision as { events: SamplingEvent[] }).events;
const refusal = (messageKey: string, params = {}) => ({ refusal: { messageKey, params } });
const [first, second, third, fourth] = scope;
const open = () => given([happened.created()]);
const claimedFirst = () => given([happened.claimed(1, first)], open());
const judge = (state: SamplingState, itemId: string, verdict: 'pass' | 'fail', withMarks = verdict === 'fail' ? marks : []) =>
  judgeSampleItem(state, inspector, { itemId, verdict, marks: withMarks, now });
/** Every item but the last judged, `failures` of them failed; the last claimed by the inspector. */
const allButLast = (failures: number, round = 1) => {
  const state = given(round === 1 ? [happened.created()] : [happened.created(), happened.roundStarted(round, scope.slice(0, 4))]);
  return given([...judgedAll({ ...state, sample: state.sample.slice(0, 3) }, failures), happened.claimed(round, fourth)], state);
};

describe('claimSampleItem', () => {
  it('given an open round, when an inspector claims a sample item, then they hold it', () => {
    const decision = claimSampleItem(open(), inspector, { itemId: first.itemId, now });
    expect(decision).toEqual({ events: [{ type: 'SampleItemClaimed', data: { ...ref, round: 1, itemId: first.itemId, inspectorId: ids.insp, claimedAt: at } }] });
    expect(foldSampling(open(), eventsOf(decision)).sample[0]).toMatchObject({ claimerId: ids.insp });
  });
  it('refuses an item held by someone else with the seed message', () => {
    expect(claimSampleItem(claimedFirst(), otherInspector, { itemId: first.itemId, now })).toEqual(refusal('items.claim_failed'));
  });
  it('refuses its annotator', () => {
    expect(claimSampleItem(open(), annotator, { itemId: first.itemId, now })).toEqual(refusal('items.inspector_annotated'));
  });
  it('refuses an item outside the sample, and one judged in this round', () => {
    expect(claimSampleItem(open(), inspector, { itemId: scope[5].itemId, now })).toEqual(refusal('quality.sampling_item_not_sampled'));
    const judged = given([happened.judged(1, first, 'pass')], claimedFirst());
    expect(claimSampleItem(judged, otherInspector, { itemId: first.itemId, now })).toEqual(refusal('quality.sampling_item_judged', { round: 1 }));
  });
});

describe('releaseSampleItem', () => {
  it('given the inspector holds an item, when they or the PM release it, then anyone may claim it', () => {
    for (const actor of [inspector, pm]) {
      const decision = releaseSampleItem(claimedFirst(), actor, { itemId: first.itemId });
      expect(decision).toEqual({ events: [{ type: 'SampleItemReleased', data: { ...ref, round: 1, itemId: first.itemId, inspectorId: ids.insp, releasedBy: actor.id } }] });
      expect(foldSampling(claimedFirst(), eventsOf(decision)).sample[0].claimerId).toBeNull();
    }
  });
  it('refuses someone else, and an unclaimed item', () => {
    expect(releaseSampleItem(claimedFirst(), otherInspector, { itemId: first.itemId })).toEqual(refusal('items.not_claimer'));
    expect(releaseSampleItem(open(), pm, { itemId: first.itemId })).toMatchObject({ refusal: { messageKey: 'errors.invalid_transition' } });
  });
});

describe('judgeSampleItem', () => {
  it('given the inspector holds an item, when they fail it with marks, then the verdict names the version drawn', () => {
    expect(judge(claimedFirst(), first.itemId, 'fail')).toEqual({
      events: [{ type: 'SampleItemJudged', data: { ...ref, round: 1, itemId: first.itemId, verdict: 'fail', marks, resultVersion: 1, inspectorId: ids.insp, judgedAt: at } }],
    });
  });
  it('lets a passed item carry marks of minor errors', () => {
    expect(judge(claimedFirst(), first.itemId, 'pass', marks)).toMatchObject({ events: [{ data: { verdict: 'pass', marks } }] });
  });
  it('refuses a failure without marks', () => {
    expect(judge(claimedFirst(), first.itemId, 'fail', [])).toEqual(refusal('items.marks_empty'));
  });
  it('refuses an item judged already in this round', () => {
    expect(judge(given([happened.judged(1, first, 'pass')], claimedFirst()), first.itemId, 'fail')).toEqual(refusal('quality.sampling_item_judged', { round: 1 }));
  });
  it('refuses an item the inspector does not hold', () => {
    expect(judge(open(), first.itemId, 'pass')).toEqual(refusal('items.not_claimer'));
    expect(judgeSampleItem(claimedFirst(), otherInspector, { itemId: first.itemId, verdict: 'pass', marks: [], now })).toEqual(refusal('items.not_claimer'));
  });
  it('given the last unjudged item, when it passes and the rate reaches the threshold, then the round closes and the scope passes', () => {
    const state = allButLast(1);
    expect(eventsOf(judge(state, fourth.itemId, 'pass'))).toEqual([
      expect.objectContaining({ type: 'SampleItemJudged' }),
      { type: 'SamplingRoundClosed', data: { ...ref, round: 1, judged: 4, passed: 3, passRate: 0.75 } },
      { type: 'SamplingScopePassed', data: { ...ref, round: 1 } },
    ]);
    expect(foldSampling(state, eventsOf(judge(state, fourth.itemId, 'pass')))).toMatchObject({ status: 'passed', rounds: [{ judged: 4, passed: 3, passRate: 0.75 }] });
  });
  it('given the last unjudged item, when the rate falls below the threshold, then the failed items go back with their marks', () => {
    const state = allButLast(1);
    expect(eventsOf(judge(state, fourth.itemId, 'fail')).slice(1)).toEqual([
      { type: 'SamplingRoundClosed', data: { ...ref, round: 1, judged: 4, passed: 2, passRate: 0.5 } },
      { type: 'SamplingScopeReturned', data: { ...ref, round: 1, items: [first, fourth].map((i) => ({ ...i, marks })) } },
    ]);
  });
  it('given the fourth round, when it falls below the threshold, then the task waits for the PM', () => {
    expect(eventsOf(judge(allButLast(2, 4), fourth.itemId, 'pass')).slice(2)).toEqual([{ type: 'SamplingTaskHeld', data: { ...ref, round: 4 } }]);
  });
});

describe('after the round', () => {
  it('answers claims, releases and verdicts on a passed task with what it allows', () => {
    const passed = given([{ type: 'SamplingScopePassed', data: { ...ref, round: 1 } }], claimedFirst());
    for (const decision of [claimSampleItem(passed, otherInspector, { itemId: first.itemId, now }), releaseSampleItem(passed, inspector, { itemId: first.itemId }), judge(passed, first.itemId, 'pass')]) {
      expect(decision).toMatchObject({ refusal: { messageKey: 'errors.invalid_transition', params: { from: 'passed' } } });
    }
  });
});

describe('closeSamplingRound', () => {
  it('refuses while items are unjudged', () => {
    expect(closeSamplingRound(given([happened.judged(1, first, 'pass')], claimedFirst()))).toEqual(refusal('quality.sampling_round_unjudged', { count: 3 }));
  });
  it('refuses a round that is not open', () => {
    const passed = given([...judgedAll(open(), 0), { type: 'SamplingScopePassed', data: { ...ref, round: 1 } }], open());
    expect(closeSamplingRound(passed)).toMatchObject({ refusal: { messageKey: 'errors.invalid_transition', params: { from: 'passed' } } });
  });
  it('closes a round whose items are all judged', () => {
    const all = given([happened.claimed(1, second), happened.claimed(1, third), ...judgedAll(open(), 0)], open());
    expect(eventsOf(closeSamplingRound(all)).map((e) => e.type)).toEqual(['SamplingRoundClosed', 'SamplingScopePassed']);
  });
});
