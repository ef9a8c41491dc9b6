// Saves the editor's document to the server about a second after each change, one request at a time with If-Match,
// the newest document winning; keeps every unsaved document in IndexedDB until the server has it; offers what a
// crash or a closed tab left behind; stops and explains on a version conflict instead of overwriting. The queue's
// rules are the autosave machine; this hook feeds it the edits, the clock and the browser's signals.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import type { ResultDocument } from '@annot/workflows';
import { type Draft, readDraft, removeSavedDraft, restorable, writeDraft } from './autosave-drafts';
import { type AutosaveContext, autosaveMachine, type AutosaveStatus, type SaveAnswer, type SaveRequest } from './autosave.machine';
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
  conflict: AutosaveContext['conflict'];
  refusal: AutosaveContext['refusal'];
  /** Saves what is unsaved now; resolves once the server has it or saving cannot go on (offline, conflict, refused). */
  flush: () => Promise<void>;
  /** Unsaved work found in this browser on opening the item; the editor offers to bring it back. */
  restored: RestoredDraft | null;
  discardRestored: () => void;
}

/** Saving has nothing more to do for a flush: all is saved, or it stopped and says why. */
const settled = (snapshot: SnapshotFrom<typeof autosaveMachine>) => !snapshot.matches('pending') && !snapshot.matches('saving');

export function useAutosave({ itemId, version, document, enabled }: AutosaveInput): Autosave {
  // Drafts are written in order, and a save leaves only after the draft it sends is stored.
  const written = useRef<Promise<void>>(Promise.resolve());
  const actor = useActorRef(
    autosaveMachine.provide({
      actors: {
        save: fromPromise<SaveAnswer, SaveRequest>(async ({ input }) => {
          await written.current.catch(() => undefined);
          // The machine saves only after an edit, so there is always a document here.
          if (!input.document) throw new Error('nothing edited to save');
          const outcome = await saveResult(input.itemId, input.version, input.document);
          if (outcome.kind === 'saved') void removeSavedDraft(input.itemId, input.revision).catch(() => undefined);
          return { outcome, at: Date.now() };
        }),
      },
    }),
    { input: { itemId, version } },
  );
  const status = useSelector(actor, (snapshot) => snapshot.value as AutosaveStatus);
  const lastSavedAt = useSelector(actor, (snapshot) => snapshot.context.lastSavedAt);
  const conflict = useSelector(actor, (snapshot) => snapshot.context.conflict);
  const refusal = useSelector(actor, (snapshot) => snapshot.context.refusal);
  const [restored, setRestored] = useState<RestoredDraft | null>(null);
  const latest = useRef<{ document: ResultDocument; seen: ResultDocument }>({ document, seen: document });

  // A new item starts afresh, and looks for what an earlier visit left unsaved.
  useEffect(() => {
    latest.current = { document, seen: document };
    if (actor.getSnapshot().context.itemId !== itemId) actor.send({ type: 'autosave.open', itemId, version });
    setRestored(null);
    let cancelled = false;
    void readDraft(itemId)
      .then((draft) => {
        if (cancelled) return;
        // New edits count on from the stored draft, so its removal can never take a newer one with it.
        if (draft) actor.send({ type: 'autosave.restored', revision: draft.revision });
        setRestored(restorable(draft, version, document));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
    // Only the item decides a fresh start; the document and version at that moment are its server state.
  }, [itemId]);

  // A newer version read from the server (after a refetch) becomes the If-Match while nothing is on its way.
  useEffect(() => {
    if (version !== null) actor.send({ type: 'autosave.version', version });
  }, [version, actor]);

  useEffect(() => {
    if (document === latest.current.seen) return;
    latest.current = { document, seen: document };
    if (restored && document === restored.document) setRestored(null);
    if (!enabled) return;
    const at = Date.now();
    actor.send({ type: 'autosave.edit', document, at });
    const { context } = actor.getSnapshot();
    const draft: Draft = { itemId, document, baseVersion: context.version, revision: context.revision, savedAt: at };
    written.current = written.current.catch(() => undefined).then(() => writeDraft(draft));
  }, [document, enabled, itemId, restored, actor]);

  const flush = useCallback(() => {
    actor.send({ type: 'autosave.flush' });
    if (settled(actor.getSnapshot())) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const subscription = actor.subscribe((snapshot) => {
        if (!settled(snapshot)) return;
        subscription.unsubscribe();
        resolve();
      });
    });
  }, [actor]);

  // Leaving the page saves what it can; IndexedDB already holds it should the request not make it.
  useEffect(() => {
    const hidden = () => {
      if (window.document.visibilityState === 'hidden') void flush();
    };
    const leaving = () => void flush();
    const back = () => actor.send({ type: 'autosave.online' });
    window.document.addEventListener('visibilitychange', hidden);
    window.addEventListener('beforeunload', leaving);
    window.addEventListener('online', back);
    return () => {
      window.document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('beforeunload', leaving);
      window.removeEventListener('online', back);
    };
  }, [flush, actor]);

  // Edits made since opening count past the restored draft's revision, so only the draft itself is removed.
  const discardRestored = useCallback(() => {
    if (!restored) return;
    setRestored(null);
    void removeSavedDraft(restored.itemId, restored.revision).catch(() => undefined);
  }, [restored]);

  return { status, lastSavedAt, conflict, refusal, flush, restored, discardRestored };
}
