// ASAM OpenLABEL 1.0: one JSON document per item, openlabel/<stem>.json, with the camera stream naming the image,
// each object (its track id as name, its class as type, its own attribute values as object data) and, per frame,
// its shape: boxes as bbox (centre x, centre y, width, height), polygons as closed poly2d, lines and curves as open
// poly2d, points as point2d, frame attribute values beside them. Every frame of a sequence is written.
import type { AttributeValues, ResultPoint, Shape } from '../../tasks/result.schema';
import { type AnnotationDecoder, archiveStem, type DecodedItem, type DecodeRefusal, type EncoderFactory, type ExportItem, type ExportTool, importReasons, stemOf } from '../format';
import { attributeValues, finite, objectsAt, outlined } from './objects-at';

const streamName = 'camera';

type ObjectData = Record<string, { name: string; val: unknown; [field: string]: unknown }[]>;

/** Attribute values as OpenLABEL object data: one text per single value, one vec per list of values. */
function attributeData(values: AttributeValues): ObjectData {
  const data: ObjectData = {};
  for (const [name, value] of Object.entries(values)) {
    const kind = Array.isArray(value) ? 'vec' : 'text';
    (data[kind] ??= []).push({ name, val: value });
  }
  return data;
}

function shapeData(shape: Exclude<Shape, { type: 'mask' }>): ObjectData {
  switch (shape.type) {
    case 'box':
      return { bbox: [{ name: 'shape', stream: streamName, val: [shape.x + shape.width / 2, shape.y + shape.height / 2, shape.width, shape.height] }] };
    case 'point':
      return { point2d: [{ name: 'shape', stream: streamName, val: [shape.x, shape.y] }] };
    default:
      return { poly2d: [{ name: shape.type, stream: streamName, val: shape.points.flatMap((p) => [p.x, p.y]), mode: 'MODE_POLY2D_ABSOLUTE', closed: shape.type === 'polygon' }] };
  }
}

/** The item as one OpenLABEL document. */
export function openlabelDocument(item: ExportItem, tools: ExportTool[], projectTitle: string): unknown {
  const uids = new Map(item.result.objects.map((object, i) => [object.id, String(i)]));
  const objects: Record<string, unknown> = {};
  for (const object of item.result.objects) {
    const frames = object.keyframes.map((k) => k.frame);
    objects[uids.get(object.id)!] = {
      name: object.id,
      type: objectsAt({ ...item, result: { ...item.result, objects: [object] } }, object.keyframes[0].frame, tools)[0]?.className ?? object.className ?? 'object',
      frame_intervals: [{ frame_start: Math.min(...frames), frame_end: item.result.frameCount - 1 }],
      object_data: attributeData(object.attributes),
    };
  }
  const frames: Record<string, unknown> = {};
  for (let frame = 0; frame < item.result.frameCount; frame++) {
    const inScene: Record<string, unknown> = {};
    for (const { object, shape, attributes } of outlined(objectsAt(item, frame, tools))) {
      const frameValues = Object.fromEntries(Object.entries(attributes).filter(([name]) => !(name in object.attributes)));
      inScene[uids.get(object.id)!] = { object_data: { ...shapeData(shape), ...attributeData(frameValues) } };
    }
    frames[String(frame)] = { objects: inScene, frame_properties: { streams: { [streamName]: { uri: item.result.frameCount === 1 ? item.mediaPath : `${item.mediaPath}#${frame}` } } } };
  }
  return {
    openlabel: {
      metadata: { schema_version: '1.0.0', name: item.fileName, comment: projectTitle, tagged_file: item.mediaPath },
      streams: { [streamName]: { type: 'camera', uri: item.mediaPath, description: item.effective ? 'valid' : 'invalid' } },
      frame_intervals: [{ frame_start: 0, frame_end: item.result.frameCount - 1 }],
      objects,
      frames,
    },
  };
}

export const openlabelEncoder: EncoderFactory = (context) => ({
  item(item) {
    const document = openlabelDocument(item, context.tools, context.projectTitle);
    const objects = Object.keys((document as { openlabel: { frames: Record<string, { objects: object }> } }).openlabel.frames[0].objects).length;
    return { files: [{ path: `openlabel/${archiveStem(item)}.json`, content: JSON.stringify(document) }], objects };
  },
  finish: () => ({ files: [], documents: [] }),
});

interface OpenlabelDocument {
  openlabel?: {
    metadata?: { tagged_file?: unknown };
    streams?: Record<string, { uri?: unknown }>;
    objects?: Record<string, { name?: unknown; type?: unknown; object_data?: ObjectData }>;
    frames?: Record<string, { objects?: Record<string, { object_data?: ObjectData }> }>;
  };
}

function dataValues(data: ObjectData | undefined): AttributeValues {
  const values: Record<string, unknown> = {};
  for (const entry of [...(data?.text ?? []), ...(data?.vec ?? [])]) values[entry.name] = entry.val;
  return attributeValues(values);
}

function shapeOf(data: ObjectData | undefined): Shape | string | null {
  const box = data?.bbox?.[0]?.val;
  if (box !== undefined) {
    if (!Array.isArray(box) || box.length !== 4 || !finite(...box)) return 'bbox val must be [x, y, width, height]';
    const [cx, cy, w, h] = box as number[];
    if (w <= 0 || h <= 0) return 'bbox width and height must be positive';
    return { type: 'box', x: cx - w / 2, y: cy - h / 2, width: w, height: h };
  }
  const poly = data?.poly2d?.[0];
  if (poly) {
    const values = poly.val;
    if (!Array.isArray(values) || values.length % 2 !== 0 || !finite(...values)) return 'poly2d val must be x, y pairs';
    const points: ResultPoint[] = Array.from({ length: values.length / 2 }, (_, i) => ({ x: values[2 * i] as number, y: values[2 * i + 1] as number }));
    const type = poly.closed === false ? (poly.name === 'curve' ? 'curve' : 'line') : 'polygon';
    if (points.length < (type === 'polygon' ? 3 : 2)) return `a ${type} needs more points`;
    return { type, points };
  }
  const point = data?.point2d?.[0]?.val;
  if (point !== undefined) {
    if (!Array.isArray(point) || point.length !== 2 || !finite(...point)) return 'point2d val must be [x, y]';
    return { type: 'point', x: point[0] as number, y: point[1] as number };
  }
  return null;
}

export const decodeOpenlabel: AnnotationDecoder = (files) => {
  const refusals: DecodeRefusal[] = [];
  const items: DecodedItem[] = [];
  const documents = files.filter((f) => f.path.toLowerCase().endsWith('.json'));
  if (documents.length === 0) return { items, refusals: [{ source: files[0]?.path ?? '-', reasonKey: importReasons.noFiles }] };
  for (const file of documents) {
    let root: NonNullable<OpenlabelDocument['openlabel']>;
    try {
      root = (JSON.parse(file.content.toString('utf8')) as OpenlabelDocument).openlabel ?? (() => { throw new Error('no "openlabel" root'); })();
    } catch (error) {
      refusals.push({ source: file.path, reasonKey: importReasons.malformed, params: { format: 'OpenLABEL', detail: (error as Error).message } });
      continue;
    }
    const uri = root.streams?.[streamName]?.uri ?? root.metadata?.tagged_file;
    const item: DecodedItem = { fileName: typeof uri === 'string' && uri ? uri : stemOf(file.path.replace(/^(.*\/)?openlabel\//, '')), source: file.path, objects: [] };
    items.push(item);
    // A picture is its first frame; the frames of a sequence come with the continuous-frames import.
    const firstFrame = Object.keys(root.frames ?? {}).sort((a, b) => Number(a) - Number(b))[0];
    for (const [uid, inScene] of Object.entries(root.frames?.[firstFrame]?.objects ?? {})) {
      const source = `${file.path} frames.${firstFrame}.objects.${uid}`;
      const object = root.objects?.[uid];
      if (!object || typeof object.type !== 'string') {
        refusals.push({ source, reasonKey: importReasons.malformed, params: { format: 'OpenLABEL', detail: `object ${uid} has no type` } });
        continue;
      }
      const shape = shapeOf(inScene.object_data);
      if (shape === null) continue;
      if (typeof shape === 'string') {
        refusals.push({ source, reasonKey: importReasons.wrongGeometry, params: { detail: shape } });
        continue;
      }
      const attributes = { ...dataValues(object.object_data), ...dataValues(inScene.object_data) };
      item.objects.push({ source, className: object.type, shape, attributes, ...(typeof object.name === 'string' ? { id: object.name } : {}) });
    }
  }
  return { items, refusals };
};
