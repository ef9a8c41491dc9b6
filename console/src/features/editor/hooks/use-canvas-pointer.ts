// The pointer on the canvas: its presses go to the tool modes, which decide what they draw, mark or marquee; with the
// selection tool it selects (shift adds, a drag on empty space is a marquee) and moves the selection; and it pans with
// the middle button or while space is held. What the modes finish (a shape, a mark, a marquee) becomes a change here.
import type Konva from 'konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import { type RefObject, useEffect, useRef } from 'react';
import { insideMarquee, moveObjects, type Point, rectBetween, type ResultDocument, topmostHit } from '@annot/workflows';
import { useEditorSetup } from '../components/editor-setup';
import { snapshotObjects } from '../components/objects-snapshot';
import { createBox, createObject, createPath, editableObjects } from '../stores/editor-actions';
import { useEditorStore } from '../stores/editor-store';

type Gesture = { kind: 'pan'; from: Point; view: { x: number; y: number }; release: () => void } | { kind: 'move'; from: Point; base: ResultDocument } | null;

/** Screen pixels within which a click takes a thin shape or closes a polygon, whatever the zoom. */
const reach = 6;

export function useCanvasPointer(stageRef: RefObject<Konva.Stage | null>, onMark: (spot: Point, objectId: string | null) => void) {
  const store = useEditorStore();
  const setup = useEditorSetup();
  const gesture = useRef<Gesture>(null);
  const mark = useRef(onMark);
  mark.current = onMark;

  useEffect(() => {
    const { modes } = store;
    const subscriptions = [
      modes.on('box.drawn', ({ toolId, anchor, pointer }) => createBox(store, setup, toolId, anchor, pointer)),
      modes.on('path.drawn', ({ toolId, points }) => createPath(store, setup, toolId, points)),
      modes.on('point.drawn', ({ toolId, at }) => createObject(store, setup, toolId, { type: 'point', x: at.x, y: at.y })),
      modes.on('mark.placed', ({ at, reach: tolerance }) => mark.current(at, topmostHit(editableObjects(store), at, tolerance)?.id ?? null)),
      modes.on('marquee.drawn', ({ from, to, additive }) => {
        const rect = rectBetween(from, to);
        const inside = rect.width > 0 || rect.height > 0 ? insideMarquee(editableObjects(store), rect).map((o) => o.id) : [];
        store.set({ selected: new Set([...(additive ? store.getState().selected : []), ...inside]) });
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [store, setup]);

  const imagePoint = (): Point | null => stageRef.current?.getRelativePointerPosition() ?? null;
  const screenPoint = (): Point | null => stageRef.current?.getPointerPosition() ?? null;

  const onMouseDown = (e: KonvaEventObject<MouseEvent>) => {
    // Handles and pins catch their own clicks; only the bare canvas arrives here as the stage.
    if (e.target !== e.target.getStage()) return;
    // Another button while panning: the pan gives the objects back their shapes before anything else starts.
    if (gesture.current?.kind === 'pan') endPan();
    const p = imagePoint();
    const screen = screenPoint();
    if (!p || !screen) return;
    const state = store.getState();
    const modes = store.modes.getSnapshot();
    if (e.evt.button === 1 || modes.matches({ hand: 'held' })) {
      e.evt.preventDefault();
      const stage = stageRef.current;
      store.modes.send({ type: 'pan.start' });
      gesture.current = { kind: 'pan', from: screen, view: { x: state.view.x, y: state.view.y }, release: stage ? snapshotObjects(stage) : () => {} };
      return;
    }
    if (e.evt.button !== 0) return;
    const tolerance = reach / state.view.scale;
    if (!modes.matches({ tool: 'select' })) {
      if (!setup.readOnly || modes.matches({ tool: 'mark' })) store.modes.send({ type: 'pointer.down', at: p, reach: tolerance });
      return;
    }
    const hit = topmostHit(editableObjects(store), p, tolerance);
    if (!hit) {
      if (!e.evt.shiftKey) store.set({ selected: new Set() });
      store.modes.send({ type: 'marquee.start', at: p, additive: e.evt.shiftKey });
      return;
    }
    if (e.evt.shiftKey) {
      const selected = new Set(state.selected);
      if (selected.has(hit.id)) selected.delete(hit.id);
      else selected.add(hit.id);
      store.set({ selected });
      return;
    }
    if (!state.selected.has(hit.id)) store.set({ selected: new Set([hit.id]) });
    if (!setup.readOnly) {
      store.begin();
      gesture.current = { kind: 'move', from: p, base: store.document() };
    }
  };

  const onMouseMove = () => {
    const p = imagePoint();
    if (!p) return;
    const g = gesture.current;
    if (g?.kind === 'pan') {
      // The stage moves by itself while the hand pans, without a React render a frame; the view is stored at the end.
      const screen = screenPoint();
      const stage = stageRef.current;
      if (screen && stage) {
        stage.position({ x: g.view.x + screen.x - g.from.x, y: g.view.y + screen.y - g.from.y });
        stage.batchDraw();
      }
    } else if (g?.kind === 'move') {
      const state = store.getState();
      store.preview(moveObjects(g.base, state.selected, p.x - g.from.x, p.y - g.from.y, state.frame));
    } else if (store.modes.getSnapshot().can({ type: 'pointer.move', at: p })) {
      // Only a drawing or a marquee under way follows the pointer: a move over an idle canvas changes nothing.
      store.modes.send({ type: 'pointer.move', at: p });
    }
  };

  const endPan = () => {
    const g = gesture.current;
    if (g?.kind !== 'pan') return;
    gesture.current = null;
    g.release();
    const stage = stageRef.current;
    if (stage) store.set({ view: { ...store.getState().view, x: stage.x(), y: stage.y() } });
    store.modes.send({ type: 'pan.end' });
  };

  const onMouseUp = () => {
    const g = gesture.current;
    if (g?.kind === 'pan') return endPan();
    gesture.current = null;
    if (g?.kind === 'move') store.end();
    store.modes.send({ type: 'pointer.up' });
  };

  return { onMouseDown, onMouseMove, onMouseUp };
}
