// The coordinate systems of an OpenLABEL document and the cuboids given in them: a transform as OpenLABEL writes it
// (matrix4x4; a quaternion x, y, z, w with a translation; Euler angles in a sequence with a translation) as a 4×4
// matrix, the transform between two systems joined by parents' poses or by the document's transforms, and a cuboid
// moved through it. A transform takes points of its source system into its destination's: X_dst = M·X_src.
import { invertTransform, type Matrix4, multiply4 } from './calibration-files';
import { messageRef } from '../i18n/message-ref';
import type { Matrix3, Vector3 } from './cuboid';
import { nuscenesToCuboid, quaternionMatrix } from './kitti';
import { type Quaternion, rotationQuaternion } from '../items/interpolation';
import type { CuboidShape } from '../items/result.schema';

/** A transform or a cuboid that cannot be read: the message key saying what is wrong, in the words of the format. */
export class CoordinateSystemError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(messageRef(key, params));
    this.name = 'CoordinateSystemError';
  }

  /** What is wrong as a message reference, for the refusal that names the transform or the cuboid. */
  get ref(): string {
    return this.message;
  }
}

const wrong = (key: string, params?: Record<string, string | number>): never => {
  throw new CoordinateSystemError(key, params);
};

const numbers = (value: unknown, length: number): value is number[] => Array.isArray(value) && value.length === length && value.every((v) => typeof v === 'number' && Number.isFinite(v));

const multiply3 = (a: Matrix3, b: Matrix3): Matrix3 => Array.from({ length: 9 }, (_, i) => [0, 1, 2].reduce((sum, k) => sum + a[Math.floor(i / 3) * 3 + k] * b[k * 3 + (i % 3)], 0)) as Matrix3;

/** A turn by `angle` radians about one axis, right-handed. */
function axisRotation(axis: string, angle: number): Matrix3 {
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  if (axis === 'X') return [1, 0, 0, 0, c, -s, 0, s, c];
  if (axis === 'Y') return [c, 0, s, 0, 1, 0, -s, 0, c];
  return [c, -s, 0, s, c, 0, 0, 0, 1];
}

/** The rotation of a unit quaternion given x, y, z, w, as OpenLABEL orders it (normalized here). */
function quaternionRotation([x, y, z, w]: number[]): Matrix3 {
  const norm = Math.hypot(x, y, z, w);
  if (!(norm > 0)) wrong('coordinates.quaternion_zero');
  return quaternionMatrix([w / norm, x / norm, y / norm, z / norm]);
}

const withTranslation = (r: Matrix3, [x, y, z]: number[]): Matrix4 => [r[0], r[1], r[2], x, r[3], r[4], r[5], y, r[6], r[7], r[8], z, 0, 0, 0, 1];

/**
 * An OpenLABEL transform_data as a 4×4 matrix: `matrix4x4` (16 values, row-major), `quaternion` (x, y, z, w) and
 * `translation`, or `euler_angles` applied in `sequence` (default "ZYX": angles rz, ry, rx, R = Rz·Ry·Rx) and `translation`.
 */
export function transformMatrix(data: unknown): Matrix4 {
  const d = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  if (d.matrix4x4 !== undefined) {
    const m = Array.isArray(d.matrix4x4) ? d.matrix4x4.flat() : d.matrix4x4;
    return numbers(m, 16) ? m : wrong('coordinates.matrix_values');
  }
  if (!numbers(d.translation, 3)) return wrong('coordinates.transform_form');
  if (d.quaternion !== undefined) return numbers(d.quaternion, 4) ? withTranslation(quaternionRotation(d.quaternion), d.translation) : wrong('coordinates.quaternion_values');
  if (!numbers(d.euler_angles, 3)) return wrong('coordinates.euler_values');
  const sequence = d.sequence ?? 'ZYX';
  if (typeof sequence !== 'string' || !/^[XYZ]{3}$/i.test(sequence)) return wrong('coordinates.euler_sequence', { sequence: String(sequence).slice(0, 40) });
  const angles = d.euler_angles;
  const rotation = [...sequence.toUpperCase()].map((axis, i) => axisRotation(axis, angles[i])).reduce(multiply3);
  return withTranslation(rotation, d.translation);
}

/** A coordinate system as OpenLABEL lists it: its parent ('' for a root) and its pose there, where given. */
export interface CoordinateSystem {
  parent?: unknown;
  pose_wrt_parent?: unknown;
}

/** A transform between two named systems, as the document's (or a frame's) `transforms` list them. */
export interface SystemTransform {
  src?: unknown;
  dst?: unknown;
  transform_src_to_dst?: unknown;
}

/**
 * The transform taking points of system `from` into system `to`, along the fewest steps of the tree of parents (each
 * pose_wrt_parent takes a system's points into its parent's) and the transforms given (each usable both ways); null
 * where nothing joins them. A frame's transforms come after the document's, so they win for the same pair.
 */
export function transformBetween(from: string, to: string, systems: Record<string, CoordinateSystem>, transforms: SystemTransform[]): Matrix4 | null {
  const edges = new Map<string, Map<string, Matrix4>>();
  const join = (a: string, b: string, m: Matrix4) => {
    (edges.get(a) ?? edges.set(a, new Map()).get(a)!).set(b, m);
    (edges.get(b) ?? edges.set(b, new Map()).get(b)!).set(a, invertTransform(m));
  };
  for (const [name, system] of Object.entries(systems)) {
    if (typeof system?.parent === 'string' && system.parent && system.pose_wrt_parent !== undefined) join(name, system.parent, transformMatrix(system.pose_wrt_parent));
  }
  for (const t of transforms) {
    if (typeof t?.src !== 'string' || typeof t.dst !== 'string') wrong('coordinates.transform_ends');
    join(t.src as string, t.dst as string, transformMatrix(t.transform_src_to_dst));
  }
  // Breadth first from `from`, each reached system with the transform from `from` into it.
  const reached = new Map<string, Matrix4>([[from, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]]]);
  const queue = [from];
  while (queue.length > 0) {
    const at = queue.shift()!;
    if (at === to) return reached.get(at)!;
    for (const [next, m] of edges.get(at) ?? []) {
      if (reached.has(next)) continue;
      reached.set(next, multiply4(m, reached.get(at)!));
      queue.push(next);
    }
  }
  return null;
}

/** A cuboid as OpenLABEL gives it: its centre, its rotation (w-first quaternion) and its sizes along its own axes. */
export interface CuboidPose {
  centre: Vector3;
  rotation: Quaternion;
  sizes: Vector3;
}

/**
 * A cuboid `val`: 10 values (x, y, z, qx, qy, qz, qw, sx, sy, sz), or 9 (x, y, z, rx, ry, rz, sx, sy, sz) whose Euler
 * angles turn about z, then y, then x (R = Rz·Ry·Rx, as the ASAM tools write them).
 */
export function cuboidPose(val: unknown): CuboidPose {
  if (!Array.isArray(val) || (val.length !== 10 && val.length !== 9) || !numbers(val, val.length)) return wrong('coordinates.cuboid_val');
  const v = val as number[];
  const norm = Math.hypot(...v.slice(3, 7));
  if (v.length === 10 && !(norm > 0)) wrong('coordinates.quaternion_zero');
  const rotation: Quaternion = v.length === 10 ? [v[6] / norm, v[3] / norm, v[4] / norm, v[5] / norm] : rotationQuaternion(v[5], v[4], v[3]);
  return { centre: [v[0], v[1], v[2]], rotation, sizes: [v[v.length - 3], v[v.length - 2], v[v.length - 1]] };
}

/** The unit quaternion (w first) of a rotation matrix, by the largest of its four squared components. */
function matrixQuaternion(r: Matrix3): Quaternion {
  const [m00, m01, m02, m10, m11, m12, m20, m21, m22] = r;
  const trace = m00 + m11 + m22;
  if (trace > 0) {
    const s = 2 * Math.sqrt(trace + 1);
    return [s / 4, (m21 - m12) / s, (m02 - m20) / s, (m10 - m01) / s];
  }
  if (m00 > m11 && m00 > m22) {
    const s = 2 * Math.sqrt(1 + m00 - m11 - m22);
    return [(m21 - m12) / s, s / 4, (m01 + m10) / s, (m02 + m20) / s];
  }
  if (m11 > m22) {
    const s = 2 * Math.sqrt(1 + m11 - m00 - m22);
    return [(m02 - m20) / s, (m01 + m10) / s, s / 4, (m12 + m21) / s];
  }
  const s = 2 * Math.sqrt(1 + m22 - m00 - m11);
  return [(m10 - m01) / s, (m02 + m20) / s, (m12 + m21) / s, s / 4];
}

const column = (r: Matrix3, i: number): Vector3 => [r[i], r[3 + i], r[6 + i]];
const cross = (a: Vector3, b: Vector3): Vector3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

/** A cuboid as the project draws it (length along its own x, width along y, height along z) from its pose in the LiDAR frame. */
export function cuboidShapeOf(pose: CuboidPose): CuboidShape {
  const { centre, rotation, sizes } = pose;
  return nuscenesToCuboid({ translation: centre, size: [sizes[1], sizes[0], sizes[2]], rotation });
}

/**
 * A cuboid given in another system moved into the LiDAR frame by `m` (that system's points into the LiDAR's). The
 * box stays the same box; its axes are named again so that its height lies along its axis nearest the LiDAR's up
 * (a camera's y points down, so a camera's cuboid has its height along its y) and its length along its first other
 * axis, turned so the three stay right-handed.
 */
export function cuboidInto(m: Matrix4, pose: CuboidPose): CuboidShape {
  const turn: Matrix3 = [m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10]];
  const rotation = multiply3(turn, quaternionMatrix(pose.rotation));
  const [x, y, z] = pose.centre;
  const centre: Vector3 = [m[0] * x + m[1] * y + m[2] * z + m[3], m[4] * x + m[5] * y + m[6] * z + m[7], m[8] * x + m[9] * y + m[10] * z + m[11]];
  const up = [0, 1, 2].reduce((best, i) => (Math.abs(rotation[6 + i]) > Math.abs(rotation[6 + best]) ? i : best), 2);
  const ahead = up === 0 ? 1 : 0;
  const side = 3 - up - ahead;
  const heightAxis = column(rotation, up).map((v) => v * Math.sign(rotation[6 + up])) as Vector3;
  const lengthAxis = column(rotation, ahead);
  const widthAxis = cross(heightAxis, lengthAxis);
  const relabelled: Matrix3 = [lengthAxis[0], widthAxis[0], heightAxis[0], lengthAxis[1], widthAxis[1], heightAxis[1], lengthAxis[2], widthAxis[2], heightAxis[2]];
  return cuboidShapeOf({ centre, rotation: matrixQuaternion(relabelled), sizes: [pose.sizes[ahead], pose.sizes[side], pose.sizes[up]] });
}
