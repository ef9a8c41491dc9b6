// The point-cloud editor's changes to cuboids, one function each for the pointer, the keys and the buttons: every
// edit at a frame makes a keyframe there, so a track between two edits follows the shared interpolation.
import { type BoxShape, changeObject, type CuboidShape, keyframeAt, type PointCloud, putKeyframe, type ResultObject, setShape, shapeAt, withKeyframe } from '@annot/workflows';
import type { EditorSetup } from '@/features/editor/components/editor-setup';
import type { EditorStore } from '@/features/editor/stores/editor-store';
import { toolInHand } from '@/features/editor/modes/tool-mode-actions';
import { createObject } from '@/features/editor/stores/editor-actions';
import { applySelection } from '../segmentation/point-selection';
import { fitToPoints, recentre } from './cuboid-fitting';
import { nudgeCuboid } from './cuboid-handles';

/** The one selected object's cuboid at the frame on screen, if it has one there. */
export function selectedCuboid(store: EditorStore): { id: string; shape: CuboidShape } | null {
  const { selected, frame } = store.getState();
  if (selected.size !== 1) return null;
  const [id] = selected;
  const object = store.document().objects.find((o) => o.id === id);
  const shape = object ? shapeAt(object, frame) : null;
  return shape?.type === 'cuboid' ? { id, shape } : null;
}

/** The selected cuboid changed at the frame on screen, as one undo step. */
export function changeSelectedCuboid(store: EditorStore, setup: EditorSetup, change: (shape: CuboidShape) => CuboidShape): void {
  const current = selectedCuboid(store);
  if (setup.readOnly || !current || store.getState().locked.has(current.id)) return;
  const next = change(current.shape);
  if (next !== current.shape) store.commit(setShape(store.document(), current.id, next, store.getState().frame));
}

/** A small step: 10 cm, or 1° of turn. */
const step = 0.1;
const degree = Math.PI / 180;

export const cuboidSteps = {
  nudge_up: { move: [step, 0, 0] },
  nudge_down: { move: [-step, 0, 0] },
  nudge_left: { move: [0, step, 0] },
  nudge_right: { move: [0, -step, 0] },
  cuboid_raise: { move: [0, 0, step] },
  cuboid_lower: { move: [0, 0, -step] },
  cuboid_turn_left: { turn: degree },
  cuboid_turn_right: { turn: -degree },
  cuboid_longer: { grow: [step, 0, 0] },
  cuboid_shorter: { grow: [-step, 0, 0] },
  cuboid_wider: { grow: [0, step, 0] },
  cuboid_narrower: { grow: [0, -step, 0] },
  cuboid_taller: { grow: [0, 0, step] },
  cuboid_lower_roof: { grow: [0, 0, -step] },
} satisfies Record<string, Parameters<typeof nudgeCuboid>[1]>;

export type CuboidStep = keyof typeof cuboidSteps;
export const isCuboidStep = (command: string): command is CuboidStep => command in cuboidSteps;

export function stepSelectedCuboid(store: EditorStore, setup: EditorSetup, command: CuboidStep): void {
  changeSelectedCuboid(store, setup, (shape) => nudgeCuboid(shape, cuboidSteps[command] as Parameters<typeof nudgeCuboid>[1]));
}

export function fitSelectedCuboid(store: EditorStore, setup: EditorSetup, cloud: PointCloud, ground: number): void {
  changeSelectedCuboid(store, setup, (shape) => fitToPoints(cloud, shape, ground));
}

/**
 * The selected track carried over the next `count` frames: each frame's box is the one before it, re-centred on the
 * points near it in that frame's cloud, kept as a copied keyframe. One undo step; answers the frames it reached.
 */
export async function autoTrackSelected(store: EditorStore, setup: EditorSetup, count: number, cloudAt: (frame: number) => Promise<PointCloud>): Promise<number> {
  const start = selectedCuboid(store);
  if (setup.readOnly || !start) return 0;
  const { frame } = store.getState();
  const last = Math.min(store.document().frameCount - 1, frame + count);
  const shapes: CuboidShape[] = [];
  let shape = start.shape;
  for (let f = frame + 1; f <= last; f++) {
    shape = recentre(await cloudAt(f), shape);
    shapes.push(shape);
  }
  if (shapes.length === 0) return 0;
  store.commit(
    // The frame it starts from is kept as a keyframe, so the copies do not move the frames before it.
    changeObject(store.document(), start.id, (object) =>
      shapes.reduce(
        (next, s, i) => putKeyframe(next, { frame: frame + 1 + i, shape: s, attributes: keyframeAt(next, frame + 1 + i)?.attributes ?? {}, outside: false, source: 'copied' }),
        withKeyframe(object, frame, 'interpolated'),
      ),
    ),
  );
  return shapes.length;
}

/** The 2D boxes a track shows on the cameras at a frame: its keyframe's there, else those of the keyframe before it. */
export function cameraBoxesAt(object: ResultObject, frame: number): Record<string, BoxShape> {
  let found: Record<string, BoxShape> = {};
  for (const keyframe of object.keyframes) {
    if (keyframe.frame > frame) break;
    found = keyframe.outside ? {} : (keyframe.cameraBoxes ?? {});
  }
  return found;
}

/** A track's 2D box on one camera set (or removed, with null) at the frame on screen, in a keyframe there. */
export function setCameraBox(store: EditorStore, setup: EditorSetup, id: string, camera: string, box: BoxShape | null): void {
  if (setup.readOnly) return;
  const { frame } = store.getState();
  store.commit(
    changeObject(store.document(), id, (object) => {
      const keyed = withKeyframe(object, frame, 'interpolated');
      const keyframe = keyframeAt(keyed, frame);
      if (!keyframe || keyframe.outside) return object;
      const boxes = { ...cameraBoxesAt(keyed, frame) };
      if (box) boxes[camera] = box;
      else delete boxes[camera];
      const { cameraBoxes: _dropped, ...rest } = keyframe;
      return putKeyframe(keyed, Object.keys(boxes).length > 0 ? { ...rest, cameraBoxes: boxes } : rest);
    }),
  );
}

/**
 * Points selected in a frame's cloud joined to the segment of the selected object of the segment tool in hand (or
 * taken from it, with `remove`); a new object of that tool where none of its objects is selected.
 */
export function selectIntoSegment(store: EditorStore, setup: EditorSetup, pointCount: number, indices: Uint32Array, remove: boolean): void {
  const { selected, frame } = store.getState();
  const toolId = toolInHand(store);
  if (setup.readOnly || !toolId) return;
  const [id] = selected;
  const object = selected.size === 1 ? store.document().objects.find((o) => o.id === id && o.toolId === toolId) : undefined;
  const current = object ? shapeAt(object, frame) : null;
  const next = applySelection(current?.type === 'segment' ? current : null, pointCount, indices, remove);
  if (!next) return;
  if (object) return store.commit(setShape(store.document(), object.id, next, frame));
  // The tool stays in hand for the next gesture, which adds to this segment.
  createObject(store, setup, toolId, next);
}
