import { describe, expect, it } from 'vitest';
import { messageRef } from '../i18n/message-ref';
import { CalibrationError, egoPoses, jsonCalibration, kittiCalibration, nuscenesFileTime, openLabelCalibrations, poseMatrix } from './calibration-files';
import { projectPoint, toCamera } from './projection';
import type { Vector3 } from './cuboid';
import { kittiSampleCalib } from './kitti-sample.test-support';

const kittiText = kittiSampleCalib;

const numbers = (key: string) => kittiText.split('\n').find((line) => line.startsWith(`${key}:`))!.split(/\s+/).slice(1).map(Number);

/** y = P2·R0_rect·Tr_velo_to_cam·x, as the KITTI devkit projects a LiDAR point, in pixels. */
function kittiProject([x, y, z]: Vector3): [number, number] {
  const [p2, r0, tr] = [numbers('P2'), numbers('R0_rect'), numbers('Tr_velo_to_cam')];
  const velo = [0, 1, 2].map((r) => tr[r * 4] * x + tr[r * 4 + 1] * y + tr[r * 4 + 2] * z + tr[r * 4 + 3]);
  const rect = [0, 1, 2].map((r) => r0[r * 3] * velo[0] + r0[r * 3 + 1] * velo[1] + r0[r * 3 + 2] * velo[2]);
  const image = [0, 1, 2].map((r) => p2[r * 4] * rect[0] + p2[r * 4 + 1] * rect[1] + p2[r * 4 + 2] * rect[2] + p2[r * 4 + 3]);
  return [image[0] / image[2], image[1] / image[2]];
}

describe(kittiCalibration.name, () => {
  const camera = kittiCalibration('image_02', kittiText, { width: 1242, height: 375 });

  it('takes K from P2 and images sized as the camera files say', () => {
    expect(camera).toMatchObject({ name: 'image_02', width: 1242, height: 375, intrinsics: { fx: 718.856, fy: 718.856, cx: 607.1928, cy: 185.2157, skew: 0 }, distortion: { model: 'none', coeffs: [] } });
  });

  it('projects LiDAR points to the pixels of P2·R0_rect·Tr_velo_to_cam, the baseline of P2 included', () => {
    for (const point of [[10, 0, -1], [20, 5, 0.5], [7.5, -3.2, -1.6], [45, 12, 2]] as Vector3[]) {
      const [u, v] = projectPoint(camera, point)!;
      const [eu, ev] = kittiProject(point);
      expect(u).toBeCloseTo(eu, 6);
      expect(v).toBeCloseTo(ev, 6);
    }
  });

  it('puts a point ahead of the car (LiDAR +x) in front of the camera (+z) and one to the left (LiDAR +y) left in the image', () => {
    expect(toCamera(camera, [10, 0, 0])[2]).toBeGreaterThan(9);
    expect(projectPoint(camera, [10, 3, 0])![0]).toBeLessThan(projectPoint(camera, [10, 0, 0])![0]);
  });

  it('reads the tracking benchmark spelling (R_rect, Tr_velo_cam, no colons) the same', () => {
    const tracking = kittiText.replace('R0_rect:', 'R_rect').replace('Tr_velo_to_cam:', 'Tr_velo_cam');
    expect(kittiCalibration('cam', tracking, { width: 1242, height: 375 }).lidarToCamera).toEqual(camera.lidarToCamera);
  });

  it('refuses a file without P2, a row of the wrong length, and a value that is no number, naming its line', () => {
    expect(() => kittiCalibration('cam', kittiText.replace(/^P2:.*$/m, ''), { width: 10, height: 10 })).toThrow(new CalibrationError('calibration.line_missing', { field: 'P2' }));
    expect(() => kittiCalibration('cam', `P0: 1 0 0\nP2: 1 x 0\n`, { width: 10, height: 10 })).toThrow(new CalibrationError('calibration.line_not_number', { line: 2, field: 'P2' }));
    expect(() => kittiCalibration('cam', kittiText.replace(/^(R0_rect: \S+) \S+/m, '$1'), { width: 10, height: 10 })).toThrow(new CalibrationError('calibration.line_values', { field: 'R0_rect', actual: 8, expected: 9 }));
  });
});

// nuScenes mini, scene-0061: CAM_FRONT's and LIDAR_TOP's calibrated_sensor records.
const camFront = {
  translation: [1.70079118954, 0.0159456324149, 1.51095763913],
  rotation: [0.4998015430569128, -0.5030316162024876, 0.4997798114386805, -0.49737083824542755],
  camera_intrinsic: [
    [1266.417203046554, 0.0, 816.2670197447984],
    [0.0, 1266.417203046554, 491.50706579294757],
    [0.0, 0.0, 1.0],
  ],
  width: 1600,
  height: 900,
};
const lidarTop = { translation: [0.943713, 0.0, 1.84023], rotation: [0.7077955119163518, -0.006492242056004365, 0.010646214713995808, -0.7063073142877817], camera_intrinsic: [] };

/** The nuScenes SDK's chain: lidar → ego (rotate, translate), ego → camera (untranslate, rotate back), view_points with K. */
function nuScenesProject(point: Vector3): [number, number] {
  const rotate = (q: number[], p: number[], inverse: boolean) => {
    const m = poseMatrix([0, 0, 0], q);
    return [0, 1, 2].map((r) => [0, 1, 2].reduce((sum, c) => sum + (inverse ? m[c * 4 + r] : m[r * 4 + c]) * p[c], 0));
  };
  const ego = rotate(lidarTop.rotation, point, false).map((v, i) => v + lidarTop.translation[i]);
  const cam = rotate(camFront.rotation, ego.map((v, i) => v - camFront.translation[i]), true);
  const k = camFront.camera_intrinsic;
  return [(k[0][0] * cam[0] + k[0][2] * cam[2]) / cam[2], (k[1][1] * cam[1] + k[1][2] * cam[2]) / cam[2]];
}

describe(jsonCalibration.name, () => {
  it('composes a nuScenes camera with the LiDAR into the pixels of the SDK formulas', () => {
    const camera = jsonCalibration('CAM_FRONT', camFront, lidarTop);
    expect(camera).toMatchObject({ width: 1600, height: 900, intrinsics: { fx: 1266.417203046554, cx: 816.2670197447984 } });
    // LIDAR_TOP's x points right of the car and its y forward: ahead of the car is +y.
    for (const point of [[0, 15, -1], [3, 25, 0], [-4, 8, -1.5]] as Vector3[]) {
      const [u, v] = projectPoint(camera, point)!;
      const [eu, ev] = nuScenesProject(point);
      expect(u).toBeCloseTo(eu, 6);
      expect(v).toBeCloseTo(ev, 6);
    }
    expect(projectPoint(camera, [0, -15, 0])).toBeNull();
  });

  it('reads the quaternion w first: [0.5, −0.5, 0.5, −0.5] looks along ego +x with ego +y to the left', () => {
    const camera = jsonCalibration('front', { ...camFront, translation: [0, 0, 0], rotation: [0.5, -0.5, 0.5, -0.5] }, null);
    expect(toCamera(camera, [10, 1, 2]).map((v) => Number(v.toFixed(9)))).toEqual([-1, -2, 10]);
  });

  it('takes our own JSON as it is, with radial-tangential or fisheye coefficients', () => {
    const own = { width: 960, height: 540, intrinsics: { fx: 500, fy: 500, cx: 480, cy: 270 }, distortion: { model: 'radtan', coeffs: [-0.1, 0.01, 0, 0, 0] }, lidarToCamera: [0, -1, 0, 0, 0, 0, -1, 0, 1, 0, 0, 0, 0, 0, 0, 1] };
    expect(jsonCalibration('front_left', own, null)).toEqual({ ...own, name: 'front_left', intrinsics: { ...own.intrinsics, skew: 0 } });
    const fisheye = jsonCalibration('fish', { ...own, distortion: { model: 'fisheye', coeffs: [0.1, 0.01, 0, 0] } }, null);
    expect(fisheye.distortion).toEqual({ model: 'fisheye', coeffs: [0.1, 0.01, 0, 0] });
    expect(jsonCalibration('plain', { ...own, distortion: { model: 'radtan', coeffs: [0, 0, 0, 0] } }, null).distortion).toEqual({ model: 'none', coeffs: [] });
  });

  it('refuses a record that is neither, and three radial-tangential coefficients', () => {
    expect(() => jsonCalibration('x', { camera: 1 }, null)).toThrow(CalibrationError);
    expect(() => jsonCalibration('x', { width: 9, height: 9, intrinsics: { fx: 1, fy: 1, cx: 0, cy: 0 }, distortion: { model: 'radtan', coeffs: [0.1, 0, 0] }, lidarToCamera: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] }, null)).toThrow(new CalibrationError('calibration.radtan_count', { count: 3 }));
    expect(() => jsonCalibration('x', 'text', null)).toThrow(new CalibrationError('calibration.json_unknown'));
  });
});

describe(openLabelCalibrations.name, () => {
  // A camera 1.5 m above and 0.5 m ahead of the LiDAR looking along LiDAR +x (camera z = LiDAR x, x = −y, y = −z).
  const cameraPose = [0, 0, 1, 0.5, -1, 0, 0, 0, 0, -1, 0, 1.5, 0, 0, 0, 1];
  const document = {
    openlabel: {
      metadata: { schema_version: '1.0.0' },
      coordinate_systems: {
        base: { type: 'local_cs', parent: '', children: ['lidar'] },
        lidar: { type: 'sensor_cs', parent: 'base', pose_wrt_parent: { matrix4x4: [1, 0, 0, 2, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] }, children: ['front'] },
        front: { type: 'sensor_cs', parent: 'lidar', pose_wrt_parent: { matrix4x4: cameraPose } },
      },
      streams: {
        lidar: { type: 'lidar' },
        front: {
          type: 'camera',
          stream_properties: { intrinsics_pinhole: { width_px: 960, height_px: 540, camera_matrix_3x4: [600, 0, 480, 0, 0, 600, 270, 0, 0, 0, 1, 0], distortion_coeffs: [-0.2, 0.05, 0.001, -0.001, 0] } },
        },
      },
    },
  };

  it('names each camera stream and chains pose_wrt_parent into the LiDAR-to-camera transform', () => {
    const [front] = openLabelCalibrations(document);
    expect(front).toMatchObject({ name: 'front', width: 960, height: 540, intrinsics: { fx: 600, fy: 600, cx: 480, cy: 270 }, distortion: { model: 'radtan', coeffs: [-0.2, 0.05, 0.001, -0.001, 0] } });
    // A point 10.5 m ahead of the LiDAR at the camera's height is 10 m straight ahead of the camera.
    const ahead = toCamera(front, [10.5, 0, 1.5]);
    expect(ahead.map((v) => Number(v.toFixed(9)))).toEqual([0, 0, 10]);
    expect(projectPoint(front, [10.5, 0, 1.5])).toEqual([480, 270]);
    // Left of the LiDAR is left in the image; above is up.
    expect(toCamera(front, [10.5, 1, 2.5]).map((v) => Number(v.toFixed(9)))).toEqual([-1, -1, 10]);
  });

  it('reads the names the ASAM libraries and the exports write, a pose as quaternion and translation, and a fisheye camera', () => {
    const [w, x, y, z] = [0.5, -0.5, 0.5, -0.5];
    const written = structuredClone(document) as any;
    written.openlabel.coordinate_systems.front.pose_wrt_parent = { quaternion: [x, y, z, w], translation: [0.5, 0, 1.5] };
    const pinhole = written.openlabel.streams.front.stream_properties.intrinsics_pinhole;
    pinhole.distortion_coeffs_1xN = pinhole.distortion_coeffs;
    delete pinhole.distortion_coeffs;
    written.openlabel.streams.side = { type: 'camera', stream_properties: { intrinsics_fisheye: { width_px: 640, height_px: 480, center_x_px: 320, center_y_px: 240, focal_length_x_px: 300, focal_length_y_px: 301, lens_coeffs: [0.1, -0.01, 0.001, 0] } } };
    written.openlabel.coordinate_systems.side = { type: 'sensor_cs', parent: 'lidar', pose_wrt_parent: { euler_angles: [0, 0, 0], translation: [0, 0, 0] } };
    const [front, side] = openLabelCalibrations(written);
    expect(front.distortion).toEqual({ model: 'radtan', coeffs: [-0.2, 0.05, 0.001, -0.001, 0] });
    expect(toCamera(front, [10.5, 1, 2.5]).map((v) => Number(v.toFixed(9)))).toEqual([-1, -1, 10]);
    expect(side).toMatchObject({ name: 'side', width: 640, height: 480, intrinsics: { fx: 300, fy: 301, cx: 320, cy: 240, skew: 0 }, distortion: { model: 'fisheye', coeffs: [0.1, -0.01, 0.001, 0] } });
    written.openlabel.coordinate_systems.side.pose_wrt_parent = { quaternion: [0, 0, 0, 1] };
    expect(() => openLabelCalibrations(written)).toThrow(new CalibrationError('calibration.system_pose', { system: 'side', reason: messageRef('coordinates.transform_form') }));
  });

  it('refuses a camera whose coordinate system is missing, and a document with no camera', () => {
    const orphan = structuredClone(document);
    delete (orphan.openlabel.coordinate_systems as Record<string, unknown>).front;
    expect(() => openLabelCalibrations(orphan)).toThrow(new CalibrationError('calibration.system_missing', { system: 'front' }));
    expect(() => openLabelCalibrations({ openlabel: { streams: { lidar: { type: 'lidar' } } } })).toThrow(new CalibrationError('calibration.camera_streams'));
  });
});

describe(egoPoses.name, () => {
  const pose = { translation: [1, 2, 3], rotation: [1, 0, 0, 0] };
  const untimed = (...stems: string[]) => stems.map((stem) => ({ stem, time: null }));

  it('reads poses in frame order, or by frame name with nuScenes fields ignored', () => {
    expect(egoPoses([pose, null], untimed('a', 'b')).poses).toEqual([pose, null]);
    expect(egoPoses({ b: { ...pose, token: 't', timestamp: 1532402927647951 } }, untimed('a', 'b')).poses).toEqual([null, pose]);
  });

  it('refuses a list of another length and a pose without rotation', () => {
    expect(() => egoPoses([pose], untimed('a', 'b'))).toThrow(new CalibrationError('calibration.pose_count', { frames: 2, poses: 1 }));
    expect(() => egoPoses([{ translation: [0, 0, 0] }], untimed('a'))).toThrow(new CalibrationError('calibration.pose_frame', { frame: 0 }));
    expect(() => egoPoses({ a: { translation: [0, 0, 0], rotation: [0, 0, 0, 0] } }, untimed('a'))).toThrow(new CalibrationError('calibration.rotation_zero_frame', { frame: 'a' }));
  });

  describe('nuScenes ego_pose records with timestamps', () => {
    // Poses every 50 ms from t = 1532402927.6 s, as nuScenes writes one per sample_data, out of order in the file.
    const at = (ms: number, x: number) => ({ token: `p${x}`, timestamp: 1532402927_600_000 + ms * 1000, translation: [x, 0, 0], rotation: [1, 0, 0, 0] });
    const records = [at(100, 3), at(0, 1), at(50, 2), at(150, 4), at(200, 5)];
    const frame = (stem: string, ms: number) => ({ stem, time: 1532402927.6 + ms / 1000 });

    it('gives each frame the pose nearest its time, whatever the order and number of the records', () => {
      const { poses, far } = egoPoses(records, [frame('a', 0), frame('b', 98), frame('c', 176), frame('d', 212)]);
      expect(poses.map((p) => p?.translation[0])).toEqual([1, 3, 5, 5]);
      expect(far).toEqual([]);
    });

    it('leaves a frame without a pose, and says how far the nearest lies, where none is within 50 ms', () => {
      const { poses, far } = egoPoses(records, [frame('a', 50), frame('b', 400), frame('c', -80)]);
      expect(poses.map((p) => p?.translation[0] ?? null)).toEqual([2, null, null]);
      expect(far.map(({ index, seconds }) => [index, Number(seconds.toFixed(3))])).toEqual([
        [1, 0.2],
        [2, 0.08],
      ]);
    });

    it('reads the time a nuScenes sweep is named by, and matches in frame order where a frame has no time', () => {
      expect(nuscenesFileTime('n015-2018-07-24-11-22-45+0800__LIDAR_TOP__1532402927647951.pcd.bin')).toBeCloseTo(1532402927.647951, 6);
      expect(nuscenesFileTime('000001.pcd')).toBeNull();
      expect(egoPoses(records.slice(0, 2), untimed('a', 'b')).poses.map((p) => p?.translation[0])).toEqual([3, 1]);
    });
  });
});
