// What the panoptic tools do to the document: a stroke, an outline or the rest of the frame on screen painted with
// the mask tool in hand, each one undo step, and the region painted selected so the next stroke continues it.
import { type EditorTool, fillPolygon, fillRest, type Paint, type Point } from '@annot/workflows';
import { type EditorSetup, toolOf } from '../components/editor-setup';
import { toolInHand } from '../modes/tool-mode-actions';
import { newObjectId } from '../stores/editor-actions';
import type { EditorStore } from '../stores/editor-store';
import { type FrameRegions, frameRegions, isMaskTool, targetRegion, withPainted } from './panoptic-regions';

export interface FrameSize {
  width: number;
  height: number;
}

/** The mask tool in hand, when one is and the item may be changed. */
export function maskToolInHand(editor: EditorStore, setup: EditorSetup): EditorTool | undefined {
  const toolId = toolInHand(editor);
  const tool = toolId ? toolOf(setup, toolId) : undefined;
  return !setup.readOnly && isMaskTool(tool) ? tool : undefined;
}

/** A painting under way: the frame's regions as they were, with the one painted added when it is new. */
export interface Painting {
  /** The frame painted: the one on screen when the painting started. */
  frame: number;
  painted: FrameRegions;
  paint: Paint;
  tool: EditorTool;
}

/** Starts painting with the tool in hand: the brush and the fill paint its region, the eraser clears. */
export function startPainting(editor: EditorStore, setup: EditorSetup, size: FrameSize, erase: boolean): Painting | null {
  const tool = maskToolInHand(editor, setup);
  if (!tool) return null;
  const state = editor.getState();
  const { frame } = state;
  const painted = frameRegions(state.history.present, size, frame);
  if (erase) return { frame, painted, paint: { label: 0 }, tool };
  const target = targetRegion(state.history.present, tool, state.selected, frame) ?? newObjectId();
  let index = painted.regions.indexOf(target);
  if (index < 0) index = painted.regions.push(target) - 1;
  return { frame, painted, paint: { label: index + 1 }, tool };
}

/** Ends a painting: one undo step, and the region painted selected. */
export function finishPainting(editor: EditorStore, painting: Painting): void {
  const next = withPainted(editor.document(), painting.painted, painting.tool, painting.frame);
  if (next !== editor.document()) editor.commit(next);
  const painted = painting.paint.label > 0 ? painting.painted.regions[painting.paint.label - 1] : undefined;
  if (painted && next.objects.some((o) => o.id === painted)) editor.set({ selected: new Set([painted]) });
}

export function fillOutline(editor: EditorStore, setup: EditorSetup, size: FrameSize, outline: Point[]): void {
  const painting = startPainting(editor, setup, size, false);
  if (!painting || outline.length < 3) return;
  finishPainting(editor, { ...painting, painted: { ...painting.painted, map: fillPolygon(painting.painted.map, outline, painting.paint) } });
}

/** Gives every pixel no region holds to the tool in hand's class. */
export function fillTheRest(editor: EditorStore, setup: EditorSetup, size: FrameSize): void {
  const painting = startPainting(editor, setup, size, false);
  if (!painting) return;
  finishPainting(editor, { ...painting, painted: { ...painting.painted, map: fillRest(painting.painted.map, painting.paint.label) } });
}

/** The next instance of a countable class starts a region of its own. */
export const newInstance = (editor: EditorStore): void => editor.set({ selected: new Set() });
