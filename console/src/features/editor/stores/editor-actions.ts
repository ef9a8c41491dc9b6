// Every change the editor offers, one function each, for the pointer, the keyboard and the buttons alike.
import {
  addObjects,
  boxFromDrag,
  defaultMinSize,
  changeObject,
  copiesOf,
  deleteAt,
  deleteObjects,
  deleteVertex,
  meetsMinSize,
  moveObjects,
  newObject,
  type PathShape,
  type Point,
  reorder,
  type Shape,
  setShape,
  shapeAt,
  type ZOrder,
} from '@annot/workflows';
import { type EditorSetup, toolOf } from '../components/editor-setup';
import type { EditorStore } from './editor-store';

export const newObjectId = (): string => crypto.randomUUID();

/** Adds an object of a tool and selects it, so its attributes can be set at once. */
export function createObject(store: EditorStore, setup: EditorSetup, toolId: string, shape: Shape): void {
  const tool = toolOf(setup, toolId);
  if (!tool || setup.readOnly) return;
  const object = newObject(newObjectId(), tool, shape, store.getState().frame);
  store.commit(addObjects(store.document(), [object]));
  store.set({ selected: new Set([object.id]) });
}

/** A polygon, line or curve the tool modes ended, with as many points as its kind needs. */
export function createPath(store: EditorStore, setup: EditorSetup, toolId: string, points: Point[]): void {
  const type = toolOf(setup, toolId)?.definition.templateType;
  if (type === 'polygon' || type === 'line' || type === 'curve') createObject(store, setup, toolId, { type, points } as PathShape);
}

/** A box dragged with a tool, kept only when it is large enough to be meant. */
export function createBox(store: EditorStore, setup: EditorSetup, toolId: string, anchor: Point, pointer: Point): void {
  const box = boxFromDrag(anchor, pointer, { aspectRatio: toolOf(setup, toolId)?.definition.aspectRatio, minSize: defaultMinSize });
  if (meetsMinSize(box, { minSize: 3 })) createObject(store, setup, toolId, box);
}

/** Objects the pointer and the selection may act on: in view at the frame, shown and not locked. */
export function editableObjects(store: EditorStore) {
  const { history, hidden, locked, frame } = store.getState();
  return history.present.objects.flatMap((o) => {
    const shape = shapeAt(o, frame);
    return shape && !hidden.has(o.id) && !locked.has(o.id) ? [{ id: o.id, shape }] : [];
  });
}

const selectedIds = (store: EditorStore) => store.getState().selected;

/**
 * Delete removes the vertex last clicked when there is one, else the selected objects; in a sequence it deletes at
 * the frame (the keyframe there, or the object from there on), and the whole track goes only by `deleteTracks`.
 */
export function deleteSelection(store: EditorStore, setup: EditorSetup): void {
  if (setup.readOnly) return;
  const { frame } = store.getState();
  const { vertex } = store.modes.getSnapshot().context;
  const doc = store.document();
  const object = vertex && doc.objects.find((o) => o.id === vertex.objectId);
  const shape = object ? shapeAt(object, frame) : null;
  if (vertex && shape && 'points' in shape) {
    store.commit(setShape(doc, vertex.objectId, { ...shape, points: deleteVertex(shape.points, vertex.index, shape.type) } as PathShape, frame));
    return;
  }
  if (doc.frameCount > 1) return store.commit([...selectedIds(store)].reduce((next, id) => changeObject(next, id, (o) => deleteAt(o, frame)), doc));
  deleteTracks(store, setup, selectedIds(store));
}

/** Whole tracks removed, on every frame. */
export function deleteTracks(store: EditorStore, setup: EditorSetup, ids: ReadonlySet<string>): void {
  if (setup.readOnly) return;
  store.commit(deleteObjects(store.document(), ids));
  store.set({ selected: new Set() });
}

export function copySelection(store: EditorStore): void {
  const ids = selectedIds(store);
  store.set({ clipboard: store.document().objects.filter((o) => ids.has(o.id)) });
}

export function paste(store: EditorStore, setup: EditorSetup): void {
  const { clipboard } = store.getState();
  if (setup.readOnly || clipboard.length === 0) return;
  const copies = copiesOf(clipboard, newObjectId, 10);
  store.commit(addObjects(store.document(), copies));
  // The next paste lands beside this one rather than on top of it.
  store.set({ selected: new Set(copies.map((c) => c.id)), clipboard: copies });
}

export function orderSelection(store: EditorStore, setup: EditorSetup, to: ZOrder): void {
  if (!setup.readOnly) store.commit(reorder(store.document(), selectedIds(store), to));
}

export function nudgeSelection(store: EditorStore, setup: EditorSetup, dx: number, dy: number): void {
  if (!setup.readOnly) store.commit(moveObjects(store.document(), selectedIds(store), dx, dy, store.getState().frame));
}

/** Hides or shows the selection; a hidden object cannot stay selected. */
export function toggleHidden(store: EditorStore): void {
  toggleFlag(store, 'hidden');
}

export function toggleLocked(store: EditorStore): void {
  toggleFlag(store, 'locked');
}

function toggleFlag(store: EditorStore, flag: 'hidden' | 'locked', ids: ReadonlySet<string> = selectedIds(store)): void {
  const current = store.getState()[flag];
  const allOn = [...ids].every((id) => current.has(id));
  const next = new Set(current);
  for (const id of ids) allOn ? next.delete(id) : next.add(id);
  store.set(flag === 'hidden' ? { hidden: next, selected: allOn ? ids : new Set() } : { locked: next });
}

export function toggleObjectFlag(store: EditorStore, flag: 'hidden' | 'locked', id: string): void {
  toggleFlag(store, flag, new Set([id]));
}

/** Selects the next (or previous) object in drawing order, for Tab through the list. */
export function cycleSelection(store: EditorStore, step: 1 | -1): void {
  const objects = store.document().objects;
  if (objects.length === 0) return;
  const [current] = selectedIds(store);
  const index = objects.findIndex((o) => o.id === current);
  const next = objects[(index + step + objects.length) % objects.length];
  store.set({ selected: new Set([next.id]) });
}

/** The view that shows the whole image in a viewport, centred. */
export function fitView(image: { width: number; height: number }, viewport: { width: number; height: number }) {
  const scale = Math.min(viewport.width / image.width, viewport.height / image.height) * 0.98;
  return { scale, x: (viewport.width - image.width * scale) / 2, y: (viewport.height - image.height * scale) / 2 };
}

/** Zoom by a factor keeping one screen point fixed: the cursor for the wheel, the centre for the keys. */
export function zoomAt(store: EditorStore, factor: number, at: Point): void {
  const { view } = store.getState();
  const scale = Math.min(40, Math.max(0.02, view.scale * factor));
  const imageX = (at.x - view.x) / view.scale;
  const imageY = (at.y - view.y) / view.scale;
  store.set({ view: { scale, x: at.x - imageX * scale, y: at.y - imageY * scale } });
}
