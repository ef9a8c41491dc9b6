// ASAM OpenLABEL 1.0 read back, as this platform writes it and as other tools ship it. An item is named by its camera
// or lidar stream's uri, else metadata.tagged_file, else the document's own name. Each object is one track: its shape
// at each frame where the frame's object data has one, and where its static object data (outside `frames`) has one,
// at every frame of its frame intervals (of the item's, where it has none). Cuboids in another coordinate system
// than the lidar's are moved into it through `coordinate_systems` and `transforms` (a frame's own transforms first);
// a cuboid's bbox entries naming a camera (by `stream` or `coordinate_system`) are its camera boxes. text, vec, num
// and boolean data are attribute values. A shape with a negative size (don't-care entries) is skipped with a warning.
import { CoordinateSystemError, cuboidInto, cuboidPose, cuboidShapeOf, type CoordinateSystem, type SystemTransform, transformBetween } from '../../fusion/coordinate-systems';
import type { Matrix4 } from '../../fusion/calibration-files';
import { type AttributeValues, type BoxShape, resultLimits, type ResultPoint, type Shape } from '../../items/result.schema';
import { type AnnotationDecoder, type DecodedItem, type DecodeRefusal, type DecodeWarning, importDetails, importReasons, importWarnings, stemOf } from '../format';
import { messageRef } from '../../i18n/message-ref';
import { decodeJsonDocuments } from './json-documents';
import { attributeValues, finite } from './objects-at';

interface DataEntry {
  name?: unknown;
  val?: unknown;
  stream?: unknown;
  coordinate_system?: unknown;
  closed?: unknown;
}
type ObjectData = Record<string, DataEntry[] | undefined>;
type Intervals = { frame_start?: unknown; frame_end?: unknown }[];

interface OpenlabelRoot {
  metadata?: { tagged_file?: unknown };
  streams?: Record<string, { type?: unknown; uri?: unknown }>;
  coordinate_systems?: Record<string, CoordinateSystem>;
  transforms?: Record<string, SystemTransform>;
  frame_intervals?: Intervals;
  objects?: Record<string, { name?: unknown; type?: unknown; coordinate_system?: unknown; frame_intervals?: Intervals; object_data?: ObjectData }>;
  frames?: Record<string, { objects?: Record<string, { object_data?: ObjectData }>; frame_properties?: { transforms?: Record<string, SystemTransform> } }>;
}

/** The stream names this platform writes: a picture's camera, a point cloud's lidar. */
const cameraStream = 'camera';
const lidarStream = 'lidar';

/** What a shape read gives: the shape (a cuboid with its camera boxes), a warning that skips it, or a refusal. */
type ShapeRead = { shape: Shape; cameraBoxes?: Record<string, BoxShape> } | { skipped: string } | { refused: string } | null;

/** The values of text, vec, num and boolean data, each by its name. */
function dataValues(data: ObjectData | undefined): AttributeValues {
  const values: Record<string, unknown> = {};
  for (const kind of ['text', 'vec', 'num', 'boolean']) for (const entry of data?.[kind] ?? []) if (typeof entry?.name === 'string') values[entry.name] = entry.val;
  return attributeValues(values);
}

const shapeKinds = ['cuboid', 'rbbox', 'bbox', 'poly2d', 'point2d'];
const hasShape = (data: ObjectData | undefined) => !!data && shapeKinds.some((kind) => (data[kind]?.length ?? 0) > 0);
/** The shapes of object data, its values left out. */
const shapesOf = (data: ObjectData): ObjectData => Object.fromEntries(shapeKinds.filter((kind) => data[kind]).map((kind) => [kind, data[kind]]));

/** The frames of intervals, null where none are given, or a text saying what is wrong with them. */
function framesOf(intervals: Intervals | undefined): number[] | null | string {
  if (!Array.isArray(intervals) || intervals.length === 0) return null;
  const frames = new Set<number>();
  for (const interval of intervals) {
    const { frame_start: start, frame_end: end } = interval ?? {};
    if (!Number.isInteger(start) || !Number.isInteger(end) || (start as number) < 0 || (end as number) < (start as number)) return importDetails.frameInterval;
    if ((end as number) >= resultLimits.frames) return messageRef(importDetails.frameIntervalEnd, { last: resultLimits.frames - 1 });
    for (let f = start as number; f <= (end as number); f++) frames.add(f);
  }
  return [...frames].sort((a, b) => a - b);
}

/** An OpenLABEL bbox (centre x, centre y, width, height) as a box. */
function boxOf(val: unknown): ShapeRead {
  if (!Array.isArray(val) || val.length !== 4 || !finite(...val)) return { refused: importDetails.bboxVal };
  const [cx, cy, w, h] = val as number[];
  if (w < 0 || h < 0) return { skipped: 'bbox' };
  if (w === 0 || h === 0) return { refused: importDetails.bboxPositive };
  return { shape: { type: 'box', x: cx - w / 2, y: cy - h / 2, width: w, height: h } };
}

/** A cuboid's bbox entries, each on the camera its stream or coordinate system names. */
function cameraBoxesOf(data: ObjectData): Record<string, BoxShape> | { refused: string } {
  const boxes: Record<string, BoxShape> = {};
  for (const entry of data.bbox ?? []) {
    const camera = entry.stream ?? entry.coordinate_system;
    if (typeof camera !== 'string' || !camera) return { refused: importDetails.cuboidCamera };
    const read = boxOf(entry.val);
    if (read && 'refused' in read) return read;
    if (read && 'shape' in read) boxes[camera] = read.shape as BoxShape;
  }
  return boxes;
}

/** Where a document's cuboids go: the lidar's coordinate system, and the transform into it from another at a frame. */
interface Placement {
  lidar: string | null;
  into(system: string, frame: number): Matrix4 | null;
}

function cuboidOf(data: ObjectData, system: string | undefined, frame: number, placement: Placement): ShapeRead {
  const entry = data.cuboid![0];
  let pose;
  try {
    pose = cuboidPose(entry.val);
  } catch (error) {
    if (!(error instanceof CoordinateSystemError)) throw error;
    return { refused: error.ref };
  }
  if (pose.sizes.some((s) => s < 0)) return { skipped: 'cuboid' };
  if (pose.sizes.some((s) => s === 0)) return { refused: importDetails.cuboidSizes };
  const boxes = cameraBoxesOf(data);
  if ('refused' in boxes) return boxes as { refused: string };
  const cameraBoxes = Object.keys(boxes).length > 0 ? { cameraBoxes: boxes as Record<string, BoxShape> } : {};
  const where = typeof entry.coordinate_system === 'string' && entry.coordinate_system ? entry.coordinate_system : system;
  if (!where || where === placement.lidar) return { shape: cuboidShapeOf(pose), ...cameraBoxes };
  if (!placement.lidar) return { refused: messageRef(importDetails.cuboidNoLidar, { system: where }) };
  let m: Matrix4 | null;
  try {
    m = placement.into(where, frame);
  } catch (error) {
    if (!(error instanceof CoordinateSystemError)) throw error;
    return { refused: messageRef(importDetails.transformBroken, { from: where, to: placement.lidar, reason: error.ref }) };
  }
  if (!m) return { refused: messageRef(importDetails.transformMissing, { from: where, to: placement.lidar }) };
  return { shape: cuboidInto(m, pose), ...cameraBoxes };
}

/** The object's shape in its object data at a frame: a cuboid, else a turned box, a box, a polyline or polygon, a point. */
function shapeOf(data: ObjectData | undefined, system: string | undefined, frame: number, placement: Placement): ShapeRead {
  if (!data) return null;
  if (data.cuboid?.[0]) return cuboidOf(data, system, frame, placement);
  const turned = data.rbbox?.[0]?.val;
  if (turned !== undefined) {
    if (!Array.isArray(turned) || turned.length !== 5 || !finite(...turned)) return { refused: importDetails.rbboxValues };
    const [cx, cy, w, h, rotation] = turned as number[];
    if (w < 0 || h < 0) return { skipped: 'rbbox' };
    if (w === 0 || h === 0) return { refused: importDetails.rbboxPositive };
    return { shape: { type: 'box', x: cx - w / 2, y: cy - h / 2, width: w, height: h, rotation } };
  }
  if (data.bbox?.[0]) return boxOf(data.bbox[0].val);
  const poly = data.poly2d?.[0];
  if (poly) {
    const values = poly.val;
    if (!Array.isArray(values) || values.length % 2 !== 0 || !finite(...values)) return { refused: importDetails.poly2dValues };
    const points: ResultPoint[] = Array.from({ length: values.length / 2 }, (_, i) => ({ x: values[2 * i] as number, y: values[2 * i + 1] as number }));
    const type = poly.closed === false ? (poly.name === 'curve' ? 'curve' : 'line') : 'polygon';
    if (points.length < (type === 'polygon' ? 3 : 2)) return { refused: { polygon: importDetails.polygonPoints, line: importDetails.linePoints, curve: importDetails.curvePoints }[type] };
    return { shape: { type, points } };
  }
  const point = data.point2d?.[0]?.val;
  if (point !== undefined) {
    if (!Array.isArray(point) || point.length !== 2 || !finite(...point)) return { refused: importDetails.point2dValues };
    return { shape: { type: 'point', x: point[0] as number, y: point[1] as number } };
  }
  return null;
}

/** The lidar's coordinate system: the one named as a lidar stream, else this platform's "lidar". */
function lidarSystem(root: OpenlabelRoot): string | null {
  const systems = root.coordinate_systems ?? {};
  const lidars = Object.entries(root.streams ?? {}).filter(([, stream]) => stream?.type === 'lidar').map(([name]) => name);
  return lidars.find((name) => name in systems) ?? (lidarStream in systems ? lidarStream : null);
}

function placementOf(root: OpenlabelRoot): Placement {
  const lidar = lidarSystem(root);
  const systems = root.coordinate_systems ?? {};
  const transforms = Object.values(root.transforms ?? {});
  const found = new Map<string, Matrix4 | null>();
  return {
    lidar,
    into(system, frame) {
      const own = Object.values(root.frames?.[String(frame)]?.frame_properties?.transforms ?? {});
      // Without transforms of its own a frame joins systems as every such frame does.
      const key = own.length > 0 ? `${system} ${frame}` : system;
      if (!found.has(key)) found.set(key, transformBetween(system, lidar!, systems, [...transforms, ...own]));
      return found.get(key)!;
    },
  };
}

const malformed = (source: string, detail: string): DecodeRefusal => ({ source, reasonKey: importReasons.malformed, params: { format: 'OpenLABEL', detail } });

/** One document's item, with what it refused and warned. */
function decodeDocument(path: string, root: OpenlabelRoot, refusals: DecodeRefusal[], warnings: DecodeWarning[]): DecodedItem {
  const uri = root.streams?.[cameraStream]?.uri || root.streams?.[lidarStream]?.uri || root.metadata?.tagged_file;
  const item: DecodedItem = { fileName: typeof uri === 'string' && uri ? uri : stemOf(path.replace(/^(.*\/)?openlabel\//, '')), source: path, objects: [] };
  const itemFrames = framesOf(root.frame_intervals);
  if (typeof itemFrames === 'string') {
    refusals.push(malformed(`${path} frame_intervals`, itemFrames));
    return item;
  }
  if (itemFrames && itemFrames.length > 0) item.frameCount = itemFrames[itemFrames.length - 1] + 1;
  const placement = placementOf(root);
  const objects = root.objects ?? {};

  // Each object's data by frame: the frame's own, and its static data at every frame it is in where that has a shape.
  const byFrame = new Map<number, Map<string, { data: ObjectData | undefined; source: string }>>();
  const at = (frame: number) => byFrame.get(frame) ?? byFrame.set(frame, new Map()).get(frame)!;
  for (const [key, frame] of Object.entries(root.frames ?? {})) {
    const index = Number(key);
    if (!Number.isInteger(index) || index < 0 || String(index) !== key) {
      refusals.push(malformed(`${path} frames[${key}]`, importDetails.frameNames));
      continue;
    }
    for (const [uid, inScene] of Object.entries(frame?.objects ?? {})) at(index).set(uid, { data: inScene?.object_data, source: `${path} frames[${key}].objects[${uid}]` });
  }
  for (const [uid, object] of Object.entries(objects)) {
    if (!hasShape(object?.object_data)) continue;
    const frames = framesOf(object.frame_intervals) ?? itemFrames ?? [0];
    if (typeof frames === 'string') {
      refusals.push(malformed(`${path} objects[${uid}].frame_intervals`, frames));
      continue;
    }
    for (const frame of frames) {
      const inScene = at(frame);
      const own = inScene.get(uid);
      if (!hasShape(own?.data)) inScene.set(uid, { data: { ...own?.data, ...shapesOf(object.object_data!) }, source: `${path} objects[${uid}]` });
    }
  }

  for (const frame of [...byFrame.keys()].sort((a, b) => a - b)) {
    for (const [uid, { data, source }] of byFrame.get(frame)!) {
      const object = objects[uid];
      if (!object || typeof object.type !== 'string' || !object.type) {
        refusals.push(malformed(source, messageRef(importDetails.objectType, { object: uid })));
        continue;
      }
      const system = typeof object.coordinate_system === 'string' ? object.coordinate_system : undefined;
      const read = shapeOf(data, system, frame, placement);
      if (read === null) continue;
      if ('refused' in read) refusals.push({ source, reasonKey: importReasons.wrongGeometry, params: { detail: read.refused } });
      else if ('skipped' in read) warnings.push({ source, reasonKey: importWarnings.negativeSize, params: { value: read.skipped } });
      else {
        const attributes = { ...dataValues(object.object_data), ...dataValues(data) };
        const id = typeof object.name === 'string' && object.name ? object.name : uid;
        item.objects.push({ source, className: object.type, shape: read.shape, attributes, id, frame, ...(read.cameraBoxes ? { cameraBoxes: read.cameraBoxes } : {}) });
      }
    }
  }
  return item;
}

export const decodeOpenlabel: AnnotationDecoder = (files) =>
  decodeJsonDocuments(files, 'OpenLABEL', (file, document, { items, refusals, warnings }) => {
    const root = (document as { openlabel?: unknown } | null)?.openlabel;
    if (!root || typeof root !== 'object' || Array.isArray(root)) return importDetails.openlabelRoot;
    items.push(decodeDocument(file.path, root as OpenlabelRoot, refusals, warnings));
  });
