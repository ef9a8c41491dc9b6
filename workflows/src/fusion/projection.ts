// LiDAR points and cuboids into a camera's image: the rig's transform, the pinhole, then the lens distortion.
// Points closer than the near plane (0.1 m, as nuScenes' box_in_image) are behind the camera and never projected;
// a cuboid's edges are clipped there, so a box half behind the camera still draws its visible half. Fusion panels
// and exporters project every cuboid into every camera on every frame, so the common case (a pinhole camera, the
// whole cuboid in front) works in a scratch buffer and builds its edges only when they are read.
import type { CuboidShape } from '../items/result.schema';
import type { CameraCalibration } from './calibration';
import type { Vector3 } from './cuboid';

export const nearPlane = 0.1;
export type Pixel = [number, number];

/** A point of the LiDAR frame in the camera's own frame. */
export function toCamera(camera: CameraCalibration, [x, y, z]: Vector3): Vector3 {
  const m = camera.lidarToCamera;
  return [m[0] * x + m[1] * y + m[2] * z + m[3], m[4] * x + m[5] * y + m[6] * z + m[7], m[8] * x + m[9] * y + m[10] * z + m[11]];
}

/** Normalized image coordinates (x/z, y/z) bent by the lens. */
export function distort(camera: CameraCalibration, x: number, y: number): Pixel {
  const { model, coeffs } = camera.distortion;
  if (model === 'none' || coeffs.length === 0) return [x, y];
  const c = (i: number) => coeffs[i] ?? 0;
  const r2 = x * x + y * y;
  if (model === 'fisheye') {
    const r = Math.sqrt(r2);
    if (r < 1e-12) return [x, y];
    const theta = Math.atan(r);
    const t2 = theta * theta;
    const thetaD = theta * (1 + t2 * (c(0) + t2 * (c(1) + t2 * (c(2) + t2 * c(3)))));
    return [(thetaD / r) * x, (thetaD / r) * y];
  }
  const [k1, k2, p1, p2, k3, k4, k5, k6] = [c(0), c(1), c(2), c(3), c(4), c(5), c(6), c(7)];
  const radial = (1 + r2 * (k1 + r2 * (k2 + r2 * k3))) / (1 + r2 * (k4 + r2 * (k5 + r2 * k6)));
  return [x * radial + 2 * p1 * x * y + p2 * (r2 + 2 * x * x), y * radial + p1 * (r2 + 2 * y * y) + 2 * p2 * x * y];
}

/** A point of the camera's frame in pixels, or null behind the near plane. */
export function cameraToPixel(camera: CameraCalibration, [x, y, z]: Vector3): Pixel | null {
  if (z < nearPlane) return null;
  const [dx, dy] = distort(camera, x / z, y / z);
  const { fx, fy, cx, cy, skew } = camera.intrinsics;
  return [fx * dx + skew * dy + cx, fy * dy + cy];
}

/** A point of the LiDAR frame in pixels, or null where it is behind the camera. */
export const projectPoint = (camera: CameraCalibration, point: Vector3): Pixel | null => cameraToPixel(camera, toCamera(camera, point));

/** The twelve edges of a cuboid as pairs of corner indices (see cuboidCorners). */
export const cuboidEdges: [number, number][] = [
  [0, 1], [1, 2], [2, 3], [3, 0],
  [4, 5], [5, 6], [6, 7], [7, 4],
  [0, 4], [1, 5], [2, 6], [3, 7],
];

export interface CuboidProjection {
  /** Each edge drawn as a polyline (several pieces where the lens bends it), clipped at the near plane; edges wholly behind are left out. */
  edges: Pixel[][];
  /** The smallest rectangle around the visible edges, cut to the image: x, y, width, height; null where nothing is in the image. */
  box: [number, number, number, number] | null;
}

/** The eight corners' signs along the box's length, width and height, in cuboidCorners' order. */
const cornerSigns = [1, 1, -1, 1, -1, -1, -1, -1, -1, -1, 1, -1, 1, 1, 1, 1, -1, 1, -1, -1, 1, -1, 1, 1];
/** The corners of the cuboid being projected, in the camera's frame: x, y, z of each. */
const scratch = new Float64Array(24);

/** Fills the scratch with the cuboid's corners in the camera's frame; answers how many lie in front of the near plane. */
function cornersInCamera(camera: CameraCalibration, shape: CuboidShape): number {
  const cy = Math.cos(shape.yaw);
  const sy = Math.sin(shape.yaw);
  const level = shape.pitch === undefined && shape.roll === undefined;
  const cp = level ? 1 : Math.cos(shape.pitch ?? 0);
  const sp = level ? 0 : Math.sin(shape.pitch ?? 0);
  const cr = level ? 1 : Math.cos(shape.roll ?? 0);
  const sr = level ? 0 : Math.sin(shape.roll ?? 0);
  // R = Rz(yaw)·Ry(pitch)·Rx(roll), as cuboidRotation builds it, with each column scaled by the half extent.
  const l = shape.length / 2;
  const w = shape.width / 2;
  const h = shape.height / 2;
  const r0 = cy * cp * l, r1 = (cy * sp * sr - sy * cr) * w, r2 = (cy * sp * cr + sy * sr) * h;
  const r3 = sy * cp * l, r4 = (sy * sp * sr + cy * cr) * w, r5 = (sy * sp * cr - cy * sr) * h;
  const r6 = -sp * l, r7 = cp * sr * w, r8 = cp * cr * h;
  const m = camera.lidarToCamera;
  let inFront = 0;
  for (let c = 0; c < 8; c++) {
    const a = cornerSigns[c * 3];
    const b = cornerSigns[c * 3 + 1];
    const d = cornerSigns[c * 3 + 2];
    const x = shape.x + r0 * a + r1 * b + r2 * d;
    const y = shape.y + r3 * a + r4 * b + r5 * d;
    const z = shape.z + r6 * a + r7 * b + r8 * d;
    const depth = m[8] * x + m[9] * y + m[10] * z + m[11];
    scratch[c * 3] = m[0] * x + m[1] * y + m[2] * z + m[3];
    scratch[c * 3 + 1] = m[4] * x + m[5] * y + m[6] * z + m[7];
    scratch[c * 3 + 2] = depth;
    if (depth >= nearPlane + 1e-9) inFront++;
  }
  return inFront;
}

/** The pixels of the eight corners in the scratch, in place (x, y of each at x, y; z kept); the box around them, cut to the image. */
function pinholeCorners(camera: CameraCalibration): [number, number, number, number] | null {
  const { fx, fy, cx, cy, skew } = camera.intrinsics;
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (let c = 0; c < 8; c++) {
    const z = scratch[c * 3 + 2];
    const x = scratch[c * 3] / z;
    const y = scratch[c * 3 + 1] / z;
    const u = fx * x + skew * y + cx;
    const v = fy * y + cy;
    scratch[c * 3] = u;
    scratch[c * 3 + 1] = v;
    if (u < left) left = u;
    if (u > right) right = u;
    if (v < top) top = v;
    if (v > bottom) bottom = v;
  }
  return cutToImage(camera, left, top, right, bottom);
}

/**
 * A cuboid wholly in front of a pinhole camera: its box at once, its edges (straight lines between its corners'
 * pixels) worked out again when first read, so a caller after the box alone allocates nothing for them.
 */
class CornerProjection implements CuboidProjection {
  private lines: Pixel[][] | null = null;

  constructor(
    private readonly camera: CameraCalibration,
    private readonly shape: CuboidShape,
    readonly box: [number, number, number, number] | null,
  ) {}

  get edges(): Pixel[][] {
    if (!this.lines) {
      cornersInCamera(this.camera, this.shape);
      pinholeCorners(this.camera);
      const p = scratch;
      this.lines = cuboidEdges.map(([i, j]) => [
        [p[i * 3], p[i * 3 + 1]],
        [p[j * 3], p[j * 3 + 1]],
      ]);
    }
    return this.lines;
  }
}

/** The cuboid as the camera sees it. */
export function projectCuboid(camera: CameraCalibration, shape: CuboidShape): CuboidProjection {
  const inFront = cornersInCamera(camera, shape);
  const pinhole = camera.distortion.model === 'none' || camera.distortion.coeffs.length === 0;
  if (inFront === 8 && pinhole) return new CornerProjection(camera, shape, pinholeCorners(camera));
  if (inFront === 0) return { edges: [], box: null };
  return clippedProjection(camera, pinhole);
}

/** A cuboid partly behind the camera, or seen through a lens: each edge cut at the near plane and, where the lens bends it, drawn in pieces. */
function clippedProjection(camera: CameraCalibration, pinhole: boolean): CuboidProjection {
  const corners: Vector3[] = Array.from({ length: 8 }, (_, c) => [scratch[c * 3], scratch[c * 3 + 1], scratch[c * 3 + 2]]);
  const pieces = pinhole ? 1 : 8;
  const edges: Pixel[][] = [];
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [i, j] of cuboidEdges) {
    const clipped = clipToNearPlane(corners[i], corners[j]);
    if (!clipped) continue;
    const [a, b] = clipped;
    const line: Pixel[] = [];
    for (let step = 0; step <= pieces; step++) {
      const t = step / pieces;
      const pixel = cameraToPixel(camera, [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]);
      if (!pixel) continue;
      line.push(pixel);
      [left, top, right, bottom] = [Math.min(left, pixel[0]), Math.min(top, pixel[1]), Math.max(right, pixel[0]), Math.max(bottom, pixel[1])];
    }
    if (line.length > 1) edges.push(line);
  }
  return { edges, box: edges.length > 0 ? cutToImage(camera, left, top, right, bottom) : null };
}

/** The rectangle cut to the image, as x, y, width, height; null where nothing of it is in the image. */
function cutToImage(camera: CameraCalibration, left: number, top: number, right: number, bottom: number): [number, number, number, number] | null {
  const [x0, y0, x1, y1] = [Math.max(0, left), Math.max(0, top), Math.min(camera.width, right), Math.min(camera.height, bottom)];
  return x1 > x0 && y1 > y0 ? [x0, y0, x1 - x0, y1 - y0] : null;
}

/** The part of a segment in front of the near plane, or null where it lies wholly behind. */
function clipToNearPlane(a: Vector3, b: Vector3): [Vector3, Vector3] | null {
  const near = nearPlane + 1e-9;
  if (a[2] < near && b[2] < near) return null;
  if (a[2] >= near && b[2] >= near) return [a, b];
  const t = (near - a[2]) / (b[2] - a[2]);
  const cut: Vector3 = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, near];
  return a[2] < near ? [cut, b] : [a, cut];
}
