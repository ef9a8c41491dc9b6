// The ego motion of a LiDAR sequence: nuScenes' ego poses are the vehicle's, so the LiDAR's own pose at a frame is the
// vehicle's composed with the LiDAR's mounting (its calibrated_sensor record); between two frames, a point seen from
// one is moved into the other through both poses, so what stands still in the world lands in one place.
import { z } from 'zod';
import type { Quaternion } from '../items/interpolation';
import type { EgoPose } from './calibration';
import { CalibrationError, invertTransform, type Matrix4, multiply4, poseMatrix } from './calibration-files';

/** Hamilton product, w first. */
export const multiplyQuaternions = ([aw, ax, ay, az]: Quaternion, [bw, bx, by, bz]: Quaternion): Quaternion => [
  aw * bw - ax * bx - ay * by - az * bz,
  aw * bx + ax * bw + ay * bz - az * by,
  aw * by - ax * bz + ay * bw + az * bx,
  aw * bz + ax * by - ay * bx + az * bw,
];

const finite = z.number().finite();
const mounting = z.object({ translation: z.tuple([finite, finite, finite]), rotation: z.tuple([finite, finite, finite, finite]) }).passthrough();

/** The LiDAR's pose on the vehicle from its nuScenes calibrated_sensor record (calib/lidar.json). */
export function lidarMounting(json: unknown): EgoPose {
  const parsed = mounting.safeParse(json);
  if (!parsed.success || !(Math.hypot(...parsed.data.rotation) > 0)) throw new CalibrationError('calibration.sensor_record', { file: 'lidar.json' });
  return { translation: parsed.data.translation, rotation: parsed.data.rotation };
}

/** The pose of a sensor mounted on the vehicle in the world frame: the vehicle's pose, then the mounting. */
export function composePose(vehicle: EgoPose, sensor: EgoPose): EgoPose {
  const m = poseMatrix(vehicle.translation, vehicle.rotation);
  const [x, y, z] = sensor.translation;
  const translation: EgoPose['translation'] = [0, 1, 2].map((row) => m[row * 4] * x + m[row * 4 + 1] * y + m[row * 4 + 2] * z + m[row * 4 + 3]) as EgoPose['translation'];
  const norm = (q: readonly number[]) => q.map((v) => v / Math.hypot(...q)) as Quaternion;
  return { translation, rotation: multiplyQuaternions(norm(vehicle.rotation), norm(sensor.rotation)) };
}

/**
 * The transform taking points of a frame whose LiDAR pose is `from` into the frame whose LiDAR pose is `to`:
 * to⁻¹ · from, both poses in one world frame. Null where either frame has no pose.
 */
export function frameToFrame(from: EgoPose | null | undefined, to: EgoPose | null | undefined): Matrix4 | null {
  if (!from || !to) return null;
  return multiply4(invertTransform(poseMatrix(to.translation, to.rotation)), poseMatrix(from.translation, from.rotation));
}
