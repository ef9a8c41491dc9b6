// The autosave queue as a machine: saved, pending (waiting for a quiet moment), saving (one request at a time),
// offline (retrying with backoff), refused (this document was refused) and conflict (the item moved on elsewhere).
// Pure: time comes in on the events and the request is an actor the hook provides, so tests drive it with `transition`.
import type { ResultDocument } from '@annot/workflows';
import { assign, fromPromise, not, setup } from 'xstate';

export type AutosaveStatus = 'saved' | 'pending' | 'saving' | 'offline' | 'conflict' | 'refused';

/** Why saving stopped for good: the item moved on without this editor (saved elsewhere, recycled, reassigned). */
export type ConflictReason = 'version' | 'state' | 'access';

export type SaveOutcome =
  | { kind: 'saved'; version: string }
  /** Worth trying again: the network, the session or the server failed, not the document. */
  | { kind: 'retry' }
  | { kind: 'conflict'; reason: ConflictReason; message: string }
  | { kind: 'refused'; message: string; fields: { field: string; message: string }[] };

export interface SaveRequest {
  itemId: string;
  version: string | null;
  document: ResultDocument | null;
  revision: number;
}

/** The answer to a save, stamped with the time it came, so the machine never reads the clock. */
export interface SaveAnswer {
  outcome: SaveOutcome;
  at: number;
}

export interface AutosaveContext {
  itemId: string;
  /** The item version the server last confirmed; the next save sends it as If-Match. */
  version: string | null;
  /** The newest document edited here; the next save sends it, so the newest always wins. */
  document: ResultDocument | null;
  /** Each edit gets the next revision; the server has every revision up to `savedRevision`. */
  revision: number;
  savedRevision: number;
  /** The revision the request on its way carries. */
  inFlight: number;
  /** When the oldest edit the server does not have yet was made, the newest, and the last event's time. */
  pendingSince: number;
  changedAt: number;
  now: number;
  failures: number;
  /** A flush asked to send now: it skips the quiet time and the backoff until saving stops or is done. */
  flushing: boolean;
  lastSavedAt: number | null;
  conflict: { reason: ConflictReason; message: string } | null;
  refusal: { revision: number; message: string; fields: { field: string; message: string }[] } | null;
}

export type AutosaveEvent =
  | { type: 'autosave.open'; itemId: string; version: string | null }
  | { type: 'autosave.edit'; document: ResultDocument; at: number }
  /** Unsaved work found in the browser: new edits count on past its revision. */
  | { type: 'autosave.restored'; revision: number }
  /** A newer version read from the server (a refetch). */
  | { type: 'autosave.version'; version: string }
  | { type: 'autosave.flush' }
  | { type: 'autosave.online' };

export const queueTiming = {
  /** Quiet time after the last edit before it is sent, so a drag or a word goes as one save. */
  debounceMs: 800,
  /** Longest an edit waits while edits keep coming. */
  maxWaitMs: 2_000,
  firstRetryMs: 1_000,
  maxRetryMs: 30_000,
} as const;

export function retryDelay(failures: number): number {
  return Math.min(queueTiming.firstRetryMs * 2 ** Math.max(0, failures - 1), queueTiming.maxRetryMs);
}

export function freshContext(itemId: string, version: string | null): AutosaveContext {
  return { itemId, version, document: null, revision: 0, savedRevision: 0, inFlight: 0, pendingSince: 0, changedAt: 0, now: 0, failures: 0, flushing: false, lastSavedAt: null, conflict: null, refusal: null };
}

type Answered = { output: SaveAnswer };
const outcome = (event: unknown) => (event as Answered).output.outcome;

export const autosaveMachine = setup({
  types: {
    context: {} as AutosaveContext,
    input: {} as { itemId: string; version: string | null },
    events: {} as AutosaveEvent,
  },
  actors: {
    // The hook provides the real request; without one a save fails like a lost network and is retried.
    save: fromPromise<SaveAnswer, SaveRequest>(() => Promise.reject(new Error('no save request provided'))),
  },
  guards: {
    unsaved: ({ context }) => context.revision > context.savedRevision,
    /** Edits made while the request travelled are still unsaved. */
    editedMeanwhile: ({ context }) => context.revision > context.inFlight,
    flushing: ({ context }) => context.flushing,
    savedAnswer: ({ event }) => outcome(event).kind === 'saved',
    retryAnswer: ({ event }) => outcome(event).kind === 'retry',
    conflictAnswer: ({ event }) => outcome(event).kind === 'conflict',
    newerVersion: ({ context, event }) => {
      const { version } = event as { version: string };
      return context.revision === context.savedRevision && (context.version === null || BigInt(version) > BigInt(context.version));
    },
  },
  delays: {
    quiet: ({ context }) => Math.max(0, Math.min(context.changedAt + queueTiming.debounceMs, context.pendingSince + queueTiming.maxWaitMs) - context.now),
    backoff: ({ context }) => retryDelay(context.failures),
  },
  actions: {
    edit: assign(({ context, event }) => {
      const { document, at } = event as Extract<AutosaveEvent, { type: 'autosave.edit' }>;
      const pendingSince = context.revision > context.savedRevision ? context.pendingSince : at;
      return { document, revision: context.revision + 1, changedAt: at, now: at, pendingSince };
    }),
    send: assign(({ context }) => ({ inFlight: context.revision })),
    flush: assign({ flushing: true }),
    stopFlushing: assign({ flushing: false }),
    saved: assign(({ context, event }) => {
      const { outcome: answer, at } = (event as unknown as Answered).output;
      const version = answer.kind === 'saved' ? answer.version : context.version;
      // Edits made while the request travelled count from now.
      return { version, savedRevision: context.inFlight, failures: 0, lastSavedAt: at, now: at, pendingSince: at };
    }),
    failed: assign(({ context, event }) => ({ failures: context.failures + 1, now: (event as unknown as Answered).output?.at ?? context.now })),
    conflicted: assign(({ event }) => {
      const answer = outcome(event);
      return answer.kind === 'conflict' ? { conflict: { reason: answer.reason, message: answer.message } } : {};
    }),
    refused: assign(({ context, event }) => {
      const answer = outcome(event);
      return answer.kind === 'refused' ? { refusal: { revision: context.inFlight, message: answer.message, fields: answer.fields } } : {};
    }),
    settleFlush: assign(({ context }) => ({ flushing: context.flushing && context.revision > context.inFlight })),
    clearRefusal: assign({ refusal: null }),
    restored: assign(({ context, event }) => {
      const { revision } = event as Extract<AutosaveEvent, { type: 'autosave.restored' }>;
      return { revision: Math.max(context.revision, revision), savedRevision: Math.max(context.savedRevision, revision) };
    }),
    newVersion: assign({ version: ({ event }) => (event as Extract<AutosaveEvent, { type: 'autosave.version' }>).version }),
  },
}).createMachine({
  id: 'autosave',
  initial: 'saved',
  context: ({ input }) => freshContext(input.itemId, input.version),
  on: {
    // Another item starts afresh; a request still on its way for the last one is dropped with the state it left.
    'autosave.open': { target: '.saved', actions: assign(({ event }) => freshContext(event.itemId, event.version)) },
    'autosave.restored': { actions: 'restored' },
  },
  states: {
    saved: {
      entry: 'stopFlushing',
      on: {
        'autosave.edit': { target: 'pending', actions: 'edit' },
        'autosave.version': { guard: 'newerVersion', actions: 'newVersion' },
      },
    },
    pending: {
      always: [
        { guard: not('unsaved'), target: 'saved' },
        { guard: 'flushing', target: 'saving' },
      ],
      after: { quiet: 'saving' },
      on: {
        // Each edit starts the quiet time again, never past the longest wait.
        'autosave.edit': { target: 'pending', reenter: true, actions: 'edit' },
        'autosave.flush': { target: 'saving' },
      },
    },
    saving: {
      entry: 'send',
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }): SaveRequest => ({ itemId: context.itemId, version: context.version, document: context.document, revision: context.revision }),
        onDone: [
          { guard: 'savedAnswer', target: 'pending', actions: 'saved', reenter: true },
          { guard: 'retryAnswer', target: 'offline', actions: 'failed' },
          { guard: 'conflictAnswer', target: 'conflict', actions: 'conflicted' },
          { target: 'refused', actions: 'refused' },
        ],
        onError: { target: 'offline', actions: 'failed' },
      },
      on: {
        'autosave.edit': { actions: 'edit' },
        // With a request on its way, its answer goes on with the flush.
        'autosave.flush': { actions: 'flush' },
      },
    },
    offline: {
      // Saving stopped for now: a flush waiting for it ends here, and the backoff decides the next try.
      entry: 'stopFlushing',
      after: { backoff: 'saving' },
      on: {
        // Edits pile up without shortening the backoff.
        'autosave.edit': { actions: 'edit' },
        'autosave.flush': { target: 'saving' },
        'autosave.online': { target: 'saving' },
      },
    },
    refused: {
      // Edits made while the refused request travelled are tried, at once when a flush asked: they may be the fix.
      entry: 'settleFlush',
      always: { guard: 'editedMeanwhile', target: 'pending' },
      on: {
        'autosave.edit': { target: 'pending', actions: ['edit', 'clearRefusal'] },
      },
    },
    conflict: {
      // Only a reload may decide what wins: edits are kept in the browser but never sent.
      entry: 'stopFlushing',
      on: { 'autosave.edit': { actions: 'edit' } },
    },
  },
});
