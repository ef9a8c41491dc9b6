// KITTI's velodyne scans (.bin): float32 x, y, z, reflectance per point, little-endian, no header.
import type { PointCloud } from './point-cloud';
import { parseFloatRecords } from './float-records';
import type { ParseOptions } from './point-cloud-build';

export function parseKittiBin(bytes: Uint8Array, options: ParseOptions = {}): PointCloud {
  return parseFloatRecords(bytes, 4, options);
}
