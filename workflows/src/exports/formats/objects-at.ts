// What every encoder reads of an item: for each frame it exports, each object's shape, class and attribute values
// at that frame, from the one interpolation the editor uses too.
import { frameAttributesAt, shapeAt } from '../../items/interpolation';
import { maskBounds } from '../../editor/masks';
import { cuboidFootprint } from '../../fusion/cuboid';
import { TrackTimeline } from '../../items/track-timeline';
import { isSpatial, type AttributeValues, type MaskShape, type PlanarShape, type ResultObject, type Shape } from '../../items/result.schema';
import { classNameOf, type ExportItem, type ExportTool } from '../format';

export interface ObjectAtFrame {
  object: ResultObject;
  className: string;
  shape: Shape;
  /** The object's own values, then its frame values at this frame. */
  attributes: AttributeValues;
}

export type OutlinedObjectAtFrame = ObjectAtFrame & { shape: Exclude<PlanarShape, MaskShape> };

/**
 * The objects drawn as outlines on an image; masks are left to the formats that write pixels (COCO panoptic, PNG
 * masks), cuboids and segments to the point-cloud formats.
 */
export const outlined = (objects: ObjectAtFrame[]): OutlinedObjectAtFrame[] => objects.filter((o): o is OutlinedObjectAtFrame => o.shape.type !== 'mask' && !isSpatial(o.shape));

/** Each document's timeline, packed on its first frame: encoders ask every frame of a sequence in turn. */
const timelines = new WeakMap<ExportItem['result'], TrackTimeline>();

/** The objects in the scene at a frame; objects outside it there are left out. */
export function objectsAt(item: ExportItem, frame: number, tools: ExportTool[]): ObjectAtFrame[] {
  const { objects } = item.result;
  const inScene: ObjectAtFrame[] = [];
  const add = (object: ResultObject, shape: Shape | null) => {
    if (shape) inScene.push({ object, className: classNameOf(object, tools), shape, attributes: attributesAt(object, frame) });
  };
  if (item.result.frameCount === 1) {
    for (const object of objects) add(object, shapeAt(object, frame));
    return inScene;
  }
  let timeline = timelines.get(item.result);
  if (!timeline) timelines.set(item.result, (timeline = new TrackTimeline(objects)));
  const shapes = timeline.shapesAt(frame);
  objects.forEach((object, i) => add(object, shapes[i]));
  return inScene;
}

/** The object's values, then its frame values at the frame; without frame values, the object's own (read, never written). */
function attributesAt(object: ResultObject, frame: number): AttributeValues {
  const frameValues = frameAttributesAt(object, frame);
  return hasValues(frameValues) ? { ...object.attributes, ...frameValues } : object.attributes;
}

function hasValues(values: AttributeValues): boolean {
  for (const _ in values) return true;
  return false;
}

/** The smallest upright box around a shape's points (a turned box's corners): x, y, width, height. */
export function boundsOf(shape: Shape): [number, number, number, number] {
  if (shape.type === 'box' && !shape.rotation) return [shape.x, shape.y, shape.width, shape.height];
  if (shape.type === 'mask') return maskBounds(shape);
  if (shape.type === 'cuboid') return cuboidFootprint(shape);
  if (shape.type === 'segment') return [0, 0, 0, 0];
  const points = shape.type === 'box' ? cornersOf(shape) : shape.type === 'point' ? [{ x: shape.x, y: shape.y }] : shape.points;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [left, top] = [Math.min(...xs), Math.min(...ys)];
  return [left, top, Math.max(...xs) - left, Math.max(...ys) - top];
}

/** A decoded attribute value as the result holds it: strings, or lists of strings. */
export function attributeValues(raw: unknown): AttributeValues {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const values: AttributeValues = {};
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof value === 'string') values[name] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') values[name] = String(value);
    else if (Array.isArray(value)) values[name] = value.map(String);
  }
  return values;
}

export const finite = (...values: unknown[]): boolean => values.every((v) => typeof v === 'number' && Number.isFinite(v));

/** The lines of a text label file with something on them, as whitespace-separated fields, each with where it is. */
export function labelLines(file: { path: string; content: Buffer }): { source: string; fields: string[] }[] {
  return file.content
    .toString('utf8')
    .split(/\r?\n/)
    .flatMap((line, index) => (line.trim() ? [{ source: `${file.path}:${index + 1}`, fields: line.trim().split(/\s+/) }] : []));
}

/** A box's corners, turned by its rotation about its centre. */
export function cornersOf(box: Extract<Shape, { type: 'box' }>): { x: number; y: number }[] {
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  const [cos, sin] = [Math.cos(box.rotation ?? 0), Math.sin(box.rotation ?? 0)];
  return [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([sx, sy]) => {
    const [dx, dy] = [(sx * box.width) / 2, (sy * box.height) / 2];
    return { x: cx + dx * cos - dy * sin, y: cy + dx * sin + dy * cos };
  });
}
