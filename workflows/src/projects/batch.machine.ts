// Lifecycle of a batch: waiting for its upload, then in progress; annotation or inspection can pause; it can stop;
// deleting is final and cannot be undone.
import { setup } from 'xstate';

export type BatchStatus = 'waiting_for_upload' | 'in_progress' | 'paused_annotation' | 'paused_inspection' | 'stopped' | 'deleted';

export const batchMachine = setup({
  types: {
    context: {} as Record<string, never>,
    events: {} as
      | { type: 'batch.imported' }
      | { type: 'batch.pause_annotation' }
      | { type: 'batch.pause_inspection' }
      | { type: 'batch.resume' }
      | { type: 'batch.stop' }
      | { type: 'batch.delete' },
  },
}).createMachine({
  id: 'batch',
  version: '1',
  initial: 'waiting_for_upload',
  context: {},
  states: {
    waiting_for_upload: { on: { 'batch.imported': 'in_progress', 'batch.delete': 'deleted' } },
    in_progress: {
      on: { 'batch.pause_annotation': 'paused_annotation', 'batch.pause_inspection': 'paused_inspection', 'batch.stop': 'stopped', 'batch.delete': 'deleted' },
    },
    paused_annotation: { on: { 'batch.resume': 'in_progress', 'batch.stop': 'stopped', 'batch.delete': 'deleted' } },
    paused_inspection: { on: { 'batch.resume': 'in_progress', 'batch.stop': 'stopped', 'batch.delete': 'deleted' } },
    stopped: { on: { 'batch.delete': 'deleted' } },
    deleted: { type: 'final' },
  },
});
