// What changed in an item's result between two moments: objects added, removed and changed (moved, resized,
// reshaped, class, group, attributes, keyframes), the item's own attributes, and the objects per class before and after.
// Pure: the caller folds the item to each moment, this compares the two documents.
import { shapeBounds } from '../editor/geometry';
import { shapeAt } from '../items/interpolation';
import { type AttributeValue, type AttributeValues, isSpatial, type ResultDocument, type ResultObject, type Shape } from '../items/result.schema';

export const objectAspects = ['moved', 'resized', 'reshaped', 'class', 'group', 'attributes', 'keyframes', 'outside'] as const;
export type ObjectAspect = (typeof objectAspects)[number];

/** An attribute whose value differs; `frame` is null for an object's or the item's own attribute. */
export interface AttributeChange {
  name: string;
  frame: number | null;
  before: AttributeValue | null;
  after: AttributeValue | null;
}

export interface ObjectChange {
  objectId: string;
  kind: 'added' | 'removed' | 'changed';
  toolId: string;
  /** The class the object has after the change (before it, for a removed one). */
  className: string | null;
  aspects: ObjectAspect[];
  attributes: AttributeChange[];
  /** The frames on which its shape differs. */
  frames: number[];
}

/** Objects of one class (a tool and its class name) at each end. */
export interface ClassCount {
  toolId: string;
  className: string | null;
  before: number;
  after: number;
}

export interface ResultDiff {
  objects: ObjectChange[];
  itemAttributes: AttributeChange[];
  counts: ClassCount[];
  /** Objects present at both ends and the same at both. */
  unchanged: number;
}

// Both documents come from the same store and schema, so equal parts serialise alike.
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export function resultDiff(before: ResultDocument | null, after: ResultDocument | null): ResultDiff {
  const from = before?.objects ?? [];
  const to = after?.objects ?? [];
  const earlier = new Map(from.map((o) => [o.id, o]));
  const later = new Set(to.map((o) => o.id));
  const objects: ObjectChange[] = [];
  let unchanged = 0;
  for (const object of to) {
    const old = earlier.get(object.id);
    if (!old) {
      objects.push(whole(object, 'added'));
      continue;
    }
    const change = changeOf(old, object);
    if (change) objects.push(change);
    else unchanged += 1;
  }
  for (const object of from) if (!later.has(object.id)) objects.push(whole(object, 'removed'));
  return { objects, itemAttributes: attributeChanges(before?.attributes ?? {}, after?.attributes ?? {}, null), counts: classCounts(from, to), unchanged };
}

const whole = (object: ResultObject, kind: 'added' | 'removed'): ObjectChange => ({
  objectId: object.id,
  kind,
  toolId: object.toolId,
  className: object.className,
  aspects: [],
  attributes: [],
  frames: [],
});

function changeOf(old: ResultObject, now: ResultObject): ObjectChange | null {
  const aspects = new Set<ObjectAspect>();
  if (old.className !== now.className || old.toolId !== now.toolId) aspects.add('class');
  if (!same(old.group, now.group)) aspects.add('group');
  const attributes = attributeChanges(old.attributes, now.attributes, null);
  const oldFrames = new Map(old.keyframes.map((k) => [k.frame, k]));
  const newFrames = new Map(now.keyframes.map((k) => [k.frame, k]));
  if (!same([...oldFrames.keys()], [...newFrames.keys()])) aspects.add('keyframes');
  const frames: number[] = [];
  for (const frame of [...new Set([...oldFrames.keys(), ...newFrames.keys()])].sort((a, b) => a - b)) {
    const a = oldFrames.get(frame);
    const b = newFrames.get(frame);
    if (a && b) {
      if (a.outside !== b.outside) aspects.add('outside');
      attributes.push(...attributeChanges(a.attributes, b.attributes, frame));
    }
    // Where only one end has a keyframe, the other's shape there is what its track interpolates.
    const shapeBefore = shapeAt(old, frame);
    const shapeAfter = shapeAt(now, frame);
    if (same(shapeBefore, shapeAfter) && same(a?.cameraBoxes, b?.cameraBoxes)) continue;
    frames.push(frame);
    for (const aspect of shapeAspects(shapeBefore, shapeAfter)) aspects.add(aspect);
  }
  if (attributes.length > 0) aspects.add('attributes');
  if (aspects.size === 0) return null;
  return { objectId: now.id, kind: 'changed', toolId: now.toolId, className: now.className, aspects: objectAspects.filter((a) => aspects.has(a)), attributes, frames };
}

/** How a shape changed: its place, its size, or its form beyond both (points, runs, a cuboid's turn). */
function shapeAspects(a: Shape | null, b: Shape | null): ObjectAspect[] {
  if (!a || !b) return [];
  if (a.type !== b.type) return ['reshaped'];
  if (a.type === 'cuboid' && b.type === 'cuboid') {
    const moved = a.x !== b.x || a.y !== b.y || a.z !== b.z;
    const resized = a.length !== b.length || a.width !== b.width || a.height !== b.height;
    const turned = a.yaw !== b.yaw || a.pitch !== b.pitch || a.roll !== b.roll;
    return [...(moved ? ['moved' as const] : []), ...(resized ? ['resized' as const] : []), ...(turned ? ['reshaped' as const] : [])];
  }
  if (isSpatial(a) || a.type === 'mask') return ['reshaped'];
  const p = shapeBounds(a);
  const q = shapeBounds(b);
  const moved = p.x !== q.x || p.y !== q.y;
  const resized = p.width !== q.width || p.height !== q.height;
  // Bounds that stay put while the shape changes: its points moved within them, or a box turned.
  const reshaped = !moved && !resized;
  return [...(moved ? ['moved' as const] : []), ...(resized ? ['resized' as const] : []), ...(reshaped ? ['reshaped' as const] : [])];
}

function attributeChanges(before: AttributeValues, after: AttributeValues, frame: number | null): AttributeChange[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return names.flatMap((name) => {
    const a = before[name] ?? null;
    const b = after[name] ?? null;
    return same(a, b) ? [] : [{ name, frame, before: a, after: b }];
  });
}

function classCounts(from: readonly ResultObject[], to: readonly ResultObject[]): ClassCount[] {
  const counts = new Map<string, ClassCount>();
  const tally = (objects: readonly ResultObject[], end: 'before' | 'after') => {
    for (const o of objects) {
      const key = JSON.stringify([o.toolId, o.className]);
      const count = counts.get(key) ?? { toolId: o.toolId, className: o.className, before: 0, after: 0 };
      count[end] += 1;
      counts.set(key, count);
    }
  };
  tally(from, 'before');
  tally(to, 'after');
  return [...counts.values()];
}
