// Projection into a camera against OpenCV's own formulas written out independently (projectPoints for radtan and
// the rational model, fisheye::projectPoints for the equidistant lens), and a cuboid clipped at the near plane.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../quality/sampling/sample-draw';
import type { CuboidShape } from '../items/result.schema';
import type { CameraCalibration } from './calibration';
import { cuboidCorners } from './cuboid';
import { cuboidEdges, projectCuboid, projectPoint } from './projection';

/** LiDAR x forward, y left, z up into a forward camera, 0.5 m behind the LiDAR. */
const forward = [0, -1, 0, 0, 0, 0, -1, 0, 1, 0, 0, 0.5, 0, 0, 0, 1];
const camera = (distortion: CameraCalibration['distortion']): CameraCalibration => ({ name: 'front', width: 1280, height: 720, intrinsics: { fx: 800, fy: 790, cx: 640, cy: 360, skew: 0 }, distortion, lidarToCamera: forward });

/** OpenCV projectPoints, term by term as its documentation writes it (x″ = x′·(1 + k1r² + k2r⁴ + k3r⁶)/(1 + k4r² + k5r⁴ + k6r⁶) + 2p1x′y′ + p2(r² + 2x′²) ...). */
function opencvRadtan(X: number, Y: number, Z: number, [k1, k2, p1, p2, k3 = 0, k4 = 0, k5 = 0, k6 = 0]: number[]): [number, number] {
  const x1 = X / Z;
  const y1 = Y / Z;
  const r2 = Math.pow(x1, 2) + Math.pow(y1, 2);
  const r4 = Math.pow(r2, 2);
  const r6 = Math.pow(r2, 3);
  const ratio = (1 + k1 * r2 + k2 * r4 + k3 * r6) / (1 + k4 * r2 + k5 * r4 + k6 * r6);
  const x2 = x1 * ratio + 2 * p1 * x1 * y1 + p2 * (r2 + 2 * Math.pow(x1, 2));
  const y2 = y1 * ratio + p1 * (r2 + 2 * Math.pow(y1, 2)) + 2 * p2 * x1 * y1;
  return [800 * x2 + 640, 790 * y2 + 360];
}

/** OpenCV fisheye::projectPoints: θ = atan(r), θd = θ(1 + k1θ² + k2θ⁴ + k3θ⁶ + k4θ⁸), x′ = (θd / r)·a. */
function opencvFisheye(X: number, Y: number, Z: number, [k1, k2, k3, k4]: number[]): [number, number] {
  const a = X / Z;
  const b = Y / Z;
  const r = Math.sqrt(a * a + b * b);
  const theta = Math.atan(r);
  const thetaD = theta * (1 + k1 * Math.pow(theta, 2) + k2 * Math.pow(theta, 4) + k3 * Math.pow(theta, 6) + k4 * Math.pow(theta, 8));
  const scale = r > 0 ? thetaD / r : 1;
  return [800 * a * scale + 640, 790 * b * scale + 360];
}

const random = seededRandom(23);
/** Points in front of the camera, within about 40° of its axis. */
const points = Array.from({ length: 300 }, () => {
  const depth = 2 + random() * 50;
  return [depth, (random() - 0.5) * depth * 1.4, (random() - 0.5) * depth * 0.8] as [number, number, number];
});
/** The same point in the camera's frame, from the transform above: (−y, −z, x + 0.5). */
const inCamera = ([x, y, z]: [number, number, number]): [number, number, number] => [-y, -z, x + 0.5];

describe('projectPoint', () => {
  it('matches OpenCV’s radial-tangential model, with k3 and with the rational k4..k6', () => {
    for (const coeffs of [[-0.28, 0.07, 0.0012, -0.0007], [-0.28, 0.07, 0.0012, -0.0007, 0.01], [0.1, 0.02, 0.001, 0.002, 0.003, 0.05, 0.01, 0.004]]) {
      const lens = camera({ model: 'radtan', coeffs });
      for (const p of points) {
        const [u, v] = opencvRadtan(...inCamera(p), coeffs);
        const pixel = projectPoint(lens, p)!;
        expect(pixel[0]).toBeCloseTo(u, 8);
        expect(pixel[1]).toBeCloseTo(v, 8);
      }
    }
  });

  it('matches OpenCV’s fisheye model', () => {
    const coeffs = [0.05, -0.01, 0.003, -0.0005];
    const lens = camera({ model: 'fisheye', coeffs });
    for (const p of points) {
      const [u, v] = opencvFisheye(...inCamera(p), coeffs);
      const pixel = projectPoint(lens, p)!;
      expect(pixel[0]).toBeCloseTo(u, 8);
      expect(pixel[1]).toBeCloseTo(v, 8);
    }
  });

  it('projects nothing behind the near plane', () => {
    expect(projectPoint(camera({ model: 'none', coeffs: [] }), [-0.45, 0, 0])).toBeNull();
    expect(projectPoint(camera({ model: 'none', coeffs: [] }), [-0.35, 0, 0])).not.toBeNull();
  });
});

describe('projectCuboid', () => {
  const pinhole = camera({ model: 'none', coeffs: [] });
  const car: CuboidShape = { type: 'cuboid', x: 10, y: 0, z: -1, length: 4, width: 2, height: 1.5, yaw: 0 };

  it('draws all twelve edges of a cuboid in front, and a box around them cut to the image', () => {
    const seen = projectCuboid(pinhole, car);
    expect(seen.edges).toHaveLength(12);
    // The nearest face is 8.5 m away (8 + 0.5): its corners at ±1 m across and 0.25 to 1.75 m down.
    const [x, y, width, height] = seen.box!;
    expect(x).toBeCloseTo(640 - 800 / 8.5, 9);
    expect(y).toBeCloseTo(360 + (790 * 0.25) / 12.5, 9);
    expect(width).toBeCloseTo((2 * 800) / 8.5, 9);
    expect(height).toBeCloseTo(360 + (790 * 1.75) / 8.5 - y, 9);
  });

  it('draws each edge between its two corners as projectPoint places them, for any turn and tilt', () => {
    const tilted: CuboidShape = { ...car, yaw: 2.2, pitch: 0.2, roll: -0.3 };
    const corners = cuboidCorners(tilted).map((c) => projectPoint(pinhole, c)!);
    const seen = projectCuboid(pinhole, tilted);
    seen.edges.forEach((edge, e) => {
      const [i, j] = cuboidEdges[e];
      [corners[i], corners[j]].forEach((corner, end) => corner.forEach((v, axis) => expect(edge[end][axis]).toBeCloseTo(v, 9)));
    });
  });

  it('keeps the visible edges of a cuboid half behind the camera, each cut at the near plane', () => {
    const half: CuboidShape = { ...car, x: -0.5 };
    const seen = projectCuboid(pinhole, half);
    // The four edges of the back face lie wholly behind; the four along its length are cut; the front face stays.
    expect(seen.edges).toHaveLength(8);
    // The cut edges run off the image to the sides and below; the top of the box is the front face's top edge, 2 m away.
    expect(seen.box).toEqual([0, 360 + (790 * 0.25) / 2, 1280, 720 - (360 + (790 * 0.25) / 2)]);
    expect(seen.edges.flat().flat().every(Number.isFinite)).toBe(true);
  });

  it('gives no edges and no box for a cuboid wholly behind the camera', () => {
    expect(projectCuboid(pinhole, { ...car, x: -10 })).toEqual({ edges: [], box: null });
  });

  it('bends the edges of a cuboid through a distorted lens, every piece where OpenCV puts it', () => {
    const coeffs = [-0.28, 0.07, 0.0012, -0.0007];
    const seen = projectCuboid(camera({ model: 'radtan', coeffs }), { ...car, y: 3 });
    expect(seen.edges).toHaveLength(12);
    expect(seen.edges[0].length).toBeGreaterThan(2);
    // The first corner (front-left-bottom) through OpenCV's formula.
    const [u, v] = opencvRadtan(...inCamera([12, 4, -1.75]), coeffs);
    expect(seen.edges[0][0][0]).toBeCloseTo(u, 8);
    expect(seen.edges[0][0][1]).toBeCloseTo(v, 8);
  });
});
