// A rig's cuboids and cameras in KITTI's and nuScenes' conventions: a LiDAR cuboid as a KITTI object label in a
// camera's rectified frame (bottom-centre location, h w l, rotation_y, alpha) and back, a camera as KITTI's calib
// (P2, R0_rect, Tr_velo_to_cam; calibration-files.ts reads it back), and nuScenes' box (size w l h, quaternion w
// first) with its corners and view_points.
import { quaternionAngles, rotationQuaternion, type Quaternion, wrapAngle } from '../items/interpolation';
import type { CuboidShape } from '../items/result.schema';
import type { CameraCalibration } from './calibration';
import { invertTransform, type Matrix4 } from './calibration-files';
import { cuboidRotation, type Matrix3, type Vector3 } from './cuboid';

/** A point through a 4×4 transform. */
export const transformPoint = (m: Matrix4, [x, y, z]: Vector3): Vector3 => [m[0] * x + m[1] * y + m[2] * z + m[3], m[4] * x + m[5] * y + m[6] * z + m[7], m[8] * x + m[9] * y + m[10] * z + m[11]];
/** A direction through a 4×4 transform's rotation. */
const rotateVector = (m: Matrix4, [x, y, z]: Vector3): Vector3 => [m[0] * x + m[1] * y + m[2] * z, m[4] * x + m[5] * y + m[6] * z, m[8] * x + m[9] * y + m[10] * z];

/** A KITTI object label's geometry: camera-frame metres and radians. */
export interface KittiBox {
  /** Height, width, length, as the label writes them. */
  dimensions: [number, number, number];
  /** The bottom centre of the box in the camera's rectified frame (x right, y down, z forward). */
  location: Vector3;
  /** Rotation about the camera's y axis: 0 heads along the camera's +x, −π/2 along +z (away from the camera). */
  rotationY: number;
  /** The observation angle: rotation_y − atan2(x, z), in [−π, π). */
  alpha: number;
}

/**
 * A LiDAR cuboid as a KITTI label of the camera. KITTI boxes stand upright in the camera frame, so the location is
 * the centre moved half the height down the camera's y, and rotation_y is the heading seen in the camera's x-z
 * plane; pitch and roll have no KITTI form and are left out.
 */
export function cuboidToKitti(camera: Pick<CameraCalibration, 'lidarToCamera'>, shape: CuboidShape): KittiBox {
  const m = camera.lidarToCamera;
  const centre = transformPoint(m, [shape.x, shape.y, shape.z]);
  const r = cuboidRotation(shape);
  const heading = rotateVector(m, [r[0], r[3], r[6]]);
  const rotationY = Math.atan2(-heading[2], heading[0]);
  const location: Vector3 = [centre[0], centre[1] + shape.height / 2, centre[2]];
  return { dimensions: [shape.height, shape.width, shape.length], location, rotationY, alpha: wrapAngle(rotationY - Math.atan2(location[0], location[2])) };
}

/** A KITTI label of the camera as a LiDAR cuboid, level (its heading brought back into the LiDAR's ground plane). */
export function kittiToCuboid(camera: Pick<CameraCalibration, 'lidarToCamera'>, box: Pick<KittiBox, 'dimensions' | 'location' | 'rotationY'>): CuboidShape {
  const back = invertTransform(camera.lidarToCamera);
  const [height, width, length] = box.dimensions;
  const [x, y, z] = transformPoint(back, [box.location[0], box.location[1] - height / 2, box.location[2]]);
  const heading = rotateVector(back, [Math.cos(box.rotationY), 0, -Math.sin(box.rotationY)]);
  return { type: 'cuboid', x, y, z, length, width, height, yaw: Math.atan2(heading[1], heading[0]) };
}

/** KITTI's calibration of one camera: P2 (3×4), R0_rect (3×3) and Tr_velo_to_cam (3×4), row-major. */
export interface KittiCalib {
  P2: number[];
  R0_rect: number[];
  Tr_velo_to_cam: number[];
}

/**
 * The camera as a KITTI calib whose P2·R0_rect·Tr_velo_to_cam projects as the camera does (before its lens): P2 is
 * the pinhole with no offset, R0_rect the identity and Tr_velo_to_cam the rig's transform, so the rectified frame
 * the labels use is the camera's own frame.
 */
export function kittiCalibOf(camera: Pick<CameraCalibration, 'intrinsics' | 'lidarToCamera'>): KittiCalib {
  const { fx, fy, cx, cy, skew } = camera.intrinsics;
  return { P2: [fx, skew, cx, 0, 0, fy, cy, 0, 0, 0, 1, 0], R0_rect: [1, 0, 0, 0, 1, 0, 0, 0, 1], Tr_velo_to_cam: camera.lidarToCamera.slice(0, 12) };
}

const calibNumber = (v: number) => v.toExponential(12);

/** A KITTI object calib file: P0 to P3 (each the camera's P2), R0_rect, Tr_velo_to_cam and an identity Tr_imu_to_velo. */
export function kittiCalibText(calib: KittiCalib): string {
  const line = (key: string, values: number[]) => `${key}: ${values.map(calibNumber).join(' ')}\n`;
  return ['P0', 'P1', 'P2', 'P3'].map((key) => line(key, calib.P2)).join('') + line('R0_rect', calib.R0_rect) + line('Tr_velo_to_cam', calib.Tr_velo_to_cam) + line('Tr_imu_to_velo', [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]);
}

/** A box as nuScenes writes it: centre, size as width, length, height, and its rotation as a quaternion w first. */
export interface NuscenesBox {
  translation: Vector3;
  size: Vector3;
  rotation: Quaternion;
}

export const cuboidToNuscenes = (shape: CuboidShape): NuscenesBox => ({
  translation: [shape.x, shape.y, shape.z],
  size: [shape.width, shape.length, shape.height],
  rotation: rotationQuaternion(shape.yaw, shape.pitch ?? 0, shape.roll ?? 0),
});

/** Below this, a tilt read back from a quaternion is rounding, not a tilt: the cuboid stays level. */
const levelTolerance = 1e-9;

/** A nuScenes box as a cuboid; pitch and roll only where the rotation tilts. */
export function nuscenesToCuboid(box: NuscenesBox): CuboidShape {
  const norm = Math.hypot(...box.rotation);
  const [yaw, pitch, roll] = quaternionAngles(box.rotation.map((v) => v / norm) as Quaternion);
  const [width, length, height] = box.size;
  const shape: CuboidShape = { type: 'cuboid', x: box.translation[0], y: box.translation[1], z: box.translation[2], length, width, height, yaw };
  return Math.abs(pitch) > levelTolerance || Math.abs(roll) > levelTolerance ? { ...shape, pitch, roll } : shape;
}

/** The rotation matrix of a unit quaternion, w first, row-major. */
export function quaternionMatrix([w, x, y, z]: Quaternion): Matrix3 {
  return [
    1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
    2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
    2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y),
  ];
}

/** nuScenes' Box.corners: 3×8 rows x, y, z; the first four face forward (+x of the box), the top ones first of each pair of faces. */
export function nuscenesCorners(box: NuscenesBox): [number[], number[], number[]] {
  const [w, l, h] = box.size;
  const xs = [1, 1, 1, 1, -1, -1, -1, -1].map((s) => (s * l) / 2);
  const ys = [1, -1, -1, 1, 1, -1, -1, 1].map((s) => (s * w) / 2);
  const zs = [1, 1, -1, -1, 1, 1, -1, -1].map((s) => (s * h) / 2);
  const r = quaternionMatrix(box.rotation);
  const out: [number[], number[], number[]] = [[], [], []];
  for (let i = 0; i < 8; i++) {
    for (let row = 0; row < 3; row++) out[row].push(r[row * 3] * xs[i] + r[row * 3 + 1] * ys[i] + r[row * 3 + 2] * zs[i] + box.translation[row]);
  }
  return out;
}

/**
 * nuScenes' view_points: 3×N points through a view matrix (3×3 intrinsics or up to 4×4, padded with the identity),
 * divided by their depth where `normalize`; answers the 3×N result.
 */
export function viewPoints(points: number[][], view: number[][], normalize: boolean): number[][] {
  const padded = Array.from({ length: 4 }, (_, i) => Array.from({ length: 4 }, (__, j) => view[i]?.[j] ?? (i === j ? 1 : 0)));
  const count = points[0].length;
  const out = [0, 1, 2].map((row) => Array.from({ length: count }, (_, n) => padded[row][0] * points[0][n] + padded[row][1] * points[1][n] + padded[row][2] * points[2][n] + padded[row][3]));
  if (normalize) {
    for (let n = 0; n < count; n++) {
      const depth = out[2][n];
      for (let row = 0; row < 3; row++) out[row][n] /= depth;
    }
  }
  return out;
}
