import { describe, expect, it } from 'vitest';
import { transition } from 'xstate';
import { allowedEvents, snapshotOf } from '../shared/lifecycle';
import { batchMachine, type BatchMachineContext, type BatchStatus } from './batch.machine';

type Edge = [BatchStatus, string, BatchStatus, BatchMachineContext?];

const importing = { importing: true };
const edges: Edge[] = [
  ['waiting_for_upload', 'batch.edit', 'waiting_for_upload'],
  ['waiting_for_upload', 'batch.upload', 'waiting_for_upload'],
  ['waiting_for_upload', 'batch.delete', 'deleted'],
  ['in_progress', 'batch.edit', 'in_progress'],
  ['in_progress', 'batch.pause_annotation', 'paused_annotation'],
  ['in_progress', 'batch.pause_inspection', 'paused_inspection'],
  ['in_progress', 'batch.stop', 'stopped'],
  ['in_progress', 'batch.delete', 'deleted'],
  ['paused_annotation', 'batch.edit', 'paused_annotation'],
  ['paused_annotation', 'batch.resume', 'in_progress'],
  ['paused_annotation', 'batch.stop', 'stopped'],
  ['paused_annotation', 'batch.delete', 'deleted'],
  ['paused_inspection', 'batch.edit', 'paused_inspection'],
  ['paused_inspection', 'batch.resume', 'in_progress'],
  ['paused_inspection', 'batch.stop', 'stopped'],
  ['paused_inspection', 'batch.delete', 'deleted'],
  ['stopped', 'batch.edit', 'stopped'],
  ['stopped', 'batch.delete', 'deleted'],
];

const importingEdges: Edge[] = [
  ['waiting_for_upload', 'batch.edit', 'waiting_for_upload', importing],
  ['waiting_for_upload', 'batch.register', 'waiting_for_upload', importing],
  ['waiting_for_upload', 'batch.imported', 'in_progress', importing],
  ['waiting_for_upload', 'batch.import_fail', 'waiting_for_upload', importing],
  ['waiting_for_upload', 'batch.delete', 'deleted', importing],
];

function describeEdges(state: BatchStatus, mine: Edge[], context: BatchMachineContext) {
  for (const [, event, to] of mine) {
    it(`${event} -> ${to}`, () => {
      expect(transition(batchMachine, snapshotOf(batchMachine, state, context), { type: event } as never)[0].value).toBe(to);
    });
  }
  it('allows exactly its own edges', () => {
    expect(allowedEvents(batchMachine, state, context).sort()).toEqual(mine.map(([, event]) => event).sort());
  });
}

describe('batchMachine', () => {
  for (const state of [...new Set(edges.map(([from]) => from)), 'deleted' as const]) {
    describe(state, () => describeEdges(state, edges.filter(([from]) => from === state), {}));
  }

  describe('waiting_for_upload while an import runs', () => {
    describeEdges('waiting_for_upload', importingEdges, importing);

    it('refuses a second upload', () => {
      expect(snapshotOf(batchMachine, 'waiting_for_upload', importing).can({ type: 'batch.upload' })).toBe(false);
    });
  });

  describe('waiting_for_upload without an import', () => {
    it('refuses registering items and finishing an import nobody asked for', () => {
      const snapshot = snapshotOf(batchMachine, 'waiting_for_upload', {});
      expect(snapshot.can({ type: 'batch.register' })).toBe(false);
      expect(snapshot.can({ type: 'batch.imported' })).toBe(false);
      expect(snapshot.can({ type: 'batch.import_fail' })).toBe(false);
    });
  });
});
