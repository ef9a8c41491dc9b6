// nuScenes' LiDAR sweeps (.pcd.bin): float32 x, y, z, intensity, ring index per point, little-endian, no header.
import type { PointCloud } from './point-cloud';
import { parseFloatRecords } from './float-records';
import type { ParseOptions } from './point-cloud-build';

export function parseNuscenesBin(bytes: Uint8Array, options: ParseOptions = {}): PointCloud {
  return parseFloatRecords(bytes, 5, options);
}
