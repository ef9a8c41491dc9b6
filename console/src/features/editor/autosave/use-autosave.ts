// Saves the editor's document to the server about a second after each change, one request at a time with If-Match,
// the newest document winning; keeps every unsaved document in IndexedDB until the server has it; offers what a
// crash or a closed tab left behind; stops and explains on a version conflict instead of overwriting.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ResultDocument } from '@annot/workflows';
import { type Draft, readDraft, removeSavedDraft, restorable, writeDraft } from './autosave-drafts';
import { answered, type AutosaveStatus, edited, initialQueue, nextAction, online, type QueueState, sending } from './autosave-queue';
import { saveResult } from './save-result';

export interface AutosaveInput {
  itemId: string;
  /** The item version (ETag) the document was read at. */
  version: string | null;
  document: ResultDocument;
  /** Off where the caller may not save (read-only inspection): changes are then neither saved nor kept. */
  enabled: boolean;
}

export type RestoredDraft = Draft & { stale: boolean };

export interface Autosave {
  status: AutosaveStatus;
  lastSavedAt: number | null;
  conflict: QueueState['conflict'];
  refusal: QueueState['refusal'];
  /** Saves what is unsaved now; resolves once the server has it or saving cannot go on (offline, conflict, refused). */
  flush: () => Promise<void>;
  /** Unsaved work found in this browser on opening the item; the editor offers to bring it back. */
  restored: RestoredDraft | null;
  discardRestored: () => void;
}

export function useAutosave({ itemId, version, document, enabled }: AutosaveInput): Autosave {
  const queue = useRef<QueueState>(initialQueue(version));
  const [snapshot, setSnapshot] = useState<QueueState>(queue.current);
  const [restored, setRestored] = useState<RestoredDraft | null>(null);
  const latest = useRef<{ document: ResultDocument; seen: ResultDocument }>({ document, seen: document });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Drafts are written in order, and a save leaves only after the draft it sends is stored.
  const written = useRef<Promise<void>>(Promise.resolve());
  const waiters = useRef<(() => void)[]>([]);
  const flushing = useRef(false);
  const current = useRef(itemId);

  const commit = useCallback((next: QueueState) => {
    queue.current = next;
    setSnapshot(next);
  }, []);

  const settleWaiters = useCallback(() => {
    const state = queue.current;
    const stopped = state.status === 'offline' || state.status === 'conflict' || state.status === 'refused';
    if (state.inFlight === null && (stopped || state.revision === state.savedRevision)) {
      flushing.current = false;
      for (const resolve of waiters.current.splice(0)) resolve();
    }
  }, []);

  const run = useCallback(
    () => {
      clearTimeout(timer.current);
      const action = nextAction(queue.current, Date.now(), flushing.current);
      if (action.kind === 'wait') timer.current = setTimeout(() => run(), Math.max(0, action.until - Date.now()));
      if (action.kind !== 'send') return settleWaiters();
      const forItem = current.current;
      const document = latest.current.document;
      commit(sending(queue.current, action.revision));
      void written.current
        .catch(() => undefined)
        .then(() => saveResult(forItem, action.version, document))
        .then((outcome) => {
          if (current.current !== forItem) return;
          commit(answered(queue.current, outcome, Date.now()));
          if (outcome.kind === 'saved') void removeSavedDraft(forItem, action.revision).catch(() => undefined);
          // A flush goes on until the server has everything, even edits made while this request travelled.
          run();
        });
    },
    [commit, settleWaiters],
  );

  // A new item starts afresh, and looks for what an earlier visit left unsaved.
  useEffect(() => {
    current.current = itemId;
    latest.current = { document, seen: document };
    commit(initialQueue(version));
    setRestored(null);
    let cancelled = false;
    void readDraft(itemId)
      .then((draft) => {
        if (cancelled || current.current !== itemId) return;
        // New edits count on from the stored draft, so its removal can never take a newer one with it.
        if (draft) commit({ ...queue.current, revision: Math.max(queue.current.revision, draft.revision), savedRevision: Math.max(queue.current.savedRevision, draft.revision) });
        setRestored(restorable(draft, version, document));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      clearTimeout(timer.current);
    };
    // Only the item decides a fresh start; the document and version at that moment are its server state.
  }, [itemId]);

  // A newer version read from the server (after a refetch) becomes the If-Match while nothing is on its way.
  useEffect(() => {
    const state = queue.current;
    if (version === null || state.inFlight !== null || state.revision !== state.savedRevision) return;
    if (state.version === null || BigInt(version) > BigInt(state.version)) commit({ ...state, version });
  }, [version, commit]);

  useEffect(() => {
    if (document === latest.current.seen) return;
    latest.current = { document, seen: document };
    if (restored && document === restored.document) setRestored(null);
    if (!enabled) return;
    const now = Date.now();
    const next = edited(queue.current, now);
    commit(next);
    const draft: Draft = { itemId, document, baseVersion: next.version, revision: next.revision, savedAt: now };
    written.current = written.current.catch(() => undefined).then(() => writeDraft(draft));
    run();
  }, [document, enabled, itemId, restored, commit, run]);

  const flush = useCallback(() => {
    const done = new Promise<void>((resolve) => waiters.current.push(resolve));
    flushing.current = true;
    // With a request on its way, its answer goes on with the flush.
    if (queue.current.inFlight === null) run();
    return done;
  }, [run]);

  // Leaving the page saves what it can; IndexedDB already holds it should the request not make it.
  useEffect(() => {
    const hidden = () => {
      if (window.document.visibilityState === 'hidden') void flush();
    };
    const leaving = () => void flush();
    const back = () => {
      commit(online(queue.current));
      run();
    };
    window.document.addEventListener('visibilitychange', hidden);
    window.addEventListener('beforeunload', leaving);
    window.addEventListener('online', back);
    return () => {
      window.document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('beforeunload', leaving);
      window.removeEventListener('online', back);
    };
  }, [flush, commit, run]);

  // Edits made since opening count past the restored draft's revision, so only the draft itself is removed.
  const discardRestored = useCallback(() => {
    if (!restored) return;
    setRestored(null);
    void removeSavedDraft(restored.itemId, restored.revision).catch(() => undefined);
  }, [restored]);

  return { status: snapshot.status, lastSavedAt: snapshot.lastSavedAt, conflict: snapshot.conflict, refusal: snapshot.refusal, flush, restored, discardRestored };
}
