// Lifecycle of an annotation import: queued -> running (its worker says how far it has got) -> finished, or failed.
import { setup } from 'xstate';

export type AnnotationImportMachineStatus = 'queued' | 'running' | 'finished' | 'failed';

export const annotationImportMachine = setup({
  types: {
    events: {} as { type: 'annotation_import.progress' } | { type: 'annotation_import.finish' } | { type: 'annotation_import.fail' },
  },
}).createMachine({
  id: 'annotation_import',
  version: '1',
  initial: 'queued',
  states: {
    // A small file is read and written before its worker has anything to say of its progress.
    queued: { on: { 'annotation_import.progress': 'running', 'annotation_import.finish': 'finished', 'annotation_import.fail': 'failed' } },
    running: { on: { 'annotation_import.progress': 'running', 'annotation_import.finish': 'finished', 'annotation_import.fail': 'failed' } },
    finished: { type: 'final' },
    failed: { type: 'final' },
  },
});
