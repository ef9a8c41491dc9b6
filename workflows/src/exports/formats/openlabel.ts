// ASAM OpenLABEL 1.0: one JSON document per item, openlabel/<stem>.json, with the camera stream naming the image,
// each object (its track id as name, its class as type, the frame intervals where it is in the scene, its own
// attribute values as object data) and, per frame, its shape: boxes as bbox (centre x, centre y, width, height),
// turned boxes as rbbox (the same and the angle), polygons as closed poly2d, lines and curves as open poly2d, points
// as point2d, frame attribute values beside them. Every frame of a sequence is written, and read back as tracks.
// A point-cloud item has a lidar stream and coordinate system instead, each camera of its rig as a stream (its
// camera_matrix_3x4 and distortion_coeffs_1xN, or fisheye lens_coeffs) and a coordinate system under the lidar's
// (pose_wrt_parent, the camera's pose in the LiDAR frame); its cuboids are cuboid data in the lidar frame, the
// 10-value form (x, y, z, qx, qy, qz, qw, length, width, height), with the 2D boxes drawn on each camera as bbox of
// that camera's stream. Segments have no OpenLABEL form here: they export as point_labels. openlabel-import.ts reads
// documents back.
import type { SensorCamera } from '../../fusion/calibration';
import { invertTransform } from '../../fusion/calibration-files';
import { cameraBoxesAt, rotationQuaternion } from '../../items/interpolation';
import type { AttributeValues, CuboidShape } from '../../items/result.schema';
import { archiveStem, classNameOf, type EncoderFactory, type ExportItem, type ExportTool, frameMediaPath } from '../format';
import { type ObjectAtFrame, objectsAt, type OutlinedObjectAtFrame } from './objects-at';

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
