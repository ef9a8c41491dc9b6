import { describe, expect, it } from 'vitest';
import { allowedBy, itTakesItsEdges, type MachineEdge, type MachineRefusal } from '../../shared/machine-edges.test-support';
import { meetsThreshold, type SampleSlot, samplingMachine, type SamplingMachineContext, type SamplingMachineEvent, type SamplingStatus, tallyOf } from './sampling.machine';
import { ids } from './sampling.test-fixtures';

const slot = (itemId: string, over: Partial<SampleSlot> = {}): SampleSlot => ({ itemId, annotatorId: ids.ann, claimerId: null, verdict: null, ...over });
const ctx = (over: Partial<SamplingMachineContext> = {}): SamplingMachineContext => ({
  round: 1,
  passThreshold: 75,
  sample: [slot('i1'), slot('i2', { claimerId: ids.insp }), slot('i3', { claimerId: ids.insp, verdict: 'pass' }), slot('i4', { annotatorId: ids.ann2 })],
  ...over,
});
/** Every item judged: `fails` of four failed. */
const judged = (fails: number, round = 1) =>
  ctx({ round, sample: ['i1', 'i2', 'i3', 'i4'].map((id, i) => slot(id, { claimerId: ids.insp, verdict: i < fails ? 'fail' : 'pass' })) });

const allowed = allowedBy<SamplingStatus, SamplingMachineContext, SamplingMachineEvent>(samplingMachine);

const by = (actorId: string, manager = false) => ({ actorId, manager });
const inspector = by(ids.insp);
const otherInspector = by(ids.insp2);
const annotator = by(ids.ann);
const pm = by(ids.pm, true);

/** Every edge: from, why, context, event, to. */
type Edge = MachineEdge<SamplingStatus, SamplingMachineContext, SamplingMachineEvent>;
const edges: Edge[] = [
  ['new', 'the PM creates it', ctx({ round: 0, sample: [] }), { type: 'sampling.create', ...pm }, 'open'],
  ['open', 'an inspector claims an unclaimed sample item', ctx(), { type: 'sampling.claim', itemId: 'i1', ...inspector }, 'open'],
  ['open', "an annotator claims another annotator's item", ctx(), { type: 'sampling.claim', itemId: 'i4', ...annotator }, 'open'],
  ['open', 'the claimer releases it', ctx(), { type: 'sampling.release', itemId: 'i2', ...inspector }, 'open'],
  ['open', "the PM releases an inspector's claim", ctx(), { type: 'sampling.release', itemId: 'i2', ...pm }, 'open'],
  ['open', 'the claimer judges it', ctx(), { type: 'sampling.judge', itemId: 'i2', ...inspector }, 'open'],
  ['open', 'every item is judged at the threshold', judged(1), { type: 'sampling.close_round' }, 'passed'],
  ['open', 'every item is judged above the threshold', judged(0), { type: 'sampling.close_round' }, 'passed'],
  ['open', 'every item is judged below the threshold', judged(2), { type: 'sampling.close_round' }, 'returned_for_rework'],
  ['open', 'the third round falls below the threshold', judged(2, 3), { type: 'sampling.close_round' }, 'returned_for_rework'],
  ['open', 'the fourth round falls below the threshold', judged(2, 4), { type: 'sampling.close_round' }, 'held'],
  ['open', 'the fourth round passes', judged(1, 4), { type: 'sampling.close_round' }, 'passed'],
  ['returned_for_rework', 'the PM starts the next round after rework', judged(2), { type: 'sampling.start_round', ...pm }, 'open'],
  ['held', 'the PM decides', judged(2, 4), { type: 'sampling.decide', ...pm }, 'decided'],
];

/** Events a state knows but refuses in these circumstances: from, why, context, event. */
type Refused = MachineRefusal<SamplingStatus, SamplingMachineContext, SamplingMachineEvent>;
const refusals: Refused[] = [
  ['new', 'an inspector creates it', ctx({ round: 0, sample: [] }), { type: 'sampling.create', ...inspector }],
  ['open', 'the item is not in the sample', ctx(), { type: 'sampling.claim', itemId: 'i9', ...inspector }],
  ['open', 'the item is claimed already', ctx(), { type: 'sampling.claim', itemId: 'i2', ...otherInspector }],
  ['open', 'the item is judged already', ctx({ sample: [slot('i3', { verdict: 'pass' })] }), { type: 'sampling.claim', itemId: 'i3', ...inspector }],
  ['open', 'its annotator claims it', ctx(), { type: 'sampling.claim', itemId: 'i1', ...annotator }],
  ['open', 'a claim names no one', ctx(), { type: 'sampling.claim', itemId: 'i1' } as SamplingMachineEvent],
  ['open', 'someone else releases it', ctx(), { type: 'sampling.release', itemId: 'i2', ...otherInspector }],
  ['open', 'an unclaimed item is released', ctx(), { type: 'sampling.release', itemId: 'i1', ...pm }],
  ['open', 'a judged item is released', ctx(), { type: 'sampling.release', itemId: 'i3', ...inspector }],
  ['open', 'someone else judges it', ctx(), { type: 'sampling.judge', itemId: 'i2', ...otherInspector }],
  ['open', 'the PM judges it without claiming', ctx(), { type: 'sampling.judge', itemId: 'i2', ...pm }],
  ['open', 'an unclaimed item is judged', ctx(), { type: 'sampling.judge', itemId: 'i1', ...inspector }],
  ['open', 'the item is judged a second time in the round', ctx(), { type: 'sampling.judge', itemId: 'i3', ...inspector }],
  ['open', 'some items are not judged yet', ctx(), { type: 'sampling.close_round' }],
  ['returned_for_rework', 'an inspector starts the next round', judged(2), { type: 'sampling.start_round', ...inspector }],
  ['held', 'an inspector decides', judged(2, 4), { type: 'sampling.decide', ...inspector }],
];

describe('samplingMachine', () => {
  const states: SamplingStatus[] = ['new', 'open', 'returned_for_rework', 'held', 'passed', 'decided'];
  for (const state of states) {
    describe(state, () => {
      const mine = edges.filter(([from]) => from === state);
      itTakesItsEdges(samplingMachine, state, edges, refusals);
      it('refuses every event it has no edge for, whoever sends it', () => {
        const known = new Set(mine.map(([, , , event]) => event.type));
        for (const type of samplingMachine.events.filter((e: string) => !known.has(e as SamplingMachineEvent['type']))) {
          for (const actor of [inspector, annotator, pm, {}]) {
            for (const itemId of ['i1', 'i2', 'i3']) {
              expect(allowed(state, judged(2, 4), { type, itemId, ...actor } as SamplingMachineEvent)).toBe(false);
            }
          }
        }
      });
    });
  }
});

describe(meetsThreshold.name, () => {
  it('counts a rate exactly at the threshold as passing, without rounding errors', () => {
    expect(meetsThreshold({ judged: 20, passed: 19 }, 95)).toBe(true);
    expect(meetsThreshold({ judged: 100, passed: 94 }, 95)).toBe(false);
    expect(meetsThreshold({ judged: 3, passed: 0 }, 0)).toBe(true);
  });
  it('tallies judged and passed items', () => {
    expect(tallyOf(judged(1).sample)).toEqual({ judged: 4, passed: 3 });
    expect(tallyOf(ctx().sample)).toEqual({ judged: 1, passed: 1 });
  });
});
