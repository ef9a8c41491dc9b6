import { describe, expect, it } from 'vitest';
import { itTakesItsEdges, type MachineEdge, type MachineRefusal } from '../shared/machine-edges.test-support';
import { exportMachine, type ExportMachineStatus } from './export.machine';

type Event = { type: 'export.start' | 'export.succeed' | 'export.fail' | 'export.expire' };
const edges: MachineEdge<ExportMachineStatus, undefined, Event>[] = [
  ['queued', 'a worker picks it up', undefined, { type: 'export.start' }, 'running'],
  ['queued', 'it cannot start (the project is gone)', undefined, { type: 'export.fail' }, 'failed'],
  ['running', 'a worker died and another starts again', undefined, { type: 'export.start' }, 'running'],
  ['running', 'the archive is whole in its destination', undefined, { type: 'export.succeed' }, 'succeeded'],
  ['running', 'writing failed for good', undefined, { type: 'export.fail' }, 'failed'],
  ['succeeded', 'the download was kept its days', undefined, { type: 'export.expire' }, 'expired'],
];
const refusals: MachineRefusal<ExportMachineStatus, undefined, Event>[] = [
  ['queued', 'nothing was written yet', undefined, { type: 'export.succeed' }],
  ['queued', 'there is no archive to remove', undefined, { type: 'export.expire' }],
  ['running', 'the archive is not finished', undefined, { type: 'export.expire' }],
  ['succeeded', 'it is delivered', undefined, { type: 'export.start' }],
  ['succeeded', 'it is delivered', undefined, { type: 'export.fail' }],
  ['failed', 'a failed export is asked for again instead', undefined, { type: 'export.start' }],
  ['expired', 'its archive is gone', undefined, { type: 'export.succeed' }],
];

describe('export machine', () => {
  for (const state of ['queued', 'running', 'succeeded', 'failed', 'expired'] as const) {
    describe(state, () => itTakesItsEdges(exportMachine, state, edges, refusals));
  }
  it('ends in failed and expired', () => {
    expect(exportMachine.config.states?.failed?.type).toBe('final');
    expect(exportMachine.config.states?.expired?.type).toBe('final');
  });
});
