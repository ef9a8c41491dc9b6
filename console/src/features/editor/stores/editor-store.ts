// The editor's state outside React: the document with its undo history, the frame on screen, the selection, what is
// hidden or locked, and beside it the tool modes' machine (the tool in hand and the drawing under way). Components
// read slices of it, so a change re-renders only what shows it.
import { useSelector } from '@xstate/react';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { createActor } from 'xstate';
import { type History, record, redo as redoStep, replace, type ResultDocument, type ResultObject, startHistory, undo as undoStep } from '@annot/workflows';
import { toolModesMachine, type ToolModesSnapshot } from '../modes/tool-modes.machine';

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
  const modes = createActor(toolModesMachine).start();
  const set = (next: Partial<EditorState>) => {
    const previous = state;
    state = { ...state, ...next };
    // A drawing belongs to the frame it was started on, and a vertex picked to the object selected as it was: another
    // frame drops both, another selection or document the vertex.
    if (state.frame !== previous.frame) modes.send({ type: 'frame.change' });
    if (state.selected !== previous.selected || state.history.present !== previous.history.present) modes.send({ type: 'vertex.drop' });
    for (const listener of listeners) listener();
  };
  const withDocument = (history: History<ResultDocument>): Partial<EditorState> => {
    if (history === state.history) return {};
    const present = history.present;
    // Objects that are gone cannot stay selected, hidden or locked.
    const alive = (ids: ReadonlySet<string>) => (ids.size === 0 ? ids : new Set([...ids].filter((id) => present.objects.some((o) => o.id === id))));
    return { history, revision: present === state.history.present ? state.revision : state.revision + 1, selected: alive(state.selected) };
  };
  return {
    getState: () => state,
    /** The tool modes of this editor: one machine per item, sent the pointer's and the keys' events. */
    modes,
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

/** A slice of the tool modes' state; the component re-renders only when that slice changes. */
export function useModes<T>(select: (snapshot: ToolModesSnapshot) => T): T {
  return useSelector(useEditorStore().modes, select);
}
