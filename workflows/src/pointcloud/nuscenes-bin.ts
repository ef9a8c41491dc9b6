// nuScenes' LiDAR sweeps (.pcd.bin): float32 x, y, z, intensity, ring index per point, little-endian, no header.
import type { PointCloud } from './point-cloud';
import { parseFloatRecords } from './float-records';

export function parseNuscenesBin(bytes: Uint8Array): PointCloud {
  return parseFloatRecords(bytes, 5);
}
