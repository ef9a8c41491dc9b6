// The item's commands from the editor: what autosave holds is flushed to the server first, and a refusal names
// the object and attribute, which the editor then selects.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import type { Autosave } from '../autosave';
import type { EditorRequest } from '../components/editor-types';
import type { EditorStore } from '../stores/editor-store';
import { selectPicked } from '../modes/tool-mode-actions';

export interface Refusal {
  message: string;
  fields: { objectId: string | null; attribute: string | null; message: string }[];
}

/** The server names a field "<objectId>.<attribute>", or "item.<attribute>" for the item's own. */
export function refusalOf(error: unknown): Refusal {
  if (!(error instanceof ApiError)) return { message: error instanceof Error ? error.message : String(error), fields: [] };
  return {
    message: error.message,
    fields: error.fields.map((f) => {
      const dot = f.field.indexOf('.');
      const owner = dot < 0 ? f.field : f.field.slice(0, dot);
      return { objectId: owner === 'item' ? null : owner, attribute: dot < 0 ? null : f.field.slice(dot + 1), message: f.message };
    }),
  };
}

/** Saving stopped for a reason the person must see before the item may move on. */
const stopped = (autosave: Autosave) => autosave.status === 'conflict' || autosave.status === 'refused' || autosave.status === 'offline';

export function useEditorFlow(store: EditorStore, autosave: Autosave, send: (request: EditorRequest) => Promise<unknown>, labelOf: (verb: EditorRequest['verb']) => string) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [lastError, setLastError] = useState<unknown>(null);
  const latest = useRef(autosave);
  latest.current = autosave;

  const show = (error: unknown) => {
    const next = refusalOf(error);
    setRefusal(next);
    setLastError(error);
    const first = next.fields.find((f) => f.objectId && store.document().objects.some((o) => o.id === f.objectId));
    if (first?.objectId) selectPicked(store, new Set([first.objectId]));
  };

  /** Saves what is unsaved; false when saving cannot go on now. */
  const settle = async (): Promise<boolean> => {
    await latest.current.flush();
    // The status comes with the next render; a macrotask lets React commit it before it is read.
    await new Promise((resolve) => setTimeout(resolve, 0));
    return !stopped(latest.current);
  };

  /** True when the server took the command. */
  const act = async (request: EditorRequest): Promise<boolean> => {
    setPending(true);
    setRefusal(null);
    setLastError(null);
    try {
      if (!(await settle())) return false;
      await send(request);
      toast.success(t('items_done', { action: labelOf(request.verb) }));
      return true;
    } catch (error) {
      show(error);
      return false;
    } finally {
      setPending(false);
    }
  };

  return { act, settle, pending, refusal, lastError, dismiss: () => setRefusal(null) };
}
