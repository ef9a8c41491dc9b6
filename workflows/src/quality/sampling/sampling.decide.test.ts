import { describe, expect, it } from 'vitest';
import { drawSample } from './sample-draw';
import { createSamplingTask, decideSamplingTask, sampleSizeOf, startSamplingRound } from './sampling.decide';
import type { SampleRule, SamplingEvent } from './sampling.events';
import { foldSampling, type SamplingState } from './sampling.evolve';
import { at, fresh, given, happened, ids, inspector, marks, now, pm, ref, scope } from './sampling.test-fixtures';
import { judgeSampleItem } from './sample-item.decide';

const eventsOf = (decision: unknown) => (decision as { events: SamplingEvent[] }).events;
const batch = { kind: 'batch' as const, batchId: ids.batch };
const create = (rule: SampleRule, items = scope, seed = 11) => createSamplingTask(fresh(), pm, { scope: batch, items, rule, seed, passThreshold: 75, now });
const unreasonable = (max: number) => ({ refusal: { messageKey: 'quality.sampling_quantity_unreasonable', params: { max } } });

/** Claims and judges the current round's sample through the deciders, the first `failures` failing. */
function playRound(state: SamplingState, failures: number): SamplingState {
  return state.sample.reduce((s, item, i) => {
    const claimed = given([happened.claimed(s.round, item)], s);
    const verdict = i < failures ? 'fail' : 'pass';
    return foldSampling(claimed, eventsOf(judgeSampleItem(claimed, inspector, { itemId: item.itemId, verdict, marks: verdict === 'fail' ? marks : [], now })));
  }, state);
}

/** The task after rounds that each fail half their sample: returned for rework, or held after the fourth. */
function failedRounds(rounds: number): SamplingState {
  let state = given([happened.created()]);
  for (let round = 1; round <= rounds; round++) state = playRound(round > 1 ? given([happened.roundStarted(round)], state) : state, 2);
  return state;
}

describe('createSamplingTask', () => {
  it('given finished items, when the PM creates a task by ratio, then it stores the draw and its seed, and the first round opens', () => {
    const decision = create({ by: 'ratio', ratio: 50 });
    const { sample, strata } = drawSample(scope, 3, 11);
    expect(decision).toEqual({
      events: [
        {
          type: 'SamplingTaskCreated',
          data: { ...ref, scope: batch, rule: { by: 'ratio', ratio: 50 }, passThreshold: 75, createdBy: ids.pm, createdAt: at, round: 1, screeningCount: 6, sampleSize: 3, seed: 11, sample, strata },
        },
      ],
    });
    expect(strata.map((s) => s.sampled)).toEqual([2, 1]);
    expect(foldSampling(fresh(), eventsOf(decision))).toMatchObject({ status: 'open', round: 1, passThreshold: 75, rounds: [{ round: 1, sampleSize: 3, passRate: null }] });
  });
  it('rounds a ratio up, so that any ratio above zero samples at least one item', () => {
    expect(sampleSizeOf({ by: 'ratio', ratio: 1 }, 6)).toBe(1);
    expect(sampleSizeOf({ by: 'ratio', ratio: 100 }, 6)).toBe(6);
    expect(eventsOf(create({ by: 'count', count: 6 }))[0].data).toMatchObject({ sampleSize: 6 });
  });
  it('refuses a quantity that samples nothing or more than the scope, with the seed message', () => {
    expect(create({ by: 'ratio', ratio: 0 })).toEqual(unreasonable(6));
    expect(create({ by: 'count', count: 7 })).toEqual(unreasonable(6));
    expect(create({ by: 'count', count: 0 })).toEqual(unreasonable(6));
  });
  it('refuses a scope with no finished items', () => {
    expect(create({ by: 'ratio', ratio: 10 }, [])).toEqual({ refusal: { messageKey: 'quality.sampling_scope_empty', params: {} } });
  });
  it('refuses anyone but a manager, and a second creation', () => {
    const byInspector = createSamplingTask(fresh(), inspector, { scope: batch, items: scope, rule: { by: 'count', count: 2 }, seed: 1, passThreshold: 75, now });
    expect(byInspector).toMatchObject({ refusal: { messageKey: 'errors.invalid_transition', params: { from: 'new', event: 'sampling.create' } } });
    const again = createSamplingTask(given([happened.created()]), pm, { scope: batch, items: scope, rule: { by: 'count', count: 2 }, seed: 1, passThreshold: 75, now });
    expect(again).toMatchObject({ refusal: { messageKey: 'errors.invalid_transition', params: { from: 'open' } } });
  });
});

describe('startSamplingRound', () => {
  it('given the scope came back from rework, when the PM starts the next round, then the scope is drawn again by the same rule', () => {
    const state = failedRounds(1);
    const decision = startSamplingRound(state, pm, { items: scope, seed: 99, now });
    const { sample, strata } = drawSample(scope, 4, 99);
    expect(decision).toEqual({
      events: [{ type: 'SamplingRoundStarted', data: { ...ref, startedBy: ids.pm, startedAt: at, round: 2, screeningCount: 6, sampleSize: 4, seed: 99, sample, strata } }],
    });
    const opened = foldSampling(state, eventsOf(decision));
    expect(opened).toMatchObject({ status: 'open', round: 2, returned: [] });
    expect(opened.sample.every((s) => s.verdict === null && s.claimerId === null)).toBe(true);
    expect(opened.rounds.map((r) => r.passRate)).toEqual([0.5, null]);
  });
  it('refuses while returned items have not finished their rework', () => {
    const stillReworking = scope.filter((i) => i.itemId !== scope[0].itemId);
    expect(startSamplingRound(failedRounds(1), pm, { items: stillReworking, seed: 1, now })).toEqual({
      refusal: { messageKey: 'quality.sampling_rework_unfinished', params: { count: 1 } },
    });
  });
  it('refuses a rule the scope can no longer meet', () => {
    const withFailed = scope.slice(0, 2);
    expect(startSamplingRound(failedRounds(1), pm, { items: withFailed, seed: 1, now })).toEqual(unreasonable(2));
  });
  it('refuses an inspector, and a round while one is open', () => {
    expect(startSamplingRound(failedRounds(1), inspector, { items: scope, seed: 1, now })).toMatchObject({ refusal: { messageKey: 'errors.invalid_transition' } });
    expect(startSamplingRound(given([happened.created()]), pm, { items: scope, seed: 1, now })).toMatchObject({
      refusal: { messageKey: 'errors.invalid_transition', params: { from: 'open' } },
    });
  });
});

describe('decideSamplingTask', () => {
  it('given a fourth failed round, then the task is held, and the PM returns the failed items with their marks', () => {
    const held = failedRounds(4);
    expect(held).toMatchObject({ status: 'held', round: 4 });
    const decision = decideSamplingTask(held, pm, { decision: 'return', now });
    const failed = scope.slice(2, 4).map((i) => ({ ...i, marks }));
    expect(decision).toEqual({ events: [{ type: 'SamplingTaskDecided', data: { ...ref, decision: 'return', decidedBy: ids.pm, decidedAt: at, items: failed } }] });
    expect(foldSampling(held, eventsOf(decision))).toMatchObject({ status: 'decided', decision: 'return', returned: failed });
  });
  it('given a held task, when the PM accepts it, then nothing goes back', () => {
    expect(decideSamplingTask(failedRounds(4), pm, { decision: 'accept', now })).toMatchObject({ events: [{ data: { decision: 'accept', items: [] } }] });
  });
  it('refuses an inspector, and a task that is not held', () => {
    expect(decideSamplingTask(failedRounds(4), inspector, { decision: 'accept', now })).toMatchObject({ refusal: { messageKey: 'errors.invalid_transition' } });
    expect(decideSamplingTask(failedRounds(3), pm, { decision: 'accept', now })).toMatchObject({
      refusal: { messageKey: 'errors.invalid_transition', params: { from: 'returned_for_rework', event: 'sampling.decide' } },
    });
  });
});

describe('a task over four rounds', () => {
  it('passes in the second round after the first sent its failed items back', () => {
    let state = failedRounds(1);
    expect(state).toMatchObject({ status: 'returned_for_rework', returned: scope.slice(0, 2).map((i) => ({ ...i, marks })) });
    state = playRound(foldSampling(state, eventsOf(startSamplingRound(state, pm, { items: scope, seed: 5, now }))), 0);
    expect(state).toMatchObject({ status: 'passed', round: 2 });
    expect(state.rounds.map((r) => r.passRate)).toEqual([0.5, 1]);
  });
});
