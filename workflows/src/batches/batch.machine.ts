// Lifecycle of a batch: waiting for its upload, then in progress; annotation or inspection can pause; it can stop;
// deleting is final and cannot be undone. One import runs at a time, and only while the batch waits for its data.
import { setup } from 'xstate';

export type BatchStatus = 'waiting_for_upload' | 'in_progress' | 'paused_annotation' | 'paused_inspection' | 'stopped' | 'deleted';

export interface BatchMachineContext {
  /** An import was requested and has not finished or failed yet. */
  importing?: boolean;
}

export const batchMachine = setup({
  types: {
    context: {} as BatchMachineContext,
    events: {} as
      | { type: 'batch.edit' }
      | { type: 'batch.upload' }
      | { type: 'batch.register' }
      | { type: 'batch.imported' }
      | { type: 'batch.import_fail' }
      | { type: 'batch.pause_annotation' }
      | { type: 'batch.pause_inspection' }
      | { type: 'batch.resume' }
      | { type: 'batch.stop' }
      | { type: 'batch.delete' },
  },
  guards: {
    importing: ({ context }) => context.importing === true,
    idle: ({ context }) => context.importing !== true,
  },
}).createMachine({
  id: 'batch',
  version: '2',
  initial: 'waiting_for_upload',
  context: {},
  // Edits and import steps target their own state: XState counts only transitions that go somewhere as possible.
  states: {
    waiting_for_upload: {
      on: {
        'batch.edit': 'waiting_for_upload',
        'batch.upload': { guard: 'idle', target: 'waiting_for_upload' },
        'batch.register': { guard: 'importing', target: 'waiting_for_upload' },
        'batch.imported': { guard: 'importing', target: 'in_progress' },
        'batch.import_fail': { guard: 'importing', target: 'waiting_for_upload' },
        'batch.delete': 'deleted',
      },
    },
    in_progress: {
      on: {
        'batch.edit': 'in_progress',
        'batch.pause_annotation': 'paused_annotation',
        'batch.pause_inspection': 'paused_inspection',
        'batch.stop': 'stopped',
        'batch.delete': 'deleted',
      },
    },
    paused_annotation: { on: { 'batch.edit': 'paused_annotation', 'batch.resume': 'in_progress', 'batch.stop': 'stopped', 'batch.delete': 'deleted' } },
    paused_inspection: { on: { 'batch.edit': 'paused_inspection', 'batch.resume': 'in_progress', 'batch.stop': 'stopped', 'batch.delete': 'deleted' } },
    stopped: { on: { 'batch.edit': 'stopped', 'batch.delete': 'deleted' } },
    deleted: { type: 'final' },
  },
});
