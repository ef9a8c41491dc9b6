// The editor's autosave: the hook, the line that tells the person where their work stands, and the queue's types.
export { useAutosave, type Autosave, type AutosaveInput, type RestoredDraft } from './use-autosave';
export { AutosaveStatusLine } from './autosave-status';
export type { AutosaveStatus, ConflictReason } from './autosave.machine';
