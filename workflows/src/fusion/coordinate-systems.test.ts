// OpenLABEL's coordinate systems on cases worked by hand: a camera mounted on the LiDAR looking along its x, a KITTI
// cuboid given in that camera's frame, the three ways of writing one transform, and chains of parents and transforms.
import { describe, expect, it } from 'vitest';
import { CoordinateSystemError, cuboidInto, cuboidPose, cuboidShapeOf, transformBetween, transformMatrix } from './coordinate-systems';
import { rotationQuaternion } from '../items/interpolation';

/** A camera 0.27 m ahead of the LiDAR and 0.08 m below it, looking along the LiDAR's x: its x right (LiDAR −y), its y down (LiDAR −z), its z forward (LiDAR x). */
const cameraToLidar = [0, 0, 1, 0.27, -1, 0, 0, 0, 0, -1, 0, -0.08, 0, 0, 0, 1];

const close = (actual: Record<string, number | string>, expected: Record<string, number | string>) => {
  expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
  for (const [key, value] of Object.entries(expected)) {
    if (typeof value === 'number') expect(actual[key], key).toBeCloseTo(value, 9);
    else expect(actual[key], key).toBe(value);
  }
};

describe('a cuboid given in a camera frame', () => {
  it('ends where the hand-computed LiDAR pose says: centre moved, height along the LiDAR up, heading turned', () => {
    // KITTI tracking as the ASAM converter writes it: centre (x, y, z) in the camera, Euler (0, rotation_y, 0), sizes (length, height, width).
    const away = cuboidInto(cameraToLidar, cuboidPose([2, 1, 10, 0, -Math.PI / 2, 0, 4, 1.5, 1.8]));
    close(away as never, { type: 'cuboid', x: 10.27, y: -2, z: -1.08, length: 4, width: 1.8, height: 1.5, yaw: 0 });
    // rotation_y 0 heads along the camera's x, which is the LiDAR's −y.
    const across = cuboidInto(cameraToLidar, cuboidPose([-3, 0.5, 20, 0, 0, 0, 4.2, 1.6, 1.9]));
    close(across as never, { type: 'cuboid', x: 20.27, y: 3, z: -0.58, length: 4.2, width: 1.9, height: 1.6, yaw: -Math.PI / 2 });
  });

  it('keeps a tilt the camera has against the LiDAR as the cuboid pitch', () => {
    // The same camera pitched 0.1 rad down about the LiDAR's y.
    const [c, s] = [Math.cos(0.1), Math.sin(0.1)];
    const pitched = transformMatrix({ matrix4x4: [c, 0, s, 0, 0, 1, 0, 0, -s, 0, c, 0, 0, 0, 0, 1] });
    const mount = [pitched, cameraToLidar].reduce((a, b) => Array.from({ length: 16 }, (_, i) => [0, 1, 2, 3].reduce((sum, k) => sum + a[Math.floor(i / 4) * 4 + k] * b[k * 4 + (i % 4)], 0)));
    const shape = cuboidInto(mount, cuboidPose([0, 0, 10, 0, -Math.PI / 2, 0, 4, 1.5, 1.8]));
    expect(shape.x).toBeCloseTo(10 * c + 0.27 * c - 0.08 * s, 9);
    expect(shape.z).toBeCloseTo(-10 * s - 0.27 * s - 0.08 * c, 9);
    expect(shape.pitch).toBeCloseTo(0.1, 9);
    expect(shape.yaw).toBeCloseTo(0, 9);
    expect([shape.length, shape.width, shape.height]).toEqual([4, 1.8, 1.5]);
  });
});

describe('a cuboid given in the LiDAR frame', () => {
  it('reads the ten values the export writes, and the nine of Euler angles, as the same cuboid', () => {
    const [w, x, y, z] = rotationQuaternion(0.7, 0, 0);
    const fromQuaternion = cuboidShapeOf(cuboidPose([5, -2, 0.3, x, y, z, w, 4.5, 1.9, 1.6]));
    close(fromQuaternion as never, { type: 'cuboid', x: 5, y: -2, z: 0.3, length: 4.5, width: 1.9, height: 1.6, yaw: 0.7 });
    close(cuboidShapeOf(cuboidPose([5, -2, 0.3, 0, 0, 0.7, 4.5, 1.9, 1.6])) as never, fromQuaternion as never);
  });

  it('refuses a val of another length, and a quaternion of length zero', () => {
    expect(() => cuboidPose([1, 2, 3])).toThrow(CoordinateSystemError);
    expect(() => cuboidPose([0, 0, 0, 0, 0, 0, 0, 1, 1, 1])).toThrow(new CoordinateSystemError('coordinates.quaternion_zero'));
  });
});

describe('transforms', () => {
  const quarterTurn = [0, -1, 0, 1, 1, 0, 0, 2, 0, 0, 1, 3, 0, 0, 0, 1];

  it('reads matrix4x4, quaternion (x, y, z, w) with translation and Euler angles (ZYX unless a sequence says) as one transform', () => {
    expect(transformMatrix({ matrix4x4: quarterTurn })).toEqual(quarterTurn);
    const fromQuaternion = transformMatrix({ quaternion: [0, 0, Math.SQRT1_2, Math.SQRT1_2], translation: [1, 2, 3] });
    const fromEuler = transformMatrix({ euler_angles: [Math.PI / 2, 0, 0], translation: [1, 2, 3] });
    const fromSequence = transformMatrix({ euler_angles: [0, 0, Math.PI / 2], sequence: 'XYZ', translation: [1, 2, 3] });
    for (const m of [fromQuaternion, fromEuler, fromSequence]) quarterTurn.forEach((v, i) => expect(m[i]).toBeCloseTo(v, 12));
  });

  it('refuses what is none of the three', () => {
    expect(() => transformMatrix({ matrix4x4: [1, 0, 0] })).toThrow(new CoordinateSystemError('coordinates.matrix_values'));
    expect(() => transformMatrix({ quaternion: [0, 0, 0, 1] })).toThrow(CoordinateSystemError);
    expect(() => transformMatrix({ euler_angles: [0, 0, 0], sequence: 'ZQX', translation: [0, 0, 0] })).toThrow(new CoordinateSystemError('coordinates.euler_sequence', { sequence: 'ZQX' }));
  });

  it('joins systems through parents and through transforms either way, and finds nothing between unjoined systems', () => {
    const systems = {
      odom: { parent: '' },
      vehicle: { parent: 'odom' },
      lidar: { parent: 'vehicle', pose_wrt_parent: { matrix4x4: [1, 0, 0, 0.76, 0, 1, 0, 0, 0, 0, 1, 1.73, 0, 0, 0, 1] } },
      camera: { parent: 'lidar', pose_wrt_parent: { matrix4x4: cameraToLidar } },
      radar: { parent: '' },
    };
    const cameraToVehicle = transformBetween('camera', 'vehicle', systems, [])!;
    expect(cameraToVehicle.slice(0, 12)).toEqual([0, 0, 1, 1.03, -1, 0, 0, 0, 0, -1, 0, 1.65]);
    const vehicleToLidar = transformBetween('vehicle', 'lidar', systems, [])!;
    expect(vehicleToLidar[3]).toBeCloseTo(-0.76, 12);
    expect(transformBetween('radar', 'lidar', systems, [])).toBeNull();
    // A frame's ego pose joins the vehicle to the scene; given after the document's, it is the one followed.
    const moved = [{ src: 'vehicle', dst: 'odom', transform_src_to_dst: { quaternion: [0, 0, 0, 1], translation: [100, 0, 0] } }];
    const later = [...moved, { src: 'vehicle', dst: 'odom', transform_src_to_dst: { quaternion: [0, 0, 0, 1], translation: [200, 0, 0] } }];
    expect(transformBetween('odom', 'lidar', systems, later)![3]).toBeCloseTo(-200.76, 12);
    expect(transformBetween('lidar', 'lidar', systems, moved)).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
  });
});
