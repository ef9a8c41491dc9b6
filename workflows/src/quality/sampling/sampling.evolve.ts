// Folds a sampling task's events into what its machine decides on and what the task's page shows.
import type { ErrorMark } from '../../items/item.events';
import type { SampleSlot, SamplingMachineContext, SamplingStatus } from './sampling.machine';
import type { ReturnedItem, SampleRule, SamplingEvent, SamplingScope, SampleScopeItem } from './sampling.events';

export interface SampleEntry extends SampleScopeItem, SampleSlot {
  marks: ErrorMark[];
  inspectorId: string | null;
  judgedAt: string | null;
}

export interface SamplingRound {
  round: number;
  screeningCount: number;
  sampleSize: number;
  seed: number;
  strata: { annotatorId: string; inScope: number; sampled: number }[];
  /** Null until the round closes. */
  judged: number | null;
  passed: number | null;
  passRate: number | null;
}

export interface SamplingState {
  taskId: string;
  projectId: string;
  status: SamplingStatus;
  scope: SamplingScope | null;
  rule: SampleRule | null;
  passThreshold: number;
  /** The current round, 0 before the task is created. */
  round: number;
  rounds: SamplingRound[];
  /** The current round's sample, with its claims and verdicts. */
  sample: SampleEntry[];
  /** The failed items of the last failed round, which the rework shows and the next round must see finished again. */
  returned: ReturnedItem[];
  decision: 'accept' | 'return' | null;
}

export function startSamplingState(ref: { taskId: string; projectId: string }): SamplingState {
  return { ...ref, status: 'new', scope: null, rule: null, passThreshold: 0, round: 0, rounds: [], sample: [], returned: [], decision: null };
}

export const samplingMachineContext = (state: SamplingState): SamplingMachineContext => ({
  round: state.round,
  passThreshold: state.passThreshold,
  sample: state.sample,
});

type Draw = { round: number; screeningCount: number; sampleSize: number; seed: number; sample: SampleScopeItem[]; strata: SamplingRound['strata'] };

function opened(state: SamplingState, draw: Draw): SamplingState {
  const { round, screeningCount, sampleSize, seed, strata } = draw;
  const sample = draw.sample.map((item) => ({ ...item, claimerId: null, verdict: null, marks: [], inspectorId: null, judgedAt: null }));
  const record = { round, screeningCount, sampleSize, seed, strata, judged: null, passed: null, passRate: null };
  return { ...state, status: 'open', round, sample, rounds: [...state.rounds, record] };
}

const withSlot = (state: SamplingState, itemId: string, change: Partial<SampleEntry>): SamplingState => ({
  ...state,
  sample: state.sample.map((s) => (s.itemId === itemId ? { ...s, ...change } : s)),
});

export function evolveSampling(state: SamplingState, event: SamplingEvent): SamplingState {
  switch (event.type) {
    case 'SamplingTaskCreated': {
      const { scope, rule, passThreshold } = event.data;
      return opened({ ...state, scope, rule, passThreshold }, event.data);
    }
    case 'SampleItemClaimed':
      return withSlot(state, event.data.itemId, { claimerId: event.data.inspectorId });
    case 'SampleItemReleased':
      return withSlot(state, event.data.itemId, { claimerId: null });
    case 'SampleItemJudged': {
      const { itemId, verdict, marks, inspectorId, judgedAt } = event.data;
      return withSlot(state, itemId, { verdict, marks, inspectorId, judgedAt });
    }
    case 'SamplingRoundClosed': {
      const { round, judged, passed, passRate } = event.data;
      return { ...state, rounds: state.rounds.map((r) => (r.round === round ? { ...r, judged, passed, passRate } : r)) };
    }
    case 'SamplingScopePassed':
      return { ...state, status: 'passed', returned: [] };
    case 'SamplingScopeReturned':
      return { ...state, status: 'returned_for_rework', returned: event.data.items };
    case 'SamplingRoundStarted':
      return opened({ ...state, returned: [] }, event.data);
    case 'SamplingTaskHeld':
      return { ...state, status: 'held' };
    case 'SamplingTaskDecided':
      return { ...state, status: 'decided', decision: event.data.decision, returned: event.data.items };
  }
}

export function foldSampling(state: SamplingState, events: SamplingEvent[]): SamplingState {
  return events.reduce(evolveSampling, state);
}
