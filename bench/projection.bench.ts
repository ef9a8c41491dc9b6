// Projection of cuboids into a rig's cameras, as fusion panels and exporters ask it every frame: 500 cuboids into 6
// pinhole cameras through projectCuboid, against a bare loop doing the same eight-corner matrix products and pinhole
// divisions into a preallocated buffer, in the same run. Target: at most 1.5x the bare loop's time.
import { type CameraCalibration, type CuboidShape, projectCuboid, seededRandom } from '@annot/workflows';
import type { BenchDatabase } from './support/bench-database';
import type { Figure } from './support/figures';

const cuboidCount = 500;
/** Each way is measured for a second, in turn, five times; its best second counts. */
const seconds = 1;
const rounds = 5;

/** Six cameras round the car, 60° apart, each looking outwards level with the LiDAR. */
function rig(): CameraCalibration[] {
  return Array.from({ length: 6 }, (_, i) => {
    const heading = (i * Math.PI) / 3;
    const [c, s] = [Math.cos(heading), Math.sin(heading)];
    // Camera x right, y down, z forward; forward is (c, s, 0) in the LiDAR frame, right is (s, -c, 0), down is -z.
    return { name: `cam${i}`, width: 1920, height: 1080, intrinsics: { fx: 1200, fy: 1200, cx: 960, cy: 540, skew: 0 }, distortion: { model: 'none', coeffs: [] }, lidarToCamera: [s, -c, 0, 0, 0, 0, -1, 0.2, c, s, 0, 0.5, 0, 0, 0, 1] };
  });
}

function cuboids(): CuboidShape[] {
  const random = seededRandom(29);
  return Array.from({ length: cuboidCount }, () => {
    const [bearing, distance] = [random() * 2 * Math.PI, 5 + random() * 60];
    return { type: 'cuboid', x: Math.cos(bearing) * distance, y: Math.sin(bearing) * distance, z: -1 + random(), length: 1 + random() * 5, width: 0.6 + random() * 2, height: 1 + random() * 2, yaw: (random() - 0.5) * 2 * Math.PI };
  });
}

/** projectCuboid for every cuboid and camera; the boxes' widths are summed so nothing is optimized away. */
function throughProjectCuboid(cameras: CameraCalibration[], shapes: CuboidShape[]): number {
  let sum = 0;
  for (const camera of cameras) for (const shape of shapes) sum += projectCuboid(camera, shape).box?.[2] ?? 0;
  return sum;
}

const corners = [1, 1, -1, 1, -1, -1, -1, -1, -1, -1, 1, -1, 1, 1, 1, 1, -1, 1, -1, -1, 1, -1, 1, 1];
const boxes = new Float64Array(4);

/** The bare loop: each corner rotated and moved into the LiDAR frame, through the 3×4 transform, divided by depth, and the box around the eight. */
function bareLoop(cameras: CameraCalibration[], shapes: CuboidShape[]): number {
  let sum = 0;
  for (const camera of cameras) {
    const m = camera.lidarToCamera;
    const { fx, fy, cx, cy } = camera.intrinsics;
    for (const shape of shapes) {
      const [c, s] = [Math.cos(shape.yaw), Math.sin(shape.yaw)];
      const [l, w, h] = [shape.length / 2, shape.width / 2, shape.height / 2];
      let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
      let behind = false;
      for (let k = 0; k < 8; k++) {
        const [a, b, d] = [corners[k * 3] * l, corners[k * 3 + 1] * w, corners[k * 3 + 2] * h];
        const x = shape.x + c * a - s * b;
        const y = shape.y + s * a + c * b;
        const z = shape.z + d;
        const depth = m[8] * x + m[9] * y + m[10] * z + m[11];
        if (depth < 0.1) behind = true;
        const u = (fx * (m[0] * x + m[1] * y + m[2] * z + m[3])) / depth + cx;
        const v = (fy * (m[4] * x + m[5] * y + m[6] * z + m[7])) / depth + cy;
        if (u < left) left = u;
        if (u > right) right = u;
        if (v < top) top = v;
        if (v > bottom) bottom = v;
      }
      if (behind) continue;
      boxes[0] = Math.max(0, left);
      boxes[1] = Math.max(0, top);
      boxes[2] = Math.min(camera.width, right) - boxes[0];
      boxes[3] = Math.min(camera.height, bottom) - boxes[1];
      if (boxes[2] > 0 && boxes[3] > 0) sum += boxes[2];
    }
  }
  return sum;
}

/** Runs of the whole rig per second. */
function runsPerSecond(run: () => number): number {
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  let done = 0;
  let sink = 0;
  while (performance.now() < deadline) {
    sink += run();
    done++;
  }
  if (Number.isNaN(sink)) throw new Error('no projection');
  return done / ((performance.now() - started) / 1000);
}

export async function projectionBench(_bench: BenchDatabase, log: (line: string) => void): Promise<Figure[]> {
  const cameras = rig();
  const shapes = cuboids();
  const ours = () => throughProjectCuboid(cameras, shapes);
  const bare = () => bareLoop(cameras, shapes);
  // Both must see the same boxes, or the figure is void.
  const [a, b] = [ours(), bare()];
  if (Math.abs(a - b) > 1e-6 * Math.abs(b)) throw new Error(`projectCuboid and the bare loop disagree: ${a} and ${b}`);
  for (let i = 0; i < 200; i++) (ours(), bare());
  const best = { ours: 0, bare: 0 };
  for (let round = 0; round < rounds; round++) {
    best.ours = Math.max(best.ours, runsPerSecond(ours));
    best.bare = Math.max(best.bare, runsPerSecond(bare));
  }
  const perRun = (rate: number) => `${(1000 / rate).toFixed(3)} ms`;
  log(`  ${cuboidCount} cuboids × ${cameras.length} cameras: projectCuboid ${perRun(best.ours)} a rig, bare loop ${perRun(best.bare)} (${(best.bare / best.ours).toFixed(2)}x the bare time)`);
  // At most 1.5x the bare time is at least 1/1.5 of its rate.
  return [{ name: 'cuboid projections (6 cameras)', ours: best.ours, baselineName: 'bare matrix loop', baseline: best.bare, targetRatio: 1 / 1.5 }];
}
