// Folds an export's events into what its commands decide on.
import type { ExportEvent } from './export.events';
import type { ExportMachineStatus } from './export.machine';
import type { ExportDestination } from './export.schemas';

export interface ExportState {
  status: ExportMachineStatus | 'none';
  projectId: string | null;
  attempts: number;
  destination: ExportDestination | null;
  location: string | null;
}

export const initialExportState: ExportState = { status: 'none', projectId: null, attempts: 0, destination: null, location: null };

export function evolveExport(state: ExportState, event: ExportEvent): ExportState {
  switch (event.type) {
    case 'ExportRequested':
      return { ...state, status: 'queued', projectId: event.data.projectId, destination: event.data.destination };
    case 'ExportStarted':
      return { ...state, status: 'running', attempts: event.data.attempt };
    case 'ExportSucceeded':
      return { ...state, status: 'succeeded', location: event.data.location };
    case 'ExportFailed':
      return { ...state, status: 'failed' };
    case 'ExportExpired':
      return { ...state, status: 'expired' };
  }
}
