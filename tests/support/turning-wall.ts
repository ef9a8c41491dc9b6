// A nuScenes-style scene made from the specification's records: a vehicle turning left on an arc, its LIDAR_TOP
// mounted as nuScenes mounts it (0.94 m ahead, 1.84 m up, turned a quarter to the right), sweeps at 20 Hz seeing a
// static wall, and ego_pose records of the vehicle at each sweep's time and at its cameras' times in between, listed
// out of order. Each sweep holds the same wall points in the same order, seen from where the LiDAR was.
import { type EgoPose, invertTransform, multiply4, poseMatrix } from '@annot/workflows';

/** scene-0061's LIDAR_TOP calibrated_sensor record. */
export const lidarTop: EgoPose = { translation: [0.943713, 0.0, 1.84023], rotation: [0.7077955119163518, -0.006492242056004365, 0.010646214713995808, -0.7063073142877817] };

const start = 1533151603_547590;
const sweepMicros = 50_000;
/** The vehicle turns left at 0.8 rad/s on a 6.25 m radius (5 m/s), starting at a heading of 0.4 rad. */
const [yawRate, radius, heading0] = [0.8, 6.25, 0.4];
const centre = [411.3 - radius * Math.sin(heading0), 1180.9 + radius * Math.cos(heading0)];

/** The vehicle's pose `micros` after the first sweep: on the arc, heading along it. */
export function vehicleAt(micros: number): EgoPose {
  const heading = heading0 + (yawRate * micros) / 1e6;
  return { translation: [centre[0] + radius * Math.sin(heading), centre[1] - radius * Math.cos(heading), 0], rotation: [Math.cos(heading / 2), 0, 0, Math.sin(heading / 2)] };
}

/** The wall's points in the world: 16 m long and 3 m high, 15 m ahead of the vehicle's start and square to it, every 25 cm. */
export function wallPoints(): number[][] {
  const [x0, y0] = [411.3, 1180.9];
  const [fx, fy] = [Math.cos(heading0), Math.sin(heading0)];
  const points: number[][] = [];
  for (let along = -8; along <= 8; along += 0.25) for (let up = 0; up <= 3; up += 0.25) points.push([x0 + 15 * fx - along * fy, y0 + 15 * fy + along * fx, up]);
  return points;
}

const apply = (m: number[], [x, y, z]: number[]) => [0, 1, 2].map((row) => m[row * 4] * x + m[row * 4 + 1] * y + m[row * 4 + 2] * z + m[row * 4 + 3]);

/** A nuScenes sweep: float32 x, y, z, intensity, ring per point. */
function sweepBin(points: number[][]): Buffer {
  const values = new Float32Array(points.length * 5);
  points.forEach(([x, y, z], i) => values.set([x, y, z, 40, 16], i * 5));
  return Buffer.from(values.buffer);
}

/** The upload's entries for one scene folder of `sweeps` sweeps, and each sweep's time in microseconds. */
export function turningWallScene(folder: string, sweeps: number): { entries: { name: string; content: Buffer }[]; times: number[] } {
  const wall = wallPoints();
  const mounting = poseMatrix(lidarTop.translation, lidarTop.rotation);
  const entries: { name: string; content: Buffer }[] = [];
  const times: number[] = [];
  const records: { token: string; timestamp: number; translation: number[]; rotation: number[] }[] = [];
  const record = (micros: number) => ({ token: `pose-${micros}`, timestamp: start + micros, ...vehicleAt(micros) });
  for (let i = 0; i < sweeps; i++) {
    const micros = i * sweepMicros;
    const vehicle = vehicleAt(micros);
    const worldToLidar = invertTransform(multiply4(poseMatrix(vehicle.translation, vehicle.rotation), mounting));
    entries.push({ name: `${folder}/lidar/n008-2018-08-01-15-16-36-0400__LIDAR_TOP__${start + micros}.pcd.bin`, content: sweepBin(wall.map((p) => apply(worldToLidar, p))) });
    times.push(start + micros);
    // The sweep's own pose, and the cameras' between sweeps (nuScenes keeps one per sample_data).
    records.push(record(micros), record(micros + 12_000), record(micros + 29_000));
  }
  records.reverse();
  entries.push({ name: `${folder}/ego_poses.json`, content: Buffer.from(JSON.stringify(records)) });
  entries.push({ name: `${folder}/calib/lidar.json`, content: Buffer.from(JSON.stringify({ token: 'lidar-top', sensor_token: 'LIDAR_TOP', ...lidarTop, camera_intrinsic: [] })) });
  return { entries, times };
}
