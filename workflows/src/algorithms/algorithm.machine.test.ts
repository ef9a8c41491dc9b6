import { describe } from 'vitest';
import { itTakesItsEdges, type MachineEdge, type MachineRefusal } from '../shared/machine-edges.test-support';
import { algorithmMachine, type AlgorithmMachineStatus } from './algorithm.machine';

type Event = { type: 'algorithm.edit' | 'algorithm.add_version' | 'algorithm.enable' | 'algorithm.disable' | 'algorithm.call' };
const edges: MachineEdge<AlgorithmMachineStatus, undefined, Event>[] = [
  ['enabled', 'an admin edits it', undefined, { type: 'algorithm.edit' }, 'enabled'],
  ['enabled', 'a new version is registered', undefined, { type: 'algorithm.add_version' }, 'enabled'],
  ['enabled', 'a PM calls it', undefined, { type: 'algorithm.call' }, 'enabled'],
  ['enabled', 'an admin switches it off', undefined, { type: 'algorithm.disable' }, 'disabled'],
  ['disabled', 'an admin edits it', undefined, { type: 'algorithm.edit' }, 'disabled'],
  ['disabled', 'a new version is registered while it is off', undefined, { type: 'algorithm.add_version' }, 'disabled'],
  ['disabled', 'an admin switches it on', undefined, { type: 'algorithm.enable' }, 'enabled'],
];
const refusals: MachineRefusal<AlgorithmMachineStatus, undefined, Event>[] = [
  ['enabled', 'it is on already', undefined, { type: 'algorithm.enable' }],
  ['disabled', 'a switched-off algorithm is not called', undefined, { type: 'algorithm.call' }],
  ['disabled', 'it is off already', undefined, { type: 'algorithm.disable' }],
];

describe('algorithm machine', () => {
  for (const state of ['enabled', 'disabled'] as const) {
    describe(state, () => itTakesItsEdges(algorithmMachine, state, edges, refusals));
  }
});
