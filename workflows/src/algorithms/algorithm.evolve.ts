// Folds an algorithm's events into what its commands and calls decide on.
import type { AlgorithmEvent, SealedSecret } from './algorithm.events';
import type { AlgorithmMachineStatus } from './algorithm.machine';

export interface AlgorithmVersion {
  versionId: string;
  version: string;
  endpoint: string;
  /** The credentials this version is called with: its own, or the algorithm's latest. */
  credentials: SealedSecret | null;
}

export interface AlgorithmState {
  status: AlgorithmMachineStatus | 'none';
  interfaceName: string;
  names: { zh: string; en: string };
  versions: AlgorithmVersion[];
  credentials: SealedSecret | null;
  controlGroupRatio: number;
  concurrency: number;
  timeoutMs: number;
}

export const initialAlgorithmState: AlgorithmState = {
  status: 'none',
  interfaceName: '',
  names: { zh: '', en: '' },
  versions: [],
  credentials: null,
  controlGroupRatio: 0,
  concurrency: 1,
  timeoutMs: 30_000,
};

export function evolveAlgorithm(state: AlgorithmState, event: AlgorithmEvent): AlgorithmState {
  switch (event.type) {
    case 'AlgorithmRegistered': {
      const { interfaceName, nameZh, nameEn, controlGroupRatio, concurrency, timeoutMs, enabled } = event.data;
      return { ...state, status: enabled ? 'enabled' : 'disabled', interfaceName, names: { zh: nameZh, en: nameEn }, controlGroupRatio, concurrency, timeoutMs };
    }
    case 'AlgorithmVersionAdded': {
      const credentials = event.data.credentials ?? state.credentials;
      return { ...state, credentials, versions: [...state.versions, { versionId: event.data.versionId, version: event.data.version, endpoint: event.data.endpoint, credentials }] };
    }
    case 'AlgorithmEdited': {
      const { nameZh, nameEn, controlGroupRatio, concurrency, timeoutMs, credentials } = event.data;
      const next = { ...state, names: { zh: nameZh, en: nameEn }, controlGroupRatio, concurrency, timeoutMs };
      if (credentials === undefined) return next;
      // New credentials serve the newest version from now on; an older version keeps the ones it was added with.
      const versions = next.versions.map((v, i) => (i === next.versions.length - 1 ? { ...v, credentials } : v));
      return { ...next, credentials, versions };
    }
    case 'AlgorithmSwitched':
      return { ...state, status: event.data.enabled ? 'enabled' : 'disabled' };
  }
}

/** The version a call uses: the one asked for, or the newest. */
export function versionOf(state: AlgorithmState, versionId: string | null): AlgorithmVersion | undefined {
  return versionId ? state.versions.find((v) => v.versionId === versionId) : state.versions[state.versions.length - 1];
}
