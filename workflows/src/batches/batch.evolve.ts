// Folds a batch's events into what its commands decide on.
import type { BatchEvent, ImportSourceRef } from './batch.events';
import type { BatchStatus } from './batch.machine';
import type { BatchUploadType } from './batches.views';

export interface BatchState {
  status: BatchStatus | 'none';
  batchId: string | null;
  projectId: string | null;
  name: string;
  priority: number;
  uploadType: BatchUploadType | null;
  importing: { importId: string; source: ImportSourceRef } | null;
}

export const initialBatchState: BatchState = { status: 'none', batchId: null, projectId: null, name: '', priority: 0, uploadType: null, importing: null };

export function evolveBatch(state: BatchState, event: BatchEvent): BatchState {
  switch (event.type) {
    case 'BatchCreated': {
      const { batchId, projectId, name, priority, uploadType } = event.data;
      return { ...initialBatchState, status: 'waiting_for_upload', batchId, projectId, name, priority, uploadType };
    }
    case 'BatchEdited':
      return { ...state, name: event.data.name, priority: event.data.priority };
    case 'BatchImportRequested':
      return { ...state, importing: { importId: event.data.importId, source: event.data.source } };
    case 'BatchImported':
      return { ...state, status: 'in_progress', importing: null };
    case 'BatchImportFailed':
      return { ...state, importing: null };
    case 'BatchPaused':
      return { ...state, status: event.data.kind === 'annotation' ? 'paused_annotation' : 'paused_inspection' };
    case 'BatchResumed':
      return { ...state, status: 'in_progress' };
    case 'BatchStopped':
      return { ...state, status: 'stopped' };
    case 'BatchDeleted':
      return { ...state, status: 'deleted', importing: null };
  }
}
