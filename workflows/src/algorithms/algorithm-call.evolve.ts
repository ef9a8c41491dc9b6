// Folds a call's events into what its worker and its commands decide on.
import type { AlgorithmCallEvent } from './algorithm-call.events';
import type { AlgorithmCallMachineStatus } from './algorithm-call.machine';

export interface AlgorithmCallState {
  status: AlgorithmCallMachineStatus | 'none';
  projectId: string | null;
  algorithmId: string | null;
  versionId: string | null;
  scoreThreshold: number;
  /** Pages of the scope planned so far, and the chunks they made. */
  pages: number;
  chunks: number;
  /** Chunks are sent in order: the one after these is the next to send. */
  completedChunks: number;
  /** Openings of the circuit since the endpoint last answered. */
  openings: number;
}

export const initialAlgorithmCallState: AlgorithmCallState = {
  status: 'none',
  projectId: null,
  algorithmId: null,
  versionId: null,
  scoreThreshold: 0,
  pages: 0,
  chunks: 0,
  completedChunks: 0,
  openings: 0,
};

export function evolveAlgorithmCall(state: AlgorithmCallState, event: AlgorithmCallEvent): AlgorithmCallState {
  switch (event.type) {
    case 'AlgorithmCallRequested':
      return { ...state, status: 'queued', projectId: event.data.projectId, algorithmId: event.data.algorithmId, versionId: event.data.versionId, scoreThreshold: event.data.scoreThreshold };
    case 'AlgorithmCallPlanned':
      return { ...state, pages: state.pages + 1, chunks: state.chunks + event.data.chunks.length };
    case 'AlgorithmCallDispatched':
      return { ...state, status: 'running' };
    case 'AlgorithmCallAnswered': {
      const answered = event.data.outcomes.some((o) => o.outcome !== 'failed');
      return { ...state, completedChunks: state.completedChunks + (event.data.chunkDone ? 1 : 0), openings: answered ? 0 : state.openings };
    }
    case 'AlgorithmCallInterrupted':
      return { ...state, status: 'waiting', openings: state.openings + 1 };
    case 'AlgorithmCallResumed':
      return { ...state, status: 'running', openings: 0 };
    case 'AlgorithmCallFinished':
      return { ...state, status: 'finished' };
    case 'AlgorithmCallStopped':
      return { ...state, status: 'stopped' };
    case 'AlgorithmCallRestarted':
      return { ...state, status: 'running', openings: 0 };
  }
}
