import { describe, expect, it } from 'vitest';
import { itTakesItsEdges, type MachineEdge, type MachineRefusal } from '../shared/machine-edges.test-support';
import { algorithmCallMachine, type AlgorithmCallMachineStatus } from './algorithm-call.machine';

type Event = { type: 'call.plan' | 'call.dispatch' | 'call.answer' | 'call.interrupt' | 'call.resume' | 'call.finish' | 'call.stop' | 'call.restart' };
const edges: MachineEdge<AlgorithmCallMachineStatus, undefined, Event>[] = [
  ['queued', 'a page of its scope is planned', undefined, { type: 'call.plan' }, 'queued'],
  ['queued', 'every page is planned and the first chunk sent', undefined, { type: 'call.dispatch' }, 'running'],
  ['queued', 'its scope held no item', undefined, { type: 'call.finish' }, 'finished'],
  ['running', 'a chunk is answered', undefined, { type: 'call.answer' }, 'running'],
  ['running', 'the endpoint keeps failing and its circuit opens', undefined, { type: 'call.interrupt' }, 'waiting'],
  ['running', 'the last chunk is answered', undefined, { type: 'call.finish' }, 'finished'],
  ['running', 'a PM stops it', undefined, { type: 'call.stop' }, 'stopped'],
  ['waiting', 'the trial call fails and the circuit opens again', undefined, { type: 'call.interrupt' }, 'waiting'],
  ['waiting', 'the trial call is answered and the circuit closes', undefined, { type: 'call.resume' }, 'running'],
  ['waiting', 'the endpoint failed too often', undefined, { type: 'call.stop' }, 'stopped'],
  ['stopped', 'a PM sends what is left again', undefined, { type: 'call.restart' }, 'running'],
];
const refusals: MachineRefusal<AlgorithmCallMachineStatus, undefined, Event>[] = [
  ['queued', 'no chunk was sent yet', undefined, { type: 'call.answer' }],
  ['queued', 'its items are still being planned', undefined, { type: 'call.stop' }],
  ['running', 'it is planned already', undefined, { type: 'call.plan' }],
  ['waiting', 'answers wait for the circuit to close', undefined, { type: 'call.answer' }],
  ['stopped', 'a stopped call sends nothing until restarted', undefined, { type: 'call.answer' }],
  ['finished', 'every item has its answer', undefined, { type: 'call.restart' }],
  ['finished', 'every item has its answer', undefined, { type: 'call.stop' }],
];

describe('algorithm call machine', () => {
  for (const state of ['queued', 'running', 'waiting', 'stopped', 'finished'] as const) {
    describe(state, () => itTakesItsEdges(algorithmCallMachine, state, edges, refusals));
  }
  it('ends in finished', () => expect(algorithmCallMachine.config.states?.finished?.type).toBe('final'));
});
