// Lifecycle of an algorithm call: queued while its items are planned, running chunk after chunk, waiting while the
// endpoint's circuit is open, then finished; stopped by a PM or by an endpoint that keeps failing, and restartable.
import { setup } from 'xstate';
import type { AlgorithmCallStatus } from './algorithm.schemas';

export type AlgorithmCallMachineStatus = AlgorithmCallStatus;

type CallMachineEvent =
  | { type: 'call.plan' }
  | { type: 'call.dispatch' }
  | { type: 'call.answer' }
  | { type: 'call.interrupt' }
  | { type: 'call.resume' }
  | { type: 'call.finish' }
  | { type: 'call.stop' }
  | { type: 'call.restart' };

export const algorithmCallMachine = setup({ types: { events: {} as CallMachineEvent } }).createMachine({
  id: 'algorithm_call',
  version: '1',
  initial: 'queued',
  states: {
    // Planning is short and sends nothing; a call is stopped once it runs.
    queued: { on: { 'call.plan': 'queued', 'call.dispatch': 'running', 'call.finish': 'finished' } },
    running: { on: { 'call.answer': 'running', 'call.interrupt': 'waiting', 'call.finish': 'finished', 'call.stop': 'stopped' } },
    // The chunk waits for the endpoint's circuit to half-open; its first answer closes the circuit again.
    waiting: { on: { 'call.interrupt': 'waiting', 'call.resume': 'running', 'call.stop': 'stopped' } },
    stopped: { on: { 'call.restart': 'running' } },
    finished: { type: 'final' },
  },
});
