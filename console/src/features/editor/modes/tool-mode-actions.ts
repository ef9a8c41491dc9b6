// What the editor's parts tell its tool modes and read back from them: a tool taken, the selection tool taken back
// with the objects picked in a list, and the tool in hand.
import type { EditorTool } from '@annot/workflows';
import type { EditorSetup } from '../components/editor-setup';
import type { EditorStore } from '../stores/editor-store';

/** The drawing tool in hand, or null while selecting or marking. */
export const toolInHand = (store: EditorStore): string | null => store.modes.getSnapshot().context.toolId;

/** Takes a tool to draw with; the selection goes, so the next press draws rather than edits. */
export function pickTool(store: EditorStore, setup: EditorSetup, tool: EditorTool | undefined): void {
  if (!tool || setup.readOnly) return;
  store.modes.send({ type: 'tool.draw', toolId: tool.toolId, template: tool.definition.templateType });
  store.set({ selected: new Set() });
}

/** Selects objects picked outside the canvas (a list, a mark, a refusal): the tool in hand is put down to edit them. */
export function selectPicked(store: EditorStore, selected: ReadonlySet<string>): void {
  store.modes.send({ type: 'tool.select' });
  store.set({ selected });
}
