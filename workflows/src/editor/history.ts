// Undo and redo over whole documents: each change records the state before it, so every edit, however made,
// can be taken back, and a new change after an undo drops the redo branch.
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
}

/** Enough for a working session; older steps fall off so memory stays bounded. */
export const historyLimit = 200;

export const startHistory = <T>(present: T): History<T> => ({ past: [], present, future: [] });

/** The history after a change; the same history when nothing changed. */
export function record<T>(history: History<T>, next: T, limit = historyLimit): History<T> {
  if (next === history.present) return history;
  const past = [...history.past, history.present];
  return { past: past.length > limit ? past.slice(past.length - limit) : past, present: next, future: [] };
}

/** Replaces the present without a step of its own: for a change still under way, such as a drag. */
export function replace<T>(history: History<T>, next: T): History<T> {
  return next === history.present ? history : { ...history, present: next };
}

export function undo<T>(history: History<T>): History<T> {
  if (history.past.length === 0) return history;
  return { past: history.past.slice(0, -1), present: history.past[history.past.length - 1], future: [history.present, ...history.future] };
}

export function redo<T>(history: History<T>): History<T> {
  if (history.future.length === 0) return history;
  return { past: [...history.past, history.present], present: history.future[0], future: history.future.slice(1) };
}

export const canUndo = (history: History<unknown>): boolean => history.past.length > 0;
export const canRedo = (history: History<unknown>): boolean => history.future.length > 0;
