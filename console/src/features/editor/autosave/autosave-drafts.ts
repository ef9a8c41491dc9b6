// The browser's copy of every result the server does not have yet, in IndexedDB by item id, so a crash, a closed
// tab or a lost network loses nothing. Written before each save is sent; removed only once the server has that draft.
import type { ResultDocument } from '@annot/workflows';

export interface Draft {
  itemId: string;
  document: ResultDocument;
  /** The item version the draft was edited on: newer work than the server's only while the server is still there. */
  baseVersion: string | null;
  /** The autosave's revision, so removing an older saved draft never removes a newer one written meanwhile. */
  revision: number;
  savedAt: number;
}

const databaseName = 'annot-editor';
const storeName = 'drafts';

let opened: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(databaseName, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(storeName, { keyPath: 'itemId' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opened = null;
      reject(request.error);
    };
  });
  return opened;
}

async function transact<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest | void): Promise<T> {
  const db = await database();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(storeName, mode);
    const request = work(tx.objectStore(storeName));
    tx.oncomplete = () => resolve((request?.result ?? undefined) as T);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

export function readDraft(itemId: string): Promise<Draft | undefined> {
  return transact<Draft | undefined>('readonly', (store) => store.get(itemId));
}

export function writeDraft(draft: Draft): Promise<void> {
  return transact<void>('readwrite', (store) => void store.put(draft));
}

/** Removes the draft if the server has it: its revision is at most the one saved. */
export function removeSavedDraft(itemId: string, savedRevision: number): Promise<void> {
  return transact<void>('readwrite', (store) => {
    const read = store.get(itemId);
    read.onsuccess = () => {
      const draft = read.result as Draft | undefined;
      if (draft && draft.revision <= savedRevision) store.delete(itemId);
    };
  });
}

/**
 * A stored draft worth offering on opening the item: one edited on the version the server still has (its save never
 * arrived), or on a later one than the editor was given. One edited on an older version is offered too, marked stale:
 * the item moved on since, and only the person may decide to bring the draft back.
 */
export function restorable(draft: Draft | undefined, serverVersion: string | null, serverDocument: ResultDocument): (Draft & { stale: boolean }) | null {
  if (!draft) return null;
  if (JSON.stringify(draft.document) === JSON.stringify(serverDocument)) return null;
  const stale = serverVersion !== null && (draft.baseVersion === null || BigInt(draft.baseVersion) < BigInt(serverVersion));
  return { ...draft, stale };
}
