// ASAM OpenLABEL 1.0: one JSON document per item, openlabel/<stem>.json, with the camera stream naming the image,
// each object (its track id as name, its class as type, the frame intervals where it is in the scene, its own
// attribute values as object data) and, per frame, its shape: boxes as bbox (centre x, centre y, width, height),
// turned boxes as rbbox (the same and the angle), polygons as closed poly2d, lines and curves as open poly2d, points
// as point2d, frame attribute values beside them. Every frame of a sequence is written, and read back as tracks.
// A point-cloud item has a lidar stream and coordinate system instead, each camera of its rig as a stream (its
// camera_matrix_3x4 and distortion_coeffs_1xN, or fisheye lens_coeffs) and a coordinate system under the lidar's
// (pose_wrt_parent, the camera's pose in the LiDAR frame); its cuboids are cuboid data in the lidar frame, the
// 10-value form (x, y, z, qx, qy, qz, qw, length, width, height), with the 2D boxes drawn on each camera as bbox of
// that camera's stream, read back as the cuboid's camera boxes. Segments have no OpenLABEL form here: they export as
// point_labels.
import type { SensorCamera } from '../../fusion/calibration';
import { invertTransform } from '../../fusion/calibration-files';
import { nuscenesToCuboid } from '../../fusion/kitti';
import { cameraBoxesAt, rotationQuaternion } from '../../tasks/interpolation';
import type { AttributeValues, BoxShape, CuboidShape, ResultPoint, Shape } from '../../tasks/result.schema';
import { type AnnotationDecoder, archiveStem, classNameOf, type DecodedItem, type DecodeRefusal, type EncoderFactory, type ExportItem, type ExportTool, frameMediaPath, importReasons, stemOf } from '../format';
import { attributeValues, finite, type ObjectAtFrame, objectsAt, type OutlinedObjectAtFrame } from './objects-at';

const streamName = 'camera';
const lidarName = 'lidar';

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

type WrittenShape = OutlinedObjectAtFrame['shape'] | CuboidShape;
type WrittenObject = ObjectAtFrame & { shape: WrittenShape };
/** The objects OpenLABEL holds at a frame: outlines and cuboids; masks and segments are left to their own formats. */
const written = (objects: ObjectAtFrame[]): WrittenObject[] => objects.filter((o): o is WrittenObject => o.shape.type !== 'mask' && o.shape.type !== 'segment');

function shapeData(shape: WrittenShape): ObjectData {
  switch (shape.type) {
    case 'cuboid': {
      const [w, x, y, z] = rotationQuaternion(shape.yaw, shape.pitch ?? 0, shape.roll ?? 0);
      return { cuboid: [{ name: 'shape', coordinate_system: lidarName, val: [shape.x, shape.y, shape.z, x, y, z, w, shape.length, shape.width, shape.height] }] };
    }
    case 'box': {
      const centre = [shape.x + shape.width / 2, shape.y + shape.height / 2, shape.width, shape.height];
      return shape.rotation === undefined ? { bbox: [{ name: 'shape', stream: streamName, val: centre }] } : { rbbox: [{ name: 'shape', stream: streamName, val: [...centre, shape.rotation] }] };
    }
    case 'point':
      return { point2d: [{ name: 'shape', stream: streamName, val: [shape.x, shape.y] }] };
    default:
      return { poly2d: [{ name: shape.type, stream: streamName, val: shape.points.flatMap((p) => [p.x, p.y]), mode: 'MODE_POLY2D_ABSOLUTE', closed: shape.type === 'polygon' }] };
  }
}

/** The item as one OpenLABEL document. */
export function openlabelDocument(item: ExportItem, tools: ExportTool[], projectTitle: string): unknown {
  const uids = new Map(item.result.objects.map((object, i) => [object.id, String(i)]));
  // The spans of frames where each object is in the scene, gathered while the frames are written.
  const intervals = new Map<string, { frame_start: number; frame_end: number }[]>(item.result.objects.map((o) => [o.id, []]));
  const frames: Record<string, unknown> = {};
  const cameras = item.sensors?.cameras ?? [];
  const spatial = !!item.sensors || item.result.objects.some((o) => o.templateType === 'cuboid' || o.templateType === 'segment');
  for (let frame = 0; frame < item.result.frameCount; frame++) {
    const inScene: Record<string, unknown> = {};
    for (const { object, shape, attributes } of written(objectsAt(item, frame, tools))) {
      const frameValues = Object.fromEntries(Object.entries(attributes).filter(([name]) => !(name in object.attributes)));
      const cameraBoxes = shape.type === 'cuboid' ? Object.entries(cameraBoxesAt(object, frame)) : [];
      const boxes = cameraBoxes.map(([camera, box]) => ({ name: camera, stream: camera, val: [box.x + box.width / 2, box.y + box.height / 2, box.width, box.height] }));
      inScene[uids.get(object.id)!] = { object_data: { ...shapeData(shape), ...(boxes.length > 0 ? { bbox: boxes } : {}), ...attributeData(frameValues) } };
      const spans = intervals.get(object.id)!;
      const last = spans[spans.length - 1];
      if (last && last.frame_end === frame - 1) last.frame_end = frame;
      else spans.push({ frame_start: frame, frame_end: frame });
    }
    const frameStreams = spatial
      ? { [lidarName]: { uri: frameMediaPath(item, frame) }, ...Object.fromEntries(cameras.filter((c) => c.images[frame]).map((c) => [c.name, { uri: `${item.mediaPath}/cameras/${c.name}/${c.images[frame]}` }])) }
      : { [streamName]: { uri: frameMediaPath(item, frame) } };
    frames[String(frame)] = { objects: inScene, frame_properties: { streams: frameStreams } };
  }
  const objects: Record<string, unknown> = {};
  for (const object of item.result.objects) {
    const spans = intervals.get(object.id)!;
    objects[uids.get(object.id)!] = { name: object.id, type: classNameOf(object, tools), ...(spans.length > 0 ? { frame_intervals: spans } : {}), object_data: attributeData(object.attributes) };
  }
  return {
    openlabel: {
      metadata: { schema_version: '1.0.0', name: item.fileName, comment: projectTitle, tagged_file: item.mediaPath },
      streams: spatial ? spatialStreams(item.mediaPath, cameras, item.effective) : { [streamName]: { type: 'camera', uri: item.mediaPath, description: item.effective ? 'valid' : 'invalid' } },
      ...(spatial ? { coordinate_systems: coordinateSystems(cameras) } : {}),
      frame_intervals: [{ frame_start: 0, frame_end: item.result.frameCount - 1 }],
      objects,
      frames,
    },
  };
}

/** The lidar stream and each camera's, with its intrinsics and lens as OpenLABEL writes them. */
function spatialStreams(mediaPath: string, cameras: SensorCamera[], effective: boolean): Record<string, unknown> {
  const streams: Record<string, unknown> = { [lidarName]: { type: 'lidar', uri: mediaPath, description: effective ? 'valid' : 'invalid' } };
  for (const camera of cameras) {
    const { fx, fy, cx, cy, skew } = camera.intrinsics;
    const size = { width_px: camera.width, height_px: camera.height };
    const coeffs = camera.distortion.model === 'none' ? [] : camera.distortion.coeffs;
    const properties =
      camera.distortion.model === 'fisheye'
        ? { intrinsics_fisheye: { ...size, center_x_px: cx, center_y_px: cy, focal_length_x_px: fx, focal_length_y_px: fy, lens_coeffs: [0, 1, 2, 3].map((i) => coeffs[i] ?? 0) } }
        : { intrinsics_pinhole: { ...size, camera_matrix_3x4: [fx, skew, cx, 0, 0, fy, cy, 0, 0, 0, 1, 0], distortion_coeffs_1xN: [0, 1, 2, 3, 4].map((i) => coeffs[i] ?? 0).concat(coeffs.slice(5)) } };
    streams[camera.name] = { type: 'camera', uri: `${mediaPath}/cameras/${camera.name}`, stream_properties: properties };
  }
  return streams;
}

/** The lidar's frame as the root, each camera under it with its pose there (camera to LiDAR, the inverse of the rig's transform). */
function coordinateSystems(cameras: SensorCamera[]): Record<string, unknown> {
  const systems: Record<string, unknown> = { [lidarName]: { type: 'sensor_cs', parent: '', children: cameras.map((c) => c.name) } };
  for (const camera of cameras) systems[camera.name] = { type: 'sensor_cs', parent: lidarName, pose_wrt_parent: { matrix4x4: invertTransform(camera.lidarToCamera) } };
  return systems;
}

export const openlabelEncoder: EncoderFactory = (context) => ({
  item(item) {
    const document = openlabelDocument(item, context.tools, context.projectTitle);
    const frames = Object.values((document as { openlabel: { frames: Record<string, { objects: object }> } }).openlabel.frames);
    const objects = frames.reduce((sum, frame) => sum + Object.keys(frame.objects).length, 0);
    return { files: [{ path: `openlabel/${archiveStem(item)}.json`, content: JSON.stringify(document) }], objects };
  },
  finish: () => ({ files: [], documents: [] }),
});

interface OpenlabelDocument {
  openlabel?: {
    metadata?: { tagged_file?: unknown };
    streams?: Record<string, { uri?: unknown }>;
    frame_intervals?: { frame_start?: unknown; frame_end?: unknown }[];
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
  const cuboid = data?.cuboid?.[0]?.val;
  if (cuboid !== undefined) {
    if (!Array.isArray(cuboid) || (cuboid.length !== 10 && cuboid.length !== 9) || !finite(...cuboid)) return 'cuboid val must be [x, y, z, qx, qy, qz, qw, sx, sy, sz] or [x, y, z, rx, ry, rz, sx, sy, sz]';
    const v = cuboid as number[];
    const [sx, sy, sz] = v.slice(-3);
    if (sx <= 0 || sy <= 0 || sz <= 0) return 'cuboid sizes must be positive';
    // Nine values turn by Euler angles about x, y and z (roll, pitch, yaw); ten by a quaternion, w last.
    const rotation = v.length === 10 ? ([v[6], v[3], v[4], v[5]] as [number, number, number, number]) : rotationQuaternion(v[5], v[4], v[3]);
    return nuscenesToCuboid({ translation: [v[0], v[1], v[2]], size: [sy, sx, sz], rotation });
  }
  const turned = data?.rbbox?.[0]?.val;
  if (turned !== undefined) {
    if (!Array.isArray(turned) || turned.length !== 5 || !finite(...turned)) return 'rbbox val must be [x, y, width, height, alpha]';
    const [cx, cy, w, h, rotation] = turned as number[];
    if (w <= 0 || h <= 0) return 'rbbox width and height must be positive';
    return { type: 'box', x: cx - w / 2, y: cy - h / 2, width: w, height: h, rotation };
  }
  const box = data?.bbox?.[0]?.val;
  if (box !== undefined) return boxOf(box);
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

/** A cuboid's 2D boxes drawn on cameras: its bbox entries, each on the stream of its camera; or a text saying what is wrong. */
function cameraBoxesOf(data: ObjectData | undefined): Record<string, BoxShape> | string {
  const boxes: Record<string, BoxShape> = {};
  for (const entry of data?.bbox ?? []) {
    const camera = entry.stream;
    if (typeof camera !== 'string' || !camera) return "a cuboid's bbox names the stream of its camera";
    const shape = boxOf(entry.val);
    if (typeof shape === 'string') return shape;
    boxes[camera] = shape;
  }
  return boxes;
}

/** An OpenLABEL bbox (centre x, centre y, width, height) as a box, or a text saying what is wrong. */
function boxOf(val: unknown): BoxShape | string {
  if (!Array.isArray(val) || val.length !== 4 || !finite(...val)) return 'bbox val must be [x, y, width, height]';
  const [cx, cy, w, h] = val as number[];
  if (w <= 0 || h <= 0) return 'bbox width and height must be positive';
  return { type: 'box', x: cx - w / 2, y: cy - h / 2, width: w, height: h };
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
    const uri = root.streams?.[streamName]?.uri ?? root.streams?.[lidarName]?.uri ?? root.metadata?.tagged_file;
    const item: DecodedItem = { fileName: typeof uri === 'string' && uri ? uri : stemOf(file.path.replace(/^(.*\/)?openlabel\//, '')), source: file.path, objects: [] };
    items.push(item);
    const lastFrame = Math.max(-1, ...(Array.isArray(root.frame_intervals) ? root.frame_intervals.map((i) => (Number.isInteger(i?.frame_end) ? (i.frame_end as number) : -1)) : []));
    if (lastFrame >= 0) item.frameCount = lastFrame + 1;
    // Every frame: an object's shape there, its own values and its frame values; one object's frames are one track.
    for (const [key, frame] of Object.entries(root.frames ?? {})) {
      const index = Number(key);
      if (!Number.isInteger(index) || index < 0) {
        refusals.push({ source: `${file.path} frames.${key}`, reasonKey: importReasons.malformed, params: { format: 'OpenLABEL', detail: 'frames are named by their number from 0' } });
        continue;
      }
      for (const [uid, inScene] of Object.entries(frame?.objects ?? {})) {
        const source = `${file.path} frames.${key}.objects.${uid}`;
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
        const cameraBoxes = shape.type === 'cuboid' ? cameraBoxesOf(inScene.object_data) : {};
        if (typeof cameraBoxes === 'string') {
          refusals.push({ source, reasonKey: importReasons.wrongGeometry, params: { detail: cameraBoxes } });
          continue;
        }
        const attributes = { ...dataValues(object.object_data), ...dataValues(inScene.object_data) };
        const id = typeof object.name === 'string' && object.name ? object.name : uid;
        item.objects.push({ source, className: object.type, shape, attributes, id, frame: index, ...(Object.keys(cameraBoxes).length > 0 ? { cameraBoxes } : {}) });
      }
    }
  }
  return { items, refusals };
};
