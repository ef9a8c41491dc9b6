// LiDAR points and cuboids into a camera's image: the rig's transform, the pinhole, then the lens distortion.
// Points closer than the near plane (0.1 m, as nuScenes' box_in_image) are behind the camera and never projected;
// a cuboid's edges are clipped there, so a box half behind the camera still draws its visible half.
import type { CuboidShape } from '../tasks/result.schema';
import type { CameraCalibration } from './calibration';
import { cuboidCorners, type Vector3 } from './cuboid';

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

/** The cuboid as the camera sees it. */
export function projectCuboid(camera: CameraCalibration, shape: CuboidShape): CuboidProjection {
  const corners = cuboidCorners(shape).map((corner) => toCamera(camera, corner));
  const pieces = camera.distortion.model === 'none' || camera.distortion.coeffs.length === 0 ? 1 : 8;
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
  const [x0, y0, x1, y1] = [Math.max(0, left), Math.max(0, top), Math.min(camera.width, right), Math.min(camera.height, bottom)];
  return { edges, box: edges.length > 0 && x1 > x0 && y1 > y0 ? [x0, y0, x1 - x0, y1 - y0] : null };
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
