// The pointer on the canvas: draws with the tool in hand, selects (shift adds, a drag on empty space is a
// marquee), moves the selection, pans with the middle button or while space is held, and pins inspection marks.
import type Konva from 'konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import { type RefObject, useRef } from 'react';
import { boxFromDrag, defaultMinSize, insideMarquee, moveObjects, type Point, rectBetween, type ResultDocument, topmostHit } from '@annot/workflows';
import { toolOf, useEditorSetup } from '../components/editor-setup';
import { snapshotObjects } from '../components/objects-snapshot';
import { createObject, editableObjects, finishBox, finishPath } from '../stores/editor-actions';
import { useEditorStore } from '../stores/editor-store';

type Gesture =
  | { kind: 'pan'; from: Point; view: { x: number; y: number }; release: () => void }
  | { kind: 'move'; from: Point; base: ResultDocument }
  | { kind: 'marquee'; additive: boolean }
  | { kind: 'box' }
  | null;

/** Screen pixels within which a click takes a thin shape or closes a polygon, whatever the zoom. */
const reach = 6;

export function useCanvasPointer(stageRef: RefObject<Konva.Stage | null>, spaceHeld: RefObject<boolean>, onMark: (spot: Point, objectId: string | null) => void) {
  const store = useEditorStore();
  const setup = useEditorSetup();
  const gesture = useRef<Gesture>(null);

  const imagePoint = (): Point | null => stageRef.current?.getRelativePointerPosition() ?? null;
  const screenPoint = (): Point | null => stageRef.current?.getPointerPosition() ?? null;

  const onMouseDown = (e: KonvaEventObject<MouseEvent>) => {
    // Handles and pins catch their own clicks; only the bare canvas arrives here as the stage.
    if (e.target !== e.target.getStage()) return;
    // Another button while panning: the pan gives the objects back their shapes before anything else starts.
    if (gesture.current?.kind === 'pan') gesture.current.release();
    const p = imagePoint();
    const screen = screenPoint();
    if (!p || !screen) return;
    const state = store.getState();
    if (e.evt.button === 1 || spaceHeld.current) {
      e.evt.preventDefault();
      const stage = stageRef.current;
      gesture.current = { kind: 'pan', from: screen, view: { x: state.view.x, y: state.view.y }, release: stage ? snapshotObjects(stage) : () => {} };
      return;
    }
    if (e.evt.button !== 0) return;
    const tolerance = reach / state.view.scale;
    if (state.mode === 'mark') {
      onMark(p, topmostHit(editableObjects(store), p, tolerance)?.id ?? null);
      return;
    }
    const tool = state.mode === 'draw' && state.toolId ? toolOf(setup, state.toolId) : undefined;
    if (tool && !setup.readOnly) {
      const type = tool.definition.templateType;
      if (type === 'point') return createObject(store, setup, { type: 'point', x: p.x, y: p.y });
      if (type === 'box') {
        store.set({ draft: { kind: 'box', anchor: p, pointer: p } });
        gesture.current = { kind: 'box' };
        return;
      }
      const draft = state.draft?.kind === 'path' ? state.draft : null;
      const first = draft?.points[0];
      if (draft && first && type === 'polygon' && draft.points.length >= 3 && Math.hypot(p.x - first.x, p.y - first.y) <= tolerance * 1.5) return finishPath(store, setup);
      store.set({ draft: { kind: 'path', points: [...(draft?.points ?? []), p], pointer: p } });
      return;
    }
    const hit = topmostHit(editableObjects(store), p, tolerance);
    if (!hit) {
      if (!e.evt.shiftKey) store.set({ selected: new Set(), vertex: null });
      store.set({ marquee: { from: p, to: p } });
      gesture.current = { kind: 'marquee', additive: e.evt.shiftKey };
      return;
    }
    if (e.evt.shiftKey) {
      const selected = new Set(state.selected);
      if (selected.has(hit.id)) selected.delete(hit.id);
      else selected.add(hit.id);
      store.set({ selected, vertex: null });
      return;
    }
    if (!state.selected.has(hit.id)) store.set({ selected: new Set([hit.id]), vertex: null });
    if (!setup.readOnly) {
      store.begin();
      gesture.current = { kind: 'move', from: p, base: store.document() };
    }
  };

  const onMouseMove = () => {
    const p = imagePoint();
    if (!p) return;
    const g = gesture.current;
    const state = store.getState();
    if (g?.kind === 'pan') {
      // The stage moves by itself while the hand pans, without a React render a frame; the view is stored at the end.
      const screen = screenPoint();
      const stage = stageRef.current;
      if (screen && stage) {
        stage.position({ x: g.view.x + screen.x - g.from.x, y: g.view.y + screen.y - g.from.y });
        stage.batchDraw();
      }
    } else if (g?.kind === 'move') {
      store.preview(moveObjects(g.base, state.selected, p.x - g.from.x, p.y - g.from.y, state.frame));
    } else if (g?.kind === 'marquee' && state.marquee) {
      store.set({ marquee: { ...state.marquee, to: p } });
    } else if (state.draft?.kind === 'box') {
      store.set({ draft: { ...state.draft, pointer: p } });
    } else if (state.draft?.kind === 'path') {
      store.set({ draft: { ...state.draft, pointer: p } });
    }
  };

  const onMouseUp = () => {
    const g = gesture.current;
    gesture.current = null;
    const state = store.getState();
    const stage = stageRef.current;
    if (g?.kind === 'pan') {
      g.release();
      if (stage) store.set({ view: { ...state.view, x: stage.x(), y: stage.y() } });
    }
    if (g?.kind === 'move') store.end();
    if (g?.kind === 'box' && state.draft?.kind === 'box') {
      const tool = state.toolId ? toolOf(setup, state.toolId) : undefined;
      finishBox(store, setup, boxFromDrag(state.draft.anchor, state.draft.pointer, { aspectRatio: tool?.definition.aspectRatio, minSize: defaultMinSize }));
    }
    if (g?.kind === 'marquee' && state.marquee) {
      const rect = rectBetween(state.marquee.from, state.marquee.to);
      const inside = rect.width > 0 || rect.height > 0 ? insideMarquee(editableObjects(store), rect).map((o) => o.id) : [];
      store.set({ marquee: null, selected: new Set([...(g.additive ? state.selected : []), ...inside]) });
    }
  };

  return { onMouseDown, onMouseMove, onMouseUp };
}
