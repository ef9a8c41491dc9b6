// The editor's state outside React: the document with its undo history, the frame on screen, the selection, what is
// hidden or locked, the tool in hand and the drawing under way. Components read slices of it, so a change re-renders only what shows it.
import { createContext, useContext, useSyncExternalStore } from 'react';
import { type History, record, redo as redoStep, replace, type ResultDocument, type ResultObject, startHistory, undo as undoStep } from '@annot/workflows';
import type { Point } from '@annot/workflows';

export type EditorMode = 'select' | 'draw' | 'mark';

/** A shape being drawn: a box from its anchor, or the points of a path so far. */
export type Draft = { kind: 'box'; anchor: Point; pointer: Point } | { kind: 'path'; points: Point[]; pointer: Point | null };

export interface View {
  scale: number;
  x: number;
  y: number;
}

export interface EditorState {
  history: History<ResultDocument>;
  /** Counts document changes: the signal that something is there to save. */
  revision: number;
  /** The frame on screen; a single picture is frame 0 of one. */
  frame: number;
  /** The sequence plays on from `frame` at its rate. */
  playing: boolean;
  selected: ReadonlySet<string>;
  hidden: ReadonlySet<string>;
  locked: ReadonlySet<string>;
  mode: EditorMode;
  toolId: string | null;
  draft: Draft | null;
  marquee: { from: Point; to: Point } | null;
  /** The vertex last clicked, so Delete removes it rather than the whole object. */
  vertex: { objectId: string; index: number } | null;
  clipboard: ResultObject[];
  view: View;
  brightness: number;
  contrast: number;
}

const none: ReadonlySet<string> = new Set();

export function initialState(document: ResultDocument): EditorState {
  return {
    history: startHistory(document),
    revision: 0,
    frame: 0,
    playing: false,
    selected: none,
    hidden: none,
    locked: none,
    mode: 'select',
    toolId: null,
    draft: null,
    marquee: null,
    vertex: null,
    clipboard: [],
    view: { scale: 1, x: 0, y: 0 },
    brightness: 100,
    contrast: 100,
  };
}

export type EditorStore = ReturnType<typeof createEditorStore>;

export function createEditorStore(document: ResultDocument) {
  let state = initialState(document);
  /** The history before a change made of many small moves (a drag), which becomes one undo step at its end. */
  let base: History<ResultDocument> | null = null;
  const listeners = new Set<() => void>();
  const set = (next: Partial<EditorState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  const withDocument = (history: History<ResultDocument>): Partial<EditorState> => {
    if (history === state.history) return {};
    const present = history.present;
    // Objects that are gone cannot stay selected, hidden or locked.
    const alive = (ids: ReadonlySet<string>) => (ids.size === 0 ? ids : new Set([...ids].filter((id) => present.objects.some((o) => o.id === id))));
    return { history, revision: present === state.history.present ? state.revision : state.revision + 1, selected: alive(state.selected), vertex: null };
  };
  return {
    getState: () => state,
    subscribe: (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener)),
    set,
    document: () => state.history.present,
    /** One change, one undo step. */
    commit: (next: ResultDocument) => set(withDocument(record(state.history, next))),
    begin: () => {
      base = state.history;
    },
    /** A step of a change under way; shown at once, recorded at `end`. */
    preview: (next: ResultDocument) => set(withDocument(replace(state.history, next))),
    end: () => {
      if (base && state.history.present !== base.present) set({ history: record(base, state.history.present) });
      base = null;
    },
    undo: () => set(withDocument(undoStep(state.history))),
    redo: () => set(withDocument(redoStep(state.history))),
  };
}

export const EditorStoreContext = createContext<EditorStore | null>(null);

export function useEditorStore(): EditorStore {
  const store = useContext(EditorStoreContext);
  if (!store) throw new Error('useEditorStore outside the editor');
  return store;
}

/** A slice of the state; the component re-renders only when that slice changes. */
export function useEditor<T>(select: (state: EditorState) => T): T {
  const store = useEditorStore();
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}
