import { describe, expect, it } from 'vitest';
import { transition } from 'xstate';
import { allowedEvents, snapshotOf } from '../shared/lifecycle';
import { batchMachine, type BatchStatus } from './batch.machine';

const edges: [BatchStatus, string, BatchStatus][] = [
  ['waiting_for_upload', 'batch.imported', 'in_progress'],
  ['waiting_for_upload', 'batch.delete', 'deleted'],
  ['in_progress', 'batch.pause_annotation', 'paused_annotation'],
  ['in_progress', 'batch.pause_inspection', 'paused_inspection'],
  ['in_progress', 'batch.stop', 'stopped'],
  ['in_progress', 'batch.delete', 'deleted'],
  ['paused_annotation', 'batch.resume', 'in_progress'],
  ['paused_annotation', 'batch.stop', 'stopped'],
  ['paused_annotation', 'batch.delete', 'deleted'],
  ['paused_inspection', 'batch.resume', 'in_progress'],
  ['paused_inspection', 'batch.stop', 'stopped'],
  ['paused_inspection', 'batch.delete', 'deleted'],
  ['stopped', 'batch.delete', 'deleted'],
];

describe('batchMachine', () => {
  for (const state of [...new Set(edges.map(([from]) => from)), 'deleted' as const]) {
    describe(state, () => {
      const mine = edges.filter(([from]) => from === state);
      for (const [, event, to] of mine) {
        it(`${event} -> ${to}`, () => {
          expect(transition(batchMachine, snapshotOf(batchMachine, state, {}), { type: event } as never)[0].value).toBe(to);
        });
      }
      it('allows exactly its own edges', () => {
        expect(allowedEvents(batchMachine, state, {}).sort()).toEqual(mine.map(([, event]) => event).sort());
      });
    });
  }
});
