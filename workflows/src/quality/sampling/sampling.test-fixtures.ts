// Shared fixtures of the sampling specs: a task over six finished items of two annotators, and who acts on it.
import type { ItemActor } from '../../items/item.decide';
import type { ErrorMark } from '../../items/item.events';
import type { SamplingEvent, SampleScopeItem } from './sampling.events';
import { foldSampling, type SamplingState, startSamplingState } from './sampling.evolve';

export const ids = {
  task: '00000000-0000-4000-8000-00000000a001',
  project: '00000000-0000-4000-8000-000000000002',
  batch: '00000000-0000-4000-8000-00000000ba01',
  ann: '00000000-0000-4000-8000-00000000aaaa',
  ann2: '00000000-0000-4000-8000-00000000aaab',
  insp: '00000000-0000-4000-8000-00000000bbbb',
  insp2: '00000000-0000-4000-8000-00000000bbbc',
  pm: '00000000-0000-4000-8000-00000000cccc',
  errorGroup: '00000000-0000-4000-8000-00000000e440',
} as const;

const itemId = (n: number) => `00000000-0000-0000-0000-${n.toString().padStart(12, '0')}`;

/** Four items of the first annotator and two of the second. */
export const scope: SampleScopeItem[] = [1, 2, 3, 4, 5, 6].map((n) => ({ itemId: itemId(n), annotatorId: n <= 4 ? ids.ann : ids.ann2, resultVersion: 1 }));

export const inspector: ItemActor = { id: ids.insp, manager: false };
export const otherInspector: ItemActor = { id: ids.insp2, manager: false };
export const annotator: ItemActor = { id: ids.ann, manager: false };
export const pm: ItemActor = { id: ids.pm, manager: true };

export const now = new Date('2026-01-02T08:00:00.000Z');
export const at = now.toISOString();
export const marks: ErrorMark[] = [{ errorGroupId: ids.errorGroup, value: 'wrong class', objectId: 'car-1', frame: 0, spot: null, comment: '' }];

export const ref = { taskId: ids.task, projectId: ids.project };
export const fresh = (): SamplingState => startSamplingState(ref);
export const given = (events: SamplingEvent[], start: SamplingState = fresh()): SamplingState => foldSampling(start, events);

/** Events as the deciders write them, for building histories tersely; the sample is the first four of the scope. */
export const happened = {
  created: (passThreshold = 75, sample: SampleScopeItem[] = scope.slice(0, 4)): SamplingEvent => ({
    type: 'SamplingTaskCreated',
    data: {
      ...ref,
      scope: { kind: 'batch', batchId: ids.batch },
      rule: { by: 'count', count: sample.length },
      passThreshold,
      createdBy: ids.pm,
      createdAt: at,
      round: 1,
      screeningCount: scope.length,
      sampleSize: sample.length,
      seed: 7,
      sample,
      strata: [],
    },
  }),
  claimed: (round: number, item: SampleScopeItem, inspectorId: string = ids.insp): SamplingEvent => ({
    type: 'SampleItemClaimed',
    data: { ...ref, round, itemId: item.itemId, inspectorId, claimedAt: at },
  }),
  judged: (round: number, item: SampleScopeItem, verdict: 'pass' | 'fail', inspectorId: string = ids.insp): SamplingEvent => ({
    type: 'SampleItemJudged',
    data: { ...ref, round, itemId: item.itemId, verdict, marks: verdict === 'fail' ? marks : [], resultVersion: item.resultVersion, inspectorId, judgedAt: at },
  }),
  roundStarted: (round: number, sample: SampleScopeItem[] = scope.slice(2, 6)): SamplingEvent => ({
    type: 'SamplingRoundStarted',
    data: { ...ref, startedBy: ids.pm, startedAt: at, round, screeningCount: scope.length, sampleSize: sample.length, seed: round, sample, strata: [] },
  }),
  returned: (round: number, items: SampleScopeItem[]): SamplingEvent => ({
    type: 'SamplingScopeReturned',
    data: { ...ref, round, items: items.map((i) => ({ ...i, marks })) },
  }),
};

/** Claims and judges the whole current sample: the first `failures` fail, the rest pass. */
export function judgedAll(state: SamplingState, failures: number): SamplingEvent[] {
  return state.sample.flatMap((item, i) => [happened.claimed(state.round, item), happened.judged(state.round, item, i < failures ? 'fail' : 'pass')]);
}
