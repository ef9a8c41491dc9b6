// Folds an annotation import's events into what its worker and its commands decide on.
import type { AnnotationImportEvent, AnnotationImportRequested } from './annotation-import.events';
import type { AnnotationImportMachineStatus } from './annotation-import.machine';

type Requested = AnnotationImportRequested['data'];

export interface AnnotationImportState {
  status: AnnotationImportMachineStatus | 'none';
  batchId: string | null;
  projectId: string | null;
  format: Requested['format'] | null;
  mode: Requested['mode'];
  uploads: Requested['uploads'];
  by: Requested['by'] | null;
  progress: number;
}

export const initialAnnotationImportState: AnnotationImportState = { status: 'none', batchId: null, projectId: null, format: null, mode: 'all', uploads: [], by: null, progress: 0 };

export function evolveAnnotationImport(state: AnnotationImportState, event: AnnotationImportEvent): AnnotationImportState {
  switch (event.type) {
    case 'AnnotationImportRequested': {
      const { batchId, projectId, format, mode, uploads, by } = event.data;
      return { ...state, status: 'queued', batchId, projectId, format, mode, uploads, by };
    }
    case 'AnnotationImportProgressed':
      return { ...state, status: 'running', progress: Math.max(state.progress, event.data.progress) };
    case 'AnnotationImportFinished':
      return { ...state, status: 'finished', progress: 100 };
    case 'AnnotationImportFailed':
      return { ...state, status: 'failed' };
  }
}
