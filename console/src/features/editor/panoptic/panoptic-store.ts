// The panoptic painting state of one editor: the paint tool in hand, the brush's size and the polygon being
// outlined. Kept beside the editor's store, one per store, so the editor's own state stays as it is.
import { useSyncExternalStore } from 'react';
import type { Point } from '@annot/workflows';
import type { EditorStore } from '../stores/editor-store';

export type PaintTool = 'brush' | 'eraser' | 'polygon';

export interface PanopticState {
  paint: PaintTool;
  /** The brush's and the eraser's diameter in image pixels. */
  size: number;
  /** Corners of the polygon being outlined for a fill. */
  outline: Point[];
}

export const brushSizes = { min: 1, max: 200, initial: 20 } as const;

function createPanopticStore() {
  let state: PanopticState = { paint: 'brush', size: brushSizes.initial, outline: [] };
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set: (next: Partial<PanopticState>) => {
      state = { ...state, ...next };
      for (const listener of listeners) listener();
    },
    subscribe: (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener)),
  };
}

export type PanopticStore = ReturnType<typeof createPanopticStore>;

const stores = new WeakMap<EditorStore, PanopticStore>();

export function panopticStoreOf(editor: EditorStore): PanopticStore {
  let store = stores.get(editor);
  if (!store) stores.set(editor, (store = createPanopticStore()));
  return store;
}

export function usePanoptic<T>(store: PanopticStore, select: (state: PanopticState) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}
