// A fusion rig read from the calibration files uploads carry: KITTI calib text, nuScenes calibrated_sensor records,
// an OpenLABEL streams document, our own CameraCalibration JSON, and ego poses. Every reader answers CameraCalibration
// (OpenCV camera axes, a row-major 4×4 LiDAR-to-camera transform) or throws CalibrationError with a message key.
import { z } from 'zod';
import { messageRef } from '../i18n/message-ref';
import { type CameraCalibration, cameraCalibration, type EgoPose, egoPose } from './calibration';
import { CoordinateSystemError, transformMatrix } from './coordinate-systems';

/** A calibration file that cannot be read: the message key saying what is wrong with it, and its values. */
export class CalibrationError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(messageRef(key, params));
    this.name = 'CalibrationError';
  }

  /** What is wrong as a message reference, the detail of the refusal that names the file. */
  get ref(): string {
    return this.message;
  }
}

const invalid = (key: string, params?: Record<string, string | number>): never => {
  throw new CalibrationError(key, params);
};

/** The zod issues the API words for a request body: a calibration JSON's first mistake is said the same way. */
const worded = new Set(['invalid_type', 'too_small', 'too_big', 'invalid_format', 'invalid_value', 'unrecognized_keys']);

/** The first thing a schema finds wrong in a calibration, as the validation message naming its field. */
function schemaInvalid(error: z.ZodError): never {
  const issue = error.issues[0];
  const field = issue.path.map(String).join('.') || '(root)';
  // zod leaves the input out of its issues; its default message is the only trace of a missing field.
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) return invalid('validation.required', { field });
  if (issue.code === 'unrecognized_keys') return invalid('validation.unrecognized_keys', { keys: issue.keys.join(', ') });
  return invalid(`validation.${worded.has(issue.code) ? issue.code : 'invalid'}`, { field });
}

/** A 4×4 matrix, row-major. */
export type Matrix4 = number[];

export const identity4: Matrix4 = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

export function multiply4(a: Matrix4, b: Matrix4): Matrix4 {
  const out = new Array<number>(16).fill(0);
  for (let row = 0; row < 4; row++) for (let col = 0; col < 4; col++) for (let k = 0; k < 4; k++) out[row * 4 + col] += a[row * 4 + k] * b[k * 4 + col];
  return out;
}

/**
 * The inverse of an affine transform (a rotation and translation, in practice): the 3×3 part inverted in full rather
 * than transposed, since calibration files round their rotations and a transpose would not quite undo them.
 */
export function invertTransform(m: Matrix4): Matrix4 {
  const [a, b, c, d, e, f, g, h, i] = [m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10]];
  const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  const r = [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det, (f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det, (d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det];
  const t = [m[3], m[7], m[11]];
  return [
    r[0], r[1], r[2], -(r[0] * t[0] + r[1] * t[1] + r[2] * t[2]),
    r[3], r[4], r[5], -(r[3] * t[0] + r[4] * t[1] + r[5] * t[2]),
    r[6], r[7], r[8], -(r[6] * t[0] + r[7] * t[1] + r[8] * t[2]),
    0, 0, 0, 1,
  ];
}

/** The transform of a pose: rotation by a w-first quaternion (normalized here), then the translation. */
export function poseMatrix(translation: readonly number[], [w, x, y, z]: readonly number[]): Matrix4 {
  const norm = Math.hypot(w, x, y, z);
  if (!(norm > 0)) invalid('coordinates.quaternion_zero');
  [w, x, y, z] = [w / norm, x / norm, y / norm, z / norm];
  return [
    1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y), translation[0],
    2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x), translation[1],
    2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y), translation[2],
    0, 0, 0, 1,
  ];
}

/** The camera's intrinsics from a 3×4 (or 3×3) projection whose left 3×3 is K; what K cannot hold of the fourth column is returned as a translation in the camera frame. */
function fromProjection(p: number[], columns: 3 | 4): { intrinsics: CameraCalibration['intrinsics']; offset: [number, number, number] } {
  const at = (row: number, col: number) => p[row * columns + col];
  const [fx, skew, cx, fy, cy] = [at(0, 0), at(0, 1), at(0, 2), at(1, 1), at(1, 2)];
  if (!(fx > 0 && fy > 0) || Math.abs(at(1, 0)) > 1e-9 || Math.abs(at(2, 0)) > 1e-9 || Math.abs(at(2, 1)) > 1e-9 || Math.abs(at(2, 2) - 1) > 1e-6)
    invalid('calibration.camera_matrix');
  if (columns === 3) return { intrinsics: { fx, fy, cx, cy, skew }, offset: [0, 0, 0] };
  // P = K·[I | t]: the fourth column is K·t (a stereo rig's baseline, for KITTI's P2).
  const tz = at(2, 3);
  const ty = (at(1, 3) - cy * tz) / fy;
  const tx = (at(0, 3) - skew * ty - cx * tz) / fx;
  return { intrinsics: { fx, fy, cx, cy, skew }, offset: [tx, ty, tz] };
}

const translation4 = ([x, y, z]: [number, number, number]): Matrix4 => [1, 0, 0, x, 0, 1, 0, y, 0, 0, 1, z, 0, 0, 0, 1];

function checked(calibration: CameraCalibration): CameraCalibration {
  const parsed = cameraCalibration.safeParse(calibration);
  if (!parsed.success) schemaInvalid(parsed.error);
  return parsed.data!;
}

/** Lens coefficients as a file gives them: none where absent or all zero, radial-tangential for 4 to 8 of them. */
function radtan(coeffs: readonly number[] | undefined): CameraCalibration['distortion'] {
  const list = (coeffs ?? []).map(Number);
  if (list.some((c) => !Number.isFinite(c))) invalid('calibration.distortion_not_number');
  if (list.every((c) => c === 0)) return { model: 'none', coeffs: [] };
  if (list.length < 4 || list.length > 8) invalid('calibration.radtan_count', { count: list.length });
  return { model: 'radtan', coeffs: list };
}

/** The numbers of each line of a KITTI calib file ("P2: 7.2e+02 0 ..." or "R_rect 1 0 ..."), by key. */
function kittiRows(text: string): Map<string, number[]> {
  const rows = new Map<string, number[]>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const match = /^\s*([A-Za-z0-9_]+)\s*:?\s+(.*)$/.exec(raw);
    if (!match) return;
    const values = match[2].trim().split(/\s+/).map(Number);
    if (values.some((v) => !Number.isFinite(v))) invalid('calibration.line_not_number', { line: index + 1, field: match[1] });
    rows.set(match[1], values);
  });
  return rows;
}

/**
 * A KITTI calib file (object or tracking benchmark): lidarToCamera = R0_rect·Tr_velo_to_cam as 4×4, K from P2 with
 * P2's fourth column folded into the transform, so K·lidarToCamera·x equals P2·R0_rect·Tr_velo_to_cam·x. KITTI's
 * images are rectified: no distortion. The file gives no image size; the camera's images do.
 */
export function kittiCalibration(name: string, text: string, size: { width: number; height: number }): CameraCalibration {
  const rows = kittiRows(text);
  const row = (keys: string[], length: number): number[] => {
    const found = keys.map((key) => rows.get(key)).find((values) => values !== undefined);
    if (!found) return invalid('calibration.line_missing', { field: keys[0] });
    if (found.length !== length) invalid('calibration.line_values', { field: keys[0], actual: found.length, expected: length });
    return found;
  };
  const p2 = row(['P2', 'P_rect_02'], 12);
  const r0 = row(['R0_rect', 'R_rect', 'R_rect_00'], 9);
  const tr = row(['Tr_velo_to_cam', 'Tr_velo_cam'], 12);
  const { intrinsics, offset } = fromProjection(p2, 4);
  const rect: Matrix4 = [r0[0], r0[1], r0[2], 0, r0[3], r0[4], r0[5], 0, r0[6], r0[7], r0[8], 0, 0, 0, 0, 1];
  const velo: Matrix4 = [...tr, 0, 0, 0, 1];
  const lidarToCamera = multiply4(translation4(offset), multiply4(rect, velo));
  return checked({ name, ...size, intrinsics, distortion: { model: 'none', coeffs: [] }, lidarToCamera });
}

const finite = z.number().finite();
const vector3 = z.tuple([finite, finite, finite]);
const quaternion = z.tuple([finite, finite, finite, finite]);

/** A nuScenes calibrated_sensor record: the sensor's pose in the ego frame, w-first; a camera's also with its K. */
const calibratedSensor = z.object({ translation: vector3, rotation: quaternion, camera_intrinsic: z.array(z.array(finite)).optional() }).passthrough();
const nuScenesCamera = calibratedSensor.extend({
  camera_intrinsic: z.array(z.array(finite).length(3)).length(3),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

const ownJson = cameraCalibration.omit({ name: true });

/**
 * A camera's JSON calibration: our own CameraCalibration without its name, or a nuScenes calibrated_sensor record of
 * the camera with its image's `width` and `height`. For the latter, `lidar` is the LiDAR's calibrated_sensor
 * (lidarToCamera = (camera→ego)⁻¹·(lidar→ego)); without it the LiDAR frame is taken to be the ego frame.
 */
export function jsonCalibration(name: string, json: unknown, lidar: unknown | null): CameraCalibration {
  if (json && typeof json === 'object' && 'intrinsics' in json) {
    const parsed = ownJson.safeParse(json);
    if (!parsed.success) return schemaInvalid(parsed.error);
    const { distortion } = parsed.data;
    const own = distortion.model === 'fisheye' ? (distortion.coeffs.length === 4 ? distortion : invalid('calibration.fisheye_count', { count: distortion.coeffs.length })) : distortion.model === 'radtan' ? radtan(distortion.coeffs) : { model: 'none' as const, coeffs: [] };
    return checked({ name, ...parsed.data, distortion: own });
  }
  const camera = nuScenesCamera.safeParse(json);
  if (!camera.success) return invalid('calibration.json_unknown');
  let lidarToEgo = identity4;
  if (lidar !== null) {
    const sensor = calibratedSensor.safeParse(lidar);
    if (!sensor.success) return invalid('calibration.sensor_record', { file: 'lidar.json' });
    lidarToEgo = poseMatrix(sensor.data.translation, sensor.data.rotation);
  }
  const { intrinsics } = fromProjection(camera.data.camera_intrinsic.flat(), 3);
  const cameraToEgo = poseMatrix(camera.data.translation, camera.data.rotation);
  return checked({
    name,
    width: camera.data.width,
    height: camera.data.height,
    intrinsics,
    distortion: { model: 'none', coeffs: [] },
    lidarToCamera: multiply4(invertTransform(cameraToEgo), lidarToEgo),
  });
}

const openLabelMatrix = z.union([z.array(finite).length(12), z.array(z.array(finite).length(4)).length(3)]);
const openLabelStream = z
  .object({
    type: z.string().optional(),
    stream_properties: z
      .object({
        // camera_matrix_3x4 and distortion_coeffs_1xN as the ASAM libraries write them; camera_matrix and distortion_coeffs as the schema names them.
        intrinsics_pinhole: z
          .object({
            width_px: z.number().int().positive(),
            height_px: z.number().int().positive(),
            camera_matrix_3x4: openLabelMatrix.optional(),
            camera_matrix: openLabelMatrix.optional(),
            distortion_coeffs_1xN: z.array(finite).optional(),
            distortion_coeffs: z.array(finite).optional(),
          })
          .passthrough()
          .optional(),
        intrinsics_fisheye: z
          .object({
            width_px: z.number().int().positive(),
            height_px: z.number().int().positive(),
            center_x_px: finite,
            center_y_px: finite,
            focal_length_x_px: finite,
            focal_length_y_px: finite,
            lens_coeffs: z.array(finite).length(4),
          })
          .passthrough()
          .optional(),
      })
      .passthrough()
      .optional(),
  })
  .passthrough();
const openLabelSystem = z
  .object({
    type: z.string().optional(),
    parent: z.string().optional(),
    pose_wrt_parent: z.unknown().optional(),
  })
  .passthrough();
const openLabelDocument = z.object({
  streams: z.record(z.string(), openLabelStream),
  coordinate_systems: z.record(z.string(), openLabelSystem).default({}),
});

/** A pose_wrt_parent in any of OpenLABEL's three forms, or the calibration refused with what is wrong with it. */
function poseOfSystem(name: string, pose: unknown): Matrix4 {
  try {
    return transformMatrix(pose);
  } catch (error) {
    if (error instanceof CoordinateSystemError) return invalid('calibration.system_pose', { system: name, reason: error.ref });
    throw error;
  }
}

/**
 * The cameras of an OpenLABEL document (`{ openlabel: { streams, coordinate_systems } }`): each camera stream with
 * pinhole or fisheye intrinsics, its coordinate system named as the stream. A pose_wrt_parent (a matrix4x4, or a
 * translation with a quaternion or Euler angles) takes points of its system into its parent's; the LiDAR is the lidar
 * stream's coordinate system, or the root where there is none.
 */
export function openLabelCalibrations(json: unknown): CameraCalibration[] {
  const root = json && typeof json === 'object' && 'openlabel' in json ? (json as { openlabel: unknown }).openlabel : json;
  const parsed = openLabelDocument.safeParse(root);
  if (!parsed.success) return invalid('calibration.openlabel_streams');
  const { streams, coordinate_systems: systems } = parsed.data;
  // A system's transform into the root of its tree, following parents (a cycle or a missing parent is refused).
  const toRoot = (name: string, seen: string[] = []): Matrix4 => {
    if (seen.includes(name)) return invalid('calibration.system_cycle', { system: name });
    const system = systems[name];
    if (!system) return invalid('calibration.system_missing', { system: name });
    if (!system.parent) return identity4;
    if (system.pose_wrt_parent === undefined) return invalid('calibration.system_pose_missing', { system: name });
    return multiply4(toRoot(system.parent, [...seen, name]), poseOfSystem(name, system.pose_wrt_parent));
  };
  const lidarName = Object.keys(streams).find((name) => streams[name].type === 'lidar' && systems[name]);
  const lidarToRoot = lidarName ? toRoot(lidarName) : identity4;
  const cameras = Object.entries(streams).filter(([, stream]) => stream.type === 'camera');
  if (cameras.length === 0) return invalid('calibration.camera_streams');
  return cameras.map(([name, stream]) => {
    const lidarToCamera = multiply4(invertTransform(toRoot(name)), lidarToRoot);
    const fisheye = stream.stream_properties?.intrinsics_fisheye;
    const pinhole = stream.stream_properties?.intrinsics_pinhole;
    if (!pinhole && fisheye) {
      const { width_px: width, height_px: height, center_x_px: cx, center_y_px: cy, focal_length_x_px: fx, focal_length_y_px: fy, lens_coeffs: coeffs } = fisheye;
      return checked({ name, width, height, intrinsics: { fx, fy, cx, cy, skew: 0 }, distortion: { model: 'fisheye', coeffs }, lidarToCamera });
    }
    const matrix = pinhole?.camera_matrix_3x4 ?? pinhole?.camera_matrix;
    if (!pinhole || !matrix) return invalid('calibration.camera_intrinsics', { camera: name });
    const { intrinsics, offset } = fromProjection(matrix.flat(), 4);
    return checked({
      name,
      width: pinhole.width_px,
      height: pinhole.height_px,
      intrinsics,
      distortion: radtan(pinhole.distortion_coeffs_1xN ?? pinhole.distortion_coeffs),
      lidarToCamera: multiply4(translation4(offset), lidarToCamera),
    });
  });
}

const poseRecord = z.object({ translation: vector3, rotation: quaternion }).passthrough();

/** How far, in seconds, a frame's time may lie from the ego pose matched to it: half a period of a 10 Hz LiDAR. */
export const egoPoseTolerance = 0.05;

/** A frame an ego pose is looked for: its name (the cloud's file name without extension) and its time in seconds, where known. */
export interface PoseFrame {
  stem: string;
  time: number | null;
}

export interface FramePoses {
  /** Each frame's pose, null where it has none. */
  poses: (EgoPose | null)[];
  /** Frames matched by time whose nearest pose lies further than the tolerance: their index and that distance in seconds. */
  far: { index: number; seconds: number }[];
}

/**
 * The nuScenes sample_data timestamp (microseconds) a sweep's file name ends with, in seconds:
 * "n015-2018-07-24-11-22-45+0800__LIDAR_TOP__1532402927647951.pcd.bin" was taken at 1532402927.647951 s.
 */
export function nuscenesFileTime(fileName: string): number | null {
  const match = /__(\d{10,19})(\.[^/]*)?$/.exec(fileName);
  return match ? Number(match[1]) / 1e6 : null;
}

/**
 * The ego poses of an item's frames from its ego_poses.json: an array (null where a frame has none) or an object
 * keyed by frame name (the cloud's file name without its extension). Each pose is { translation, rotation } with the
 * rotation w-first, as nuScenes' ego_pose records have it. An array whose records all carry nuScenes' timestamp (in
 * microseconds) is matched by time when every frame has one: each frame takes the pose nearest its time, none where
 * the nearest lies further than the tolerance; any other array is in frame order, one pose per frame.
 */
export function egoPoses(json: unknown, frames: PoseFrame[], tolerance = egoPoseTolerance): FramePoses {
  // A pose is named by its record in a timed list, or by its frame (an index in frame order, or a frame's name).
  const pose = (value: unknown, at: { index: number } | { frame: number | string }): EgoPose | null => {
    if (value === null) return null;
    const named = 'index' in at ? 'record' : 'frame';
    const parsed = poseRecord.safeParse(value);
    if (!parsed.success) return invalid(`calibration.pose_${named}`, at);
    const { translation, rotation } = parsed.data;
    if (!(Math.hypot(...rotation) > 0)) invalid(`calibration.rotation_zero_${named}`, at);
    return egoPose.parse({ translation, rotation });
  };
  if (Array.isArray(json)) {
    const timed = json.length > 0 && json.every((record) => typeof (record as { timestamp?: unknown } | null)?.timestamp === 'number');
    if (timed && frames.every((frame) => frame.time !== null)) {
      const records = json.map((record, i) => ({ seconds: (record as { timestamp: number }).timestamp / 1e6, pose: pose(record, { index: i }) }));
      return nearestPoses(records.sort((a, b) => a.seconds - b.seconds), frames, tolerance);
    }
    if (json.length !== frames.length) return invalid('calibration.pose_count', { frames: frames.length, poses: json.length });
    return { poses: json.map((value, i) => pose(value, { frame: i })), far: [] };
  }
  if (json && typeof json === 'object') {
    const byStem = json as Record<string, unknown>;
    return { poses: frames.map(({ stem }) => (stem in byStem ? pose(byStem[stem], { frame: stem }) : null)), far: [] };
  }
  return invalid('calibration.poses_shape');
}

/** Each frame's nearest pose among records sorted by time, found by bisection. */
function nearestPoses(records: { seconds: number; pose: EgoPose | null }[], frames: PoseFrame[], tolerance: number): FramePoses {
  const far: FramePoses['far'] = [];
  const poses = frames.map((frame, index) => {
    const time = frame.time!;
    let low = 0;
    let high = records.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (records[middle].seconds < time) low = middle + 1;
      else high = middle;
    }
    const nearest = low > 0 && time - records[low - 1].seconds <= records[low].seconds - time ? records[low - 1] : records[low];
    const seconds = Math.abs(nearest.seconds - time);
    if (seconds <= tolerance) return nearest.pose;
    far.push({ index, seconds });
    return null;
  });
  return { poses, far };
}
