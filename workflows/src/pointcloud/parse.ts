// One entry for every point cloud file the platform accepts, chosen by the file's extension.
import { parseKittiBin } from './kitti-bin';
import { parseNuscenesBin } from './nuscenes-bin';
import { parsePcd } from './pcd';
import { parsePly } from './ply';
import type { PointCloud } from './point-cloud';
import { type ParseOptions, ParseScratch } from './point-cloud-build';
import { PointCloudError } from './point-cloud-error';

export { type ParseOptions, ParseScratch };

const parsers: [extension: string, parse: (bytes: Uint8Array, options: ParseOptions) => PointCloud][] = [
  // .pcd.bin before .bin: a nuScenes sweep would otherwise read as a KITTI scan.
  ['.pcd.bin', parseNuscenesBin],
  ['.bin', parseKittiBin],
  ['.pcd', parsePcd],
  ['.ply', parsePly],
];

/** The extensions of point cloud files, longest first where one ends another. */
export const pointCloudExtensions: readonly string[] = parsers.map(([extension]) => extension);

/** Whether a file name names a point cloud file the platform reads. */
export function isPointCloudFile(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return pointCloudExtensions.some((extension) => lower.endsWith(extension));
}

/**
 * The cloud a file holds; throws a PointCloudError saying why a file cannot be read. The bytes are left as they were
 * unless `options.reuseInput` gives them up.
 */
export function parsePointCloud(fileName: string, bytes: Uint8Array, options: ParseOptions = {}): PointCloud {
  const lower = fileName.toLowerCase();
  const found = parsers.find(([extension]) => lower.endsWith(extension));
  if (!found) throw new PointCloudError('pointcloud.format_unknown', { file: fileName.split(/[\\/]/).pop() ?? fileName });
  return found[1](bytes, options);
}
