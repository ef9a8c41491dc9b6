// The coordinate conventions checked where they are easiest to get wrong: KITTI's sample calibration through the rig
// and back, the yaw sign of a car seen from behind, nuScenes' corners and view_points on a case worked by hand.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../quality/sampling/sample-draw';
import type { CuboidShape } from '../items/result.schema';
import type { CameraCalibration } from './calibration';
import { cuboidCorners, cuboidRotation } from './cuboid';
import { CalibrationError, kittiCalibration } from './calibration-files';
import { cuboidToKitti, cuboidToNuscenes, kittiCalibOf, kittiCalibText, kittiToCuboid, nuscenesCorners, nuscenesToCuboid, quaternionMatrix, viewPoints } from './kitti';
import { kittiSampleCalib } from './kitti-sample.test-support';
import { projectPoint } from './projection';

const sampleCalib = kittiSampleCalib;
/** The sample's matrices, read here by hand for the devkit's own arithmetic below. */
const rows = new Map(sampleCalib.trim().split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim().split(/\s+/).map(Number)]));
const calib = { P2: rows.get('P2')!, R0_rect: rows.get('R0_rect')!, Tr_velo_to_cam: rows.get('Tr_velo_to_cam')! };
const camera: CameraCalibration = kittiCalibration('image_02', sampleCalib, { width: 1242, height: 375 });

/** The devkit's own projection, y = P2·R0_rect·Tr_velo_to_cam·x, written out as three matrix products. */
function devkitProject(x: [number, number, number]): [number, number] {
  const tr = calib.Tr_velo_to_cam;
  const velo = [0, 1, 2].map((r) => tr[r * 4] * x[0] + tr[r * 4 + 1] * x[1] + tr[r * 4 + 2] * x[2] + tr[r * 4 + 3]);
  const rect = [0, 1, 2].map((r) => calib.R0_rect[r * 3] * velo[0] + calib.R0_rect[r * 3 + 1] * velo[1] + calib.R0_rect[r * 3 + 2] * velo[2]);
  const image = [0, 1, 2].map((r) => calib.P2[r * 4] * rect[0] + calib.P2[r * 4 + 1] * rect[1] + calib.P2[r * 4 + 2] * rect[2] + calib.P2[r * 4 + 3]);
  return [image[0] / image[2], image[1] / image[2]];
}

const random = seededRandom(17);
const cuboids: CuboidShape[] = Array.from({ length: 100 }, () => ({ type: 'cuboid', x: 5 + random() * 40, y: (random() - 0.5) * 20, z: -1.5 + random(), length: 1 + random() * 4, width: 0.5 + random() * 2, height: 1 + random() * 2, yaw: (random() - 0.5) * 2 * Math.PI }));

describe('KITTI calib', () => {
  it('projects through the rig as the devkit projects with P2·R0_rect·Tr_velo_to_cam', () => {
    for (const c of cuboids) {
      const [u, v] = devkitProject([c.x, c.y, c.z]);
      const pixel = projectPoint(camera, [c.x, c.y, c.z])!;
      expect(pixel[0]).toBeCloseTo(u, 6);
      expect(pixel[1]).toBeCloseTo(v, 6);
    }
  });

  it('writes a calib file that reads back to the same camera', () => {
    const again = kittiCalibration('image_02', kittiCalibText(kittiCalibOf(camera)), { width: 1242, height: 375 });
    expect(again.intrinsics).toEqual({ fx: 718.856, fy: 718.856, cx: 607.1928, cy: 185.2157, skew: 0 });
    again.lidarToCamera.forEach((v, i) => expect(v).toBeCloseTo(camera.lidarToCamera[i], 11));
  });

  it('writes the devkit’s lines: P0 to P3, R0_rect, Tr_velo_to_cam and Tr_imu_to_velo', () => {
    expect(kittiCalibText(kittiCalibOf(camera)).split('\n').map((line) => line.split(':')[0])).toEqual(['P0', 'P1', 'P2', 'P3', 'R0_rect', 'Tr_velo_to_cam', 'Tr_imu_to_velo', '']);
    expect(() => kittiCalibration('image_02', 'P2: 1 2 3\n', { width: 1, height: 1 })).toThrow(CalibrationError);
  });
});

describe('cuboidToKitti', () => {
  it('gives a car heading along the LiDAR’s +x, seen from behind by a forward camera, rotation_y −π/2 and alpha −π/2 straight ahead', () => {
    // LiDAR x forward, y left, z up; camera x right, y down, z forward.
    const forward: CameraCalibration = { ...camera, lidarToCamera: [0, -1, 0, 0, 0, 0, -1, 0, 1, 0, 0, 0, 0, 0, 0, 1] };
    const car: CuboidShape = { type: 'cuboid', x: 10, y: 0, z: -1, length: 4, width: 1.8, height: 1.5, yaw: 0 };
    const label = cuboidToKitti(forward, car);
    expect(label.rotationY).toBeCloseTo(-Math.PI / 2, 12);
    expect(label.alpha).toBeCloseTo(-Math.PI / 2, 12);
    expect(label.dimensions).toEqual([1.5, 1.8, 4]);
    // The bottom centre: 1 m below the LiDAR is y = 1 in the camera, and half the height lower still.
    label.location.forEach((v, i) => expect(v).toBeCloseTo([0, 1.75, 10][i], 12));
    // Turned to face left (+y of the LiDAR, −x of the camera): rotation_y π (or −π); alpha grows as the car moves right.
    expect(Math.abs(cuboidToKitti(forward, { ...car, yaw: Math.PI / 2 }).rotationY)).toBeCloseTo(Math.PI, 12);
    expect(cuboidToKitti(forward, { ...car, y: -10 }).alpha).toBeCloseTo(-Math.PI / 2 - Math.PI / 4, 12);
  });

  it('comes back to the same cuboid through the sample calibration', () => {
    for (const c of cuboids) {
      const back = kittiToCuboid(camera, cuboidToKitti(camera, c));
      for (const field of ['x', 'y', 'z', 'length', 'width', 'height'] as const) expect(back[field]).toBeCloseTo(c[field], 9);
      // The heading crosses the camera's slight tilt twice: within a thousandth of a radian.
      expect(Math.abs(Math.atan2(Math.sin(back.yaw - c.yaw), Math.cos(back.yaw - c.yaw)))).toBeLessThan(1e-3);
    }
  });

  it('keeps the bottom centre on the box’s bottom face: the devkit’s corners land on the cuboid’s', () => {
    const c = cuboids[0];
    const label = cuboidToKitti(camera, c);
    const [h, w, l] = label.dimensions;
    const [cos, sin] = [Math.cos(label.rotationY), Math.sin(label.rotationY)];
    // The devkit's compute_box_3d: corners = R(ry)·[x; y; z] + location, y from 0 (bottom) to −h (top).
    const devkit = [
      [l / 2, l / 2, -l / 2, -l / 2, l / 2, l / 2, -l / 2, -l / 2],
      [0, 0, 0, 0, -h, -h, -h, -h],
      [w / 2, -w / 2, -w / 2, w / 2, w / 2, -w / 2, -w / 2, w / 2],
    ];
    const devkitPixels = devkit[0].map((x, i) => {
      const z = devkit[2][i];
      const point: [number, number, number] = [cos * x + sin * z + label.location[0], devkit[1][i] + label.location[1], -sin * x + cos * z + label.location[2]];
      const p = calib.P2;
      const [u, v, d] = [0, 1, 2].map((r) => p[r * 4] * point[0] + p[r * 4 + 1] * point[1] + p[r * 4 + 2] * point[2]);
      return [u / d, v / d];
    });
    const ours = cuboidCorners(c).map((corner) => projectPoint({ ...camera, lidarToCamera: kittiCalibOf(camera).Tr_velo_to_cam.concat([0, 0, 0, 1]) }, corner)!);
    const pixelsNear = (a: number[][], b: number[][]) => a.every((p) => b.some((q) => Math.hypot(p[0] - q[0], p[1] - q[1]) < 2));
    expect(pixelsNear(devkitPixels, ours)).toBe(true);
  });
});

describe('nuScenes', () => {
  const box = { type: 'cuboid', x: 10, y: 0, z: 0, length: 4, width: 2, height: 1.5, yaw: Math.PI / 2 } as const;

  it('writes size as w, l, h and the rotation as a quaternion w first', () => {
    const written = cuboidToNuscenes(box);
    expect(written.size).toEqual([2, 4, 1.5]);
    written.rotation.forEach((v, i) => expect(v).toBeCloseTo([Math.SQRT1_2, 0, 0, Math.SQRT1_2][i], 12));
    const back = nuscenesToCuboid(written);
    expect(back).toMatchObject({ x: 10, y: 0, z: 0, length: 4, width: 2, height: 1.5 });
    expect(back.yaw).toBeCloseTo(Math.PI / 2, 12);
    expect(back.pitch).toBeUndefined();
  });

  it('gives Box.corners worked by hand: the front-left-top corner of a box turned a quarter left', () => {
    const corners = nuscenesCorners(cuboidToNuscenes(box));
    // Local (l/2, w/2, h/2) = (2, 1, 0.75), turned 90° about z: (−1, 2, 0.75), plus the centre.
    [9, 2, 0.75].forEach((v, row) => expect(corners[row][0]).toBeCloseTo(v, 12));
    // The back-right-bottom corner: local (−2, −1, −0.75) turned: (1, −2, −0.75).
    [11, -2, -0.75].forEach((v, row) => expect(corners[row][6]).toBeCloseTo(v, 12));
    // The same eight points as our own corners.
    const ours = cuboidCorners(box);
    for (let i = 0; i < 8; i++) expect(ours.some((c) => Math.hypot(c[0] - corners[0][i], c[1] - corners[1][i], c[2] - corners[2][i]) < 1e-12)).toBe(true);
  });

  it('turns a tilted box back to the same rotation, quaternion matrix and cuboidRotation agreeing', () => {
    const tilted = { ...box, yaw: 2.5, pitch: 0.2, roll: -0.1 };
    const q = cuboidToNuscenes(tilted).rotation;
    const [m, r] = [quaternionMatrix(q), cuboidRotation(tilted)];
    m.forEach((v, i) => expect(v).toBeCloseTo(r[i], 12));
    const back = nuscenesToCuboid({ ...cuboidToNuscenes(tilted), rotation: [-q[0], -q[1], -q[2], -q[3]] });
    expect(back.yaw).toBeCloseTo(2.5, 12);
    expect(back.pitch).toBeCloseTo(0.2, 12);
    expect(back.roll).toBeCloseTo(-0.1, 12);
  });

  it('view_points pads a 3×3 intrinsic and divides by depth: (1, 2, 4) through fx 100, cx 50, cy 40 lands at (75, 90)', () => {
    const k = [
      [100, 0, 50],
      [0, 100, 40],
      [0, 0, 1],
    ];
    expect(viewPoints([[1], [2], [4]], k, true)).toEqual([[75], [90], [1]]);
    expect(viewPoints([[1], [2], [4]], k, false)).toEqual([[300], [360], [4]]);
  });
});
