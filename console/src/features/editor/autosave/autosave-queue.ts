// The autosave's decisions as pure functions of its state and the clock: when to send, what an answer changes, how
// long to wait after a failure. The hook runs the timers and the requests; nothing here touches the network.

export type AutosaveStatus = 'saved' | 'pending' | 'saving' | 'offline' | 'conflict' | 'refused';

/** Why saving stopped for good: the item moved on without this editor (saved elsewhere, recycled, reassigned). */
export type ConflictReason = 'version' | 'state' | 'access';

export type SaveOutcome =
  | { kind: 'saved'; version: string }
  /** Worth trying again: the network, the session or the server failed, not the document. */
  | { kind: 'retry' }
  | { kind: 'conflict'; reason: ConflictReason; message: string }
  | { kind: 'refused'; message: string; fields: { field: string; message: string }[] };

export interface QueueState {
  /** The item version the server last confirmed; the next save sends it as If-Match. */
  version: string | null;
  /** Each edit gets the next revision; the server has every revision up to `savedRevision`. */
  revision: number;
  savedRevision: number;
  /** When the oldest edit the server does not have yet was made, and the newest. */
  pendingSince: number | null;
  changedAt: number | null;
  inFlight: number | null;
  status: AutosaveStatus;
  failures: number;
  retryAt: number | null;
  lastSavedAt: number | null;
  conflict: { reason: ConflictReason; message: string } | null;
  refusal: { revision: number; message: string; fields: { field: string; message: string }[] } | null;
}

export const queueTiming = {
  /** Quiet time after the last edit before it is sent, so a drag or a word goes as one save. */
  debounceMs: 800,
  /** Longest an edit waits while edits keep coming. */
  maxWaitMs: 2_000,
  firstRetryMs: 1_000,
  maxRetryMs: 30_000,
} as const;

export function initialQueue(version: string | null): QueueState {
  return {
    version,
    revision: 0,
    savedRevision: 0,
    pendingSince: null,
    changedAt: null,
    inFlight: null,
    status: 'saved',
    failures: 0,
    retryAt: null,
    lastSavedAt: null,
    conflict: null,
    refusal: null,
  };
}

const unsaved = (state: QueueState) => state.revision > state.savedRevision;

/** A new edit: it waits its turn; a conflict stays, since only a reload may decide what wins. */
export function edited(state: QueueState, now: number): QueueState {
  const next = { ...state, revision: state.revision + 1, changedAt: now, pendingSince: state.pendingSince ?? now };
  if (state.status === 'conflict') return next;
  // A refused document may be fixed by this edit, so it is tried again; an offline queue keeps its backoff.
  const status = state.status === 'offline' || state.inFlight !== null ? state.status : 'pending';
  return { ...next, status, refusal: null };
}

export type QueueAction = { kind: 'send'; revision: number; version: string | null } | { kind: 'wait'; until: number } | { kind: 'idle' };

/** What to do now. `flush` sends at once what is unsaved, skipping the quiet time and the backoff. */
export function nextAction(state: QueueState, now: number, flush = false): QueueAction {
  if (!unsaved(state) || state.inFlight !== null || state.status === 'conflict') return { kind: 'idle' };
  if (state.refusal && state.refusal.revision === state.revision) return { kind: 'idle' };
  const send: QueueAction = { kind: 'send', revision: state.revision, version: state.version };
  if (flush) return send;
  if (state.retryAt !== null && now < state.retryAt) return { kind: 'wait', until: state.retryAt };
  if (state.retryAt !== null) return send;
  const due = Math.min((state.changedAt ?? now) + queueTiming.debounceMs, (state.pendingSince ?? now) + queueTiming.maxWaitMs);
  return now >= due ? send : { kind: 'wait', until: due };
}

/** The request for `revision` left; at most one is in flight. */
export function sending(state: QueueState, revision: number): QueueState {
  return { ...state, inFlight: revision, status: 'saving' };
}

export function retryDelay(failures: number): number {
  return Math.min(queueTiming.firstRetryMs * 2 ** Math.max(0, failures - 1), queueTiming.maxRetryMs);
}

/** The answer to the request in flight. */
export function answered(state: QueueState, outcome: SaveOutcome, now: number): QueueState {
  const revision = state.inFlight ?? state.savedRevision;
  const settled = { ...state, inFlight: null };
  switch (outcome.kind) {
    case 'saved': {
      const rest = revision < state.revision;
      return {
        ...settled,
        version: outcome.version,
        savedRevision: revision,
        failures: 0,
        retryAt: null,
        lastSavedAt: now,
        // Edits made while the request travelled are still unsaved, and they count from now.
        pendingSince: rest ? now : null,
        status: rest ? 'pending' : 'saved',
      };
    }
    case 'retry': {
      const failures = state.failures + 1;
      return { ...settled, failures, retryAt: now + retryDelay(failures), status: 'offline' };
    }
    case 'conflict':
      return { ...settled, status: 'conflict', conflict: { reason: outcome.reason, message: outcome.message } };
    case 'refused':
      return { ...settled, status: 'refused', refusal: { revision, message: outcome.message, fields: outcome.fields } };
  }
}

/** The network is back: try at once instead of waiting out the backoff. */
export function online(state: QueueState): QueueState {
  return state.status === 'offline' ? { ...state, retryAt: state.retryAt === null ? null : 0 } : state;
}

/** How a refused request counts, from the envelope's code and errCode. */
export function outcomeOf(code: number, errCode: string | null): 'retry' | 'refused' | ConflictReason {
  if (code === 0 || code === 429 || code >= 500 || errCode === 'TOKEN_INVALID' || errCode === 'BAD_RESPONSE') return 'retry';
  if (code === 412 || errCode === 'VERSION_CONFLICT') return 'version';
  if (code === 409) return 'state';
  if (code === 403 || code === 404) return 'access';
  return 'refused';
}
